// Envelopes for requests (the client), responses and faults (the sandbox), and the operation-level
// decoders on either side. Everything derives from schema/: the two sides cannot drift apart.
import { create } from 'xmlbuilder2';
import {
  OPERATIONS,
  SOAP11_ENV,
  SOAP12_ENV,
  XSI,
  decodeScalar,
  encodeScalar,
  nsUri,
  operationNs,
  soapAction,
} from '../schema';
import type { OperationName, OperationSpec, RecordName, RequestOf, ResultOf, ServiceNamespaces } from '../schema';
import { readRecord, serviceNamespaces, writeRecord } from './codec';
import type { RecordMemo } from './codec';
import type { XmlElement } from './xml-read';
import { markText, unmark } from './xml-text';

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
  const env = doc
    .ele(envNs, `${prefix}:Envelope`)
    .att(XMLNS, 'xmlns:xsi', XSI)
    .att(XMLNS, 'xmlns:xsd', 'http://www.w3.org/2001/XMLSchema');
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
  header.ele(secNs, name).ele(secNs, 'Value').txt(markText(value, `${name}/Value`));
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
    const xml = fillSlot(unmark(doc.end()), writeRecord(opNs, 'req', spec.req, value, opts.ns, opNs, `${op}/req`));
    return { xml, action, headers: contentTypeFor(opts.version, action) };
  }
  const action = soapAction(op, opts.ns);
  return { xml: unmark(doc.end()), action, headers: contentTypeFor(opts.version, action) };
}

/** A response envelope (the sandbox's side), with a rotated EncryptedTicket for the API service. */
export function buildResponse<N extends OperationName>(
  op: N,
  result: ResultOf<N>,
  opts: { version: SoapVersion; ns: ServiceNamespaces; encryptedTicket?: string; memo?: RecordMemo },
): string {
  const spec: OperationSpec = OPERATIONS[op];
  const { doc, env, envNs, prefix } = envelope(opts.version);
  if (spec.service === 'market' && opts.encryptedTicket !== undefined) {
    const header = env.ele(envNs, `${prefix}:Header`);
    writeSecurityHeader(header, nsUri('security', opts.ns), 'EncryptedTicket', opts.encryptedTicket);
  }
  const opNs = operationNs(spec.service, opts.ns);
  const resp = env.ele(envNs, `${prefix}:Body`).ele(opNs, `${op}Response`);
  if (result === undefined) return unmark(doc.end());
  resp.txt(SLOT);
  return fillSlot(
    unmark(doc.end()),
    writeRecord(opNs, `${op}Result`, spec.result, result as Record<string, unknown>, opts.ns, opNs, `${op}Result`, opts.memo),
  );
}

export interface FaultSpec {
  /** Client/Sender: the request is wrong. Server/Receiver: the service failed. */
  code: 'Client' | 'Server';
  reason: string;
  subcode?: string;
  detail?: string;
}

/** A SOAP fault in the request's version (1.1 faultcode/faultstring; 1.2 Code/Subcode/Reason). */
export function buildFault(version: SoapVersion, fault: FaultSpec): string {
  const { doc, env, envNs, prefix } = envelope(version);
  const f = env.ele(envNs, `${prefix}:Body`).ele(envNs, `${prefix}:Fault`);
  if (version === '1.1') {
    f.ele('faultcode').txt(`${prefix}:${fault.code}${fault.subcode ? `.${fault.subcode}` : ''}`);
    f.ele('faultstring').txt(markText(fault.reason, 'faultstring'));
    if (fault.detail !== undefined) f.ele('detail').txt(markText(fault.detail, 'detail'));
  } else {
    const code = f.ele(envNs, `${prefix}:Code`);
    code.ele(envNs, `${prefix}:Value`).txt(`${prefix}:${fault.code === 'Client' ? 'Sender' : 'Receiver'}`);
    if (fault.subcode) code.ele(envNs, `${prefix}:Subcode`).ele(envNs, `${prefix}:Value`).txt(fault.subcode);
    f.ele(envNs, `${prefix}:Reason`)
      .ele(envNs, `${prefix}:Text`)
      .att('http://www.w3.org/XML/1998/namespace', 'xml:lang', 'en')
      .txt(markText(fault.reason, 'Reason'));
    if (fault.detail !== undefined) f.ele(envNs, `${prefix}:Detail`).txt(markText(fault.detail, 'Detail'));
  }
  return unmark(doc.end());
}

/** A payload that does not match what the operation declares. */
export class PayloadError extends Error {
  readonly deskCode = 'BAD_RESPONSE';
  constructor(message: string) {
    super(message);
    this.name = 'PayloadError';
  }
}

/** Decodes `<Op>Response` into the typed result (undefined when the optional Result is absent). */
export function decodeResponse<N extends OperationName>(op: N, payload: XmlElement, ns: ServiceNamespaces): ResultOf<N> {
  const spec: OperationSpec = OPERATIONS[op];
  const opNs = operationNs(spec.service, ns);
  if (payload.name !== `${op}Response` || payload.ns !== opNs) {
    throw new PayloadError(
      `Expected ${op}Response in namespace ${opNs}, got ${payload.name} in ${payload.ns || 'no namespace'}`,
    );
  }
  const known = serviceNamespaces(ns);
  const resultEl = payload.children.find((c) => c.name === `${op}Result` && known.has(c.ns));
  if (!resultEl) return undefined as ResultOf<N>;
  return readRecord(resultEl, spec.result as RecordName, known, `${op}Result`) as ResultOf<N>;
}

export type DecodedRequest = { [N in OperationName]: { op: N; request: RequestOf<N> } }[OperationName];

/** The sandbox's side: which operation a body element names, and its typed request. */
export function decodeRequest(payload: XmlElement, service: 'suggest' | 'market', ns: ServiceNamespaces): DecodedRequest {
  const opNs = operationNs(service, ns);
  const op = payload.name as OperationName;
  const spec = (OPERATIONS as Record<string, OperationSpec>)[payload.name];
  if (!spec || spec.service !== service) {
    throw new PayloadError(`Unknown operation ${payload.name}`);
  }
  if (payload.ns !== opNs) {
    throw new PayloadError(`${payload.name} must be in namespace ${opNs}, not ${payload.ns || 'no namespace'}`);
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
