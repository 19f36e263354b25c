// Types of xlsx-rows.mjs for the TypeScript side (the tests; the server runs it in sheet-thread.mjs).
import type { ZipLimits } from "./zip-entries.mjs";

export interface RowLimits {
  maxRows: number;
  maxColumns: number;
  maxCellChars: number;
  maxLineChars: number;
}
export interface XlsxLimits extends RowLimits {
  maxSharedStrings: number;
  maxSharedStringBytes: number;
  maxStyles: number;
  zip: ZipLimits;
}
export interface FileRow {
  number: number;
  cells: string[];
}
export declare function xlsxRows(filePath: string, limits: XlsxLimits): AsyncGenerator<FileRow>;
