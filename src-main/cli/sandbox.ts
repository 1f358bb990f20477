// `npm run sandbox -- --port 8788 …`: the sandbox marketplace on its own, for trying the app against a fixed
// address, for other SOAP clients, and for drills with injected failures.
import { parseArgs } from 'node:util';
import { DEFAULT_GRACE_MS, startSandbox } from '../sandbox/server';
import type { RunningSandbox, SandboxOptions } from '../sandbox/server';
import { DEFAULT_TICKETS } from '../sandbox/ticket-issuer';
import { DEFAULT_NOTE_COUNT, DEFAULT_SEED } from '../sandbox/data/sandbox-data';
import { MAX_NOTE_COUNT, NOTE_HISTORY_DAYS } from '../sandbox/data/notes';
import { nsUri } from '../schema';
import { isEntryPoint } from './entry-point';
import { formatDateTime } from '../../src-shared/date-time';

export const USAGE = `Usage: npm run sandbox -- [options]

Serves the sandbox marketplace (API and suggest services, SOAP 1.1 and 1.2) until SIGINT or SIGTERM.

On the real clock the shop is open: buyer notes arrive as their time comes and sellers answer them over
hours and days, the same notes at the same times for the same seed, whenever the sandbox starts.

  --port N               port to listen on (default 8788; 0 picks a free one)
  --host ADDR            address to listen on (default 127.0.0.1)
  --seed N               data seed (default ${DEFAULT_SEED}); the same seed and --notes give the same notes
  --now ISO              fix the clock at this moment, e.g. 2026-03-01T09:00:00+09:00: the data stays as it
                         is then (nothing arrives, nothing is answered by itself)
  --notes N              about N buyer notes over the last ${NOTE_HISTORY_DAYS} days, N/${NOTE_HISTORY_DAYS} a day on average
                         (default ${DEFAULT_NOTE_COUNT}, at most ${MAX_NOTE_COUNT}); the history starts on 2020-01-01
  --page-base 0|1        the first PageIndex (default 1)
  --auth-ticket S        the AuthenticationTicket accepted (default ${DEFAULT_TICKETS.auth})
  --encrypted-ticket S   the initial EncryptedTicket accepted (default ${DEFAULT_TICKETS.encrypted})
  --member-ticket S      the MemberTicket accepted (default ${DEFAULT_TICKETS.member})
  --grace-minutes N      how long an issued EncryptedTicket stays valid (default ${DEFAULT_GRACE_MS / 60_000})
Fault injection (all off by default):
  --latency MS           delay every SOAP answer
  --jitter MS            add a random -MS..+MS to the delay
  --fail-rate R          share (0..1) of requests answered with HTTP 503
  --fault-rate R         share (0..1) answered with a Server/Receiver fault
  --throttle N/s         more than N requests in a second get a fault with subcode Throttled
  --truncate-rate R      share (0..1) of answers whose body is cut short
  --help                 this text

Control (from this computer only): POST /sandbox/notes/{SeqNo}/reply answers that note now, as a seller
would on the marketplace's web console; it stays answered until the sandbox stops. For example:
  curl -X POST http://127.0.0.1:8788/sandbox/notes/125850003/reply`;

export type ParsedArgs = { help: true } | { help: false; options: SandboxOptions };

export class UsageError extends Error {}

const OPTIONS = {
  port: { type: 'string' },
  host: { type: 'string' },
  seed: { type: 'string' },
  now: { type: 'string' },
  notes: { type: 'string' },
  'page-base': { type: 'string' },
  'auth-ticket': { type: 'string' },
  'encrypted-ticket': { type: 'string' },
  'member-ticket': { type: 'string' },
  'grace-minutes': { type: 'string' },
  latency: { type: 'string' },
  jitter: { type: 'string' },
  'fail-rate': { type: 'string' },
  'fault-rate': { type: 'string' },
  throttle: { type: 'string' },
  'truncate-rate': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

function integer(flag: string, raw: string, min: number, max: number): number {
  const n = /^[+-]?\d+$/.test(raw.trim()) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    throw new UsageError(`--${flag} must be a whole number from ${min} to ${max}; got "${raw}".`);
  }
  return n;
}

function number(flag: string, raw: string, min: number, max: number): number {
  const n = raw.trim() === '' ? NaN : Number(raw);
  if (!Number.isFinite(n) || n < min || n > max) {
    throw new UsageError(`--${flag} must be a number from ${min} to ${max}; got "${raw}".`);
  }
  return n;
}

function ticket(flag: string, raw: string): string {
  if (raw.trim() === '') throw new UsageError(`--${flag} must not be empty.`);
  return raw;
}

/** The flags as sandbox options; throws UsageError naming the first bad flag. */
export function parseSandboxArgs(argv: readonly string[]): ParsedArgs {
  let values: {
    [K in keyof typeof OPTIONS]?: (typeof OPTIONS)[K]['type'] extends 'boolean' ? boolean : string;
  };
  try {
    ({ values } = parseArgs({ args: [...argv], options: OPTIONS, strict: true, allowPositionals: false }));
  } catch (err) {
    throw new UsageError(err instanceof Error ? err.message : String(err));
  }
  if (values.help) return { help: true };

  const options: SandboxOptions = { port: 8788, host: '127.0.0.1' };
  if (values.port !== undefined) options.port = integer('port', values.port, 0, 65535);
  if (values.host !== undefined) options.host = ticket('host', values.host);
  if (values.seed !== undefined) options.seed = integer('seed', values.seed, 0, 2 ** 32 - 1);
  if (values.now !== undefined) {
    // Only a full date and time with an offset names one instant on every machine.
    const ok = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(values.now);
    const at = new Date(values.now);
    if (!ok || Number.isNaN(at.getTime())) {
      throw new UsageError(
        `--now must be a date and time with an offset, like 2026-03-01T09:00:00+09:00; got "${values.now}".`,
      );
    }
    options.now = at;
  }
  if (values.notes !== undefined) options.notes = integer('notes', values.notes, 0, MAX_NOTE_COUNT);
  if (values['page-base'] !== undefined) {
    if (values['page-base'] !== '0' && values['page-base'] !== '1') {
      throw new UsageError(`--page-base must be 0 or 1; got "${values['page-base']}".`);
    }
    options.pageBase = values['page-base'] === '0' ? 0 : 1;
  }
  const tickets: NonNullable<SandboxOptions['tickets']> = {};
  if (values['auth-ticket'] !== undefined) tickets.auth = ticket('auth-ticket', values['auth-ticket']);
  if (values['encrypted-ticket'] !== undefined)
    tickets.encrypted = ticket('encrypted-ticket', values['encrypted-ticket']);
  if (values['member-ticket'] !== undefined)
    tickets.member = ticket('member-ticket', values['member-ticket']);
  if (Object.keys(tickets).length > 0) options.tickets = tickets;
  if (values['grace-minutes'] !== undefined) {
    options.graceMs = number('grace-minutes', values['grace-minutes'], 0, 7 * 24 * 60) * 60_000;
  }

  const faults: NonNullable<SandboxOptions['faults']> = {};
  if (values.latency !== undefined) faults.latencyMs = integer('latency', values.latency, 0, 600_000);
  if (values.jitter !== undefined) faults.jitterMs = integer('jitter', values.jitter, 0, 600_000);
  if (values['fail-rate'] !== undefined) faults.failRate = number('fail-rate', values['fail-rate'], 0, 1);
  if (values['fault-rate'] !== undefined) faults.faultRate = number('fault-rate', values['fault-rate'], 0, 1);
  if (values['truncate-rate'] !== undefined) {
    faults.truncateRate = number('truncate-rate', values['truncate-rate'], 0, 1);
  }
  if (values.throttle !== undefined) {
    const m = /^(\d+)(\/s)?$/.exec(values.throttle.trim());
    if (!m)
      throw new UsageError(`--throttle must be requests per second, like 5/s; got "${values.throttle}".`);
    faults.throttlePerSecond = integer('throttle', m[1]!, 1, 1_000_000);
  }
  if (Object.keys(faults).length > 0) options.faults = faults;
  return { help: false, options };
}

/** What the sandbox prints once it listens: where it is and what it accepts. */
export function banner(sb: RunningSandbox, opts: SandboxOptions): string {
  const f = opts.faults ?? {};
  const drills = [
    f.latencyMs ? `latency ${f.latencyMs} ms` : '',
    f.jitterMs ? `jitter ±${f.jitterMs} ms` : '',
    f.failRate ? `HTTP 503 on ${f.failRate}` : '',
    f.faultRate ? `Server fault on ${f.faultRate}` : '',
    f.throttlePerSecond ? `throttled above ${f.throttlePerSecond}/s` : '',
    f.truncateRate ? `truncated body on ${f.truncateRate}` : '',
  ].filter(Boolean);
  return [
    `Sandbox marketplace listening on ${sb.baseUrl}`,
    `  seed ${sb.backend.data.seed}, about ${Math.round(sb.backend.data.notes.ratePerDay * NOTE_HISTORY_DAYS)} notes over the last ${NOTE_HISTORY_DAYS} days`,
    sb.backend.living
      ? '  living clock: notes arrive and are answered as time passes'
      : `  fixed clock: the data as of ${formatDateTime(sb.backend.now())}`,
    `  PageIndex starts at ${sb.pageBase}; PageSize 1..${sb.maxPageSize}`,
    `  Answer a note: curl -X POST ${sb.baseUrl}/sandbox/notes/{SeqNo}/reply  (from this computer)`,
    '',
    'Services (WSDL: add ?wsdl)',
    `  API service:     ${sb.apiUrl}`,
    `  Suggest service: ${sb.suggestUrl}`,
    '',
    'Tickets',
    `  AuthenticationTicket: ${sb.tickets.auth}`,
    `  EncryptedTicket:      ${sb.tickets.encrypted}  (each response returns a fresh one)`,
    `  MemberTicket:         ${sb.tickets.member}`,
    '',
    'Namespaces',
    `  nsRoot:      ${sb.ns.nsRoot}`,
    `  schemaRoot:  ${sb.ns.schemaRoot}`,
    `  API service: ${nsUri('market', sb.ns)}`,
    `  Security:    ${nsUri('security', sb.ns)}`,
    `  Suggest:     ${nsUri('suggest', sb.ns)}`,
    '',
    drills.length > 0 ? `Fault injection: ${drills.join(', ')}` : 'Fault injection: off',
    'Stop with Ctrl+C.',
  ].join('\n');
}

export async function main(argv: readonly string[]): Promise<number> {
  let parsed: ParsedArgs;
  try {
    parsed = parseSandboxArgs(argv);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    process.stderr.write(`${err.message}\n\n${USAGE}\n`);
    return 2;
  }
  if (parsed.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  // Listen for the signals before the address is printed: a supervisor that reads the address and stops us at
  // once must find the handlers in place, or the default action would kill the process with the signal.
  let signalled: NodeJS.Signals | undefined;
  let onSignal: (signal: NodeJS.Signals) => void = (signal) => {
    signalled ??= signal;
  };
  // `on`, not `once`: a second signal while closing (an impatient Ctrl+C) must not kill the process midway.
  const handler = (signal: NodeJS.Signals) => onSignal(signal);
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);

  let sb: RunningSandbox;
  try {
    sb = await startSandbox(parsed.options);
  } catch (err) {
    process.stderr.write(
      `The sandbox could not start: ${err instanceof Error ? err.message : String(err)}\n`,
    );
    return 1;
  }
  const running = sb;
  return new Promise<number>((resolve) => {
    let stopping = false;
    onSignal = (signal) => {
      if (stopping) return;
      stopping = true;
      process.stdout.write(`${signal}: stopping the sandbox.\n`);
      running.close().then(
        () => resolve(0),
        (err: unknown) => {
          process.stderr.write(`Stopping failed: ${err instanceof Error ? err.message : String(err)}\n`);
          resolve(1);
        },
      );
    };
    if (signalled) onSignal(signalled);
    else process.stdout.write(`${banner(running, parsed.options)}\n`);
  });
}

if (isEntryPoint(import.meta.url)) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
      process.exit(1);
    },
  );
}
