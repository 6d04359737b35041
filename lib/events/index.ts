export { emit, hasSubscribers, on, type Handler } from './bus';
export type { EventMap, EventName, LeadSource } from './types';
