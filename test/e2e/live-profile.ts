// Puts a live profile in use before the app opens, as a seller would have saved it: for tests that point the app
// at a second sandbox (wrong tickets) or at an address where nothing listens.
import { createServer } from 'node:net';
import type { Profile, TicketSet } from '../../src-main/contract';
import type { Handlers } from '../../src-main/host/dispatch';
import type { createTestDeps } from '../support/host-deps';

const ctx = { signal: new AbortController().signal, emit: () => {} };

export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export type LiveEndpoint = Pick<Profile, 'apiBaseUrl' | 'suggestBaseUrl' | 'nsRoot' | 'schemaRoot'>;

export async function useLiveProfile(
  deps: ReturnType<typeof createTestDeps>,
  handlers: Handlers,
  endpoint: LiveEndpoint,
  tickets: TicketSet = {},
  extra: Partial<Profile> = {},
): Promise<Profile> {
  const { settings } = await handlers['settings.get'](undefined, ctx);
  const profile: Profile = {
    id: 'shop',
    name: '내 상점',
    kind: 'live',
    suggestNamespace: 'ns',
    soapVersion: '1.1',
    pageIndexBase: 1,
    timeoutMs: 5000,
    sellerIds: ['gangnam_style'],
    ...endpoint,
    ...extra,
  };
  await handlers['settings.update'](
    { activeProfileId: profile.id, profiles: [...settings.profiles, profile] },
    ctx,
  );
  if (Object.keys(tickets).length > 0) await deps.vault.set(profile.id, tickets);
  return profile;
}
