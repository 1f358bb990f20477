// Envelopes for requests (the client), responses and faults (the sandbox), and the operation-level
// decoders on either side. Everything derives from schema/: the two sides cannot drift apart.
import { create } from 'xmlbuilder2';
import {
  OPERATIONS,
  SOAP11_ENV,
  SOAP12_ENV,
  XSD,
  XSI,
  decodeScalar,
  encodeScalar,
  nsUri,
  operationNs,
  soapAction,
  ValueError,
} from '../schema';
import type {
  OperationName,
  OperationSpec,
  RecordName,
  RequestOf,
  ResultOf,
  ServiceNamespaces,
} from '../schema';
import { escAttr, escText, planOf, readRecord, serviceNamespaces, writeAttrs, writeRecord } from './codec';
import type { RecordMemo } from './codec';
import type { XmlElement } from './xml-read';
import { BadValueError } from './errors';
import { redactSnippet, secretScrubber } from './redact';
import { assertXmlChars, markText, unmark } from './xml-text';

export type SoapVersion = '1.1' | '1.2';

export interface RequestTickets {
  authTicket?: string;
  encryptedTicket?: string;
  memberTicket?: string;
}

export interface BuiltRequest {
  xml: string;
  action: string;
  headers: Record<string, string>;
}

const XMLNS = 'http://www.w3.org/2000/xmlns/';
// Where the record body goes: U+FFFE never occurs in valid XML, so the marker cannot collide with data.
const SLOT = '\uFFFEslot';
function fillSlot(xml: string, body: string): string {
  const at = xml.indexOf(SLOT);
  if (at < 0) throw new Error('record slot missing from the envelope');
  return xml.slice(0, at) + body + xml.slice(at + SLOT.length);
}

function envelope(version: SoapVersion) {
  const envNs = version === '1.1' ? SOAP11_ENV : SOAP12_ENV;
  const prefix = version === '1.1' ? 'soap' : 'soap12';
  const doc = create({ version: '1.0', encoding: 'utf-8' });
  const env = doc.ele(envNs, `${prefix}:Envelope`).att(XMLNS, 'xmlns:xsi', XSI).att(XMLNS, 'xmlns:xsd', XSD);
  return { doc, env, envNs, prefix };
}

export function contentTypeFor(version: SoapVersion, action: string): Record<string, string> {
  return version === '1.1'
    ? { 'content-type': 'text/xml; charset=utf-8', soapaction: `"${action}"` }
    : { 'content-type': `application/soap+xml; charset=utf-8; action="${action}"` };
}

function writeSecurityHeader(
  header: ReturnType<typeof envelope>['env'],
  secNs: string,
  name: 'AuthenticationTicket' | 'EncryptedTicket',
  value: string,
) {
  header
    .ele(secNs, name)
    .ele(secNs, 'Value')
    .txt(markText(value, `${name}/Value`));
}

/** A request envelope for `op`, with the security headers for the API service. */
export function buildRequest<N extends OperationName>(
  op: N,
  request: RequestOf<N>,
  opts: { version: SoapVersion; ns: ServiceNamespaces; tickets?: RequestTickets },
): BuiltRequest {
  const spec: OperationSpec = OPERATIONS[op];
  const { doc, env, envNs, prefix } = envelope(opts.version);
  const opNs = operationNs(spec.service, opts.ns);
  if (spec.service === 'market') {
    const header = env.ele(envNs, `${prefix}:Header`);
    const secNs = nsUri('security', opts.ns);
    if (opts.tickets?.authTicket !== undefined)
      writeSecurityHeader(header, secNs, 'AuthenticationTicket', opts.tickets.authTicket);
    if (opts.tickets?.encryptedTicket !== undefined)
      writeSecurityHeader(header, secNs, 'EncryptedTicket', opts.tickets.encryptedTicket);
  }
  const body = env.ele(envNs, `${prefix}:Body`);
  const opEl = body.ele(opNs, op);
  const req = (request ?? {}) as Record<string, unknown>;
  if (spec.service === 'suggest') {
    for (const [param, p] of Object.entries(spec.params)) {
      const v = req[param];
      if (v === undefined || v === null) {
        if (p.required) throw new TypeError(`${op}: ${param} is required`);
        continue;
      }
      opEl.ele(opNs, param).txt(markText(encodeScalar(p.type, v, `${op}/${param}`), `${op}/${param}`));
    }
  } else {
    const value: Record<string, unknown> = { ...req };
    if (spec.memberTicket && opts.tickets?.memberTicket !== undefined) {
      value['MemberTicket'] = { Ticket: opts.tickets.memberTicket };
    }
    opEl.txt(SLOT);
    const action = soapAction(op, opts.ns);
    const xml = fillSlot(
      unmark(doc.end()),
      writeRecord(opNs, 'req', spec.req, value, opts.ns, opNs, `${op}/req`),
    );
    return { xml, action, headers: contentTypeFor(opts.version, action) };
  }
  const action = soapAction(op, opts.ns);
  return { xml: unmark(doc.end()), action, headers: contentTypeFor(opts.version, action) };
}

// ── responses and faults (the sandbox's side) ─────────────────────────────────────────────────────
// Written from string templates, not a DOM: a server builds one per request. The output is byte for byte what
// the xmlbuilder2 serializer wrote before (test/fixtures/golden/responses, and a property test against that
// serializer): an XML declaration, the envelope with its prefix and the xsi/xsd declarations, namespaces
// declared as defaults where they change, text escaped with the record codec's rules (&, <, >, \r).

/** The fixed text around a response: per SOAP version, operation and namespace configuration. */
interface ResponseFrame {
  /** Declaration, envelope and header up to the EncryptedTicket's value. */
  headerOpen: string;
  /** After the ticket value, through the Body's start tag. */
  headerClose: string;
  /** Declaration and envelope through the Body's start tag, when there is no header. */
  bodyOpen: string;
  /** `<OpResponse xmlns="…">` */
  responseOpen: string;
  /** `<OpResponse xmlns="…"/>`, when the result is absent. */
  responseEmpty: string;
  /** `</OpResponse>` and the end tags of the Body and the envelope. */
  close: string;
  /** The end tags of the Body and the envelope. */
  bodyClose: string;
  /** The same, as UTF-8, joined where they always go together. */
  bytes: { headerOpen: Buffer; headerCloseResponseOpen: Buffer; bodyOpenResponseOpen: Buffer; close: Buffer };
}

const XML_DECL = '<?xml version="1.0" encoding="utf-8"?>';

function envelopeOpen(version: SoapVersion): { open: string; prefix: string } {
  const envNs = version === '1.1' ? SOAP11_ENV : SOAP12_ENV;
  const prefix = version === '1.1' ? 'soap' : 'soap12';
  return {
    prefix,
    open: `${XML_DECL}<${prefix}:Envelope xmlns:${prefix}="${envNs}" xmlns:xsi="${XSI}" xmlns:xsd="${XSD}">`,
  };
}

const frames = new WeakMap<ServiceNamespaces, Map<string, ResponseFrame>>();

function responseFrame(op: OperationName, version: SoapVersion, ns: ServiceNamespaces): ResponseFrame {
  let byOp = frames.get(ns);
  if (!byOp) frames.set(ns, (byOp = new Map()));
  const key = `${version}|${op}`;
  let frame = byOp.get(key);
  if (frame) return frame;
  const { open, prefix: p } = envelopeOpen(version);
  const response = `<${op}Response xmlns="${escAttr(operationNs(OPERATIONS[op].service, ns))}"`;
  const headerOpen = `${open}<${p}:Header><EncryptedTicket xmlns="${escAttr(nsUri('security', ns))}"><Value>`;
  const headerClose = `</Value></EncryptedTicket></${p}:Header><${p}:Body>`;
  const bodyOpen = `${open}<${p}:Body>`;
  const bodyClose = `</${p}:Body></${p}:Envelope>`;
  const close = `</${op}Response>${bodyClose}`;
  frame = {
    headerOpen,
    headerClose,
    bodyOpen,
    responseOpen: `${response}>`,
    responseEmpty: `${response}/>`,
    close,
    bodyClose,
    bytes: {
      headerOpen: Buffer.from(headerOpen),
      headerCloseResponseOpen: Buffer.from(`${headerClose}${response}>`),
      bodyOpenResponseOpen: Buffer.from(`${bodyOpen}${response}>`),
      close: Buffer.from(close),
    },
  };
  byOp.set(key, frame);
  return frame;
}

function ticketText(ticket: string): string {
  assertXmlChars(ticket, 'EncryptedTicket/Value');
  return escText(ticket);
}

/** A response envelope (the sandbox's side), with a rotated EncryptedTicket for the API service. */
export function buildResponse<N extends OperationName>(
  op: N,
  result: ResultOf<N>,
  opts: { version: SoapVersion; ns: ServiceNamespaces; encryptedTicket?: string; memo?: RecordMemo },
): string {
  const spec: OperationSpec = OPERATIONS[op];
  const frame = responseFrame(op, opts.version, opts.ns);
  const head =
    spec.service === 'market' && opts.encryptedTicket !== undefined
      ? frame.headerOpen + ticketText(opts.encryptedTicket) + frame.headerClose
      : frame.bodyOpen;
  if (result === undefined) return head + frame.responseEmpty + frame.bodyClose;
  const opNs = operationNs(spec.service, opts.ns);
  const body = writeRecord(
    opNs,
    `${op}Result`,
    spec.result,
    result as Record<string, unknown>,
    opts.ns,
    opNs,
    `${op}Result`,
    opts.memo,
  );
  return head + frame.responseOpen + body + frame.close;
}

/**
 * Serialized records for a server whose records never change: `text` for records nested in others (see
 * writeRecord), `bytes` for each record directly inside a result, as UTF-8 ready to send, so a response is
 * copied together rather than encoded again. Keyed by namespace context, then by object identity.
 */
export interface ResponseMemo {
  text: RecordMemo;
  bytes: Map<string, WeakMap<object, Buffer>>;
}

export function createResponseMemo(): ResponseMemo {
  return { text: new Map(), bytes: new Map() };
}

/**
 * The response buildResponse writes, as UTF-8 bytes. With a memo, each record of the result is encoded once
 * and its bytes reused: the records must not change while the memo lives.
 */
export function buildResponseBytes<N extends OperationName>(
  op: N,
  result: ResultOf<N>,
  opts: { version: SoapVersion; ns: ServiceNamespaces; encryptedTicket?: string; memo?: ResponseMemo },
): Buffer {
  if (result === undefined || !opts.memo) {
    return Buffer.from(buildResponse(op, result, { ...opts, memo: opts.memo?.text }));
  }
  const spec: OperationSpec = OPERATIONS[op];
  const frame = responseFrame(op, opts.version, opts.ns);
  const chunks: Buffer[] = [];
  if (spec.service === 'market' && opts.encryptedTicket !== undefined) {
    const ticket = Buffer.from(ticketText(opts.encryptedTicket));
    chunks.push(frame.bytes.headerOpen, ticket, frame.bytes.headerCloseResponseOpen);
  } else chunks.push(frame.bytes.bodyOpenResponseOpen);
  const opNs = operationNs(spec.service, opts.ns);
  writeResultBytes(
    chunks,
    opNs,
    `${op}Result`,
    spec.result,
    result as Record<string, unknown>,
    opts.ns,
    opts.memo,
  );
  chunks.push(frame.bytes.close);
  return Buffer.concat(chunks);
}

/**
 * writeRecord for the result element (in the operation namespace, so no declaration of its own), with each
 * child record's bytes from the memo. Must write exactly what writeRecord writes; a property test holds it to it.
 */
function writeResultBytes(
  out: Buffer[],
  opNs: string,
  name: string,
  type: RecordName,
  value: Record<string, unknown>,
  ns: ServiceNamespaces,
  memo: ResponseMemo,
): void {
  const plan = planOf(type);
  let text = `<${name}${writeAttrs(plan, value, name)}`;
  const childNs = nsUri(plan.spec.ns, ns);
  const declare = childNs !== opNs ? ` xmlns="${escAttr(childNs)}"` : '';
  let open = false;
  // No closures created per item: this loop runs for every record of every response.
  for (const child of plan.children) {
    const v = value[child.name];
    if (v === undefined) continue;
    const items: unknown[] = child.many ? (Array.isArray(v) ? v : [v]) : [v];
    const context = child.record ? `${child.record}|${child.name}|${childNs}|${opNs}` : '';
    let bytes = child.record ? memo.bytes.get(context) : undefined;
    if (child.record && !bytes) memo.bytes.set(context, (bytes = new WeakMap()));
    for (let i = 0; i < items.length; i++) {
      if (!open) {
        text += '>';
        open = true;
      }
      const item = items[i];
      if (item === null) {
        if (!child.nillable) throw new TypeError(`${childPath(name, child, i)}: not nillable`);
        text += `<${child.name}${declare} xsi:nil="true"/>`;
      } else if (child.record) {
        let b = bytes!.get(item as object);
        if (b === undefined) {
          const record = item as Record<string, unknown>;
          const path = childPath(name, child, i);
          b = Buffer.from(writeRecord(childNs, child.name, child.record, record, ns, opNs, path, memo.text));
          bytes!.set(item as object, b);
        }
        if (text) out.push(Buffer.from(text));
        text = '';
        out.push(b);
      } else {
        const path = childPath(name, child, i);
        const s = encodeScalar(child.scalar!, item, path);
        if (child.scalar === 'string') assertXmlChars(s, path);
        text += `<${child.name}${declare}>${escText(s)}</${child.name}>`;
      }
    }
  }
  out.push(Buffer.from(open ? `${text}</${name}>` : `${text}/>`));
}

function childPath(parent: string, child: { name: string; many: boolean }, i: number): string {
  return child.many ? `${parent}/${child.name}[${i}]` : `${parent}/${child.name}`;
}

export interface FaultSpec {
  /** Client/Sender: the request is wrong. Server/Receiver: the service failed. */
  code: 'Client' | 'Server';
  reason: string;
  subcode?: string;
  detail?: string;
}

function faultText(value: string, path: string): string {
  assertXmlChars(value, path);
  return escText(value);
}

/** A SOAP fault in the request's version (1.1 faultcode/faultstring; 1.2 Code/Subcode/Reason). */
export function buildFault(version: SoapVersion, fault: FaultSpec): string {
  const { open, prefix: p } = envelopeOpen(version);
  let f: string;
  if (version === '1.1') {
    f = `<faultcode>${escText(`${p}:${fault.code}${fault.subcode ? `.${fault.subcode}` : ''}`)}</faultcode>`;
    f += `<faultstring>${faultText(fault.reason, 'faultstring')}</faultstring>`;
    if (fault.detail !== undefined) f += `<detail>${faultText(fault.detail, 'detail')}</detail>`;
  } else {
    f = `<${p}:Code><${p}:Value>${p}:${fault.code === 'Client' ? 'Sender' : 'Receiver'}</${p}:Value>`;
    if (fault.subcode) f += `<${p}:Subcode><${p}:Value>${escText(fault.subcode)}</${p}:Value></${p}:Subcode>`;
    f += `</${p}:Code><${p}:Reason><${p}:Text xml:lang="en">${faultText(fault.reason, 'Reason')}</${p}:Text></${p}:Reason>`;
    if (fault.detail !== undefined) f += `<${p}:Detail>${faultText(fault.detail, 'Detail')}</${p}:Detail>`;
  }
  return `${open}<${p}:Body><${p}:Fault>${f}</${p}:Fault></${p}:Body></${p}:Envelope>`;
}

/** A payload that does not match what the operation declares. */
export class PayloadError extends Error {
  readonly deskCode = 'BAD_RESPONSE';
  constructor(message: string) {
    super(message);
    this.name = 'PayloadError';
  }
}

/**
 * Decodes `<Op>Response` into the typed result (undefined when the optional Result is absent). Whatever does
 * not fit is a BadValueError whose detail is cut short and stripped of `secrets` (the tickets in use), since
 * the element names and values it quotes came from the server; a string value holding one of them has it
 * replaced by [redacted], so an echoed ticket never reaches the mirror, the screen or an export.
 */
export function decodeResponse<N extends OperationName>(
  op: N,
  payload: XmlElement,
  ns: ServiceNamespaces,
  secrets: readonly string[] = [],
): ResultOf<N> {
  const spec: OperationSpec = OPERATIONS[op];
  const opNs = operationNs(spec.service, ns);
  if (payload.name !== `${op}Response` || payload.ns !== opNs) {
    throw new BadValueError(
      `Expected ${op}Response in namespace ${opNs}, got ${redactSnippet(payload.name, secrets, 100)} in ${redactSnippet(payload.ns, secrets, 200) || 'no namespace'}`,
      { secrets },
    );
  }
  const known = serviceNamespaces(ns);
  const resultEl = payload.children.find((c) => c.name === `${op}Result` && known.has(c.ns));
  if (!resultEl) return undefined as ResultOf<N>;
  const showRaw = (raw: string) => redactSnippet(raw, secrets, 60);
  const scrub = secretScrubber(secrets);
  try {
    return readRecord(
      resultEl,
      spec.result as RecordName,
      known,
      `${op}Result`,
      showRaw,
      scrub,
    ) as ResultOf<N>;
  } catch (err) {
    if (err instanceof ValueError) throw new BadValueError(err.message, { secrets });
    throw err;
  }
}

export type DecodedRequest = { [N in OperationName]: { op: N; request: RequestOf<N> } }[OperationName];

/** The sandbox's side: which operation a body element names, and its typed request. */
export function decodeRequest(
  payload: XmlElement,
  service: 'suggest' | 'market',
  ns: ServiceNamespaces,
): DecodedRequest {
  const opNs = operationNs(service, ns);
  const op = payload.name as OperationName;
  const spec = (OPERATIONS as Record<string, OperationSpec>)[payload.name];
  if (!spec || spec.service !== service) {
    throw new PayloadError(`Unknown operation ${payload.name}`);
  }
  if (payload.ns !== opNs) {
    throw new PayloadError(
      `${payload.name} must be in namespace ${opNs}, not ${payload.ns || 'no namespace'}`,
    );
  }
  const known = serviceNamespaces(ns);
  if (spec.service === 'suggest') {
    const request: Record<string, unknown> = {};
    for (const [param, p] of Object.entries(spec.params)) {
      const el = payload.children.find((c) => c.name === param && known.has(c.ns));
      if (!el) {
        if (p.required) throw new PayloadError(`${op}: ${param} is required`);
        continue;
      }
      request[param] = decodeScalar(p.type, el.text, `${op}/${param}`);
    }
    return { op, request } as DecodedRequest;
  }
  const reqEl = payload.children.find((c) => c.name === 'req' && known.has(c.ns));
  if (!reqEl) throw new PayloadError(`${op}: the req element is missing`);
  return { op, request: readRecord(reqEl, spec.req, known, `${op}/req`) } as DecodedRequest;
}
