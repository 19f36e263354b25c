// Types of build-server.mjs for the TypeScript tests.
import type { BuildOptions } from "esbuild";
export declare const BUILD_OPTIONS: BuildOptions;
export declare function buildServer(): Promise<void>;
