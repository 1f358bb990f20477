// Request payloads read into the operation's typed request: the sandbox's side of the codec.
import { OPERATIONS, decodeScalar, operationNs } from '../schema';
import type { OperationName, OperationSpec, RequestOf, ServiceNamespaces } from '../schema';
import { readRecord, serviceNamespaces } from '../soap/codec';
import type { XmlElement } from '../soap/xml-read';

/** A payload that does not match what the operation declares. */
export class PayloadError extends Error {
  readonly deskCode = 'BAD_RESPONSE';
  constructor(message: string) {
    super(message);
    this.name = 'PayloadError';
  }
}

export type DecodedRequest = { [N in OperationName]: { op: N; request: RequestOf<N> } }[OperationName];

/** Which operation a body element names, and its typed request. */
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
