// One operation's response, from the bytes on the wire to the typed result and the EncryptedTicket it hands
// back: classification (faults, HTTP errors, non-XML bodies), the XML reader, the envelope and the schema
// decoders. Pure and synchronous, so it runs the same on the main thread (small bodies) and in the decode worker
// (the rest); every error it throws is a typed SoapError, redacted with `secrets`.
import { nsUri } from '../schema';
import type { OperationName, ResultOf, ServiceNamespaces } from '../schema';
import { decodeResponse } from './result-read';
import { readSecurityHeader } from './security-header';
import { BadEnvelopeError } from './errors';
import { classifyHttpResponse } from './response-classify';
import type { ParseLimits } from './xml-read';
import type { Secrets } from './secret-set';

export interface ResponseDecodeRequest<N extends OperationName = OperationName> {
  op: N;
  status: number;
  contentType: string | null;
  body: Uint8Array;
  ns: ServiceNamespaces;
  /** The tickets in use, scrubbed from every error. */
  secrets: Secrets;
  limits?: ParseLimits;
}

export interface DecodedResponse<N extends OperationName = OperationName> {
  data: ResultOf<N>;
  /** The EncryptedTicket of the response's security header, when it has one. */
  encryptedTicket?: string;
}

export function decodeOperationResponse<N extends OperationName>(
  req: ResponseDecodeRequest<N>,
): DecodedResponse<N> {
  const { op, secrets } = req;
  // A fault wins over the HTTP status; HTML, empty or mistyped bodies get their own typed errors.
  const r = classifyHttpResponse(req.status, req.contentType, req.body, { secrets, limits: req.limits });
  if (!r.ok) throw r.error;
  const { envelope } = r;
  if (!envelope.payload)
    throw new BadEnvelopeError(`The response Body is empty; expected ${op}Response`, { secrets });
  const data = decodeResponse(op, envelope.payload, req.ns, secrets);
  // A repeated EncryptedTicket leaves none: the client keeps the ticket it holds rather than guess.
  const { encryptedTicket } = readSecurityHeader(envelope.header, nsUri('security', req.ns));
  return encryptedTicket === undefined ? { data } : { data, encryptedTicket };
}
