// `desk`: the marketplace from the command line, over the same typed SOAP client the app uses.
// `main` takes its streams and environment as arguments so tests run it in process; the process wrapper at the
// bottom only connects it to the real ones.
import { parseArgs } from 'node:util';
import type { ServiceName } from '../schema';
import { EXIT, TICKET_ENV_HINT, UsageError, errorLine, exitCodeFor } from './cli-error';
import { openEndpoint, planEndpoint } from './endpoint';
import type { Endpoint, EndpointFlags, EndpointPlan } from './endpoint';
import { fetchAllNotes, formatNotes, formatOfflineNotes, notesQuery, offlineNotes } from './commands/notes';
import { formatSyncOutcome, syncFailure, syncRequest } from './commands/sync';
import { formatStats, statsRequest } from './commands/stats';
import { insightsReport, insightsTargets } from '../services/insights';
import { openMirrorForReading, openMirrorForSync, teamConnectionKey } from './mirror';
import { teamTarget } from './commands/team';
import { runAsTeamCaller } from '../host/team-caller';
import type { TeamTickets } from '../host/team-caller';
import { teamKeyOf } from './tickets';
import type { SyncOutcome } from '../services/notes-sync';
import type { NotesStore } from '../storage/notes-store';
import { syncNotes, WAITING_LOOKBACK_DAYS } from '../services/notes-sync';
import { fetchLookbook, formatLookbook, lookbookRequest } from './commands/lookbook';
import { fetchSuggest, formatSuggest, suggestOperation, suggestRequest } from './commands/suggest';
import { STANDALONE_SANDBOX_URL, writeWsdl } from './commands/wsdl';
import { runTeam } from './commands/team';
import { runTeamMark, runTeamNotes } from './commands/team-notes';
import { runTeamHistory, runTeamTake } from './commands/team-inbox';
import { USAGE } from './usage';
import { isEntryPoint } from './entry-point';
import { warmResponseDecoder } from '../host/connect';

export interface DeskIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  env: Record<string, string | undefined>;
  /** Cancels the command (Ctrl+C). */
  signal?: AbortSignal;
  /** Where desk team join reads the team key (never from an argument). */
  stdin?: AsyncIterable<string | Buffer> & { isTTY?: boolean };
  /** Wall clock for the default date range, when the sandbox's --now does not set it. */
  now?: () => number;
}

const OPTIONS = {
  format: { type: 'string' },
  debug: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  // endpoint
  seed: { type: 'string' },
  now: { type: 'string' },
  'base-url': { type: 'string' },
  'suggest-url': { type: 'string' },
  'ns-root': { type: 'string' },
  'schema-root': { type: 'string' },
  'suggest-ns': { type: 'string' },
  soap: { type: 'string' },
  'page-base': { type: 'string' },
  timeout: { type: 'string' },
  profile: { type: 'string' },
  'data-dir': { type: 'string' },
  // notes
  from: { type: 'string' },
  to: { type: 'string' },
  status: { type: 'string' },
  item: { type: 'string' },
  order: { type: 'string' },
  seller: { type: 'string' },
  'page-size': { type: 'string' },
  offline: { type: 'boolean' },
  // stats
  'business-days': { type: 'boolean' },
  // lookbook
  page: { type: 'string' },
  size: { type: 'string' },
  // suggest
  hint: { type: 'string' },
  'brand-id': { type: 'string' },
  book: { type: 'string' },
  'catalog-id': { type: 'string' },
  // wsdl
  out: { type: 'string' },
  // team
  team: { type: 'string' },
  // mark
  handled: { type: 'boolean' },
  unhandled: { type: 'boolean' },
  memo: { type: 'string' },
  wait: { type: 'boolean' },
} as const;

type Flag = keyof typeof OPTIONS;
type Values = { [K in Flag]?: (typeof OPTIONS)[K]['type'] extends 'boolean' ? boolean : string };

const ENDPOINT_FLAGS: Flag[] = [
  'seed',
  'now',
  'base-url',
  'suggest-url',
  'ns-root',
  'schema-root',
  'suggest-ns',
  'soap',
  'page-base',
  'timeout',
  'profile',
  'data-dir',
];
const COMMON: Flag[] = ['debug', 'help', ...ENDPOINT_FLAGS];
/** The commands whose positional arguments are their own (a subcommand, a SeqNo). */
const TEAM_SEQNO_COMMANDS = new Set(['team', 'mark', 'take', 'history']);

const COMMANDS: Record<string, { flags: Flag[]; formats: string[]; services: ServiceName[] }> = {
  notes: {
    flags: ['format', 'from', 'to', 'status', 'item', 'order', 'seller', 'page-size', 'offline', 'team'],
    formats: ['table', 'json', 'csv'],
    services: ['market'],
  },
  sync: {
    flags: ['format', 'from', 'to', 'seller', 'team', 'wait'],
    formats: ['table', 'json'],
    services: ['market'],
  },
  stats: {
    flags: ['format', 'from', 'to', 'seller', 'business-days'],
    formats: ['table', 'json', 'csv'],
    services: ['market'],
  },
  lookbook: { flags: ['format', 'seller', 'page', 'size'], formats: ['table', 'json'], services: ['market'] },
  suggest: {
    flags: ['format', 'hint', 'brand-id', 'book', 'catalog-id'],
    formats: ['table', 'json'],
    services: ['suggest'],
  },
  wsdl: { flags: ['out'], formats: [], services: ['suggest', 'market'] },
  team: { flags: ['team', 'format', 'data-dir'], formats: ['table', 'json'], services: [] },
  mark: {
    flags: ['team', 'handled', 'unhandled', 'memo', 'format'],
    formats: ['table', 'json'],
    services: ['market'],
  },
  take: { flags: ['team', 'format'], formats: ['table', 'json'], services: ['market'] },
  history: { flags: ['team', 'format'], formats: ['table', 'json'], services: ['market'] },
};

/**
 * A ticket typed on the command line lands in shell history and in every process listing, so any flag that
 * looks like one is refused before parsing — and the message never repeats its value.
 */
function refuseTicketFlags(argv: readonly string[]): void {
  for (const arg of argv) {
    if (arg === '--') return;
    if (/^-{1,2}[^=]*ticket/i.test(arg)) {
      throw new UsageError(
        `Tickets are never taken from the command line (shell history and process lists would keep them); set ${TICKET_ENV_HINT} in the environment instead.`,
      );
    }
  }
}

function parse(argv: readonly string[]): { values: Values; positionals: string[] } {
  try {
    return parseArgs({ args: [...argv], options: OPTIONS, strict: true, allowPositionals: true });
  } catch (err) {
    throw new UsageError(
      `${err instanceof Error ? err.message.split('\n')[0] : String(err)} See desk --help.`,
    );
  }
}

function endpointFlags(values: Values): EndpointFlags {
  const flags: EndpointFlags = {};
  for (const f of ENDPOINT_FLAGS) {
    const v = values[f];
    if (typeof v === 'string') (flags as Record<string, string>)[f] = v;
  }
  return flags;
}

async function withEndpoint<T>(
  plan: EndpointPlan,
  io: DeskIo,
  needs: { market: boolean; memberTicket: boolean },
  run: (endpoint: Endpoint) => Promise<T>,
  team?: TeamTickets,
): Promise<T> {
  const endpoint = await openEndpoint(plan, io.env, needs, team);
  try {
    return await run(endpoint);
  } finally {
    await endpoint.close();
  }
}

/** `desk mark`, `desk take`, `desk history` and `desk notes --offline --team URL`: the team database's. */
async function runTeamCommand(
  command: 'mark' | 'notes' | 'take' | 'history',
  rest: readonly string[],
  values: Values,
  format: string,
  io: DeskIo,
): Promise<number> {
  const plan = await planEndpoint(endpointFlags(values), ['market'], io.env);
  const nowMs = plan.now?.getTime() ?? (io.now ?? Date.now)();
  if (command === 'mark') return runTeamMark(rest, values, { plan, format, nowMs }, io);
  if (command === 'take') return runTeamTake(rest, { plan, format, team: values.team }, io);
  if (command === 'history') return runTeamHistory(rest, { plan, format, team: values.team }, io);
  if (!values.offline) throw new UsageError('desk notes --team reads the team database: add --offline.');
  return runTeamNotes(notesQuery(values, nowMs), { plan, format, team: values.team }, io);
}

/**
 * `desk sync`: fills the mirror; with --team URL only as the connection's caller (--wait: waits for the lock), also
 * writing into the team database, or says who holds the lock and exits 0.
 */
async function runSync(
  plan: EndpointPlan,
  values: Values,
  ctx: { dataDir: string; nowMs: number; format: string },
  io: DeskIo,
): Promise<number> {
  const req = syncRequest(values, ctx.nowMs);
  const signal = io.signal ?? new AbortController().signal;
  // The decoding worker loads its code while the lock is taken and the first short pages come back, as the app's
  // does while its window loads: a status check's first large page does not wait for a thread to start (with
  // nothing new, that wait was most of a team caller's sync).
  void warmResponseDecoder();
  const mirror = openMirrorForSync(plan, ctx.dataDir);
  try {
    // A team's caller syncs on its lock's signal too: it stops the moment the lock is lost.
    const sync = (store: NotesStore, team?: TeamTickets, stop: AbortSignal = signal) =>
      withEndpoint(
        plan,
        io,
        { market: true, memberTicket: true },
        (e) => {
          const sellers = req.sellerIds ?? e.sellerIds;
          if (sellers.length === 0) {
            throw new UsageError('desk sync needs --seller ID (or a --profile that lists its seller IDs).');
          }
          return syncNotes(req, {
            client: e.client,
            store,
            sellerIds: sellers,
            pageIndexBase: e.pageBase,
            statusWindowDays: plan.noteQueryDays || undefined,
            waitingLookbackDays: WAITING_LOOKBACK_DAYS,
            signal: stop,
          });
        },
        team,
      );
    let outcome: SyncOutcome;
    if (values.team === undefined) outcome = await sync(mirror.store);
    else {
      const target = teamTarget(values.team, io.env);
      // A live account's ticket is the team's, sealed with the team key; the sandbox's tickets are its own.
      const sealed =
        plan.kind === 'live' ? { teamKey: await teamKeyOf(target, ctx.dataDir, io.env) } : undefined;
      const run = await runAsTeamCaller(target, teamConnectionKey(plan), mirror.store, sync, {
        wait: values.wait === true,
        signal,
        ...(sealed ? { sealed } : {}),
      });
      if (!run.caller) {
        const who = run.holder ? `${run.holder.login}'s desktop` : 'another desktop';
        io.stdout.write(
          `${who} is syncing this connection for the team; nothing was called (--wait waits).\n`,
        );
        return EXIT.ok;
      }
      outcome = run.result;
    }
    io.stdout.write(formatSyncOutcome(outcome, req, mirror.file, ctx.format));
    const failure = syncFailure(outcome);
    if (failure) {
      io.stderr.write(`${errorLine(failure)}\n`);
      return exitCodeFor(failure);
    }
    return EXIT.ok;
  } finally {
    mirror.close();
  }
}

async function runCommand(argv: readonly string[], io: DeskIo): Promise<number> {
  refuseTicketFlags(argv);
  const { values, positionals } = parse(argv);
  const [command, ...rest] = positionals;
  if (values.help || command === 'help') {
    io.stdout.write(`${USAGE}\n`);
    return EXIT.ok;
  }
  if (!command)
    throw new UsageError(
      'No command given; use notes, sync, stats, mark, take, history, lookbook, suggest, wsdl or team. See desk --help.',
    );
  const spec = COMMANDS[command];
  if (!spec)
    throw new UsageError(
      `Unknown command "${command}"; use notes, sync, stats, mark, take, history, lookbook, suggest, wsdl or team. See desk --help.`,
    );
  // The team database is no marketplace endpoint: desk team takes none of the endpoint flags.
  const allowed = new Set<Flag>([
    ...(command === 'team' ? ['debug', 'help'] : COMMON),
    ...spec.flags,
  ] as Flag[]);
  for (const [flag, value] of Object.entries(values)) {
    if (value !== undefined && !allowed.has(flag as Flag))
      throw new UsageError(`${command} does not take --${flag}.`);
  }
  const extra = command === 'suggest' ? rest.slice(1) : TEAM_SEQNO_COMMANDS.has(command) ? [] : rest;
  if (extra.length > 0) throw new UsageError(`Unexpected argument "${extra[0]}" for ${command}.`);
  const format = values.format ?? 'table';
  if (spec.formats.length > 0 && !spec.formats.includes(format)) {
    throw new UsageError(`--format for ${command} must be ${spec.formats.join(', ')}; got "${format}".`);
  }
  if (command === 'team') {
    const dataDir = values['data-dir'];
    return runTeam(rest, { team: values.team, format, ...(dataDir === undefined ? {} : { dataDir }) }, io);
  }

  if (command === 'mark' || command === 'take' || command === 'history') {
    return runTeamCommand(command, rest, values, format, io);
  }
  if (command === 'notes' && values.team !== undefined) {
    return runTeamCommand(command, rest, values, format, io);
  }
  const usesMirror =
    command === 'sync' || command === 'stats' || (command === 'notes' && values.offline === true);
  if (values['data-dir'] !== undefined && values.profile === undefined && !usesMirror) {
    throw new UsageError(
      '--data-dir is only used with --profile ID, desk sync, desk stats and desk notes --offline.',
    );
  }
  const plan = await planEndpoint(endpointFlags(values), spec.services, io.env);
  const nowMs = plan.now?.getTime() ?? (io.now ?? Date.now)();
  const signal = io.signal;
  const dataDir = usesMirror ? (plan.dataDir ?? io.env['SELLER_DESK_USER_DATA']) : undefined;
  if (usesMirror && !dataDir) {
    throw new UsageError(
      `${command === 'notes' ? 'desk notes --offline' : `desk ${command}`} needs --data-dir DIR (the app's data folder) or SELLER_DESK_USER_DATA.`,
    );
  }

  switch (command) {
    case 'sync':
      return runSync(plan, values, { dataDir: dataDir!, nowMs, format }, io);
    case 'stats': {
      const req = statsRequest(values, nowMs);
      const mirror = openMirrorForReading(plan, dataDir!);
      try {
        const report = insightsReport(mirror.store, req, {
          nowMs,
          targets: insightsTargets(plan.insightTargets ? { insightTargets: plan.insightTargets } : undefined),
          mirror: mirror.file,
        });
        io.stdout.write(formatStats(report, format));
        return EXIT.ok;
      } finally {
        mirror.close();
      }
    }
    case 'notes': {
      if (values.offline) {
        const query = notesQuery(values, nowMs);
        const mirror = openMirrorForReading(plan, dataDir!);
        try {
          const found = offlineNotes(mirror.store, query);
          io.stdout.write(formatOfflineNotes(found, format, query, mirror.store.asOf()));
          if (found.withdrawn > 0) {
            io.stderr.write(
              `desk: ${found.withdrawn} matching note${found.withdrawn === 1 ? '' : 's'} the marketplace no longer lists ${found.withdrawn === 1 ? 'is' : 'are'} left out (kept in the mirror with ${found.withdrawn === 1 ? 'its' : 'their'} marks).\n`,
            );
          }
          return EXIT.ok;
        } finally {
          mirror.close();
        }
      }
      const query = notesQuery(values, nowMs);
      const result = await withEndpoint(plan, io, { market: true, memberTicket: true }, (e) =>
        fetchAllNotes(e, query, signal),
      );
      io.stdout.write(formatNotes(result, format, query));
      return EXIT.ok;
    }
    case 'lookbook': {
      const result = await withEndpoint(plan, io, { market: true, memberTicket: false }, (e) =>
        fetchLookbook(e, lookbookRequest(values, e.pageBase), signal),
      );
      io.stdout.write(formatLookbook(result, format));
      return EXIT.ok;
    }
    case 'suggest': {
      const op = suggestOperation(rest[0]);
      const req = suggestRequest(op, values);
      const result = await withEndpoint(plan, io, { market: false, memberTicket: false }, (e) =>
        fetchSuggest(e, op, req, signal),
      );
      io.stdout.write(formatSuggest(result, format));
      return EXIT.ok;
    }
    case 'wsdl': {
      const sandbox = plan.kind === 'sandbox';
      const files = await writeWsdl(values.out, {
        ns: plan.ns,
        apiBaseUrl: sandbox ? STANDALONE_SANDBOX_URL : plan.apiBaseUrl,
        suggestBaseUrl: sandbox ? STANDALONE_SANDBOX_URL : plan.suggestBaseUrl,
      });
      io.stdout.write(`${files.join('\n')}\n`);
      return EXIT.ok;
    }
  }
  throw new UsageError(`Unknown command "${command}".`);
}

/** Runs one command; resolves to the process exit code and never throws. */
export async function main(argv: readonly string[], io: DeskIo): Promise<number> {
  try {
    return await runCommand(argv, io);
  } catch (err) {
    io.stderr.write(`${errorLine(err)}\n`);
    if (argv.includes('--debug') && err instanceof Error && err.stack) io.stderr.write(`${err.stack}\n`);
    return exitCodeFor(err);
  }
}

if (isEntryPoint(import.meta.url)) {
  const controller = new AbortController();
  // `on`, not `once`: the launcher forwards a Ctrl+C the terminal also delivered, and a second signal must not
  // kill the process before the in-process sandbox is closed.
  process.on('SIGINT', () => controller.abort());
  process.on('SIGTERM', () => controller.abort());
  void main(process.argv.slice(2), {
    stdout: process.stdout,
    stderr: process.stderr,
    stdin: process.stdin,
    env: process.env,
    signal: controller.signal,
  }).then((code) => {
    process.exitCode = code;
  });
}
