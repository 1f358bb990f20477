// A second marketplace as a seller would have saved it: a live profile pointing at a running sandbox (its address,
// namespaces and seller IDs) and that sandbox's tickets in the vault. For tests that point the app or the command
// line at another marketplace than the built-in one.
import type { Profile, SettingsPatch, SettingsView, TicketSet } from '../../src-main/contract';
import type { RunningSandbox } from '../../src-main/sandbox/server';

/** The profile a seller would save for the marketplace `s` serves; `extra` overrides any field. */
export function liveProfileOf(s: RunningSandbox, extra: Partial<Profile> = {}): Profile {
  return {
    id: 'shop',
    name: '내 상점',
    kind: 'live',
    apiBaseUrl: s.baseUrl,
    suggestBaseUrl: s.baseUrl,
    nsRoot: s.ns.nsRoot,
    schemaRoot: s.ns.schemaRoot,
    suggestNamespace: s.ns.suggestNs,
    soapVersion: '1.1',
    pageIndexBase: 1,
    timeoutMs: 30_000,
    sellerIds: [...s.backend.sellerIds],
    ...extra,
  };
}

/** The three tickets `s` accepts. */
export function ticketsOf(s: RunningSandbox): TicketSet {
  return { authTicket: s.tickets.auth, encryptedTicket: s.tickets.encrypted, memberTicket: s.tickets.member };
}

interface Stores {
  settings: { get(): Promise<SettingsView>; update(patch: SettingsPatch): Promise<unknown> };
  vault: { set(profileId: string, tickets: TicketSet): Promise<void> };
}

/**
 * Adds the live profile for `s` beside the profiles already saved and puts `s`'s tickets in the vault (unless
 * `tickets` is false); in use when `activate`.
 */
export async function saveLiveProfile(
  stores: Stores,
  s: RunningSandbox,
  opts: { profile?: Partial<Profile>; activate?: boolean; tickets?: false } = {},
): Promise<Profile> {
  const profile = liveProfileOf(s, opts.profile);
  const { settings } = await stores.settings.get();
  await stores.settings.update({
    profiles: [...settings.profiles, profile],
    ...(opts.activate ? { activeProfileId: profile.id } : {}),
  });
  if (opts.tickets !== false) await stores.vault.set(profile.id, ticketsOf(s));
  return profile;
}
