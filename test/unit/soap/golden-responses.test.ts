// Golden response and fault envelopes (the sandbox's side) for all 14 operations in both SOAP versions. The
// files were written by the xmlbuilder2 serializer the sandbox used before its string-template writer; the
// writer must keep producing them byte for byte. Regenerate deliberately with UPDATE_GOLDEN=1 and review the diff.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_NAMESPACES, OPERATIONS, OPERATION_NAMES } from '../../../src-main/schema';
import type { OperationName } from '../../../src-main/schema';
import { buildFault, buildResponse } from '../../../src-main/sandbox/response-write';
import { decodeResponse } from '../../../src-main/soap/result-read';
import type { FaultSpec } from '../../../src-main/sandbox/response-write';
import type { SoapVersion } from '../../../src-main/soap/envelope-write';
import { readEnvelope } from '../../../src-main/soap/envelope-read';
import { SoapFaultError } from '../../../src-main/soap/errors';
import { parseXml } from '../../../src-main/soap/xml-read';
import { SAMPLE_RESULTS } from '../../fixtures/sample-results';

const DIR = 'test/fixtures/golden/responses';
// A real ticket is base64url; this one also carries what must be escaped in element text.
const TICKET = 'sbx-enc-1z-Ab_9 & <x> "q" \r\n\t';

function golden(file: string, actual: string) {
  const path = `${DIR}/${file}`;
  if (process.env['UPDATE_GOLDEN'] === '1') {
    mkdirSync(DIR, { recursive: true });
    writeFileSync(path, actual);
  } else if (!existsSync(path)) throw new Error(`missing golden file ${path}`);
  expect(actual).toBe(readFileSync(path, 'utf8'));
}

const tag = (v: SoapVersion) => `soap${v.replace('.', '')}`;

describe.each(['1.1', '1.2'] as const)('golden response envelopes, SOAP %s', (version) => {
  it.each(OPERATION_NAMES)('%s', (op: OperationName) => {
    const xml = buildResponse(op, SAMPLE_RESULTS[op] as never, {
      version,
      ns: DEFAULT_NAMESPACES,
      encryptedTicket: TICKET,
    });
    golden(`${op}.${tag(version)}.xml`, xml);

    // Independent of the file: the envelope reads back to the same result and ticket.
    const env = readEnvelope(parseXml(xml));
    expect(env.version).toBe(version);
    expect(decodeResponse(op, env.payload!, DEFAULT_NAMESPACES)).toEqual(SAMPLE_RESULTS[op]);
    const ticket = env.header?.children.find((h) => h.name === 'EncryptedTicket')?.children[0]?.text;
    expect(ticket).toBe(OPERATIONS[op].service === 'market' ? TICKET : undefined);
  });

  it('an absent result and no ticket', () => {
    golden(
      `BuyerNoteList.empty.${tag(version)}.xml`,
      buildResponse('BuyerNoteList', undefined, { version, ns: DEFAULT_NAMESPACES }),
    );
  });
});

const FAULTS: Record<string, FaultSpec> = {
  client: { code: 'Client', subcode: 'EncryptedTicketExpired', reason: 'The EncryptedTicket has expired.' },
  server: {
    code: 'Server',
    reason: 'Internal sandbox error: a & b < c > d "e" \'f\'\r\n\t한글 😀',
    detail: 'detail & <x>\r',
  },
};

describe.each(['1.1', '1.2'] as const)('golden fault envelopes, SOAP %s', (version) => {
  it.each(Object.keys(FAULTS))('%s', (name) => {
    const fault = FAULTS[name]!;
    const xml = buildFault(version, fault);
    golden(`fault-${name}.${tag(version)}.xml`, xml);
    // Independent of the file: the fault reads back with its code, subcode and reason.
    let caught: unknown;
    try {
      readEnvelope(parseXml(xml));
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(SoapFaultError);
    const read = (caught as SoapFaultError).fault;
    expect(read.reason).toBe(fault.reason.trim());
    expect(read.subcodes).toEqual(fault.subcode ? [fault.subcode] : []);
  });
});
