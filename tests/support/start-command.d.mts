export const NEXT_BIN: string;
export function serverNodeArgs(): string[];
