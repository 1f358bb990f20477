// fast-check arbitraries for every record type, walking the schema table (the property under test
// is the codec's round trip, not the table).
import fc from 'fast-check';
import { RECORDS } from '../../../src-main/schema';
import type { RecordName, RecordSpec, Scalar } from '../../../src-main/schema';

const hangul = fc.integer({ min: 0xac00, max: 0xd7a3 }).map((c) => String.fromCodePoint(c));
const tricky = fc.constantFrom(
  '\r',
  '\n',
  '\t',
  ' ',
  '&',
  '<',
  '>',
  '"',
  "'",
  ']]>',
  '&amp;',
  '\r\n',
  '😀',
  '👍🏽',
  '한글',
  'é',
);
const ascii = fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c));
export const xmlString = fc.string({ unit: fc.oneof(hangul, tricky, ascii), maxLength: 12 });

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const dateTime = fc
  .record({
    y: fc.integer({ min: 1, max: 9999 }),
    mo: fc.integer({ min: 1, max: 12 }),
    d: fc.integer({ min: 1, max: 28 }),
    h: fc.integer({ min: 0, max: 23 }),
    mi: fc.integer({ min: 0, max: 59 }),
    s: fc.integer({ min: 0, max: 59 }),
    frac: fc.option(fc.integer({ min: 0, max: 9999999 }), { nil: undefined }),
    tz: fc.constantFrom('', 'Z', '+09:00', '-05:30', '+00:00'),
  })
  .map(
    (t) =>
      `${pad(t.y, 4)}-${pad(t.mo)}-${pad(t.d)}T${pad(t.h)}:${pad(t.mi)}:${pad(t.s)}${t.frac !== undefined ? `.${t.frac}` : ''}${t.tz}`,
  );
const decimal = fc
  .tuple(
    fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }),
    fc.option(fc.stringMatching(/^\d{1,20}$/), { nil: undefined }),
  )
  .map(([i, f]) => (f === undefined ? i.toString() : `${i.toString()}.${f}`));

export function scalarArb(s: Scalar): fc.Arbitrary<unknown> {
  switch (s) {
    case 'string':
      return xmlString;
    case 'int':
      return fc.integer({ min: -2147483648, max: 2147483647 });
    case 'long':
      return fc.oneof(
        fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }).map(String),
        fc.constantFrom('9007199254740993', '9223372036854775807', '-9223372036854775808'),
      );
    case 'boolean':
      return fc.boolean();
    case 'decimal':
      return decimal;
    case 'dateTime':
      return dateTime;
  }
}

const SCALARS = new Set(['string', 'int', 'long', 'boolean', 'decimal', 'dateTime']);

export function recordArb(name: RecordName, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const spec = RECORDS[name] as RecordSpec;
  const shape: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [attr, s] of Object.entries(spec.attrs)) shape[attr] = scalarArb(s);
  const required: string[] = [];
  for (const [child, c] of Object.entries(spec.children ?? {})) {
    const item: fc.Arbitrary<unknown> = SCALARS.has(c.type)
      ? scalarArb(c.type as Scalar)
      : depth >= 3
        ? fc.constant(undefined)
        : fc.constant(null).chain(() => recordArb(c.type as RecordName, depth + 1));
    if (c.many) {
      required.push(child);
      const elem = c.nillable
        ? fc.oneof({ weight: 1, arbitrary: fc.constant(null) }, { weight: 4, arbitrary: item })
        : item;
      shape[child] = depth >= 3 && !SCALARS.has(c.type) ? fc.constant([]) : fc.array(elem, { maxLength: 3 });
    } else if (!(depth >= 3 && !SCALARS.has(c.type))) {
      shape[child] = item;
    }
  }
  return fc.record(shape, { requiredKeys: required }) as fc.Arbitrary<Record<string, unknown>>;
}
