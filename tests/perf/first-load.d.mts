export function loaderChunks(html: string): string[];
export function firstLoad(base: string, path: string): Promise<{ status: number; scripts: number; jsKb: number; htmlKb: number }>;
