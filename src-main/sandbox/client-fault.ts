// What the sandbox answers with a Client/Sender fault: its own precise refusals, and the errors of reading a
// request that are the caller's doing.
import {
  BadEnvelopeError,
  SoapError,
  SoapFaultError,
  XmlEncodingError,
  XmlMalformedError,
  XmlSecurityError,
} from '../soap/errors';
import { ValueError } from '../schema/scalar';
import { PayloadError } from './request-read';

/** A Client/Sender fault carrying a precise reason. */
export class ClientFault extends Error {
  constructor(
    readonly reason: string,
    readonly subcode?: string,
  ) {
    super(reason);
  }
}

/**
 * The errors of reading a request that are the caller's doing, as a precise Client/Sender reason. The SOAP
 * layer's own messages speak to a seller about a marketplace response, so the reason is built from the detail.
 */
export function clientFaultOf(err: unknown): { reason: string; subcode?: string } | undefined {
  if (err instanceof ClientFault) return { reason: err.reason, subcode: err.subcode };
  if (err instanceof PayloadError || err instanceof ValueError) return { reason: err.message };
  if (err instanceof XmlMalformedError || err instanceof XmlEncodingError) {
    return { reason: `The request is not well-formed XML: ${err.detail ?? err.message}` };
  }
  if (err instanceof XmlSecurityError)
    return {
      reason: `The request is refused (${err.kind}): DTDs, entities and oversized or deeply nested documents are not accepted.`,
    };
  if (err instanceof BadEnvelopeError)
    return { reason: `The request is not a SOAP envelope: ${err.detail ?? err.message}` };
  if (err instanceof SoapFaultError) return { reason: 'A request cannot carry a SOAP Fault in its Body.' };
  if (err instanceof SoapError && err.deskCode === 'BAD_RESPONSE')
    return { reason: err.detail ?? err.message };
  return undefined;
}
