// The inbox's period payload packed into one ArrayBuffer: the notes' instants, fields and derived values column
// by column (NotesPeriod). The mirror's read worker packs it and transfers the buffer to main (moved, not copied),
// main hands it on to the window as it is (one block of bytes, never an object per note to clone), and the
// renderer unpacks it into columns (src-shared/note-period.ts decodePeriod).
//
// Layout: a little-endian u32 with the header's length, the header (JSON: the note count, each part's type,
// offset and length, each column's kind), then the parts, each at a multiple of 8 bytes. A number column is a
// Float64Array (NaN: no value); a code column an Int32Array (-1: no value); a text column the UTF-8 of all its
// values one after the other plus an Int32Array of each value's length in UTF-16 units (-1: no value), so the
// renderer decodes a column's text at once and cuts it into values without decoding each one.
//
// On its way to the window the read worker deflates the buffer (storage/period-deflate.ts): then its first u32 is
// DEFLATED (no header is that long) and deflate-raw of the packed bytes follows; the renderer inflates it with
// DecompressionStream (inflatePeriod) before it unpacks.
import type { NoteColumn } from '../src-main/contract';
import type { NoteDerived } from './note-fields';

/** What a period packs: its instants, its field columns by key and its derived values by key. */
export interface PeriodColumns {
  count: number;
  at: number[];
  columns: Record<string, NoteColumn>;
  derived: { [K in keyof NoteDerived]-?: number[] };
}

/**
 * A column as unpacked: numbers and codes read straight from the buffer (typed arrays, not copied into arrays);
 * a number column's NaN is a note without a value.
 */
export type UnpackedColumn =
  | { kind: 'plain'; values: ArrayLike<string | number | null> }
  | { kind: 'number'; values: ArrayLike<number> }
  | { kind: 'dict'; dict: ArrayLike<string | null>; codes: ArrayLike<number> }
  | { kind: 'code'; codes: ArrayLike<number> };

/** A period as unpacked (see UnpackedColumn). */
export interface UnpackedPeriod {
  count: number;
  at: ArrayLike<number>;
  columns: Record<string, UnpackedColumn>;
  derived: Record<string, ArrayLike<number>>;
}

type PartType = 'f64' | 'i32' | 'u8';
type Part = Float64Array | Int32Array | Uint8Array;
type ColumnShape =
  | { kind: 'num'; part: string }
  | { kind: 'text'; part: string }
  | { kind: 'dict'; dict: string; codes: string }
  | { kind: 'code'; codes: string };

interface Header {
  count: number;
  parts: Record<string, [type: PartType, offset: number, length: number]>;
  at: string;
  columns: Record<string, ColumnShape>;
  derived: Record<string, string>;
}

/** The first u32 of a deflated period, where a packed one has its header's length. */
export const DEFLATED = 0xffff_ffff;

const ALIGN = 8;
const align = (n: number) => Math.ceil(n / ALIGN) * ALIGN;

/** Texts (null: no value) as their UTF-8 one after the other, and each one's length in UTF-16 units. */
function textParts(values: readonly (string | number | null | undefined)[]): [Uint8Array, Int32Array] {
  const lengths = new Int32Array(values.length);
  let joined = '';
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v === null || v === undefined) {
      lengths[i] = -1;
      continue;
    }
    const s = String(v);
    lengths[i] = s.length;
    joined += s;
  }
  return [new TextEncoder().encode(joined), lengths];
}

/** Packs a period's columns into one buffer (see the layout above). */
export function packPeriod(period: PeriodColumns): ArrayBuffer {
  const parts: [string, Part][] = [];
  const add = (name: string, part: Part) => (parts.push([name, part]), name);
  const columns: Record<string, ColumnShape> = {};
  for (const [key, column] of Object.entries(period.columns)) {
    if (column.kind === 'code')
      columns[key] = { kind: 'code', codes: add(key, Int32Array.from(column.codes)) };
    else if (column.kind === 'dict') {
      const [bytes, lengths] = textParts(column.dict);
      add(`${key}.dictText`, bytes);
      columns[key] = {
        kind: 'dict',
        dict: add(`${key}.dict`, lengths),
        codes: add(`${key}.codes`, Int32Array.from(column.codes)),
      };
    } else if (column.values.every((v) => v === null || v === undefined || typeof v === 'number')) {
      const values = Float64Array.from(column.values, (v) => (v === null || v === undefined ? NaN : v));
      columns[key] = { kind: 'num', part: add(key, values) };
    } else {
      const [bytes, lengths] = textParts(column.values);
      add(`${key}.text`, bytes);
      columns[key] = { kind: 'text', part: add(key, lengths) };
    }
  }
  const derived: Record<string, string> = {};
  for (const [key, values] of Object.entries(period.derived) as [string, number[]][]) {
    derived[key] = add(`derived.${key}`, Float64Array.from(values));
  }
  const header: Header = {
    count: period.count,
    parts: {},
    at: add('at', Float64Array.from(period.at)),
    columns,
    derived,
  };
  // The offsets are relative to the parts' start, so the header's length does not move them.
  let offset = 0;
  for (const [name, part] of parts) {
    const type: PartType = part instanceof Float64Array ? 'f64' : part instanceof Int32Array ? 'i32' : 'u8';
    header.parts[name] = [type, offset, part.length];
    offset = align(offset + part.byteLength);
  }
  const head = new TextEncoder().encode(JSON.stringify(header));
  const base = align(4 + head.byteLength);
  const buffer = new ArrayBuffer(base + offset);
  new DataView(buffer).setUint32(0, head.byteLength, true);
  new Uint8Array(buffer, 4, head.byteLength).set(head);
  for (const [name, part] of parts) {
    new Uint8Array(buffer, base + header.parts[name]![1], part.byteLength).set(
      new Uint8Array(part.buffer, part.byteOffset, part.byteLength),
    );
  }
  return buffer;
}

/** Whether a period's buffer is deflated (see the layout above). */
export function isDeflated(buffer: ArrayBuffer): boolean {
  return buffer.byteLength >= 4 && new DataView(buffer).getUint32(0, true) === DEFLATED;
}

/**
 * A period's packed buffer, inflated when it came deflated (DecompressionStream: the renderer's Chromium and Node
 * both have it); a packed one is given back as it is.
 */
export async function inflatePeriod(buffer: ArrayBuffer): Promise<ArrayBuffer> {
  if (!isDeflated(buffer)) return buffer;
  const body = new Blob([new Uint8Array(buffer, 4)]).stream();
  return new Response(body.pipeThrough(new DecompressionStream('deflate-raw'))).arrayBuffer();
}

/** A packed period back into its columns (what packPeriod was given, numbers as typed arrays over the buffer). */
export function unpackPeriod(buffer: ArrayBuffer): UnpackedPeriod {
  if (isDeflated(buffer)) throw new Error('A deflated period is inflated first (inflatePeriod).');
  const headLength = new DataView(buffer).getUint32(0, true);
  const header = JSON.parse(new TextDecoder().decode(new Uint8Array(buffer, 4, headLength))) as Header;
  const base = align(4 + headLength);
  const part = (name: string): Part => {
    const [type, offset, length] = header.parts[name]!;
    const Type = type === 'f64' ? Float64Array : type === 'i32' ? Int32Array : Uint8Array;
    return new Type(buffer, base + offset, length);
  };
  const texts = (bytesName: string, lengthsName: string): (string | null)[] => {
    const all = new TextDecoder().decode(part(bytesName));
    const lengths = part(lengthsName);
    const out = new Array<string | null>(lengths.length);
    let at = 0;
    for (let i = 0; i < lengths.length; i++) {
      const n = lengths[i]!;
      if (n < 0) out[i] = null;
      else {
        out[i] = all.slice(at, at + n);
        at += n;
      }
    }
    return out;
  };
  const columns: Record<string, UnpackedColumn> = {};
  for (const [key, shape] of Object.entries(header.columns)) {
    if (shape.kind === 'code') columns[key] = { kind: 'code', codes: part(shape.codes) };
    else if (shape.kind === 'dict')
      columns[key] = { kind: 'dict', dict: texts(`${key}.dictText`, shape.dict), codes: part(shape.codes) };
    else if (shape.kind === 'num') columns[key] = { kind: 'number', values: part(shape.part) };
    else columns[key] = { kind: 'plain', values: texts(`${key}.text`, shape.part) };
  }
  const derived: Record<string, ArrayLike<number>> = {};
  for (const [key, name] of Object.entries(header.derived)) derived[key] = part(name);
  return { count: header.count, at: part(header.at), columns, derived };
}

/** An unpacked period as plain arrays, the shape packPeriod takes (tests, a derived column's check). */
export function periodArrays(period: UnpackedPeriod): PeriodColumns {
  const columns: Record<string, NoteColumn> = {};
  for (const [key, c] of Object.entries(period.columns)) {
    if (c.kind === 'code') columns[key] = { kind: 'code', codes: Array.from(c.codes) };
    else if (c.kind === 'dict')
      columns[key] = { kind: 'dict', dict: Array.from(c.dict) as string[], codes: Array.from(c.codes) };
    else if (c.kind === 'number')
      columns[key] = { kind: 'plain', values: Array.from(c.values, (v) => (Number.isNaN(v) ? null : v)) };
    else columns[key] = { kind: 'plain', values: Array.from(c.values) };
  }
  const derived: Record<string, number[]> = {};
  for (const [key, values] of Object.entries(period.derived)) derived[key] = Array.from(values);
  return {
    count: period.count,
    at: Array.from(period.at),
    columns,
    derived: derived as PeriodColumns['derived'],
  };
}
