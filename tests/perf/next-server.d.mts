export function withNextServer<T>(port: number, fn: (base: string, pid: number) => Promise<T>, env?: Record<string, string>): Promise<T>;
