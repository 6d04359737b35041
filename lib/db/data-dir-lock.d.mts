export declare class DataDirLockedError extends Error {
  readonly pid: number;
  constructor(details: { dataDir: string; lockFile: string; pid: number });
}

export type DataDirLock = { lockFile: string; release: () => void };

export declare function acquireDataDirLock(options: { dataDir: string }): DataDirLock;
