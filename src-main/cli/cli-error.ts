// How a failure leaves the command line: one exit code per class, so scripts can tell a typo from a refusal
// by the marketplace from a network that is down.

/** The invocation itself is wrong: a flag, a value, a missing setting. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export const EXIT = { ok: 0, other: 1, usage: 2, fault: 3, transport: 4 } as const;

const FAULT_CODES = new Set(['SOAP_FAULT', 'AUTH_FAILED', 'THROTTLED']);
const TRANSPORT_CODES = new Set(['NETWORK', 'TIMEOUT', 'HTTP_ERROR', 'BAD_RESPONSE', 'ABORTED']);

export function exitCodeFor(err: unknown): number {
  if (err instanceof UsageError) return EXIT.usage;
  const code = (err as { deskCode?: unknown } | null)?.deskCode;
  if (typeof code === 'string' && FAULT_CODES.has(code)) return EXIT.fault;
  if (typeof code === 'string' && TRANSPORT_CODES.has(code)) return EXIT.transport;
  if ((err as { name?: unknown } | null)?.name === 'AbortError') return EXIT.transport;
  return EXIT.other;
}

/** One line for stderr: the sentence, then the technical detail in brackets when there is one. */
export function errorLine(err: unknown): string {
  const e = err as { message?: unknown; detail?: unknown; deskCode?: unknown } | null;
  const message = err instanceof Error ? err.message : String(err);
  const parts = [message];
  const tags = [
    typeof e?.deskCode === 'string' ? e.deskCode : '',
    typeof e?.detail === 'string' ? e.detail : '',
  ]
    .filter(Boolean)
    .join(': ');
  if (tags) parts.push(`[${tags.length > 400 ? `${tags.slice(0, 400)}…` : tags}]`);
  return `desk: ${parts.join(' ').replace(/\s+/g, ' ').trim()}`;
}
