// The tickets to scrub from wire text, found in every spelling a server may send them back in: as they are, in
// upper, lower or mixed case, as XML character references (`&#x41;`, `&#65;`, the named escapes, mixed with
// plain characters), percent-encoded, and base64 (standard or URL-safe, padded or not) of the whole ticket.
//
// A connection remembers every ticket it sent or was handed for as long as the server may still quote it (tens
// of thousands in a long sync), so nothing here loops over the tickets per text. The text is read once into a
// normalized form (references and %XX decoded, ASCII letters folded to lower case, each unit pointing back to
// the characters it came from), then a rolling hash runs over it once per distinct ticket length (a marketplace's
// tickets have one or two) and each hash is looked up in that length's table: linear in the text.

/** A secret's forms to look for: the ticket itself (every encoding above decodes to it) and its base64. */
function formsOf(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8');
  const b64 = bytes.toString('base64');
  const forms = [secret, b64, b64.replace(/=+$/, ''), bytes.toString('base64url')];
  // Percent-encoding of a non-ASCII character is several bytes: the normalizer leaves those as they are.
  if ([...secret].some((c) => c.charCodeAt(0) > 0x7f)) forms.push(encodeURIComponent(secret));
  return forms;
}

const NAMED: Record<string, number> = { amp: 0x26, lt: 0x3c, gt: 0x3e, quot: 0x22, apos: 0x27 };

const fold = (c: number) => (c >= 0x41 && c <= 0x5a ? c + 0x20 : c);

const isHex = (c: number) => (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);

function hexValue(c: number): number {
  if (c <= 0x39) return c - 0x30;
  return (c | 0x20) - 0x61 + 10;
}

/** The reference starting at `at` (a '&'): the code point and where it ends, or undefined. */
function readReference(s: string, at: number): { cp: number; end: number } | undefined {
  const semi = s.indexOf(';', at + 2);
  // The longest reference worth reading: `&#x10FFFF;` with a few leading zeros.
  if (semi === -1 || semi - at > 16) return undefined;
  const body = s.slice(at + 1, semi);
  let cp: number;
  if (body.charCodeAt(0) !== 0x23 /* # */) {
    const named = NAMED[body];
    if (named === undefined) return undefined;
    cp = named;
  } else if (body.charCodeAt(1) === 0x78 || body.charCodeAt(1) === 0x58) {
    if (!/^#[xX][0-9A-Fa-f]+$/.test(body)) return undefined;
    cp = parseInt(body.slice(2), 16);
  } else {
    if (!/^#[0-9]+$/.test(body)) return undefined;
    cp = parseInt(body.slice(1), 10);
  }
  if (!(cp > 0 && cp <= 0x10ffff)) return undefined;
  return { cp, end: semi + 1 };
}

/**
 * A text read for matching: folded code units and, when something was decoded, for each unit the span of the
 * original it came from (else unit i is character i).
 */
interface Normalized {
  n: number;
  codes: Uint16Array;
  from?: Int32Array;
  to?: Int32Array;
}

const startOf = (t: Normalized, i: number) => (t.from ? t.from[i]! : i);
const endOf = (t: Normalized, i: number) => (t.to ? t.to[i]! : i + 1);

function normalize(s: string): Normalized {
  const codes = new Uint16Array(s.length);
  if (!s.includes('&') && !s.includes('%')) {
    for (let i = 0; i < s.length; i++) codes[i] = fold(s.charCodeAt(i));
    return { n: s.length, codes };
  }
  const from = new Int32Array(s.length);
  const to = new Int32Array(s.length);
  let n = 0;
  const push = (c: number, a: number, b: number) => {
    codes[n] = fold(c);
    from[n] = a;
    to[n++] = b;
  };
  for (let i = 0; i < s.length;) {
    const c = s.charCodeAt(i);
    if (c === 0x26 /* & */) {
      const ref = readReference(s, i);
      if (ref) {
        if (ref.cp > 0xffff) {
          push(0xd800 + ((ref.cp - 0x10000) >> 10), i, ref.end);
          push(0xdc00 + ((ref.cp - 0x10000) & 0x3ff), i, ref.end);
        } else push(ref.cp, i, ref.end);
        i = ref.end;
        continue;
      }
    } else if (c === 0x25 /* % */ && isHex(s.charCodeAt(i + 1)) && isHex(s.charCodeAt(i + 2))) {
      const v = hexValue(s.charCodeAt(i + 1)) * 16 + hexValue(s.charCodeAt(i + 2));
      if (v > 0 && v < 0x80) {
        push(v, i, i + 3);
        i += 3;
        continue;
      }
    }
    push(c, i, i + 1);
    i++;
  }
  return { n, codes, from, to };
}

const foldAscii = (s: string) => (/[A-Z]/.test(s) ? s.replace(/[A-Z]+/g, (m) => m.toLowerCase()) : s);

/** Code units as a string. */
function unitsText(codes: Uint16Array, start: number, end: number): string {
  const units = codes.subarray(start, end);
  return Buffer.from(units.buffer, units.byteOffset, units.byteLength).toString('utf16le');
}

/** A form as the normalizer reads it: what it is looked up as. */
function normalForm(form: string): string {
  if (!form.includes('&') && !form.includes('%')) return foldAscii(form);
  const t = normalize(form);
  return unitsText(t.codes, 0, t.n);
}

const BASE = 0x01000193;
// One bit per hash value modulo 2^20 (128 KiB a length): most text positions stop at the filter.
const FILTER_BITS = 1 << 20;
const FILTER_MASK = FILTER_BITS - 1;

function power(len: number): number {
  let p = 1;
  for (let i = 0; i < len; i++) p = Math.imul(p, BASE);
  return p;
}

function hashOf(s: string): number {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (Math.imul(h, BASE) + s.charCodeAt(i)) | 0;
  return h;
}

/** The forms of one length: by hash, with a bit filter that keeps most positions from reaching the Map. */
interface LengthTable {
  len: number;
  pow: number;
  filter: Uint8Array;
  byHash: Map<number, string[]>;
  count: number;
}

/** One match, in the original text: [start, end). */
export type Span = [number, number];

/**
 * A set of secrets with a matcher over their forms. Adding or deleting a secret costs its forms' lengths;
 * scanning a text costs its length times the number of distinct form lengths, whatever the number of secrets.
 */
export class SecretSet {
  private readonly forms = new Map<string, string[]>();
  /** Normalized form → how many secrets have it (two secrets may differ only in case). */
  private readonly refs = new Map<string, number>();
  private readonly tables = new Map<number, LengthTable>();
  private lengths: number[] = [];
  private sorted: string[] | undefined;

  constructor(secrets: Iterable<string> = []) {
    for (const s of secrets) this.add(s);
  }

  get size(): number {
    return this.forms.size;
  }

  has(secret: string): boolean {
    return this.forms.has(secret);
  }

  values(): string[] {
    return [...this.forms.keys()];
  }

  add(secret: string): void {
    // An empty secret would match between every character.
    if (!secret || this.forms.has(secret)) return;
    const forms = [...new Set(formsOf(secret).map(normalForm))].filter((f) => f.length > 0);
    this.forms.set(secret, forms);
    for (const f of forms) {
      const n = this.refs.get(f) ?? 0;
      this.refs.set(f, n + 1);
      if (n === 0) this.index(f);
    }
  }

  delete(secret: string): void {
    const forms = this.forms.get(secret);
    if (!forms) return;
    this.forms.delete(secret);
    for (const f of forms) {
      const n = this.refs.get(f)! - 1;
      if (n > 0) this.refs.set(f, n);
      else {
        this.refs.delete(f);
        this.unindex(f);
      }
    }
  }

  /**
   * Makes this set hold exactly `secrets`, adding and deleting only what differs: a worker keeps one set across
   * jobs, so a list that grew by one ticket costs one ticket's forms, not the whole list's.
   */
  syncTo(secrets: readonly string[]): this {
    const wanted = new Set(secrets);
    for (const s of this.forms.keys()) if (!wanted.has(s)) this.delete(s);
    for (const s of wanted) this.add(s);
    return this;
  }

  private index(form: string): void {
    let t = this.tables.get(form.length);
    if (!t) {
      t = {
        len: form.length,
        pow: power(form.length),
        filter: new Uint8Array(FILTER_BITS / 8),
        byHash: new Map(),
        count: 0,
      };
      this.tables.set(form.length, t);
      this.lengths = [...this.tables.keys()].sort((a, b) => a - b);
    }
    const h = hashOf(form);
    const list = t.byHash.get(h);
    if (list) list.push(form);
    else t.byHash.set(h, [form]);
    t.filter[(h & FILTER_MASK) >>> 3]! |= 1 << (h & 7);
    t.count++;
    this.sorted = undefined;
  }

  private unindex(form: string): void {
    const t = this.tables.get(form.length)!;
    const h = hashOf(form);
    const list = t.byHash.get(h)!;
    list.splice(list.indexOf(form), 1);
    if (list.length === 0) t.byHash.delete(h);
    // The filter keeps its bit: a stale bit only costs a Map lookup.
    if (--t.count === 0) {
      this.tables.delete(form.length);
      this.lengths = [...this.tables.keys()].sort((a, b) => a - b);
    }
    this.sorted = undefined;
  }

  /** Where the secrets occur in `s`, in any of their forms (spans may overlap). */
  find(s: string): Span[] {
    const spans: Span[] = [];
    if (this.lengths.length === 0 || s.length < this.lengths[0]!) return spans;
    const t = normalize(s);
    const { codes, n } = t;
    for (const len of this.lengths) {
      if (len > n) break;
      const { pow, filter, byHash } = this.tables.get(len)!;
      let h = 0;
      for (let i = 0; i < n; i++) {
        h = (Math.imul(h, BASE) + codes[i]!) | 0;
        if (i >= len) h = (h - Math.imul(codes[i - len]!, pow)) | 0;
        if (i < len - 1 || (filter[(h & FILTER_MASK) >>> 3]! & (1 << (h & 7))) === 0) continue;
        const candidates = byHash.get(h);
        if (candidates && candidates.some((f) => matchesAt(codes, i - len + 1, f)))
          spans.push([startOf(t, i - len + 1), endOf(t, i)]);
      }
    }
    return spans;
  }

  /**
   * `s` was cut at its end: where the longest tail of it (at least `min` units, at most `max`) that begins one of
   * the forms starts, or undefined. Binary search in the sorted forms for each tail length.
   */
  cutStart(s: string, min: number, max = 256): number | undefined {
    if (this.lengths.length === 0) return undefined;
    // A reference or %XX cut in two is read as if it were not there: the tail before it is what may begin a form.
    const partial = /(?:&#?[xX]?[0-9A-Za-z]{0,8}|%[0-9A-Fa-f]?)$/.exec(s.slice(-12));
    const t = normalize(partial ? s.slice(0, s.length - partial[0].length) : s);
    const longest = Math.min(t.n, this.lengths[this.lengths.length - 1]! - 1, max);
    if (longest < min) return undefined;
    const sorted = (this.sorted ??= [...this.refs.keys()].sort());
    const tail = unitsText(t.codes, t.n - longest, t.n);
    for (let k = longest; k >= min; k--) {
      const head = tail.slice(longest - k);
      let lo = 0;
      let hi = sorted.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (sorted[mid]! < head) lo = mid + 1;
        else hi = mid;
      }
      if (lo < sorted.length && sorted[lo]!.startsWith(head)) return startOf(t, t.n - k);
    }
    return undefined;
  }
}

function matchesAt(codes: Uint16Array, at: number, form: string): boolean {
  for (let k = 0; k < form.length; k++) if (codes[at + k] !== form.charCodeAt(k)) return false;
  return true;
}

/** The secrets to scrub with: a list (the matcher is built once per list) or a set kept up to date. */
export type Secrets = readonly string[] | SecretSet;

const built = new WeakMap<readonly string[], { length: number; set: SecretSet }>();

/** The matcher of `secrets`: a list's is built once and reused for as long as the list keeps its length. */
export function secretSetOf(secrets: Secrets): SecretSet {
  if (secrets instanceof SecretSet) return secrets;
  const cached = built.get(secrets);
  if (cached && cached.length === secrets.length) return cached.set;
  const set = new SecretSet(secrets);
  built.set(secrets, { length: secrets.length, set });
  return set;
}

/** The secrets as a plain list, for a message to the decode worker. */
export function secretList(secrets: Secrets): readonly string[] {
  return secrets instanceof SecretSet ? secrets.values() : secrets;
}

/** `s` with every span replaced by `mark` (overlapping or touching spans become one). */
export function replaceSpans(s: string, spans: Span[], mark: string): string {
  if (spans.length === 0) return s;
  spans.sort((a, b) => a[0] - b[0]);
  let out = '';
  let last = 0;
  let i = 0;
  while (i < spans.length) {
    const [start, first] = spans[i++]!;
    let end = first;
    while (i < spans.length && spans[i]![0] <= end) end = Math.max(end, spans[i++]![1]);
    out += s.slice(last, start) + mark;
    last = end;
  }
  return out + s.slice(last);
}

/**
 * Runs `fn` with `more` scrubbed beside `secrets`: a response's own new tickets, which no list sent with the call
 * holds yet. They are added to the matcher for the synchronous run and taken out again, so a connection's set of
 * any size is never copied and keeps exactly what its owner put in it.
 */
export function withSecrets<T>(secrets: Secrets, more: readonly string[], fn: (secrets: Secrets) => T): T {
  if (more.length === 0) return fn(secrets);
  const set = secretSetOf(secrets);
  const added = [...new Set(more)].filter((s) => s && !set.has(s));
  for (const s of added) set.add(s);
  try {
    return fn(set);
  } finally {
    for (const s of added) set.delete(s);
  }
}
