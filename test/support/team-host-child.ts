// An app host in a process of its own, for the team drill that kills one with SIGKILL: the host the E2E tests
// assemble (createTestDeps: the real handlers; the built-in sandbox profile naming the team database, its password
// in the vault; team mode's loop and pull on short intervals), reached over IPC by the test's bridge
// (test/e2e/host-child.ts hands a dispatcher to openApp, as the harness allows). Run as
// `node --import tsx team-host-child.ts` with an IPC channel; the first message configures it.
//
// Its sandbox door serves the data every desktop's door serves (the built-in seed, size and clock, so the same
// connection key in the team database), but the calls the host sends there go to the one marketplace of the test
// instead, through the market proxy (test/support/market-proxy.ts), each tagged `x-desk: NAME`: the proxy then
// records every call of every desktop in the order the marketplace saw them. kill -9 is the crash.
export interface HostChildInit {
  type: 'init';
  /** The desktop's name in the proxy's record. */
  name: string;
  /** Where the marketplace's calls go instead of the door (the proxy's base URL). */
  market: string;
  teamUrl: string;
  teamPassword: string;
  loopMs: number;
  pollMs: number;
}

export type HostChildRequest =
  | HostChildInit
  | { type: 'call'; id: number; channel: string; req: unknown; callId: string | null }
  | { type: 'abort'; callId: string };

export type HostChildMessage =
  | { type: 'ready' }
  | { type: 'failed'; message: string }
  | { type: 'reply'; id: number; envelope: unknown }
  | { type: 'event'; event: string; payload: unknown };

const send = (m: HostChildMessage): void => void process.send?.(m);

let name = '';
let door: string | undefined;
let market = '';
const plain = globalThis.fetch;
globalThis.fetch = (input, init) => {
  let url = input instanceof Request ? input.url : String(input);
  if (door !== undefined && url.startsWith(door)) url = market + url.slice(door.length);
  const headers = new Headers(init?.headers);
  headers.set('x-desk', name);
  return plain(url, { ...init, headers });
};

async function start(opts: HostChildInit) {
  ({ name, market } = opts);
  const { createHandlers, requestSchemas } = await import('../../src-main/host/create-handlers');
  const { createDispatcher } = await import('../../src-main/host/dispatch');
  const { createTestDeps } = await import('./host-deps');
  const emit = (event: string, payload: unknown) => send({ type: 'event', event, payload });
  const deps = createTestDeps({ emit, team: { loopMs: opts.loopMs, pollMs: opts.pollMs, env: {} } });
  // The door first, so no call of the team session goes there.
  await deps.connection.active();
  door = deps.connection.sandbox()!.baseUrl;
  const { settings } = await deps.settings.get();
  await deps.vault.set('sandbox', { teamPassword: opts.teamPassword });
  // The team session starts with this (its first round tries the caller lock), as the app's does.
  await deps.settings.update({
    profiles: settings.profiles.map((p) => (p.id === 'sandbox' ? { ...p, teamUrl: opts.teamUrl } : p)),
  });
  await deps.teams!.active();
  return createDispatcher(createHandlers(deps), requestSchemas, emit);
}

let dispatcher: Awaited<ReturnType<typeof start>> | undefined;
process.on('message', (m: HostChildRequest) => {
  if (m.type === 'init') {
    start(m).then(
      (d) => {
        dispatcher = d;
        send({ type: 'ready' });
      },
      (err: unknown) => {
        send({ type: 'failed', message: String(err) });
        process.exit(1);
      },
    );
  } else if (m.type === 'call') {
    void dispatcher!
      .dispatch(m.channel, m.req, m.callId)
      .then((envelope) => send({ type: 'reply', id: m.id, envelope }));
  } else dispatcher?.abort(m.callId);
});
