// The parts of an .xlsx file (a zip archive), read from its central directory rather than front to back: every part
// is found wherever it is in the file, so nothing is written anywhere to wait for a part that comes later (exceljs's
// streaming reader wrote each sheet before sharedStrings.xml to a temp file of its own and left it behind when the
// read stopped early). Before any part is read, every entry's declared sizes are checked against the limits (the
// unpacked size of one part, of all parts, the compression ratio); while a part is inflated its real size is counted
// and the read stops the moment it passes what the entry declared. Plain JavaScript that node runs as it is.
import fs from "node:fs";
import zlib from "node:zlib";
import { FileRefused, figure, megabytes } from "./file-refused.mjs";

/**
 * @typedef {{ maxEntries: number; maxEntryBytes: number; maxTotalBytes: number; maxRatio: number; ratioFromBytes: number }} ZipLimits
 * @typedef {{ name: string; method: number; compressedSize: number; size: number; headerOffset: number }} ZipEntry
 */

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const EOCD_BYTES = 22;
const MAX_COMMENT = 0xffff;
const CHUNK_BYTES = 64 * 1024;

const notZip = (why) => new FileRefused(400, `the file could not be read as XLSX: ${why}`);

/** @param {fs.promises.FileHandle} handle @param {number} position @param {number} length */
async function readAt(handle, position, length) {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  if (bytesRead !== length) throw notZip("the archive is cut short");
  return buffer;
}

/** The end-of-central-directory record: where the directory is and how many entries it has. */
async function endRecord(handle, fileSize) {
  const tail = Math.min(fileSize, EOCD_BYTES + MAX_COMMENT);
  const buffer = await readAt(handle, fileSize - tail, tail);
  for (let i = buffer.length - EOCD_BYTES; i >= 0; i--) {
    if (buffer.readUInt32LE(i) !== EOCD_SIGNATURE) continue;
    return {
      entries: buffer.readUInt16LE(i + 10),
      directoryBytes: buffer.readUInt32LE(i + 12),
      directoryOffset: buffer.readUInt32LE(i + 16),
    };
  }
  throw notZip("it is not a zip archive");
}

/**
 * Every entry of the archive at filePath, checked against the limits before anything is unpacked.
 * @param {string} filePath
 * @param {ZipLimits} limits
 * @returns {Promise<Map<string, ZipEntry>>}
 */
export async function zipEntries(filePath, limits) {
  const handle = await fs.promises.open(filePath, "r");
  try {
    const { size: fileSize } = await handle.stat();
    const end = await endRecord(handle, fileSize);
    // 0xFFFF and 0xFFFFFFFF mean ZIP64: an archive of more than 65,535 entries or 4 GB, far past every limit here.
    if (end.entries === 0xffff || end.directoryOffset === 0xffffffff)
      throw new FileRefused(413, `the archive has more than ${figure(limits.maxEntries)} parts or is larger than 4 GB`);
    if (end.entries > limits.maxEntries)
      throw new FileRefused(
        413,
        `the archive has more than ${figure(limits.maxEntries)} parts (${figure(end.entries)})`,
      );
    if (end.directoryOffset + end.directoryBytes > fileSize) throw notZip("its directory is past the end of the file");
    const directory = await readAt(handle, end.directoryOffset, end.directoryBytes);
    /** @type {Map<string, ZipEntry>} */
    const entries = new Map();
    let total = 0;
    for (let at = 0, i = 0; i < end.entries; i++) {
      if (at + 46 > directory.length || directory.readUInt32LE(at) !== CENTRAL_SIGNATURE)
        throw notZip("its directory is damaged");
      const flags = directory.readUInt16LE(at + 8);
      const nameBytes = directory.readUInt16LE(at + 28);
      const entry = {
        name: directory.toString("utf8", at + 46, at + 46 + nameBytes),
        method: directory.readUInt16LE(at + 10),
        compressedSize: directory.readUInt32LE(at + 20),
        size: directory.readUInt32LE(at + 24),
        headerOffset: directory.readUInt32LE(at + 42),
      };
      at += 46 + nameBytes + directory.readUInt16LE(at + 30) + directory.readUInt16LE(at + 32);
      if (flags & 1) throw notZip("it is encrypted");
      checkEntry(entry, limits);
      total += entry.size;
      if (total > limits.maxTotalBytes)
        throw new FileRefused(413, `the archive unpacks to more than ${megabytes(limits.maxTotalBytes)}`);
      if (!entries.has(entry.name)) entries.set(entry.name, entry);
    }
    return entries;
  } finally {
    await handle.close();
  }
}

/** @param {ZipEntry} entry @param {ZipLimits} limits */
function checkEntry(entry, limits) {
  // 0xFFFFFFFF: a ZIP64 size of 4 GB or more.
  if (entry.size > limits.maxEntryBytes || entry.size === 0xffffffff)
    throw new FileRefused(413, `${entry.name} unpacks to more than ${megabytes(limits.maxEntryBytes)}`);
  if (entry.size > limits.ratioFromBytes && entry.size > entry.compressedSize * limits.maxRatio) {
    throw new FileRefused(413, `${entry.name} is compressed more than ${figure(limits.maxRatio)} to 1`);
  }
  if (entry.method !== 0 && entry.method !== 8) throw notZip(`${entry.name} uses compression method ${entry.method}`);
  if (entry.method === 0 && entry.size !== entry.compressedSize) throw notZip(`${entry.name} is damaged`);
}

/**
 * The unpacked bytes of one entry, chunk by chunk. The inflated size is counted as it comes: past the entry's declared
 * size (already within the limits) the read stops with 413, so a directory that lies about a size gains nothing.
 * @param {string} filePath
 * @param {ZipEntry} entry
 * @returns {AsyncGenerator<Buffer>}
 */
export async function* entryBytes(filePath, entry) {
  const handle = await fs.promises.open(filePath, "r");
  let start;
  try {
    const local = await readAt(handle, entry.headerOffset, 30);
    if (local.readUInt32LE(0) !== LOCAL_SIGNATURE) throw notZip(`${entry.name} is damaged`);
    start = entry.headerOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
  } finally {
    await handle.close();
  }
  if (entry.compressedSize === 0) {
    if (entry.size !== 0) throw notZip(`${entry.name} is damaged`);
    return;
  }
  const raw = fs.createReadStream(filePath, {
    start,
    end: start + entry.compressedSize - 1,
    highWaterMark: CHUNK_BYTES,
  });
  const source = entry.method === 8 ? raw.pipe(zlib.createInflateRaw({ chunkSize: CHUNK_BYTES })) : raw;
  raw.on("error", (error) => source.destroy(error));
  let unpacked = 0;
  try {
    for await (const chunk of source) {
      unpacked += chunk.length;
      if (unpacked > entry.size)
        throw new FileRefused(
          413,
          `${entry.name} unpacks to more than the ${figure(entry.size)} bytes its archive declares`,
        );
      yield chunk;
    }
  } catch (error) {
    if (error instanceof FileRefused) throw error;
    throw notZip(`${entry.name}: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    raw.destroy();
    source.destroy();
  }
  if (unpacked !== entry.size) throw notZip(`${entry.name} is damaged`);
}
