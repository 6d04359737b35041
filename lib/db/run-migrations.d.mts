import type { SqlHandle } from './connect.mjs';

export declare const DEFAULT_MIGRATIONS_DIR: string;

export declare function listMigrations(migrationsDir: string): { version: string; sql: string }[];

export declare function runMigrations(options: { handle: SqlHandle; migrationsDir?: string }): Promise<string[]>;
