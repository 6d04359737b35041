export declare const MIN_PASSWORD_LENGTH: number;

export declare const UNMATCHABLE_PASSWORD_HASH: string;

export declare function hashPassword(password: string): Promise<string>;

export declare function verifyPassword(password: string, stored: string): Promise<boolean>;
