// Request envelopes (the client's side): the operation's element and its security headers, from schema/. The
// sandbox writes responses and faults with the same record codec (sandbox/response-write.ts), so the two sides
// cannot drift apart.
import { create } from 'xmlbuilder2';
import {
  OPERATIONS,
  SOAP11_ENV,
  SOAP12_ENV,
  XSD,
  XSI,
  encodeScalar,
  nsUri,
  operationNs,
  soapAction,
} from '../schema';
import type { OperationName, OperationSpec, RequestOf, ServiceNamespaces } from '../schema';
import { writeRecord } from './codec';
import type { SoapVersion } from './envelope-read';
import { markText, unmark } from './xml-text';

export type { SoapVersion } from './envelope-read';

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
