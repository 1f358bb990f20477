// Encoders and decoders for every record, derived from the schema table: one compiled plan per
// record type, so decoding is a single walk over the element tree with map look-ups.
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import { RECORDS, decodeScalar, encodeScalar, nsUri, XSI } from '../schema';
import type { RecordName, RecordSpec, Scalar, ServiceNamespaces } from '../schema';
import type { XmlElement } from './xml-read';
import { markAttr, markText } from './xml-text';

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

/**
 * Writes `value` as element `elementName` in namespace `elementNs` under `parent`. Child elements are
 * qualified in the namespace of the record's own schema (elementFormDefault="qualified").
 * Keys that the schema does not declare are ignored; absent (undefined) attributes are omitted.
 */
export function writeRecord(
  parent: XMLBuilder,
  elementNs: string,
  elementName: string,
  type: RecordName,
  value: Record<string, unknown>,
  ns: ServiceNamespaces,
  path = elementName,
): XMLBuilder {
  const plan = planOf(type);
  const attrs: Record<string, string> = {};
  for (const [attr, scalar] of plan.attrs) {
    const v = value[attr];
    if (v === undefined || v === null) continue;
    attrs[attr] = markAttr(encodeScalar(scalar, v, `${path}@${attr}`), `${path}@${attr}`);
  }
  const el = parent.ele(elementNs, elementName, attrs);
  if (plan.children.length === 0) return el;
  const childNs = nsUri(plan.spec.ns, ns);
  for (const child of plan.children) {
    const v = value[child.name];
    if (v === undefined) continue;
    const items = child.many ? (Array.isArray(v) ? v : [v]) : [v];
    items.forEach((item: unknown, i) => {
      const childPath = child.many ? `${path}/${child.name}[${i}]` : `${path}/${child.name}`;
      if (item === null) {
        if (!child.nillable) throw new TypeError(`${childPath}: not nillable`);
        el.ele(childNs, child.name, { 'xsi:nil': 'true' });
      } else if (child.record) {
        writeRecord(el, childNs, child.name, child.record, item as Record<string, unknown>, ns, childPath);
      } else {
        el.ele(childNs, child.name).txt(markText(encodeScalar(child.scalar!, item, childPath), childPath));
      }
    });
  }
  return el;
}

// ── decode ──────────────────────────────────────────────────────────────────────────────────────

/**
 * Reads a record from an element. Attributes are matched by local name (unqualified, as the
 * schema declares them); child elements by local name within the service's namespaces (any
 * prefix or a default namespace). A missing optional attribute stays absent; every repeatable
 * child is an array (empty when none came); a nil child of a nillable list is null.
 */
export function readRecord(
  el: XmlElement,
  type: RecordName,
  knownNs: ReadonlySet<string>,
  path = el.name,
): Record<string, unknown> {
  const plan = planOf(type);
  const out: Record<string, unknown> = {};
  const attrs = el.attrs;
  for (const [attr, scalar] of plan.attrs) {
    const raw = attrs[attr];
    if (raw !== undefined) out[attr] = decodeScalar(scalar, raw, `${path}@${attr}`);
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
      value = readRecord(kid, child.record, knownNs, `${path}/${kid.name}`);
    } else {
      value = decodeScalar(child.scalar!, kid.text, `${path}/${kid.name}`);
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
