// Types of ports.mjs for the TypeScript test stack.
export function freePort(): Promise<number>;
export function portIsFree(port: number): Promise<boolean>;
