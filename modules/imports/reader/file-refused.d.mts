// Types of file-refused.mjs for the TypeScript side.
export declare class FileRefused extends Error {
  constructor(status: 413 | 400, message: string);
  readonly status: 413 | 400;
}
export declare const figure: (n: number) => string;
export declare const megabytes: (bytes: number) => string;
