export interface SseEvent {
  event: string;
  data: string;
  id: string | null;
}

/**
 * Incremental Server-Sent Events parser (WHATWG rules): feed it decoded text chunks as they
 * arrive; it returns the events completed by each chunk. Comments (`: ping`) are dropped.
 */
export function createSseParser() {
  let buffer = '';
  let skipLeadingLf = false;
  let event = '';
  let data: string[] = [];
  let id: string | null = null;

  function processLine(line: string, out: SseEvent[]) {
    if (line === '') {
      if (data.length > 0) out.push({ event: event || 'message', data: data.join('\n'), id });
      event = '';
      data = [];
      id = null;
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id' && !value.includes('\0')) id = value;
  }

  return {
    push(chunk: string): SseEvent[] {
      const out: SseEvent[] = [];
      buffer += chunk;
      if (skipLeadingLf && buffer.startsWith('\n')) buffer = buffer.slice(1);
      skipLeadingLf = false;
      let start = 0;
      for (let i = 0; i < buffer.length; i += 1) {
        const char = buffer[i];
        if (char !== '\n' && char !== '\r') continue;
        processLine(buffer.slice(start, i), out);
        if (char === '\r') {
          if (i + 1 === buffer.length) skipLeadingLf = true;
          else if (buffer[i + 1] === '\n') i += 1;
        }
        start = i + 1;
      }
      buffer = buffer.slice(start);
      return out;
    },
  };
}
