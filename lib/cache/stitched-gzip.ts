// Gzip for a page made of fixed parts with a fresh value of fixed length between them (the hosted-page cache: the
// template's parts around each occurrence of the CSP nonce). Each fixed part is deflated ONCE, ending byte-aligned
// (a sync flush), with everything before it as the preset dictionary, except that each value's place holds 0xFF
// bytes: 0xFF never occurs in UTF-8, so no back-reference can cover a value's bytes, and since every value has the
// same length every distance still lands on the same fixed text. Per response only the new value goes in, as an
// uncompressed ("stored") deflate block, plus the gzip header and trailer (CRC-32 over the whole page, computed
// natively). Nearly the size of gzip of the whole page, for a small fraction of gzip's CPU.
import zlib from "node:zlib";
export interface StitchedGzip {
  /** The deflated parts: parts.length === fixed parts; the last one ends with the final block. */
  parts: Buffer[];
  /** The length every inserted value must have. */
  valueLength: number;
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff]); // deflate, no name, no mtime, OS unknown
const MAX_STORED = 0xffff;
const WINDOW = 32 * 1024;

/** Whether this Node.js computes CRC-32 natively (20.15+, 22.2+); without it responses are gzipped whole. */
export const canStitch = typeof (zlib as { crc32?: unknown }).crc32 === "function";

export function deflateParts(parts: Buffer[], valueLength: number): StitchedGzip {
  const slot = Buffer.alloc(valueLength, 0xff);
  let before = Buffer.alloc(0);
  const deflated = parts.map((part, index) => {
    const last = index === parts.length - 1;
    const options: zlib.ZlibOptions = {
      level: 9,
      finishFlush: last ? zlib.constants.Z_FINISH : zlib.constants.Z_SYNC_FLUSH,
    };
    if (before.length) options.dictionary = before.subarray(-WINDOW);
    const out = zlib.deflateRawSync(part, options);
    before = Buffer.concat([before.subarray(-WINDOW), part, slot]);
    return out;
  });
  return { parts: deflated, valueLength };
}

/** A stored (uncompressed), non-final deflate block holding `data`; starts and ends on a byte boundary. */
function storedBlock(data: Buffer): Buffer {
  if (data.length > MAX_STORED) throw new Error("stored block too long");
  const head = Buffer.from([
    0x00,
    data.length & 0xff,
    data.length >> 8,
    ~data.length & 0xff,
    (~data.length >> 8) & 0xff,
  ]);
  return Buffer.concat([head, data]);
}

/**
 * The gzip of plain[0] + value + plain[1] + value + ... + plain[n-1], where `deflated` came from deflateParts(plain).
 * Returns the chunks to write (no copy of the big parts).
 */
export function stitchGzip(plain: Buffer[], deflated: StitchedGzip, value: Buffer): Buffer[] {
  if (value.length !== deflated.valueLength)
    throw new Error("stitched gzip: the value must have the template's length");
  const native = (zlib as unknown as { crc32(data: Buffer, value?: number): number }).crc32;
  // Node 20's zlib.crc32 answers 0 for an empty buffer that owns no memory (Buffer.from("")): skip empty parts.
  const crc32 = (data: Buffer, value: number) => (data.length ? native(data, value) : value);
  const inserted = storedBlock(value);
  const chunks: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  for (let i = 0; i < plain.length; i += 1) {
    if (i > 0) {
      chunks.push(inserted);
      crc = crc32(value, crc);
      size += value.length;
    }
    chunks.push(deflated.parts[i]);
    crc = crc32(plain[i], crc);
    size += plain[i].length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4); // ISIZE: the length modulo 2^32
  chunks.push(trailer);
  return chunks;
}
