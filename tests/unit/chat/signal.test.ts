import { describe, expect, it } from 'vitest';
import { isChatSignal, signalFor, throttle, TYPING_THROTTLE_MS } from '@/lib/chat/signal';

describe('chat signals', () => {
  it('accepts typing and read signals only in their exact shapes', () => {
    expect(isChatSignal({ type: 'typing', sessionId: 's', sender: 'visitor' })).toBe(true);
    expect(isChatSignal({ type: 'typing', sessionId: 's', sender: 'operator' })).toBe(true);
    expect(isChatSignal({ type: 'read', sessionId: 's', reader: 'operator', lastReadId: 4 })).toBe(true);
    expect(isChatSignal({ type: 'typing', sessionId: 's', sender: 'robot' })).toBe(false);
    expect(isChatSignal({ type: 'read', sessionId: 's', reader: 'visitor', lastReadId: 4 })).toBe(false);
    expect(isChatSignal({ type: 'read', sessionId: 's', reader: 'operator', lastReadId: '4' })).toBe(false);
    expect(isChatSignal({ type: 'trail', sessionId: 's' })).toBe(true);
    expect(isChatSignal({ type: 'trail', sessionId: 4 })).toBe(false);
    expect(isChatSignal({ type: 'message', sessionId: 's' })).toBe(false);
    expect(isChatSignal(null)).toBe(false);
  });

  it("sends the operator's signals to the visitor and the visitor's typing to the consoles, never one's own back", () => {
    const visitorTyping = { type: 'typing', sessionId: 's', sender: 'visitor' } as const;
    const operatorTyping = { type: 'typing', sessionId: 's', sender: 'operator' } as const;
    const read = { type: 'read', sessionId: 's', reader: 'operator', lastReadId: 1 } as const;
    expect([signalFor('operator', visitorTyping), signalFor('visitor', visitorTyping)]).toEqual([true, false]);
    expect([signalFor('operator', operatorTyping), signalFor('visitor', operatorTyping)]).toEqual([false, true]);
    expect([signalFor('operator', read), signalFor('visitor', read)]).toEqual([false, true]);
    // The visitor's own trail goes to the consoles only.
    const trail = { type: 'trail', sessionId: 's' } as const;
    expect([signalFor('operator', trail), signalFor('visitor', trail)]).toEqual([true, false]);
  });

  it('throttles typing to one signal per interval', () => {
    let now = 1000;
    let calls = 0;
    const typing = throttle(
      () => (calls += 1),
      TYPING_THROTTLE_MS,
      () => now,
    );
    typing();
    typing();
    now += TYPING_THROTTLE_MS - 1;
    typing();
    expect(calls).toBe(1);
    now += 1;
    typing();
    expect(calls).toBe(2);
    // A sent message ends the indicator: the next keystroke signals at once.
    typing.reset();
    typing();
    expect(calls).toBe(3);
  });
});
