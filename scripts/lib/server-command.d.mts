// Types of server-command.mjs for the TypeScript scripts (test stack).
export declare const SERVER_SCRIPT: string;
export declare const SIMULATOR_SCRIPT: string;
export declare const DEFAULT_MAX_HEAP_MB: number;
export declare function serverCommand(env?: Record<string, string | undefined>): [string, string[]];
export declare function simulatorCommand(args?: string[]): [string, string[]];
