// Types of prepare.mjs for the TypeScript scripts (npm run bench).
export declare function run(command: string, env?: Record<string, string>): void;
export declare function ensureDependencies(): void;
export declare function ensureBuild(options?: { force?: boolean }): void;
