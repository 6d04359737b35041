export interface FuzzRow {
  route: string;
  requests: number;
  fiveXx: number;
  statuses: Record<string, number>;
  seconds: number;
  rssMb: number;
}

export function fuzzRoutes(
  base: string,
  pid: number,
  perRoute?: number,
  log?: (line: string) => void,
  only?: string[],
): Promise<{ report: FuzzRow[]; total: number; before: number; after: number }>;

export const OPERATOR: { email: string; password: string };
export function seedFuzz(seed: string | number): number;
export function fuzzedRouteNames(): string[];
