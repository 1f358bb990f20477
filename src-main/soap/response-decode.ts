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
import { withSecrets } from './secret-set';
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
  /** Every ticket the response's header handed out, repeated blocks too: secrets of this call from now on. */
  issued?: readonly string[];
}

// The tickets a response's header handed out, by the error it was read as: the network log scrubs them too.
const issuedBy = new WeakMap<object, readonly string[]>();

/** The tickets the header of the response `err` was read from handed out (none when it had no header). */
export function ticketsIssuedWith(err: unknown): readonly string[] {
  return (typeof err === 'object' && err !== null && issuedBy.get(err)) || [];
}

/** Records the tickets the response of `err` handed out (the decode pool, for an error revived from a worker). */
export function noteTicketsIssued(err: unknown, tickets: readonly string[] | undefined): void {
  if (typeof err === 'object' && err !== null && tickets && tickets.length > 0) issuedBy.set(err, tickets);
}

export function decodeOperationResponse<N extends OperationName>(
  req: ResponseDecodeRequest<N>,
): DecodedResponse<N> {
  const { op } = req;
  // A fault wins over the HTTP status; HTML, empty or mistyped bodies get their own typed errors. The tickets the
  // response's own header hands out are scrubbed from all of it with the ones known before the call: a server
  // may echo a ticket in the very response that issues it.
  const r = classifyHttpResponse(req.status, req.contentType, req.body, {
    secrets: req.secrets,
    limits: req.limits,
    securityNs: nsUri('security', req.ns),
  });
  if (!r.ok) {
    noteTicketsIssued(r.error, r.issued);
    throw r.error;
  }
  const { envelope } = r;
  return withSecrets(req.secrets, r.issued, (secrets) => {
    try {
      if (!envelope.payload)
        throw new BadEnvelopeError(`The response Body is empty; expected ${op}Response`, { secrets });
      const data = decodeResponse(op, envelope.payload, req.ns, secrets);
      // A repeated EncryptedTicket leaves none: the client keeps the ticket it holds rather than guess.
      const { encryptedTicket } = readSecurityHeader(envelope.header, nsUri('security', req.ns));
      const out: DecodedResponse<N> = encryptedTicket === undefined ? { data } : { data, encryptedTicket };
      if (r.issued.length > 0) out.issued = r.issued;
      return out;
    } catch (err) {
      noteTicketsIssued(err, r.issued);
      throw err;
    }
  });
}
