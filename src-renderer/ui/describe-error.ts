// One vocabulary for every failure the host can report: a headline in the seller's language that names the
// cause and the next step, the marketplace's own reason beneath it when it gave one, and technical detail on
// demand. Nothing here parses the host's English sentence.
import type { DeskError, ErrorCause, ErrorCode } from '../../src-main/contract';
import { DeskCallError } from '../api/desk';
import type { MessageKey } from '../i18n/messages';
import type { Lang, Translate } from '../i18n/translator';

export interface ErrorParts {
  code: ErrorCode | undefined;
  /** Cause — next step, in the UI's language. */
  headline: string;
  /** Where the app was trying to go, when that is the point (an unreachable host). */
  where?: string;
  /** The marketplace's words, verbatim (tickets already redacted by the host). */
  reason?: string;
  /** Code and technical detail, for Details and for support. */
  detail: string;
  /** Two failures with the same identity are one failure, shown once. */
  identity: string;
}

/** The codes a finer cause refines; a cause under another code is ignored rather than misworded. */
const CAUSE_OF_CODE: Record<ErrorCause, ErrorCode> = {
  'server-fault': 'SOAP_FAULT',
  'unknown-seller': 'SOAP_FAULT',
  'missing-tickets': 'AUTH_FAILED',
  damaged: 'BAD_RESPONSE',
  encoding: 'BAD_RESPONSE',
  'not-soap': 'BAD_RESPONSE',
  'unexpected-shape': 'BAD_RESPONSE',
  unsafe: 'BAD_RESPONSE',
  'too-large': 'BAD_RESPONSE',
  refused: 'NETWORK',
  reset: 'NETWORK',
  dns: 'NETWORK',
  unreachable: 'NETWORK',
  certificate: 'NETWORK',
  'team-unreachable': 'NETWORK',
};

function httpHeadline(status: number): MessageKey {
  if (status === 429) return 'error.http.limit';
  if (status === 401 || status === 403) return 'error.http.auth';
  if (status === 404 || status === 405) return 'error.http.address';
  if (status >= 500) return 'error.http.server';
  return 'error.http.other';
}

function headline(e: Pick<DeskError, 'code' | 'facts'>, t: Translate): string {
  const facts = e.facts ?? {};
  if (e.code === 'HTTP_ERROR' && facts.httpStatus !== undefined) {
    return t(httpHeadline(facts.httpStatus), { status: facts.httpStatus });
  }
  if (e.code === 'TIMEOUT' && facts.timeoutMs !== undefined) {
    return t('error.timeout.seconds', { seconds: Math.round(facts.timeoutMs / 100) / 10 });
  }
  if (facts.cause !== undefined && CAUSE_OF_CODE[facts.cause] === e.code) {
    return t(`error.cause.${facts.cause}`);
  }
  return t(`error.code.${e.code}`);
}

/** A failure as it crossed IPC (a call's envelope, a connection check, a network log entry). */
export function describeDeskError(
  e: Pick<DeskError, 'code' | 'message' | 'detail' | 'reason' | 'facts'>,
  t: Translate,
  lang: Lang,
): ErrorParts {
  const host = e.code === 'NETWORK' ? e.facts?.host : undefined;
  // The host's English sentence adds nothing to a localized headline; it stays for English readers and
  // whenever there is no other detail.
  const technical = lang === 'en' || !e.detail ? [e.message, e.detail] : [e.detail];
  return {
    code: e.code,
    headline: headline(e, t),
    where: host ? t('error.where', { host }) : undefined,
    reason: e.reason || undefined,
    detail: [e.code, ...technical].filter(Boolean).join(' — '),
    identity: [e.code, e.facts?.cause, e.facts?.httpStatus, host, e.reason].join('|'),
  };
}

export function describeError(err: unknown, t: Translate, lang: Lang): ErrorParts {
  if (err instanceof DeskCallError) return describeDeskError(err.toDeskError(), t, lang);
  const detail = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  return { code: undefined, headline: t('error.unexpected'), detail, identity: `unexpected|${detail}` };
}

/** A network log entry's failure, worded like a call's. */
export function describeExchangeError(
  error: { code: string; message: string; reason?: string; facts?: DeskError['facts'] },
  t: Translate,
  lang: Lang,
): ErrorParts {
  return describeDeskError({ ...error, code: isErrorCode(error.code) ? error.code : 'INTERNAL' }, t, lang);
}

/** The short label of a code, for badges in dense tables ("요청 한도", "연결 실패"). */
export function shortErrorLabel(code: string, t: Translate): string {
  return isErrorCode(code) ? t(`error.short.${code}`) : code;
}

// The renderer takes only types from the contract, so the codes are named again here; as the keys of a record
// over ErrorCode, a code added to the contract fails the typecheck until it is named (and worded) here.
const KNOWN_CODES: Record<ErrorCode, true> = {
  INVALID_ARGUMENT: true,
  SOAP_FAULT: true,
  AUTH_FAILED: true,
  THROTTLED: true,
  HTTP_ERROR: true,
  TIMEOUT: true,
  NETWORK: true,
  BAD_RESPONSE: true,
  ABORTED: true,
  VAULT_LOCKED: true,
  VAULT_CORRUPT: true,
  VAULT_INSECURE: true,
  NOT_FOUND: true,
  DATA_FILE: true,
  CANCELLED: true,
  TEAM_DISK_FULL: true,
  TEAM_RESTARTED: true,
  TEAM_KEY: true,
  INTERNAL: true,
};

export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(KNOWN_CODES, code);
}
