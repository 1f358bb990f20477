// Which marketplace a command talks to: the built-in sandbox (the default, started in this process on a free
// port and closed at the end), a live endpoint described by flags, or a profile saved by the app. Tickets for a
// live endpoint come from the environment or the app's file vault, never from the command line.
//
// The flags only describe a connection profile; the connection itself is built by the app's own builder
// (host/connect.ts over services/connection.ts), so `desk` and the app cannot disagree on the transport, retry,
// ticket rotation, namespaces or the sandbox.
import { join } from 'node:path';
import type { InsightsTargets, Profile, TicketSet } from '../contract';
import { connectMarket } from '../host/connect';
import type { TeamTickets } from '../host/team-caller';
import type { ActiveConnection } from '../services/connection';
import { readSavedSettings, SETTINGS_FILE } from '../storage/settings-store';
import { defaultSettings } from '../storage/settings-schema';
import { DEFAULT_NAMESPACES } from '../schema';
import type { ServiceName, ServiceNamespaces } from '../schema';
import { UsageError } from './cli-error';
import { assertTickets, liveTickets, runTickets } from './tickets';
import { safeHttpUrl } from '../../src-shared/absolute-uri';

/** The flags that choose and describe the endpoint (all optional; nothing means the sandbox). */
export interface EndpointFlags {
  seed?: string;
  now?: string;
  'base-url'?: string;
  'suggest-url'?: string;
  'ns-root'?: string;
  'schema-root'?: string;
  'suggest-ns'?: string;
  soap?: string;
  'page-base'?: string;
  timeout?: string;
  profile?: string;
  'data-dir'?: string;
}

export interface EndpointPlan {
  kind: 'sandbox' | 'live';
  /** For the sandbox: its seed and clock. */
  seed?: number;
  now?: Date;
  apiBaseUrl: string;
  suggestBaseUrl: string;
  ns: ServiceNamespaces;
  soapVersion: '1.1' | '1.2';
  pageBase: 0 | 1;
  timeoutMs?: number;
  sellerIds: string[];
  /** Where a live endpoint's tickets are read from, when a saved profile names them. */
  vault?: { dir: string; profileId: string };
  /** The saved profile the endpoint comes from (--profile). */
  profile?: { id: string; name: string };
  /** The app's data folder (--data-dir, or SELLER_DESK_USER_DATA), when one is given. */
  dataDir?: string;
  /** The longest date range one note query may ask for (the profile's; 0: no limit). */
  noteQueryDays?: number;
  /** The saved profile's insights targets (desk stats), when it set its own. */
  insightTargets?: InsightsTargets;
}

export interface Endpoint {
  client: ActiveConnection['client'];
  kind: 'sandbox' | 'live';
  pageBase: 0 | 1;
  sellerIds: string[];
  close(): Promise<void>;
}

const LIVE_FLAGS = ['base-url', 'suggest-url', 'ns-root', 'schema-root', 'suggest-ns', 'page-base'] as const;

function integer(flag: string, raw: string, min: number, max: number): number {
  const n = /^\d+$/.test(raw.trim()) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    throw new UsageError(`--${flag} must be a whole number from ${min} to ${max}; got "${raw}".`);
  }
  return n;
}

function httpUrl(flag: string, raw: string): string {
  if (safeHttpUrl(raw) === undefined) {
    throw new UsageError(
      `--${flag} must be an http or https URL with a host and no user name or password; got "${raw}".`,
    );
  }
  return raw.replace(/\/+$/, '');
}

function soapVersion(raw: string | undefined, fallback: '1.1' | '1.2'): '1.1' | '1.2' {
  if (raw === undefined) return fallback;
  if (raw !== '1.1' && raw !== '1.2') throw new UsageError(`--soap must be 1.1 or 1.2; got "${raw}".`);
  return raw;
}

function pageBase(raw: string | undefined, fallback: 0 | 1): 0 | 1 {
  if (raw === undefined) return fallback;
  if (raw !== '0' && raw !== '1') throw new UsageError(`--page-base must be 0 or 1; got "${raw}".`);
  return raw === '0' ? 0 : 1;
}

function sandboxClock(raw: string): Date {
  // Only a date and time with an offset names the same instant on every machine.
  const ok = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(raw);
  const at = new Date(raw);
  if (!ok || Number.isNaN(at.getTime())) {
    throw new UsageError(
      `--now must be a date and time with an offset, like 2026-11-20T09:00:00+09:00; got "${raw}".`,
    );
  }
  return at;
}

/** A saved profile, from the app's settings read without the store's repairs: a command line must not touch them. */
function loadProfile(dataDir: string, id: string): Profile {
  const saved = readSavedSettings(dataDir);
  const file = join(dataDir, SETTINGS_FILE);
  if (saved.state === 'missing') {
    throw new UsageError(`No ${SETTINGS_FILE} in ${dataDir}; point --data-dir at the app's data folder.`);
  }
  if (saved.state === 'unreadable')
    throw new UsageError(`${file} cannot be read; open the app once to repair it.`);
  const profile = saved.settings.profiles.find((p) => p.id === id);
  if (!profile) {
    const ids = saved.settings.profiles.map((p) => p.id).join(', ');
    throw new UsageError(`No profile "${id}" in ${file}; saved profiles: ${ids}.`);
  }
  return profile;
}

/** Turns the flags into a plan; throws UsageError naming the first missing or bad flag. */
export async function planEndpoint(
  flags: EndpointFlags,
  needs: readonly ServiceName[],
  env: Record<string, string | undefined>,
): Promise<EndpointPlan> {
  const liveFlags = LIVE_FLAGS.filter((f) => flags[f] !== undefined);
  let profile: Profile | undefined;
  let dataDir: string | undefined;
  if (flags.profile !== undefined) {
    dataDir = flags['data-dir'] ?? env['SELLER_DESK_USER_DATA'];
    if (!dataDir)
      throw new UsageError(
        "--profile needs --data-dir DIR (the app's data folder) or SELLER_DESK_USER_DATA.",
      );
    profile = loadProfile(dataDir, flags.profile);
  } else {
    // Without a profile, a data folder only says where the notes mirror is (desk sync, desk notes --offline).
    dataDir = flags['data-dir'];
  }
  const saved = profile
    ? {
        profile: { id: profile.id, name: profile.name },
        noteQueryDays: profile.noteQueryDays ?? 0,
        ...(profile.insightTargets ? { insightTargets: profile.insightTargets } : {}),
      }
    : {};
  const folder = dataDir ? { dataDir } : {};
  const timeoutMs =
    flags.timeout === undefined ? profile?.timeoutMs : integer('timeout', flags.timeout, 1, 3_600_000);

  // An address makes the endpoint live; the other live flags only describe one.
  const isSandbox = profile ? profile.kind === 'sandbox' : !flags['base-url'] && !flags['suggest-url'];
  if (isSandbox) {
    if (liveFlags.length > 0) {
      throw new UsageError(`--${liveFlags[0]} describes a live endpoint; the built-in sandbox sets its own.`);
    }
    return {
      kind: 'sandbox',
      seed: flags.seed === undefined ? undefined : integer('seed', flags.seed, 0, 2 ** 32 - 1),
      now: flags.now === undefined ? undefined : sandboxClock(flags.now),
      apiBaseUrl: '',
      suggestBaseUrl: '',
      ns: DEFAULT_NAMESPACES,
      soapVersion: soapVersion(flags.soap, profile?.soapVersion ?? '1.1'),
      pageBase: 1,
      timeoutMs,
      sellerIds: [],
      ...saved,
      ...folder,
    };
  }
  for (const f of ['seed', 'now'] as const) {
    if (flags[f] !== undefined) throw new UsageError(`--${f} only applies to the built-in sandbox.`);
  }
  const pick = (flag: (typeof LIVE_FLAGS)[number], saved: string | undefined) =>
    flags[flag] ?? (saved || undefined);
  const apiBaseUrl = pick('base-url', profile?.apiBaseUrl);
  const suggestBaseUrl = pick('suggest-url', profile?.suggestBaseUrl);
  const nsRoot = pick('ns-root', profile?.nsRoot);
  const schemaRoot = pick('schema-root', profile?.schemaRoot);
  const required: [string, string | undefined, boolean][] = [
    ['base-url', apiBaseUrl, needs.includes('market')],
    ['suggest-url', suggestBaseUrl, needs.includes('suggest')],
    ['ns-root', nsRoot, needs.includes('market')],
    ['schema-root', schemaRoot, true],
  ];
  for (const [flag, value, needed] of required) {
    if (needed && !value) throw new UsageError(`A live endpoint needs --${flag} for this command.`);
  }
  return {
    kind: 'live',
    apiBaseUrl: apiBaseUrl ? httpUrl('base-url', apiBaseUrl) : '',
    suggestBaseUrl: suggestBaseUrl ? httpUrl('suggest-url', suggestBaseUrl) : '',
    ns: {
      nsRoot: nsRoot ?? '',
      schemaRoot: schemaRoot ?? '',
      suggestNs: pick('suggest-ns', profile?.suggestNamespace) ?? DEFAULT_NAMESPACES.suggestNs,
    },
    soapVersion: soapVersion(flags.soap, profile?.soapVersion ?? '1.1'),
    pageBase: pageBase(flags['page-base'], profile?.pageIndexBase ?? 1),
    timeoutMs,
    sellerIds: profile?.sellerIds ?? [],
    vault: profile && dataDir ? { dir: join(dataDir, 'vault'), profileId: profile.id } : undefined,
    ...saved,
    ...folder,
  };
}

/** The profile of a command line without --profile: what the flags describe. */
const COMMAND_LINE_PROFILE = { id: 'desk', name: 'desk' } as const;

/** The timeout a profile gets when neither the flags nor a saved profile name one (the app's default). */
const DEFAULT_TIMEOUT_MS = defaultSettings().profiles[0]!.timeoutMs;

/** The connection profile the plan describes (a saved one with the flags' overrides, or the flags alone). */
export function connectionProfile(plan: EndpointPlan): Profile {
  return {
    id: plan.profile?.id ?? COMMAND_LINE_PROFILE.id,
    name: plan.profile?.name ?? COMMAND_LINE_PROFILE.name,
    kind: plan.kind,
    apiBaseUrl: plan.apiBaseUrl,
    suggestBaseUrl: plan.suggestBaseUrl,
    nsRoot: plan.ns.nsRoot,
    schemaRoot: plan.ns.schemaRoot,
    suggestNamespace: plan.ns.suggestNs,
    soapVersion: plan.soapVersion,
    pageIndexBase: plan.pageBase,
    timeoutMs: plan.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    sellerIds: plan.sellerIds,
  };
}

export async function openEndpoint(
  plan: EndpointPlan,
  env: Record<string, string | undefined>,
  needs: { market: boolean; memberTicket: boolean },
  team?: TeamTickets,
): Promise<Endpoint> {
  let tickets: TicketSet = {};
  if (plan.kind === 'live') {
    if (needs.market) {
      tickets = await liveTickets(plan.vault, env);
      // A team's sealed ticket is the newest the account was handed: it goes first, whatever this desktop kept.
      if (team?.encryptedTicket) tickets = { ...tickets, encryptedTicket: team.encryptedTicket };
      assertTickets(tickets, needs.memberTicket);
    } else {
      // The suggest service is sent no tickets, but one server may answer both services and echo them: whatever
      // tickets the environment holds are scrubbed from its answers too.
      tickets = await liveTickets(plan.vault, env).catch(() => ({}) as TicketSet);
    }
  }
  const profile = connectionProfile(plan);
  const connection = connectMarket({
    settings: { activeProfile: () => Promise.resolve(profile) },
    // The sandbox's tickets are its own documented values; the connection keeps them in memory as in the app.
    vault: runTickets(tickets, team && ((t) => team.rotate(t))),
    sandboxOptions: {
      ...(plan.seed === undefined ? {} : { seed: plan.seed }),
      ...(plan.now === undefined ? {} : { now: plan.now }),
    },
  });
  try {
    const { client, info } = await connection.active();
    return {
      client,
      kind: plan.kind,
      pageBase: info.pageIndexBase,
      sellerIds: [...info.sellerIds],
      close: () => connection.close(),
    };
  } catch (err) {
    await connection.close();
    throw err;
  }
}
