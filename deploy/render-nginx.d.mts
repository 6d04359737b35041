export const TEMPLATE: string;
export const DEFAULTS: Record<string, string>;
export function renderNginxConfig(overrides?: Record<string, string>): string;
