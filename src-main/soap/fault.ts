// SOAP faults of both versions read into one shape, and their classification into the desk codes
// SOAP_FAULT / AUTH_FAILED / THROTTLED. Lenient on purpose about what real peers send (unprefixed or
// non-QName codes, dotted 1.1 codes, empty Role, Reason/Text without xml:lang or in several languages,
// a 1.1 fault answering a 1.2 request): a fault is always the better error to show than "bad response".
import { SOAP11_ENV, SOAP12_ENV } from '../schema/namespaces';
import { SoapFaultError } from './errors';
import type { FaultClass } from './errors';
import { XML_NS, parseXml } from './xml-read';
import type { XmlElement } from './xml-read';
import type { Secrets } from './secret-set';

export interface SoapFault {
  soapVersion: '1.1' | '1.2';
  /** Local part of the top-level code: Client/Server/VersionMismatch/MustUnderstand (1.1), Sender/Receiver… (1.2). */
  code: string;
  /** The code exactly as sent (e.g. `soap:Client.Authentication`). */
  codeQName: string;
  /** 1.2 Subcode values outermost first, or the dotted parts after a 1.1 code; local parts. */
  subcodes: string[];
  /** faultstring (1.1) or the chosen Reason/Text (1.2): English when offered, else the first; trimmed. */
  reason: string;
  /** faultactor (1.1) or Role (1.2); absent when empty. */
  role?: string;
  /** Node (1.2). */
  node?: string;
  /** All text inside detail/Detail, whitespace-normalized. */
  detail?: string;
  detailXml?: XmlElement;
}

function isEnvNs(ns: string): boolean {
  return ns === SOAP11_ENV || ns === SOAP12_ENV;
}

function allText(el: XmlElement): string {
  let out = el.text;
  for (const c of el.children) out += ` ${allText(c)}`;
  return out;
}

function normalizeSpace(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

/** The local part of a QName-ish value: `soap:Client` -> Client; a value with spaces is kept whole. */
function localPart(value: string): string {
  const v = value.trim();
  if (/\s/.test(v)) return v;
  const colon = v.lastIndexOf(':');
  return colon === -1 ? v : v.slice(colon + 1);
}

// Fault children are unqualified in 1.1 and in the envelope namespace in 1.2; peers mix both, so a child
// matches by local name when it is unqualified or in either envelope namespace.
function child(el: XmlElement, ...names: string[]): XmlElement | undefined {
  return el.children.find((c) => names.includes(c.name) && (c.ns === '' || isEnvNs(c.ns)));
}

function childrenNamed(el: XmlElement, name: string): XmlElement[] {
  return el.children.filter((c) => c.name === name && (c.ns === '' || isEnvNs(c.ns)));
}

function nonEmpty(s: string | undefined): string | undefined {
  const t = s?.trim();
  return t ? t : undefined;
}

function pickReason(reasonEl: XmlElement | undefined): string {
  if (!reasonEl) return '';
  const texts = childrenNamed(reasonEl, 'Text');
  if (texts.length === 0) return normalizeSpace(allText(reasonEl));
  const lang = (t: XmlElement) => (t.qattrs[`{${XML_NS}}lang`] ?? '').toLowerCase();
  const chosen =
    texts.find((t) => lang(t) === 'en' || lang(t).startsWith('en-')) ??
    texts.find((t) => lang(t) === '') ??
    texts[0];
  return chosen ? chosen.text.trim() : '';
}

function withDetail(fault: SoapFault, detailEl: XmlElement | undefined): SoapFault {
  if (!detailEl) return fault;
  fault.detailXml = detailEl;
  const text = normalizeSpace(allText(detailEl));
  if (text) fault.detail = text;
  return fault;
}

function parse11(el: XmlElement): SoapFault {
  const codeQName = (child(el, 'faultcode')?.text ?? '').trim();
  // 1.1 allows dotted refinement of the code: Client.Authentication.
  const [code = '', ...subcodes] = localPart(codeQName).split('.');
  const fault: SoapFault = {
    soapVersion: '1.1',
    code,
    codeQName,
    subcodes: subcodes.filter((s) => s.length > 0),
    reason: (child(el, 'faultstring')?.text ?? '').trim(),
  };
  const role = nonEmpty(child(el, 'faultactor')?.text);
  if (role) fault.role = role;
  return withDetail(fault, child(el, 'detail', 'Detail'));
}

function parse12(el: XmlElement): SoapFault {
  const codeEl = child(el, 'Code');
  const codeQName = (codeEl && child(codeEl, 'Value')?.text.trim()) ?? '';
  const subcodes: string[] = [];
  // Subcodes nest; a hostile depth is already bounded by the parser's depth cap.
  for (let sub = codeEl && child(codeEl, 'Subcode'); sub; sub = child(sub, 'Subcode')) {
    const v = child(sub, 'Value')?.text.trim();
    if (v) subcodes.push(localPart(v));
  }
  const fault: SoapFault = {
    soapVersion: '1.2',
    code: localPart(codeQName),
    codeQName,
    subcodes,
    reason: pickReason(child(el, 'Reason')),
  };
  const role = nonEmpty(child(el, 'Role')?.text);
  if (role) fault.role = role;
  const node = nonEmpty(child(el, 'Node')?.text);
  if (node) fault.node = node;
  return withDetail(fault, child(el, 'Detail', 'detail'));
}

export function isFaultElement(el: XmlElement): boolean {
  return el.name === 'Fault' && isEnvNs(el.ns);
}

/**
 * Reads a Fault element of either version. The version follows the Fault's namespace, except that a fault whose
 * children are clearly the other version's (faultcode vs Code) is read as that version.
 */
export function parseFault(el: XmlElement): SoapFault {
  const has11 = child(el, 'faultcode', 'faultstring') !== undefined;
  const has12 = child(el, 'Code', 'Reason') !== undefined;
  if (has11 && !has12) return parse11(el);
  if (has12 && !has11) return parse12(el);
  return el.ns === SOAP12_ENV ? parse12(el) : parse11(el);
}

const THROTTLE_TEXT = /throttl|too many requests|요청이 너무 많/i;
// "auth" but not "author"/"authority" (yet "authorization"/"authorize" count); "ticket" but not the suggest
// service's ticket keywords (concert tickets, as in GetTicketKeywordByKeywordHint).
const AUTH_TEXT = /ticket(?!\s*keyword)|auth(?!or(?!i[sz]))|인증/i;

/** The marketplace's throttling fault: code or subcode `Throttled`, or a reason saying so. */
export function isThrottleFault(f: Pick<SoapFault, 'code' | 'subcodes' | 'reason'>): boolean {
  if (f.code.toLowerCase() === 'throttled') return true;
  if (f.subcodes.some((s) => s.toLowerCase() === 'throttled')) return true;
  return THROTTLE_TEXT.test(f.reason);
}

/** A rejected ticket or failed authentication, by reason or subcode (English or Korean). */
export function isAuthFault(f: Pick<SoapFault, 'code' | 'subcodes' | 'reason'>): boolean {
  return AUTH_TEXT.test(f.reason) || f.subcodes.some((s) => AUTH_TEXT.test(s)) || AUTH_TEXT.test(f.code);
}

/** Throttling wins over authentication: "too many login attempts" is a wait, not a bad ticket. */
export function classifyFault(f: Pick<SoapFault, 'code' | 'subcodes' | 'reason'>): FaultClass {
  if (isThrottleFault(f)) return 'THROTTLED';
  if (isAuthFault(f)) return 'AUTH_FAILED';
  return 'SOAP_FAULT';
}

export function faultError(f: SoapFault, secrets: Secrets = []): SoapFaultError<SoapFault> {
  return new SoapFaultError(f, classifyFault(f), secrets);
}

const THROTTLE_BODY_MAX = 64 * 1024;

/**
 * For the client's loop (retry.ts resendResponse): whether a raw response body is the throttling fault. A cheap text
 * test first, so ordinary responses are never parsed twice; any parse failure means "no".
 */
export function isThrottleResponse(_status: number, bodyText: string): boolean {
  // A throttling fault is a few hundred bytes; a large body is never one, and is not parsed twice to find out.
  if (bodyText.length > THROTTLE_BODY_MAX) return false;
  if (!/throttl|too many requests|요청이 너무 많/i.test(bodyText) || !/Fault/.test(bodyText)) return false;
  try {
    const root = parseXml(bodyText);
    const body = root.children.find((c) => c.name === 'Body' && isEnvNs(c.ns));
    const payload = body?.children[0];
    return payload !== undefined && isFaultElement(payload) && isThrottleFault(parseFault(payload));
  } catch {
    return false;
  }
}

/**
 * The same test on a response whose text is decoded only when read: a body of more than three bytes per allowed
 * character cannot decode to a throttling fault's few hundred characters (UTF-8 spends at most three bytes on a
 * UTF-16 unit, UTF-16 and EUC-KR two), so an ordinary page of notes is not decoded to text at all.
 */
export function isThrottleBody(status: number, body: { bodyBytes: Uint8Array; bodyText: string }): boolean {
  if (body.bodyBytes.byteLength > 3 * THROTTLE_BODY_MAX) return false;
  return isThrottleResponse(status, body.bodyText);
}
