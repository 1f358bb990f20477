// The rows of a damaged SQLite file, read page by page without SQLite: every table leaf page that still parses
// yields its records, whatever became of the b-tree above it (a root page overwritten, the file cut short). The
// caller picks its table's rows by their shape. The format is SQLite's documented file format
// (sqlite.org/fileformat2.html): a 100-byte header on page 1, table leaf pages flagged 0x0D, cells of a payload
// size, a rowid and a record (a header of serial types, then the values), overflow chains for long payloads.
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

export type RecordValue = null | number | string;

export interface ScannedRecord {
  rowid: number;
  values: RecordValue[];
}

/** [value, bytes read] of the varint at `at`. */
function varint(b: Buffer, at: number): [number, number] {
  let v = 0;
  for (let i = 0; i < 8; i++) {
    if (at + i >= b.length) throw new RangeError('varint past the page');
    const byte = b[at + i]!;
    v = v * 128 + (byte & 0x7f);
    if ((byte & 0x80) === 0) return [v, i + 1];
  }
  if (at + 8 >= b.length) throw new RangeError('varint past the page');
  return [v * 256 + b[at + 8]!, 9];
}

const INT_BYTES: Record<number, number> = { 1: 1, 2: 2, 3: 3, 4: 4, 5: 6, 6: 8 };

function decodeRecord(p: Buffer): RecordValue[] {
  const [headerSize, n0] = varint(p, 0);
  const types: number[] = [];
  for (let at = n0; at < headerSize;) {
    const [t, n] = varint(p, at);
    types.push(t);
    at += n;
  }
  const values: RecordValue[] = [];
  let at = headerSize;
  for (const t of types) {
    if (t === 0) values.push(null);
    else if (t === 8 || t === 9) values.push(t - 8);
    else if (INT_BYTES[t] !== undefined) {
      const len = INT_BYTES[t];
      if (at + len > p.length) throw new RangeError('value past the record');
      values.push(len <= 6 ? p.readIntBE(at, len) : Number(p.readBigInt64BE(at)));
      at += len;
    } else if (t === 7) {
      values.push(p.readDoubleBE(at));
      at += 8;
    } else if (t >= 12) {
      const len = (t - (t % 2 === 0 ? 12 : 13)) / 2;
      if (at + len > p.length) throw new RangeError('value past the record');
      values.push(t % 2 === 0 ? null : p.toString('utf8', at, at + len));
      at += len;
    } else throw new RangeError(`serial type ${t}`);
  }
  return values;
}

/** Reads every table leaf page of `file`, calling `take` with each record that decodes. Best effort, never throws. */
export function scanTableRecords(file: string, take: (r: ScannedRecord) => void): void {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch {
    return;
  }
  try {
    const size = fstatSync(fd).size;
    const head = Buffer.alloc(100);
    readSync(fd, head, 0, 100, 0);
    const raw = head.readUInt16BE(16);
    const header = head.toString('latin1', 0, 16) === 'SQLite format 3\0';
    const pageSize =
      header && (raw === 1 || (raw >= 512 && (raw & (raw - 1)) === 0)) ? (raw === 1 ? 65_536 : raw) : 4096;
    const usable = pageSize - (header ? head[20]! : 0);
    const readPage = (n: number): Buffer | undefined => {
      if (n < 1 || n * pageSize > size) return undefined;
      const b = Buffer.alloc(pageSize);
      readSync(fd, b, 0, pageSize, (n - 1) * pageSize);
      return b;
    };
    const free = header ? freePages(head, readPage) : new Set<number>();
    for (let n = 1; n * pageSize <= size; n++) {
      if (free.has(n)) continue;
      const page = readPage(n)!;
      const off = n === 1 ? 100 : 0;
      if (page[off] !== 0x0d) continue;
      const cells = page.readUInt16BE(off + 3);
      for (let c = 0; c < cells; c++) {
        try {
          const at = page.readUInt16BE(off + 8 + 2 * c);
          const payload = cellPayload(page, at, usable, readPage);
          if (payload) take({ rowid: payload.rowid, values: decodeRecord(payload.bytes) });
        } catch {
          // A cell that does not parse is skipped; the page's other cells may.
        }
      }
    }
  } catch {
    // Whatever was taken before stands.
  } finally {
    closeSync(fd);
  }
}

/**
 * The pages on the free list (their old rows are stale: a deleted row must not come back). Best effort: a damaged
 * list ends the walk where it breaks.
 */
function freePages(head: Buffer, readPage: (n: number) => Buffer | undefined): Set<number> {
  const free = new Set<number>();
  const total = head.readUInt32BE(36);
  try {
    for (let trunk = head.readUInt32BE(32); trunk !== 0 && free.size < total && !free.has(trunk);) {
      const page = readPage(trunk);
      if (!page) break;
      free.add(trunk);
      const count = Math.min(page.readUInt32BE(4), (page.length - 8) / 4);
      for (let i = 0; i < count; i++) free.add(page.readUInt32BE(8 + 4 * i));
      trunk = page.readUInt32BE(0);
    }
  } catch {
    // What was listed before the break stands.
  }
  return free;
}

/** A table leaf cell's rowid and whole payload (its overflow chain followed). */
function cellPayload(
  page: Buffer,
  at: number,
  usable: number,
  readPage: (n: number) => Buffer | undefined,
): { rowid: number; bytes: Buffer } | undefined {
  const [total, n1] = varint(page, at);
  const [rowid, n2] = varint(page, at + n1);
  const start = at + n1 + n2;
  const maxLocal = usable - 35;
  let local = total;
  if (total > maxLocal) {
    const minLocal = Math.floor(((usable - 12) * 32) / 255) - 23;
    const k = minLocal + ((total - minLocal) % (usable - 4));
    local = k <= maxLocal ? k : minLocal;
  }
  if (start + local > page.length) return undefined;
  const parts = [page.subarray(start, start + local)];
  let have = local;
  let next = local < total ? page.readUInt32BE(start + local) : 0;
  for (let hops = 0; have < total && next !== 0; hops++) {
    const o = readPage(next);
    if (!o || hops > 100_000) return undefined;
    const take = Math.min(usable - 4, total - have);
    parts.push(o.subarray(4, 4 + take));
    have += take;
    next = o.readUInt32BE(0);
  }
  return have === total ? { rowid, bytes: Buffer.concat(parts) } : undefined;
}
