// The schemas embedded in the WSDL are real XML Schema (a standard validator compiles them), and every answer the
// sandbox gives validates against them: the WSDL describes what is actually sent.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { create } from 'xmlbuilder2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../../src-main/sandbox/server';
import { OPERATION_NAMES, OPERATIONS, extractSchemas, operationNs } from '../../../src-main/schema';
import type { OperationName, ServiceName } from '../../../src-main/schema';
import { call, sampleRequests, startTestSandbox, VERSIONS } from './support';

const xmllint = spawnSync('xmllint', ['--version'], { encoding: 'utf8' });
const HAVE_XMLLINT = !xmllint.error && xmllint.status === 0;
if (!HAVE_XMLLINT)
  console.log(
    'xsd-validation: skipped, xmllint is not installed (Debian/Ubuntu: apt-get install libxml2-utils).',
  );

let sb: RunningSandbox;
let dir: string;
const schemaFile: Partial<Record<ServiceName, string>> = {};

beforeAll(async () => {
  sb = await startTestSandbox();
  dir = mkdtempSync(join(tmpdir(), 'sandbox-xsd-'));
  for (const service of ['market', 'suggest'] as const) {
    for (const s of extractSchemas(service, sb.ns)) {
      writeFileSync(join(dir, s.file), s.xsd);
      // The operation elements live in the operation namespace's schema, which imports the others.
      if (s.namespace === operationNs(service, sb.ns)) schemaFile[service] = join(dir, s.file);
    }
  }
});
afterAll(async () => {
  await sb.close();
  rmSync(dir, { recursive: true, force: true });
});

function lint(schema: string, doc: string): { ok: boolean; output: string } {
  const r = spawnSync('xmllint', ['--noout', '--nonet', '--schema', schema, doc], { encoding: 'utf8' });
  return { ok: r.status === 0, output: `${r.stdout}${r.stderr}` };
}

/** The element inside soap:Body as a document of its own, with the namespace declarations it needs. */
function payloadDocument(envelope: string): string {
  const doc = create(envelope);
  const body = doc.root().find((n) => n.node.nodeName.endsWith(':Body'), false, true);
  const payload = body?.first();
  if (!payload) throw new Error('no payload in the answer');
  return create({ version: '1.0', encoding: 'utf-8' }).import(payload).end();
}

describe.skipIf(!HAVE_XMLLINT)('the WSDL schemas', () => {
  it.each(['market', 'suggest'] as const)('of the %s service compile with xmllint', (service) => {
    for (const s of extractSchemas(service, sb.ns)) {
      // An empty document still makes xmllint compile the schema first; a broken schema fails with status 5.
      const probe = join(dir, `${s.file}.probe.xml`);
      writeFileSync(probe, '<probe xmlns="urn:nothing"/>');
      const r = lint(join(dir, s.file), probe);
      expect(r.output).not.toMatch(/failed to compile|Schemas parser error/);
      expect(r.output).toMatch(/fails to validate|No matching global declaration/);
    }
  });

  it('xmllint really checks: a tampered answer is refused', async () => {
    const reply = await call(sb, 'BuyerNoteList', sampleRequests(sb).BuyerNoteList, '1.1');
    const tampered = payloadDocument(reply.text).replace(/ReplyStatus="[A-Za-z]+"/, 'ReplyStatus="Maybe"');
    const file = join(dir, 'tampered.xml');
    writeFileSync(file, tampered);
    const r = lint(schemaFile.market!, file);
    expect(r.ok).toBe(false);
    expect(r.output).toContain("'Maybe' is not an element of the set");
  });
});

describe.skipIf(!HAVE_XMLLINT).each(VERSIONS)('every answer over SOAP %s', (version) => {
  it.each(OPERATION_NAMES)('%s validates against the WSDL schemas', async (op: OperationName) => {
    const reply = await call(sb, op, sampleRequests(sb)[op] as never, version);
    expect(reply.status, reply.text).toBe(200);
    const payload = payloadDocument(reply.text);
    expect(payload).toContain(`${op}Result`);
    const file = join(dir, `${op}-${version}.xml`);
    writeFileSync(file, payload);
    const r = lint(schemaFile[OPERATIONS[op].service]!, file);
    expect(r.output).toContain('validates');
    expect(r.ok, r.output).toBe(true);
  });
});
