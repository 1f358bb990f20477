// XSD simple types as the wire sees them, and their one representation everywhere (IPC included):
//   int -> number; boolean -> boolean;
//   long -> string of digits (9007199254740993 must survive JSON and IPC, so never a JS number);
//   decimal -> the exact text sent (prices must not drift through binary floating point);
//   dateTime -> the text as sent (the server's wall time and offset kept; src-shared/date-time.ts reads it);
//   string -> string.
import { isDateTime } from '../../src-shared/date-time';

export type Scalar = 'string' | 'int' | 'long' | 'boolean' | 'decimal' | 'dateTime';

export type ScalarValue<S extends Scalar> = S extends 'int' ? number : S extends 'boolean' ? boolean : string;

const INT_MIN = -2147483648;
const INT_MAX = 2147483647;
const LONG_RE = /^[+-]?\d+$/;
const DECIMAL_RE = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
const LONG_MAX = 9223372036854775807n;
const LONG_MIN = -9223372036854775808n;

/**
 * How a value read from the wire is shown in an error: cut short and, on the client, stripped of the tickets in
 * use (the SOAP layer passes its redaction). It receives the whole raw text and must bound what it returns.
 */
export type ShowRaw = (raw: string) => string;

const RAW_SHOWN = 60;
const clipRaw: ShowRaw = (raw) => (raw.length > RAW_SHOWN ? `${raw.slice(0, RAW_SHOWN)}…` : raw);

/** A value that does not fit its XSD type; `path` names the field (e.g. `SendNote[3]@OrderNo`). */
export class ValueError extends Error {
  readonly deskCode = 'BAD_RESPONSE';
  /** The offending value as shown: cut short, and redacted when the decoder was given a redaction. */
  readonly raw: string;
  constructor(
    readonly path: string,
    readonly scalar: Scalar,
    raw: string,
    showRaw: ShowRaw = clipRaw,
  ) {
    const shown = showRaw(raw);
    super(`${path}: "${shown}" is not a valid xsd:${scalar}`);
    this.name = 'ValueError';
    this.raw = shown;
  }
}

// XSD whitespace facet: every type but string collapses surrounding whitespace.
function collapse(raw: string): string {
  return /[\t\n\r ]/.test(raw) ? raw.replace(/[\t\n\r ]+/g, ' ').trim() : raw;
}

// Up to 18 digits always fits xsd:long; only longer texts need the exact BigInt range check.
function longInRange(text: string): boolean {
  const digits = text.length - (text[0] === '-' || text[0] === '+' ? 1 : 0);
  if (digits <= 18) return true;
  const big = BigInt(text);
  return big <= LONG_MAX && big >= LONG_MIN;
}

function canonicalLong(text: string): string {
  // Canonical form: no '+', no leading zeros (so equal values compare equal as strings).
  return /^[+-]?0\d|^\+/.test(text) ? BigInt(text).toString() : text === '-0' ? '0' : text;
}

// Module-level, not a per-call closure: these run for every attribute of every record.
function pathOf(path: string, attr: string | undefined): string {
  return attr === undefined ? path : `${path}@${attr}`;
}

/**
 * `attr`, when given, is appended to `path` as `path@attr` — only when an error is raised, which shows the raw
 * value through `showRaw`.
 */
export function decodeScalar(
  scalar: Scalar,
  raw: string,
  path: string,
  attr?: string,
  showRaw?: ShowRaw,
): string | number | boolean {
  if (scalar === 'string') return raw;
  const text = collapse(raw);
  switch (scalar) {
    case 'int': {
      if (!LONG_RE.test(text)) throw new ValueError(pathOf(path, attr), scalar, raw, showRaw);
      const n = Number(text);
      if (n < INT_MIN || n > INT_MAX) throw new ValueError(pathOf(path, attr), scalar, raw, showRaw);
      return n;
    }
    case 'long':
      if (!LONG_RE.test(text) || !longInRange(text))
        throw new ValueError(pathOf(path, attr), scalar, raw, showRaw);
      return canonicalLong(text);
    case 'boolean':
      if (text === 'true' || text === '1') return true;
      if (text === 'false' || text === '0') return false;
      throw new ValueError(pathOf(path, attr), scalar, raw, showRaw);
    case 'decimal':
      if (!DECIMAL_RE.test(text)) throw new ValueError(pathOf(path, attr), scalar, raw, showRaw);
      return text;
    case 'dateTime':
      if (!isDateTime(text)) throw new ValueError(pathOf(path, attr), scalar, raw, showRaw);
      return text;
  }
}

export function encodeScalar(scalar: Scalar, value: unknown, path: string, attr?: string): string {
  switch (scalar) {
    case 'string':
      if (typeof value !== 'string') throw new TypeError(`${pathOf(path, attr)}: expected a string`);
      return value;
    case 'int':
      if (typeof value !== 'number' || !Number.isInteger(value) || value < INT_MIN || value > INT_MAX) {
        throw new TypeError(`${pathOf(path, attr)}: expected a 32-bit integer, got ${String(value)}`);
      }
      return String(value);
    case 'long': {
      const text = typeof value === 'bigint' ? value.toString() : value;
      if (typeof text !== 'string' || !LONG_RE.test(text)) {
        throw new TypeError(
          `${pathOf(path, attr)}: expected a long as a string of digits, got ${String(value)}`,
        );
      }
      if (!longInRange(text)) throw new TypeError(`${pathOf(path, attr)}: ${text} is outside xsd:long`);
      return canonicalLong(text);
    }
    case 'boolean':
      if (typeof value !== 'boolean') throw new TypeError(`${pathOf(path, attr)}: expected a boolean`);
      return value ? 'true' : 'false';
    case 'decimal':
      if (typeof value !== 'string' || !DECIMAL_RE.test(value)) {
        throw new TypeError(`${pathOf(path, attr)}: expected a decimal as exact text, got ${String(value)}`);
      }
      return value;
    case 'dateTime':
      if (typeof value !== 'string' || !isDateTime(value)) {
        throw new TypeError(
          `${pathOf(path, attr)}: expected an xsd:dateTime like 2026-11-22T09:30:00+09:00, got ${String(value)}`,
        );
      }
      return value;
  }
}
