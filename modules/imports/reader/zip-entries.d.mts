// Types of zip-entries.mjs for the TypeScript side.
export interface ZipLimits {
  maxEntries: number;
  maxEntryBytes: number;
  maxTotalBytes: number;
  maxRatio: number;
  ratioFromBytes: number;
}
export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  headerOffset: number;
}
export declare function zipEntries(filePath: string, limits: ZipLimits): Promise<Map<string, ZipEntry>>;
export declare function entryBytes(filePath: string, entry: ZipEntry): AsyncGenerator<Buffer>;
