/**
 * Reads a Server-Sent Events response, calling onMessage(data) per `message` event (typing and
 * read signals travel on the same stream and are skipped); `ready` resolves on the first bytes
 * or on a refusal (`status`), `controller.abort()` closes it. Shared by the chat and memory benchmarks.
 */
export function openStream(url, headers, onMessage = () => undefined) {
  const controller = new AbortController();
  let markReady;
  const ready = new Promise((resolve) => (markReady = resolve));
  // status: the answer's status (503: refused at the ceiling), or 0 when the request failed.
  const state = { open: false, status: 0, controller, ready };
  (async () => {
    const response = await fetch(url, { headers, signal: controller.signal });
    state.status = response.status;
    if (response.status !== 200) throw new Error(`stream ${response.status}`);
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      if (!state.open) {
        state.open = true;
        markReady();
      }
      buffer += value;
      let end;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const lines = buffer.slice(0, end).split('\n');
        buffer = buffer.slice(end + 2);
        const data = lines.find((line) => line.startsWith('data: '));
        const message = (lines.find((line) => line.startsWith('event: '))?.slice(7) ?? 'message') === 'message';
        if (data && message) onMessage(JSON.parse(data.slice(6)));
      }
    }
    state.open = false;
  })().catch(() => {
    state.open = false;
    markReady();
  });
  return state;
}
