import type { LeadDto } from '@/lib/leads/admin-queries';

export interface LeadsState {
  /** null until the first list arrives. */
  leads: LeadDto[] | null;
  unhandled: number | null;
  selectedId: number | null;
}

export type LeadsAction =
  | { type: 'loaded'; leads: LeadDto[]; unhandled: number }
  | { type: 'selected'; id: number | null }
  | { type: 'updated'; lead: LeadDto; unhandled: number }
  | { type: 'erased'; email: string };

export const initialLeadsState: LeadsState = { leads: null, unhandled: null, selectedId: null };

function newestFirst(a: LeadDto, b: LeadDto): number {
  return b.createdAt.localeCompare(a.createdAt) || b.id - a.id;
}

/** Ids in `next` that `previous` did not have: leads that arrived since the last look. */
export function findNewLeads(previous: LeadDto[] | null, next: LeadDto[]): LeadDto[] {
  if (previous === null) return [];
  const known = new Set(previous.map((lead) => lead.id));
  return next.filter((lead) => !known.has(lead.id));
}

export function leadsReducer(state: LeadsState, action: LeadsAction): LeadsState {
  switch (action.type) {
    case 'loaded': {
      const leads = [...action.leads].sort(newestFirst);
      // A lead erased or purged elsewhere leaves the detail pane.
      const selectedId = leads.some((lead) => lead.id === state.selectedId) ? state.selectedId : null;
      return { leads, unhandled: action.unhandled, selectedId };
    }
    case 'selected':
      return { ...state, selectedId: action.id };
    case 'updated': {
      const leads = state.leads?.map((lead) => (lead.id === action.lead.id ? action.lead : lead)) ?? null;
      return { ...state, leads, unhandled: action.unhandled };
    }
    case 'erased': {
      const email = action.email.trim().toLowerCase();
      const gone = state.leads?.filter((lead) => lead.email === email) ?? [];
      if (gone.length === 0) return state;
      const leads = state.leads?.filter((lead) => lead.email !== email) ?? null;
      const unhandled = state.unhandled === null ? null : Math.max(0, state.unhandled - gone.filter((lead) => !lead.handledAt).length);
      const selectedId = gone.some((lead) => lead.id === state.selectedId) ? null : state.selectedId;
      return { leads, unhandled, selectedId };
    }
  }
}

export function selectedLead(state: LeadsState): LeadDto | null {
  return state.leads?.find((lead) => lead.id === state.selectedId) ?? null;
}
