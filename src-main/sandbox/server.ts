// The built-in sandbox marketplace: both services over node:http, strict like the live ASMX
// services, built on the same schema/ as the client so the two cannot drift apart. This file wires its rooms:
// http.ts (routing, status codes, drills), soap-endpoint.ts (one SOAP call), market-operations.ts (the API
// service's operations over the data) and the ticket issuer.
import type { AddressInfo } from 'node:net';
import { DEFAULT_NAMESPACES, SERVICE_PATHS } from '../schema';
import type { ServiceNamespaces } from '../schema';
import { createBackend } from './backend';
import type { SandboxBackend } from './backend';
import { NOTE_HISTORY_DAYS } from './data/notes';
import { DEFAULT_NOTE_COUNT } from './data/sandbox-data';
import { FaultInjector, NO_FAULTS } from './fault-injection';
import type { FaultInjection } from './fault-injection';
import { createSandboxServer } from './http';
import { createMarketOperations, DEFAULT_MAX_PAGE_SIZE } from './market-operations';
import { createSoapEndpoint } from './soap-endpoint';
import { DEFAULT_TICKETS, TicketIssuer } from './ticket-issuer';
import type { SandboxTickets } from './ticket-issuer';

export { DEFAULT_MAX_PAGE_SIZE } from './market-operations';

export interface SandboxOptions {
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  seed?: number;
  /**
   * Fixes the sandbox's clock: its notes are as they are at this instant for every request, nothing arrives and
   * nothing is answered by itself. Without it the sandbox lives on `clock`.
   */
  now?: Date;
  /** About this many buyer notes over the last 120 days (default 5000). */
  notes?: number;
  /** Whether PageIndex counts from 0 or 1 (the spec does not say; the default is 1). */
  pageBase?: 0 | 1;
  tickets?: Partial<SandboxTickets>;
  /** How long an issued EncryptedTicket stays valid (default 10 minutes). */
  graceMs?: number;
  faults?: Partial<FaultInjection>;
  ns?: ServiceNamespaces;
  /** Largest PageSize accepted (default 500); the smallest is 1. */
  maxPageSize?: number;
  /** Cap on a request body (default 1 MiB). */
  maxRequestBytes?: number;
  /** Prebuilt data (tests share one across servers); otherwise built from seed, now, notes and clock. */
  backend?: SandboxBackend;
  /**
   * Wall clock in epoch ms for ticket lifetimes, throttling windows and, without `now`, the living data: notes
   * arrive and are answered as it moves (tests inject one to move time).
   */
  clock?: () => number;
}

export interface RunningSandbox {
  /** What makes this sandbox's notes the same data on another start (not its port): see sandboxIdentity. */
  identity: string;
  baseUrl: string;
  apiUrl: string;
  suggestUrl: string;
  tickets: SandboxTickets;
  ns: ServiceNamespaces;
  pageBase: 0 | 1;
  maxPageSize: number;
  backend: SandboxBackend;
  stats: { requests: number; faults: number };
  close(): Promise<void>;
}

/**
 * The sandbox's data identity: the same value on every start that serves the same notes, whatever its port. A
 * mirror of the sandbox belongs to this, so a restart keeps the seller's sample notes and marks, and another
 * seed or size starts another mirror.
 */
export function sandboxIdentity(opts: Pick<SandboxOptions, 'seed' | 'notes' | 'backend'> = {}): string {
  if (opts.backend) return `seed=${opts.backend.data.seed};rate=${opts.backend.data.notes.ratePerDay}`;
  return `seed=${opts.seed ?? 42};rate=${(opts.notes ?? DEFAULT_NOTE_COUNT) / NOTE_HISTORY_DAYS}`;
}

export const DEFAULT_GRACE_MS = 10 * 60_000;

export async function startSandbox(opts: SandboxOptions = {}): Promise<RunningSandbox> {
  const seed = opts.seed ?? 42;
  const ns = opts.ns ?? DEFAULT_NAMESPACES;
  const pageBase = opts.pageBase ?? 1;
  const maxPageSize = opts.maxPageSize ?? DEFAULT_MAX_PAGE_SIZE;
  const maxRequestBytes = opts.maxRequestBytes ?? 1024 * 1024;
  const tickets: SandboxTickets = { ...DEFAULT_TICKETS, ...opts.tickets };
  const clock = opts.clock ?? Date.now;
  const issuer = new TicketIssuer(tickets, opts.graceMs ?? DEFAULT_GRACE_MS, clock);
  const faults: FaultInjection = { ...NO_FAULTS, ...opts.faults };
  const injector = new FaultInjector(faults, seed, clock);
  const backend =
    opts.backend ??
    createBackend({
      seed,
      notes: opts.notes ?? DEFAULT_NOTE_COUNT,
      clock,
      ...(opts.now === undefined ? {} : { now: opts.now }),
    });
  const stats = { requests: 0, faults: 0 };
  let baseUrl = '';
  const server = createSandboxServer({
    ns,
    backend,
    endpoint: createSoapEndpoint({
      ns,
      backend,
      market: createMarketOperations({ backend, pageBase, maxPageSize }),
      issuer,
      maxRequestBytes,
    }),
    injector,
    faults,
    maxRequestBytes,
    stats,
    baseUrl: () => baseUrl,
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  // A wildcard address is not one a client can call; name the loopback of the same family instead.
  const listened =
    address.address === '0.0.0.0' ? '127.0.0.1' : address.address === '::' ? '::1' : address.address;
  const host = address.family === 'IPv6' ? `[${listened}]` : listened;
  baseUrl = `http://${host}:${address.port}`;
  return {
    identity: sandboxIdentity(opts),
    baseUrl,
    apiUrl: baseUrl + SERVICE_PATHS.market,
    suggestUrl: baseUrl + SERVICE_PATHS.suggest,
    tickets,
    ns,
    pageBase,
    maxPageSize,
    backend,
    stats,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
