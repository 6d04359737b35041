export { emit, on, type Handler } from './bus';
export type { EventMap, EventName, FactorChange, LeadSource, SecurityAction } from './types';
