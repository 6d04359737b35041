export const pushLog = {
  info: (line: string) => console.info(`[push] ${line}`),
  warn: (line: string) => console.warn(`[push] ${line}`),
};
