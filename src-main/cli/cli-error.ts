// How a failure leaves the command line: one exit code per class, so scripts can tell a typo from a refusal
// by the marketplace from a network that is down.
import { deskCodeOf, thrownText } from '../../src-shared/thrown';

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
  const code = deskCodeOf(err);
  if (code !== undefined && FAULT_CODES.has(code)) return EXIT.fault;
  if (code !== undefined && TRANSPORT_CODES.has(code)) return EXIT.transport;
  if (thrownText(err, 'name') === 'AbortError') return EXIT.transport;
  return EXIT.other;
}

export const TICKET_ENV_HINT = 'MARKET_AUTH_TICKET, MARKET_ENCRYPTED_TICKET and MARKET_MEMBER_TICKET';

// The shared error sentences point at the app's Settings page; on the command line the same knobs are the
// environment and flags.
const COMMAND_LINE_HINTS: [RegExp, string][] = [
  [/enter them in Settings → Tickets/, `set ${TICKET_ENV_HINT} in the environment`],
  [/enter fresh tickets in Settings/, `set fresh ${TICKET_ENV_HINT} in the environment`],
  [/check your API tickets in Settings/, `check ${TICKET_ENV_HINT}`],
  [/raise the timeout in Settings/, 'raise it with --timeout'],
  [/check the first page index in Settings/, 'try --page-base'],
  [/the service address in Settings/, 'the service address (--base-url, --suggest-url or the --profile)'],
];

function forTheCommandLine(message: string): string {
  let out = message;
  for (const [from, to] of COMMAND_LINE_HINTS) out = out.replace(from, to);
  return out;
}

/**
 * One line for stderr: the sentence, the marketplace's own reason when the sentence does not already quote it,
 * then the technical detail in brackets. Every part was redacted where it was made: no ticket reaches stderr.
 */
export function errorLine(err: unknown): string {
  const message = forTheCommandLine(err instanceof Error ? err.message : String(err));
  const parts = [message];
  const reason = thrownText(err, 'reason')?.trim() ?? '';
  if (reason && !message.includes(reason.replace(/[.\s]+$/u, ''))) {
    parts.push(`Marketplace: "${reason.length > 300 ? `${reason.slice(0, 300)}…` : reason}"`);
  }
  const tags = [deskCodeOf(err) ?? '', thrownText(err, 'detail') ?? ''].filter(Boolean).join(': ');
  if (tags) parts.push(`[${tags.length > 400 ? `${tags.slice(0, 400)}…` : tags}]`);
  return `desk: ${parts.join(' ').replace(/\s+/g, ' ').trim()}`;
}
