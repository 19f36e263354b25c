// Types of server-command.mjs for the TypeScript scripts (test stack, tests).
type Env = Record<string, string | undefined>;
export declare const SERVER_SCRIPT: string;
export declare const SIMULATOR_SCRIPT: string;
export declare const MAIL_CATCHER_SCRIPT: string;
export declare const DEFAULT_MAX_HEAP_MB: number;
export declare const SEMI_SPACE_MB: number;
export declare const MEMORY_ENV: Record<string, string>;
export declare function maxHeapMb(env?: Env): number;
export declare function nodeFlags(env?: Env): string[];
export declare function serverEnv(env?: Env): Env;
export declare function serverCommand(env?: Env): [string, string[]];
export declare function startCommand(env?: Env): [string, string[]];
