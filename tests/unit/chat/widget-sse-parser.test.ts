import { describe, expect, it } from 'vitest';
import { createSseParser } from '@/components/chat/sse-parser';

describe('widget SSE parser', () => {
  it('parses id, event and data fields and drops comments', () => {
    const parser = createSseParser();
    const events = parser.push(': ping\n\nid: 7\nevent: message\ndata: {"id":7}\n\n');
    expect(events).toEqual([{ id: '7', event: 'message', data: '{"id":7}' }]);
  });

  it('joins multi-line data and defaults the event name to message', () => {
    expect(createSseParser().push('data: a\ndata: b\n\n')).toEqual([{ id: null, event: 'message', data: 'a\nb' }]);
  });

  it('keeps partial lines and events across chunks', () => {
    const parser = createSseParser();
    expect(parser.push('id: 1\nevent: mess')).toEqual([]);
    expect(parser.push('age\ndata: {"x"')).toEqual([]);
    expect(parser.push(':1}\n')).toEqual([]);
    expect(parser.push('\n')).toEqual([{ id: '1', event: 'message', data: '{"x":1}' }]);
  });

  it('accepts CRLF and CR line endings, even split between chunks', () => {
    const parser = createSseParser();
    expect(parser.push('data: one\r')).toEqual([]);
    expect(parser.push('\n\r')).toEqual([{ id: null, event: 'message', data: 'one' }]);
    expect(parser.push('\ndata: two\r\r')).toEqual([{ id: null, event: 'message', data: 'two' }]);
  });

  it('ignores blocks without data and unknown fields', () => {
    expect(createSseParser().push('event: message\nretry: 10\nfoo: bar\n\n')).toEqual([]);
  });

  it('removes only one leading space from a value', () => {
    expect(createSseParser().push('data:  two spaces\ndata:none\n\n')[0]?.data).toBe(' two spaces\nnone');
  });

  it('keeps HTML in data as plain text', () => {
    const payload = '{"content":"<img src=x onerror=alert(1)>"}';
    expect(createSseParser().push(`data: ${payload}\n\n`)[0]?.data).toBe(payload);
  });
});
