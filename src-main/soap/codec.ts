// Encoders and decoders for every record, derived from the schema table: one compiled plan per
// record type, so decoding is a single walk over the element tree with map look-ups.
import { RECORDS, decodeScalar, encodeScalar, nsUri, XSI } from '../schema';
import type { RecordName, RecordSpec, Scalar, ServiceNamespaces, ShowRaw } from '../schema';
import type { XmlElement } from './xml-read';
import { assertXmlChars } from './xml-text';

const SCALARS = new Set<string>(['string', 'int', 'long', 'boolean', 'decimal', 'dateTime']);
const XSI_NIL = `{${XSI}}nil`;

interface ChildPlan {
  name: string;
  record?: RecordName;
  scalar?: Scalar;
  many: boolean;
  nillable: boolean;
}
interface Plan {
  name: RecordName;
  spec: RecordSpec;
  attrs: [string, Scalar][];
  children: ChildPlan[];
  childByName: Map<string, ChildPlan>;
}

const plans = new Map<string, Plan>();
export function planOf(name: RecordName): Plan {
  let plan = plans.get(name);
  if (plan) return plan;
  const spec = (RECORDS as Record<string, RecordSpec>)[name];
  if (!spec) throw new Error(`Unknown record type ${name}`);
  const children: ChildPlan[] = Object.entries(spec.children ?? {}).map(([childName, c]) => {
    const isScalar = SCALARS.has(c.type);
    if (!isScalar && !(c.type in RECORDS)) throw new Error(`${name}.${childName}: unknown type ${c.type}`);
    return {
      name: childName,
      record: isScalar ? undefined : (c.type as RecordName),
      scalar: isScalar ? (c.type as Scalar) : undefined,
      many: c.many === true,
      nillable: c.nillable === true,
    };
  });
  plan = {
    name,
    spec,
    attrs: Object.entries(spec.attrs) as [string, Scalar][],
    children,
    childByName: new Map(children.map((c) => [c.name, c])),
  };
  plans.set(name, plan);
  return plan;
}

// ── encode ──────────────────────────────────────────────────────────────────────────────────────

const TEXT_ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '\r': '&#xD;' };
const ATTR_ESC: Record<string, string> = { ...TEXT_ESC, '"': '&quot;', '\n': '&#xA;', '\t': '&#x9;' };
// \r is written as a reference everywhere (a parser would normalize a raw one away), and \n and \t
// too inside attributes (attribute-value normalization would turn them into spaces).
export const escText = (v: string) => (/[&<>\r]/.test(v) ? v.replace(/[&<>\r]/g, (c) => TEXT_ESC[c]!) : v);
export const escAttr = (v: string) =>
  /[&<>"\r\n\t]/.test(v) ? v.replace(/[&<>"\r\n\t]/g, (c) => ATTR_ESC[c]!) : v;

/**
 * Serialized child records, for a server whose records never change (the sandbox's seeded data): the
 * same object in the same namespace context always serializes to the same text. Keyed by context,
 * then by object identity, so nothing outlives the records it describes.
 */
export type RecordMemo = Map<string, WeakMap<object, string>>;

/** A record's attributes as ` name="value"` pairs, in plan order; absent and null ones omitted. */
export function writeAttrs(plan: Plan, value: Record<string, unknown>, path: string): string {
  let out = '';
  for (const [attr, scalar] of plan.attrs) {
    const v = value[attr];
    if (v === undefined || v === null) continue;
    const text = encodeScalar(scalar, v, path, attr);
    if (scalar === 'string') assertXmlChars(text, path, attr);
    out += ` ${attr}="${escAttr(text)}"`;
  }
  return out;
}

/**
 * Serializes `value` as element `elementName` in namespace `elementNs`. Records are the bulk of every
 * message, so they are written as strings from the compiled plan (xmlbuilder2, which builds a DOM,
 * costs about 2 ms per 100 notes). Child elements are qualified in the namespace of the record's own
 * schema (elementFormDefault="qualified"); a namespace is declared as the default wherever it differs
 * from the one in scope (`inScopeNs`). Undeclared keys are ignored; undefined attributes omitted.
 * A value XML 1.0 cannot carry throws InvalidXmlCharError before anything is written.
 */
export function writeRecord(
  elementNs: string,
  elementName: string,
  type: RecordName,
  value: Record<string, unknown>,
  ns: ServiceNamespaces,
  inScopeNs: string,
  path = elementName,
  memo?: RecordMemo,
): string {
  const plan = planOf(type);
  let out = `<${elementName}`;
  if (elementNs !== inScopeNs) out += ` xmlns="${escAttr(elementNs)}"`;
  out += writeAttrs(plan, value, path);
  if (plan.children.length === 0) return `${out}/>`;
  const childNs = nsUri(plan.spec.ns, ns);
  let inner = '';
  for (const child of plan.children) {
    const v = value[child.name];
    if (v === undefined) continue;
    const items: unknown[] = child.many ? (Array.isArray(v) ? v : [v]) : [v];
    for (let i = 0; i < items.length; i++) {
      const item = items[i];
      const childPath = child.many ? `${path}/${child.name}[${i}]` : `${path}/${child.name}`;
      const open = childNs !== elementNs ? `<${child.name} xmlns="${escAttr(childNs)}"` : `<${child.name}`;
      if (item === null) {
        if (!child.nillable) throw new TypeError(`${childPath}: not nillable`);
        inner += `${open} xsi:nil="true"/>`;
      } else if (child.record) {
        if (memo) {
          const context = `${child.record}|${child.name}|${childNs}|${elementNs}`;
          let texts = memo.get(context);
          if (!texts) memo.set(context, (texts = new WeakMap()));
          let text = texts.get(item as object);
          if (text === undefined) {
            text = writeRecord(
              childNs,
              child.name,
              child.record,
              item as Record<string, unknown>,
              ns,
              elementNs,
              childPath,
              memo,
            );
            texts.set(item as object, text);
          }
          inner += text;
        } else {
          inner += writeRecord(
            childNs,
            child.name,
            child.record,
            item as Record<string, unknown>,
            ns,
            elementNs,
            childPath,
          );
        }
      } else {
        const text = encodeScalar(child.scalar!, item, childPath);
        if (child.scalar === 'string') assertXmlChars(text, childPath);
        inner += `${open}>${escText(text)}</${child.name}>`;
      }
    }
  }
  return inner ? `${out}>${inner}</${elementName}>` : `${out}/>`;
}

// ── decode ──────────────────────────────────────────────────────────────────────────────────────

/**
 * Reads a record from an element. Attributes are matched by local name (unqualified, as the
 * schema declares them); child elements by local name within the service's namespaces (any
 * prefix or a default namespace). A missing optional attribute stays absent; every repeatable
 * child is an array (empty when none came); a nil child of a nillable list is null. A value that does not fit
 * its type throws ValueError, showing the value through `showRaw` (the client's redaction); every string value
 * passes through `scrub` when one is given (the client's tickets, should the server echo them in data).
 */
export function readRecord(
  el: XmlElement,
  type: RecordName,
  knownNs: ReadonlySet<string>,
  path = el.name,
  showRaw?: ShowRaw,
  scrub?: (text: string) => string,
): Record<string, unknown> {
  const plan = planOf(type);
  const out: Record<string, unknown> = {};
  const attrs = el.attrs;
  for (const [attr, scalar] of plan.attrs) {
    const raw = attrs[attr];
    if (raw !== undefined)
      out[attr] =
        scrub !== undefined && scalar === 'string'
          ? scrub(raw)
          : decodeScalar(scalar, raw, path, attr, showRaw);
  }
  if (plan.children.length === 0) return out;
  for (const child of plan.children) if (child.many) out[child.name] = [];
  const kids = el.children;
  for (let i = 0; i < kids.length; i++) {
    const kid = kids[i]!;
    const child = plan.childByName.get(kid.name);
    if (!child || !knownNs.has(kid.ns)) continue;
    let value: unknown;
    const nil = kid.qattrs[XSI_NIL];
    if (nil === 'true' || nil === '1') {
      if (!child.many) continue;
      value = null;
    } else if (child.record) {
      value = readRecord(kid, child.record, knownNs, `${path}/${kid.name}`, showRaw, scrub);
    } else {
      value =
        scrub !== undefined && child.scalar === 'string'
          ? scrub(kid.text)
          : decodeScalar(child.scalar!, kid.text, `${path}/${kid.name}`, undefined, showRaw);
    }
    if (child.many) (out[child.name] as unknown[]).push(value);
    else if (!(child.name in out)) out[child.name] = value;
  }
  return out;
}

/** The namespaces in which a service's elements may legitimately appear ('' tolerates unqualified peers). */
export function serviceNamespaces(ns: ServiceNamespaces): ReadonlySet<string> {
  return new Set([
    '',
    nsUri('suggest', ns),
    nsUri('suggestTypes', ns),
    nsUri('market', ns),
    nsUri('apiTypes', ns),
  ]);
}
