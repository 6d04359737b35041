import { describe, expect, it } from 'vitest';
import { formatDateTime, telHref } from '@/components/admin/shell/format';
import { findNewLeads, initialLeadsState, leadsReducer, selectedLead, type LeadsState } from '@/components/admin/requests/leads-state';
import type { LeadDto } from '@/lib/leads/admin-queries';

const lead = (id: number, email: string, createdAt: string, handledAt: string | null = null): LeadDto => ({
  id,
  source: 'contact',
  name: `Lead ${id}`,
  email,
  phone: null,
  message: 'Nous voulons nous installer à Maurice.',
  locale: 'fr',
  details: null,
  visa: null,
  consentAt: createdAt,
  createdAt,
  handledAt,
  linkedSessionIds: [],
});

const A = lead(1, 'a@example.com', '2026-01-01T08:00:00.000Z');
const B = lead(2, 'b@example.com', '2026-01-02T08:00:00.000Z', '2026-01-02T09:00:00.000Z');
const C = lead(3, 'a@example.com', '2026-01-03T08:00:00.000Z');

function loaded(): LeadsState {
  return leadsReducer(initialLeadsState, { type: 'loaded', leads: [A, B, C], unhandled: 2 });
}

describe('leads state', () => {
  it('lists the newest lead first, with the unhandled count', () => {
    const state = loaded();
    expect(state.leads?.map((item) => item.id)).toEqual([3, 2, 1]);
    expect(state.unhandled).toBe(2);
  });

  it('keeps the selected lead across reloads, and drops it once it is gone', () => {
    const selected = leadsReducer(loaded(), { type: 'selected', id: 2 });
    expect(selectedLead(selected)?.name).toBe('Lead 2');
    expect(leadsReducer(selected, { type: 'loaded', leads: [A, B], unhandled: 1 }).selectedId).toBe(2);
    expect(leadsReducer(selected, { type: 'loaded', leads: [A], unhandled: 1 }).selectedId).toBeNull();
  });

  it('replaces an updated lead and takes the count from the server', () => {
    const handled = { ...A, handledAt: '2026-01-04T08:00:00.000Z' };
    const state = leadsReducer(loaded(), { type: 'updated', lead: handled, unhandled: 1 });
    expect(state.leads?.find((item) => item.id === 1)?.handledAt).toBe(handled.handledAt);
    expect(state.unhandled).toBe(1);
  });

  it('forgets every lead of an erased address and its unhandled ones in the count', () => {
    const state = leadsReducer(leadsReducer(loaded(), { type: 'selected', id: 3 }), { type: 'erased', email: ' A@Example.com ' });
    expect(state.leads?.map((item) => item.id)).toEqual([2]);
    expect(state.unhandled).toBe(0);
    expect(state.selectedId).toBeNull();
    const untouched = loaded();
    expect(leadsReducer(untouched, { type: 'erased', email: 'nobody@example.com' })).toBe(untouched);
  });

  it('finds the leads that arrived since the last list, none on the first', () => {
    expect(findNewLeads(null, [A, B])).toEqual([]);
    expect(findNewLeads([A, B], [C, B, A]).map((item) => item.id)).toEqual([3]);
    expect(findNewLeads([A, B], [B])).toEqual([]);
  });
});

describe('lead formatting', () => {
  it('shows the date and time in French', () => {
    expect(formatDateTime('2026-03-12T10:05:00.000Z')).toMatch(/^12\/03\/2026 \d{2}:05$/);
  });

  it('turns a typed phone number into a dialable tel: link', () => {
    expect(telHref('+230 5 123-4567')).toBe('tel:+23051234567');
    expect(telHref('(0)6 12 34 56 78')).toBe('tel:0612345678');
    expect(telHref('+33+6 12')).toBe('tel:+33612');
  });
});
