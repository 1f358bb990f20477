// Response envelopes and faults: the sandbox's side, written with the record codec the client reads with.
import { OPERATIONS, SOAP11_ENV, SOAP12_ENV, XSD, XSI, encodeScalar, nsUri, operationNs } from '../schema';
import type { OperationName, OperationSpec, RecordName, ResultOf, ServiceNamespaces } from '../schema';
import { escAttr, escText, planOf, writeAttrs, writeRecord } from '../soap/codec';
import type { RecordMemo } from '../soap/codec';
import type { SoapVersion } from '../soap/envelope-read';
import { assertXmlChars } from '../soap/xml-text';

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
