// .xlsx files made byte by byte for the import tests: a zip archive (local headers, central directory, end record)
// around the few parts a workbook needs, each part given whole or as a unit repeated many times and deflated as it
// streams, so that a file unpacking to gigabytes is a few MB on disk and in memory. An entry may declare a size other
// than its real one, as an attacker's archive would.
import zlib from "node:zlib";

export interface ZipPart {
  name: string;
  /** The deflated bytes (or stored ones, with stored). */
  body: Buffer;
  size: number;
  crc: number;
  stored?: boolean;
  /** The uncompressed size the directory declares, when it is not the real one. */
  declaredSize?: number;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer, crc = 0): number {
  let c = ~crc >>> 0;
  for (let i = 0; i < data.length; i++) c = CRC_TABLE[(c ^ data[i]) & 0xff] ^ (c >>> 8);
  return ~c >>> 0;
}

/** A part given whole, deflated. */
export function part(name: string, text: string | Buffer): ZipPart {
  const data = Buffer.from(text);
  return { name, body: zlib.deflateRawSync(data), size: data.length, crc: crc32(data) };
}

/**
 * A part of `head`, then `unit(i)` for i from 0 while below `times`, then `tail`, deflated as it is made: only the
 * compressed bytes are held. `crc: false` skips the checksum (our reader does not read it; it costs a second per GB).
 */
export async function streamedPart(
  name: string,
  head: string,
  unit: (i: number) => string,
  times: number,
  tail: string,
  options: { crc?: boolean } = {},
): Promise<ZipPart> {
  const deflate = zlib.createDeflateRaw({ level: 6 });
  const out: Buffer[] = [];
  deflate.on("data", (chunk: Buffer) => out.push(chunk));
  const ended = new Promise((resolve, reject) => deflate.on("end", resolve).on("error", reject));
  let size = 0;
  let crc = 0;
  let pending: string[] = [head];
  let pendingLength = head.length;
  const flush = async () => {
    const chunk = Buffer.from(pending.join(""));
    pending = [];
    pendingLength = 0;
    size += chunk.length;
    if (options.crc !== false) crc = crc32(chunk, crc);
    if (!deflate.write(chunk)) await new Promise((resolve) => deflate.once("drain", resolve));
  };
  for (let i = 0; i < times; i++) {
    const text = unit(i);
    pending.push(text);
    pendingLength += text.length;
    if (pendingLength >= 1 << 20) await flush();
  }
  pending.push(tail);
  await flush();
  deflate.end();
  await ended;
  return { name, body: Buffer.concat(out), size, crc };
}

/** The archive of the parts, in their order. */
export function zipArchive(parts: ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const name = Buffer.from(p.name);
    const declared = p.declaredSize ?? p.size;
    const fields = (header: Buffer, at: number) => {
      header.writeUInt16LE(20, at); // version needed
      header.writeUInt16LE(0x800, at + 2); // UTF-8 names
      header.writeUInt16LE(p.stored ? 0 : 8, at + 4);
      header.writeUInt32LE(0x00210000, at + 6); // 1980-01-01 00:00
      header.writeUInt32LE(p.crc, at + 10);
      header.writeUInt32LE(p.body.length, at + 14);
      header.writeUInt32LE(declared, at + 18);
      header.writeUInt16LE(name.length, at + 22);
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    fields(local, 4);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // version made by
    fields(central, 6);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, p.body);
    centrals.push(central, name);
    offset += local.length + name.length + p.body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const REL_NS = 'xmlns="http://schemas.openxmlformats.org/package/2006/relationships"';
const TYPE = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

/** The parts around a sheet: content types, the relationships, the workbook naming one sheet. */
export function workbookParts(): ZipPart[] {
  return [
    part(
      "[Content_Types].xml",
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>',
    ),
    part(
      "_rels/.rels",
      `<?xml version="1.0" encoding="UTF-8"?><Relationships ${REL_NS}><Relationship Id="rId1" Type="${TYPE}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    part(
      "xl/workbook.xml",
      `<?xml version="1.0" encoding="UTF-8"?><workbook ${NS} xmlns:r="${TYPE}"><sheets><sheet name="Blad1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    part(
      "xl/_rels/workbook.xml.rels",
      `<?xml version="1.0" encoding="UTF-8"?><Relationships ${REL_NS}><Relationship Id="rId1" Type="${TYPE}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${TYPE}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    ),
  ];
}

export const SHEET_HEAD = `<?xml version="1.0" encoding="UTF-8"?><worksheet ${NS}><sheetData>`;
export const SHEET_TAIL = "</sheetData></worksheet>";
export const STRINGS_HEAD = `<?xml version="1.0" encoding="UTF-8"?><sst ${NS}>`;
export const STRINGS_TAIL = "</sst>";

/** A sheet part of the given rows of inline strings (cells without references: one after another). */
export function sheet(rows: string[][]): ZipPart {
  const xml = rows
    .map(
      (cells, r) => `<row r="${r + 1}">${cells.map((c) => `<c t="inlineStr"><is><t>${c}</t></is></c>`).join("")}</row>`,
    )
    .join("");
  return part("xl/worksheets/sheet1.xml", SHEET_HEAD + xml + SHEET_TAIL);
}

/** A whole .xlsx of the sheet part and a shared strings part (in that order unless said), around the workbook. */
export function xlsx(
  sheetPart: ZipPart,
  stringsPart: ZipPart = part("xl/sharedStrings.xml", STRINGS_HEAD + STRINGS_TAIL),
  stringsFirst = false,
): Buffer {
  return zipArchive([...workbookParts(), ...(stringsFirst ? [stringsPart, sheetPart] : [sheetPart, stringsPart])]);
}
