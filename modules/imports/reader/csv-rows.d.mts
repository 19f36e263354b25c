// Types of csv-rows.mjs for the TypeScript side (the tests; the server runs it in sheet-thread.mjs).
import type { FileRow, RowLimits } from "./xlsx-rows.mjs";

export declare function csvRows(filePath: string, limits: RowLimits): AsyncGenerator<FileRow>;
