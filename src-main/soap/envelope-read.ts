// Reading a SOAP envelope out of the element tree, by namespace URI (never by prefix). Its Security header is
// read by security-header.ts.
import { SOAP11_ENV, SOAP12_ENV } from '../schema/namespaces';
import { BadEnvelopeError } from './errors';
import { redactSnippet } from './redact';
import { faultError, isFaultElement, parseFault } from './fault';
import type { XmlElement } from './xml-read';
import type { Secrets } from './secret-set';

export type SoapVersion = '1.1' | '1.2';

export interface SoapEnvelope {
  version: SoapVersion;
  header?: XmlElement;
  body: XmlElement;
  /** The first element child of Body; absent for an empty Body. */
  payload?: XmlElement;
}

export interface ReadEnvelopeOptions {
  /** Tickets in use, scrubbed from the fault's reason and detail should the marketplace echo them. */
  secrets?: Secrets;
}

// Server names, cut short and redacted together (so a cut through a ticket still hides it).
function describe(el: XmlElement, secrets: Secrets | undefined): string {
  const name = redactSnippet(el.name, secrets, 100);
  return el.ns ? `{${redactSnippet(el.ns, secrets, 200)}}${name}` : name;
}

/**
 * Splits an envelope into header, body and payload. A Fault payload (either version, in either envelope, since
 * peers answer a 1.2 request with a 1.1 fault) is thrown as a SoapFaultError classified by fault.ts.
 */
export function readEnvelope(root: XmlElement, opts: ReadEnvelopeOptions = {}): SoapEnvelope {
  const envNs = root.ns;
  if (root.name !== 'Envelope' || (envNs !== SOAP11_ENV && envNs !== SOAP12_ENV)) {
    throw new BadEnvelopeError(
      `The document element is ${describe(root, opts.secrets)}, not a SOAP Envelope`,
      {
        secrets: opts.secrets,
      },
    );
  }
  const version: SoapVersion = envNs === SOAP12_ENV ? '1.2' : '1.1';
  let header: XmlElement | undefined;
  let body: XmlElement | undefined;
  for (const c of root.children) {
    if (c.ns !== envNs) {
      // SOAP 1.1 allows trailing elements after Body; none of them matter to us.
      if (version === '1.1' && body) continue;
      throw new BadEnvelopeError(`Unexpected ${describe(c, opts.secrets)} in the Envelope`, {
        secrets: opts.secrets,
      });
    }
    if (c.name === 'Header' && !header && !body) header = c;
    else if (c.name === 'Body' && !body) body = c;
    else
      throw new BadEnvelopeError(`Unexpected or repeated ${describe(c, opts.secrets)} in the Envelope`, {
        secrets: opts.secrets,
      });
  }
  if (!body) throw new BadEnvelopeError('The Envelope has no Body');
  const payload = body.children[0];
  if (payload && isFaultElement(payload)) throw faultError(parseFault(payload), opts.secrets);
  const env: SoapEnvelope = { version, body };
  if (header) env.header = header;
  if (payload) env.payload = payload;
  return env;
}
