export { emit, on, type Handler } from './bus';
export type { EventMap, EventName, LeadSource, SecurityAction } from './types';
