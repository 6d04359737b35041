const PREFIX = '[notify]';

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

export const notifyLog = {
  info: (line: string) => console.info(`${PREFIX} ${oneLine(line)}`),
  warn: (line: string) => console.warn(`${PREFIX} ${oneLine(line)}`),
  error: (line: string) => console.error(`${PREFIX} ${oneLine(line)}`),
};
