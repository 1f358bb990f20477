// An operation's response payload (`<Op>Response`) read into its typed result with the schema's record codec:
// the client's side of the decoders (the sandbox reads requests in sandbox/request-read.ts).
import { OPERATIONS, operationNs, ValueError } from '../schema';
import type { OperationName, OperationSpec, RecordName, ResultOf, ServiceNamespaces } from '../schema';
import { readRecord, serviceNamespaces } from './codec';
import { BadValueError } from './errors';
import { redactSnippet, secretScrubber } from './redact';
import type { XmlElement } from './xml-read';
import type { Secrets } from './secret-set';

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
  secrets: Secrets = [],
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
