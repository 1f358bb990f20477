// The response and fault envelopes as the sandbox built them with xmlbuilder2 (a DOM, then a serializer),
// kept verbatim as the reference the string-template writer in envelope-write.ts must match byte for byte.
import { create } from 'xmlbuilder2';
import { OPERATIONS, SOAP11_ENV, SOAP12_ENV, XSI, nsUri, operationNs } from '../../src-main/schema';
import type { OperationName, OperationSpec, ResultOf, ServiceNamespaces } from '../../src-main/schema';
import { writeRecord } from '../../src-main/soap/codec';
import type { FaultSpec } from '../../src-main/sandbox/response-write';
import type { SoapVersion } from '../../src-main/soap/envelope-write';
import { markText, unmark } from '../../src-main/soap/xml-text';

const XMLNS = 'http://www.w3.org/2000/xmlns/';
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

export function referenceBuildResponse<N extends OperationName>(
  op: N,
  result: ResultOf<N>,
  opts: { version: SoapVersion; ns: ServiceNamespaces; encryptedTicket?: string },
): string {
  const spec: OperationSpec = OPERATIONS[op];
  const { doc, env, envNs, prefix } = envelope(opts.version);
  if (spec.service === 'market' && opts.encryptedTicket !== undefined) {
    const header = env.ele(envNs, `${prefix}:Header`);
    const secNs = nsUri('security', opts.ns);
    header
      .ele(secNs, 'EncryptedTicket')
      .ele(secNs, 'Value')
      .txt(markText(opts.encryptedTicket, 'EncryptedTicket/Value'));
  }
  const opNs = operationNs(spec.service, opts.ns);
  const resp = env.ele(envNs, `${prefix}:Body`).ele(opNs, `${op}Response`);
  if (result === undefined) return unmark(doc.end());
  resp.txt(SLOT);
  return fillSlot(
    unmark(doc.end()),
    writeRecord(
      opNs,
      `${op}Result`,
      spec.result,
      result as Record<string, unknown>,
      opts.ns,
      opNs,
      `${op}Result`,
    ),
  );
}

export function referenceBuildFault(version: SoapVersion, fault: FaultSpec): string {
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
