// classifyHttpResponse(status, contentType, body) turns a response into the envelope or the error to raise:
//   - a body holding a SOAP Fault -> SoapFaultError (SOAP_FAULT / AUTH_FAILED / THROTTLED), whatever the
//     status or content type: the fault wins;
//   - any other status outside 2xx -> HttpStatusError (status + redacted snippet);
//   - 2xx with a declared Content-Type that is not XML (text/html, text/plain, application/json…)
//     -> WrongContentTypeError;
//   - 2xx whose body does not start like XML (an HTML page, JSON, empty) -> NotXmlError;
//   - 2xx XML that fails to parse -> XmlMalformedError / XmlSecurityError / XmlEncodingError; XML that is not
//     an envelope -> BadEnvelopeError;
//   - otherwise { ok: true, root, envelope }.
// readSoapResponse() is the throwing form the client uses.
import {
  HttpStatusError,
  NotXmlError,
  SoapError,
  SoapFaultError,
  SoapInternalError,
  WrongContentTypeError,
  XmlMalformedError,
} from './errors';
import { readEnvelope } from './envelope-read';
import type { SoapEnvelope } from './envelope-read';
import { bytesToText, parseXml } from './xml-read';
import type { ParseLimits, XmlElement } from './xml-read';
import { withSecrets } from './secret-set';
import type { Secrets } from './secret-set';
import { headerTicketValues } from './security-header';

/** The body as text by its declared or sniffed encoding, or leniently as UTF-8 when that encoding is unusable. */
export function lenientText(bytes: Uint8Array, contentType: string | null): string {
  try {
    return bytesToText(bytes, contentType ?? undefined);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

const XML_MEDIA = new Set(['text/xml', 'application/xml', 'application/soap+xml']);

function mediaTypeOf(contentType: string | null | undefined): string {
  return (contentType ?? '').split(';', 1)[0]?.trim().toLowerCase() ?? '';
}

function isXmlMedia(media: string): boolean {
  return media === '' || XML_MEDIA.has(media) || media.endsWith('+xml');
}

function headOf(body: string | Uint8Array): string {
  if (typeof body === 'string') return body.slice(0, 256);
  let b = body.subarray(0, 512);
  if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) b = b.subarray(3);
  else if ((b[0] === 0xff && b[1] === 0xfe) || (b[0] === 0xfe && b[1] === 0xff))
    return new TextDecoder(b[0] === 0xff ? 'utf-16le' : 'utf-16be').decode(b.subarray(2, b.length & ~1));
  else if (b[0] === 0x3c && b[1] === 0)
    return new TextDecoder('utf-16le').decode(b.subarray(0, b.length & ~1));
  else if (b[0] === 0 && b[1] === 0x3c)
    return new TextDecoder('utf-16be').decode(b.subarray(0, b.length & ~1));
  return Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('latin1');
}

/** Whether the body starts like an XML document, and not like an HTML page. */
function xmlShape(body: string | Uint8Array): 'xml' | 'html' | 'empty' | 'other' {
  const head = headOf(body)
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (head === '') return 'empty';
  if (/^<(?:!doctype\s+html|html[\s>]|head[\s>]|body[\s>])/i.test(head)) return 'html';
  return head.startsWith('<') ? 'xml' : 'other';
}

function snippetText(body: string | Uint8Array, contentType: string | null | undefined): string {
  if (typeof body === 'string') return body.slice(0, 2000);
  return lenientText(body.subarray(0, 2000), contentType ?? null);
}

export type ClassifiedResponse =
  | { ok: true; root: XmlElement; envelope: SoapEnvelope; issued: string[] }
  | { ok: false; error: SoapError; issued: string[] };

export interface ClassifyOptions {
  /** Tickets in use, scrubbed from any text that ends up in an error. */
  secrets?: Secrets;
  limits?: ParseLimits;
  /**
   * The Security namespace: the tickets the response's own header hands out are scrubbed too, from a fault it
   * carries and any other error read from it, and are returned as `issued` for the caller to scrub with.
   */
  securityNs?: string;
}

/** See the file comment for the rules. Never throws, whatever the response; returns the error to raise. */
export function classifyHttpResponse(
  status: number,
  contentType: string | null | undefined,
  body: string | Uint8Array,
  opts: ClassifyOptions = {},
): ClassifiedResponse {
  const issued: string[] = [];
  try {
    return classify(status, contentType, body, opts, issued);
  } catch (err) {
    return { ok: false, error: unexpected(err), issued };
  }
}

/** What a throw from reading a response means: a RangeError is a response too large to hold, else a bug. */
function unexpected(err: unknown): SoapError {
  if (err instanceof SoapError) return err;
  if (err instanceof RangeError)
    return new XmlMalformedError('The response is too large or too deeply built to read', { cause: err });
  return new SoapInternalError(
    `Reading the response failed: ${err instanceof Error ? err.name : typeof err}`,
    {
      cause: err,
    },
  );
}

function classify(
  status: number,
  contentType: string | null | undefined,
  body: string | Uint8Array,
  opts: ClassifyOptions,
  issued: string[],
): ClassifiedResponse {
  const secrets = opts.secrets ?? [];
  let root: XmlElement | undefined;
  let parseError: SoapError | undefined;
  if (xmlShape(body) === 'xml') {
    try {
      root = parseXml(body, { ...opts.limits, contentType: contentType ?? undefined, secrets });
      if (opts.securityNs !== undefined) issued.push(...headerTicketValues(root, opts.securityNs));
    } catch (err) {
      parseError = unexpected(err);
    }
  }
  const r = withSecrets(secrets, issued, (s) => judge(status, contentType, body, root, parseError, s));
  return { ...r, issued };
}

/** The response's envelope or error, once its XML is parsed (or failed to be): see the file comment. */
function judge(
  status: number,
  contentType: string | null | undefined,
  body: string | Uint8Array,
  root: XmlElement | undefined,
  parseError: SoapError | undefined,
  secrets: Secrets,
): { ok: true; root: XmlElement; envelope: SoapEnvelope } | { ok: false; error: SoapError } {
  const media = mediaTypeOf(contentType);
  const shape = xmlShape(body);
  let parsed: { root: XmlElement; envelope: SoapEnvelope } | undefined;
  if (root) {
    try {
      parsed = { root, envelope: readEnvelope(root, { secrets }) };
    } catch (err) {
      if (err instanceof SoapFaultError) return { ok: false, error: err };
      parseError = unexpected(err);
    }
  }
  if (status < 200 || status > 299) {
    return { ok: false, error: new HttpStatusError(status, snippetText(body, contentType), secrets) };
  }
  if (!isXmlMedia(media)) return { ok: false, error: new WrongContentTypeError(media, { secrets }) };
  if (shape !== 'xml') {
    const what =
      shape === 'html' ? 'an HTML page' : shape === 'empty' ? 'an empty body' : 'a body that is not XML';
    const snippet = snippetText(body, contentType);
    return { ok: false, error: new NotXmlError(`HTTP ${status} with ${what}: ${snippet}`, { secrets }) };
  }
  if (parseError) return { ok: false, error: parseError };
  if (!parsed) return { ok: false, error: new SoapInternalError('Response neither parsed nor failed') };
  return { ok: true, ...parsed };
}

/** The throwing form: the envelope of a good response, or the typed error of a bad one. */
export function readSoapResponse(
  res: { status: number; headers: Headers; bodyBytes: Uint8Array },
  opts: ClassifyOptions = {},
): { root: XmlElement; envelope: SoapEnvelope } {
  const r = classifyHttpResponse(res.status, res.headers.get('content-type'), res.bodyBytes, opts);
  if (!r.ok) throw r.error;
  return { root: r.root, envelope: r.envelope };
}
