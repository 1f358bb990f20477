// Which marketplace the app, the command line and the tests talk to: the built-in sandbox (started in process on
// 127.0.0.1 with a random port, the default) or a live profile with tickets from a vault. The one place a typed
// client is built (transport, retry, tickets, namespaces), for the active profile; keeps the network log.
import type { ConnectionInfo, ConnectionTestResult, ServiceCheck } from '../contract/connection';
import type { Profile } from '../contract/settings';
import type { SettingsStore } from '../storage/settings-store';
import type { TicketVault } from '../storage/vault';
import { DEFAULT_NAMESPACES } from '../schema';
import type { ServiceNamespaces } from '../schema';
import { ERROR_CODES } from '../contract/envelope';
import { createSoapClient } from '../soap/client';
import { errorFields } from '../soap/errors';
import type { SoapClient } from '../soap/client';
import { createMemoryTicketSink, TicketRotation } from '../soap/ticket-rotation';
import type { TicketSink } from '../soap/ticket-rotation';
import { createTransport } from '../soap/transport';
import type { Transport } from '../soap/transport';
import { endpointFingerprint } from '../storage/mirror-registry';
import type { Fingerprint } from '../storage/notes-store';
import { createNetworkLog } from './network-log';
import type { NetworkLog } from './network-log';
import { deskCodeOf, errorMessageOf, thrownText } from '../../src-shared/thrown';

export interface ActiveConnection {
  client: SoapClient;
  info: ConnectionInfo;
  /** The profile this client was built from (as saved: a sandbox profile without its runtime endpoints). */
  profile: Profile;
  /** What makes this connection's notes one marketplace's data: the key of its notes mirror. */
  fingerprint: Fingerprint;
  /**
   * A client of this connection whose EncryptedTicket is a team's (team mode, as the caller): it sends the team's
   * sealed ticket first and hands each new one to `team.rotate` (which seals it), not to this desktop's vault.
   */
  teamClient(team: TeamTicketSource): SoapClient;
}

/** A team's EncryptedTicket as the caller holds it (team/ticket-seal.ts's TeamTickets). */
export interface TeamTicketSource {
  readonly encryptedTicket: string | undefined;
  rotate(encryptedTicket: string): Promise<void>;
}

/**
 * The tickets of a team's caller: this desktop's AuthenticationTicket and MemberTicket, the team's sealed
 * EncryptedTicket first (this desktop's own only while the team has none sealed), each new one sealed for the team.
 */
function teamTicketSink(own: TicketSink, team: TeamTicketSource): TicketSink {
  let handed: string | undefined;
  return {
    current: async () => {
      const tickets = await own.current();
      const encryptedTicket = handed ?? team.encryptedTicket ?? tickets.encryptedTicket;
      return { ...tickets, ...(encryptedTicket ? { encryptedTicket } : {}) };
    },
    rotate: async (ticket) => {
      await team.rotate(ticket);
      handed = ticket;
    },
  };
}

export interface ConnectionManager<M extends LocalMarket = LocalMarket> {
  /** The client for the active profile; starts the sandbox on first use. */
  active(): Promise<ActiveConnection>;
  test(): Promise<ConnectionTestResult>;
  readonly network: NetworkLog;
  /** The running in-process sandbox, if it was started. */
  sandbox(): M | undefined;
  close(): Promise<void>;
}

/**
 * The built-in marketplace as the services see it: where it listens and what it is (the host starts it and
 * hands it in, so the services know nothing of the sandbox itself).
 */
export interface LocalMarket {
  /** What makes its notes the same data on another start: the key of its notes mirror. */
  identity: string;
  baseUrl: string;
  ns: ServiceNamespaces;
  pageBase: 0 | 1;
  /** Its documented test tickets. */
  tickets: { auth: string; encrypted: string; member: string };
  backend: { sellerIds: readonly string[] };
  close(): Promise<void>;
}

/** How the built-in marketplace is started on 127.0.0.1 (a random port unless told). */
export interface LocalMarketOptions {
  port?: number;
  host?: string;
}

/** Where the connection's profile comes from: the app's settings, or the one a command line describes. */
export type ProfileSource = Pick<SettingsStore, 'activeProfile'>;

/** Where a live profile's tickets are read and its rotated EncryptedTickets go. */
export type TicketSource = Pick<TicketVault, 'get' | 'rotateEncrypted'>;

export interface ConnectionDeps<M extends LocalMarket = LocalMarket> {
  settings: ProfileSource;
  vault: TicketSource;
  /** Starts the built-in sandbox (injected so the Electron app and tests choose its options). */
  startSandbox: (opts: LocalMarketOptions) => Promise<M>;
  transport?: Transport;
  onStateChange?: (state: {
    state: 'online' | 'offline' | 'starting';
    profile: string;
    detail?: string;
  }) => void;
}

function vaultSink(vault: TicketSource, profileId: string): TicketSink {
  return {
    // The team database's password shares the profile's vault entry; the marketplace never sees it.
    current: async () => {
      const { teamPassword: _team, ...tickets } = await vault.get(profileId);
      return tickets;
    },
    rotate: (ticket, seq) => vault.rotateEncrypted(profileId, ticket, seq),
  };
}

/** What makes a live profile's notes one marketplace's data (the sandbox's is its identity). */
export function liveFingerprint(
  profile: Pick<Profile, 'apiBaseUrl' | 'nsRoot' | 'schemaRoot' | 'soapVersion' | 'pageIndexBase'>,
): Fingerprint {
  return endpointFingerprint({
    kind: 'live',
    apiBaseUrl: profile.apiBaseUrl,
    nsRoot: profile.nsRoot,
    schemaRoot: profile.schemaRoot,
    soapVersion: profile.soapVersion,
    pageIndexBase: profile.pageIndexBase,
  });
}

export function createConnectionManager<M extends LocalMarket>(
  deps: ConnectionDeps<M>,
): ConnectionManager<M> {
  const network = createNetworkLog();
  const transport = deps.transport ?? createTransport();
  let sandbox: M | undefined;
  let starting: Promise<M> | undefined;
  let cached: { key: string; connection: ActiveConnection } | undefined;
  // Rotation order must survive across clients of the same profile.
  const rotations = new Map<string, TicketRotation>();

  async function ensureSandbox(): Promise<M> {
    if (sandbox) return sandbox;
    starting ??= (async () => {
      deps.onStateChange?.({ state: 'starting', profile: 'sandbox' });
      const s = await deps.startSandbox({ port: 0, host: '127.0.0.1' });
      sandbox = s;
      deps.onStateChange?.({ state: 'online', profile: 'sandbox' });
      return s;
    })();
    try {
      return await starting;
    } finally {
      starting = undefined;
    }
  }

  function rotationFor(profileId: string, sink: () => TicketSink): TicketRotation {
    let r = rotations.get(profileId);
    if (!r) rotations.set(profileId, (r = new TicketRotation(sink())));
    return r;
  }

  async function build(profile: Profile): Promise<ActiveConnection> {
    let apiBaseUrl = profile.apiBaseUrl;
    let suggestBaseUrl = profile.suggestBaseUrl;
    let ns: ServiceNamespaces = {
      nsRoot: profile.nsRoot,
      schemaRoot: profile.schemaRoot,
      suggestNs: profile.suggestNamespace || DEFAULT_NAMESPACES.suggestNs,
    };
    let sellerIds = profile.sellerIds;
    let pageIndexBase = profile.pageIndexBase;
    let tickets: TicketRotation;
    let sink: () => TicketSink;
    let fingerprint: Fingerprint;
    if (profile.kind === 'sandbox') {
      const s = await ensureSandbox();
      fingerprint = endpointFingerprint({ kind: 'sandbox', identity: s.identity });
      apiBaseUrl = s.baseUrl;
      suggestBaseUrl = s.baseUrl;
      ns = s.ns;
      sellerIds = [...s.backend.sellerIds];
      pageIndexBase = s.pageBase;
      // The sandbox's tickets are documented and not secret: they live in memory, not the vault.
      sink = () =>
        createMemoryTicketSink({
          authTicket: s.tickets.auth,
          encryptedTicket: s.tickets.encrypted,
          memberTicket: s.tickets.member,
        });
      tickets = rotationFor(`sandbox@${s.baseUrl}`, sink);
    } else {
      sink = () => vaultSink(deps.vault, profile.id);
      tickets = rotationFor(profile.id, sink);
      fingerprint = liveFingerprint(profile);
    }
    const info: ConnectionInfo = {
      profileId: profile.id,
      profileName: profile.name,
      kind: profile.kind,
      apiBaseUrl,
      suggestBaseUrl,
      soapVersion: profile.soapVersion,
      pageIndexBase,
      sellerIds,
    };
    const config = {
      apiBaseUrl,
      suggestBaseUrl,
      ns,
      soapVersion: profile.soapVersion,
      timeoutMs: profile.timeoutMs,
    };
    const onExchange = (x: Parameters<NetworkLog['record']>[0]) => network.record(x);
    const client = createSoapClient(config, { transport, tickets, onExchange });
    // A team caller's client: one per sync turn, its own rotation order (the team's ticket is not this desktop's).
    const teamClient = (team: TeamTicketSource) =>
      createSoapClient(config, {
        transport,
        tickets: new TicketRotation(teamTicketSink(sink(), team)),
        onExchange,
      });
    return { client, info, profile, fingerprint, teamClient };
  }

  async function active(): Promise<ActiveConnection> {
    const profile = await deps.settings.activeProfile();
    const key = JSON.stringify(profile);
    if (cached?.key === key && (profile.kind !== 'sandbox' || sandbox)) return cached.connection;
    const connection = await build(profile);
    cached = { key, connection };
    return connection;
  }

  async function check(operation: string, run: () => Promise<unknown>): Promise<ServiceCheck> {
    const started = performance.now();
    try {
      await run();
      return { ok: true, operation, durationMs: performance.now() - started };
    } catch (err) {
      const code = ERROR_CODES.find((c) => c === deskCodeOf(err)) ?? 'INTERNAL';
      return {
        ok: false,
        operation,
        durationMs: performance.now() - started,
        error: {
          code,
          message: errorMessageOf(err),
          detail: thrownText(err, 'detail'),
          ...errorFields(err),
        },
      };
    }
  }

  return {
    network,
    active,
    sandbox: () => sandbox,
    async test() {
      const { client, info } = await active();
      const [suggest, market] = await Promise.all([
        check('GetSuggestionNotice', () => client.suggest.getSuggestionNotice({})),
        check('GetSohoLookbook', () =>
          client.market.getSohoLookbook({
            SellerId: info.sellerIds[0] ?? '',
            Pagination: { PageIndex: info.pageIndexBase, PageSize: 1 },
          }),
        ),
      ]);
      deps.onStateChange?.({
        state: suggest.ok || market.ok ? 'online' : 'offline',
        profile: info.profileName,
        detail: market.error?.message ?? suggest.error?.message,
      });
      return { info, suggest, market };
    },
    async close() {
      await sandbox?.close();
      sandbox = undefined;
      cached = undefined;
    },
  };
}
