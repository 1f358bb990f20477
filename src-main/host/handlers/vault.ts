import { z } from 'zod';
import type { TicketSet, VaultContract } from '../../contract';
import { HostError } from '../dispatch';
import type { Handlers, RequestSchemas } from '../dispatch';
import { profileIdSchema } from '../../storage/settings-schema';
import type { SettingsStore } from '../../storage/settings-store';
import type { TicketVault } from '../../storage/vault';
import type { TeamHost } from '../team-host';
import { parseTeamUrl } from '../../team/team-url';
import { parseTeamKey, teamKeyName } from '../../team/ticket-seal';

type Channels = keyof VaultContract;

export function vaultHandlers(deps: {
  settings: SettingsStore;
  vault: TicketVault;
  /** The team sessions: one that logs in with a profile's password starts again when that password changes. */
  teams?: Pick<TeamHost, 'credentialsChanged'>;
}): Pick<Handlers, Channels> {
  // Only profiles the seller configured get a vault entry: the renderer cannot invent storage keys.
  const known = async (profileId: string) => {
    const { settings } = await deps.settings.get();
    if (!settings.profiles.some((p) => p.id === profileId)) {
      throw new HostError('NOT_FOUND', `No profile with id ${profileId}.`);
    }
  };
  // The vault name of the profile's team key (the team database's server, database and team), if it has one.
  const teamKeyOf = async (profileId: string): Promise<string | undefined> => {
    const { settings } = await deps.settings.get();
    const url = settings.profiles.find((p) => p.id === profileId)?.teamUrl?.trim();
    return url ? teamKeyName(parseTeamUrl(url, {})) : undefined;
  };
  const status = async (profileId: string) => {
    const s = await deps.vault.status(profileId);
    const name = await teamKeyOf(profileId);
    if (name === undefined) return s;
    const teamKey = (await deps.vault.getSecret(name).catch(() => undefined)) !== undefined;
    // Whether a password is kept, never the password (an unreadable entry keeps none that can be used).
    const { teamPassword } = await deps.vault.get(profileId).catch(() => ({ teamPassword: undefined }));
    return { ...s, present: { ...s.present, teamKey, teamPassword: teamPassword !== undefined } };
  };
  // The profile's team session logs in with the password it had when it started: it starts again with the new one.
  const passwordChanged = (profileId: string) =>
    deps.teams?.credentialsChanged(profileId) ?? Promise.resolve();
  return {
    'vault.status': async ({ profileId }) => {
      await known(profileId);
      return status(profileId);
    },
    'vault.set': async ({ profileId, tickets: { teamKey, ...tickets } }) => {
      await known(profileId);
      // A team key and a team database's password belong to a profile with a team database.
      const forTeam =
        teamKey !== undefined ? 'team key' : tickets.teamPassword !== undefined ? 'password' : '';
      const name = forTeam ? await teamKeyOf(profileId) : undefined;
      if (forTeam && name === undefined) {
        throw new HostError(
          'INVALID_ARGUMENT',
          `This profile has no team database to keep a ${forTeam} for.`,
        );
      }
      if (teamKey !== undefined && name !== undefined) {
        // The format desk team join accepts.
        try {
          parseTeamKey(teamKey);
        } catch (err) {
          throw new HostError('INVALID_ARGUMENT', (err as Error).message);
        }
        await deps.vault.setSecret(name, teamKey.trim());
      }
      if (Object.values(tickets).some((v) => v !== undefined)) await deps.vault.set(profileId, tickets);
      if (tickets.teamPassword !== undefined) await passwordChanged(profileId);
      return status(profileId);
    },
    'vault.clear': async ({ profileId }) => {
      await known(profileId);
      await deps.vault.clear(profileId);
      // The team database's password went with the tickets.
      if ((await teamKeyOf(profileId)) !== undefined) await passwordChanged(profileId);
      return status(profileId);
    },
    'vault.acceptWeakerStorage': ({ accept }) => deps.vault.acceptWeakerStorage(accept),
  };
}

// Tickets are opaque base64-ish tokens; the bound only stops a renderer from filling the disk.
const ticket = z.string().trim().min(1).max(8192).optional();
const ticketSet = z
  .strictObject({
    authTicket: ticket,
    encryptedTicket: ticket,
    memberTicket: ticket,
    // A team database login's password (team mode): kept with the tickets, never sent to the marketplace.
    teamPassword: z.string().min(1).max(1024).optional(),
    // A team key (sdtk1- and 43 characters); checked by the handler as desk team join checks it.
    teamKey: z.string().trim().min(1).max(256).optional(),
  })
  .refine(
    (t) => Object.values(t).some((v) => v !== undefined),
    'at least one ticket',
  ) satisfies z.ZodType<TicketSet>;

export const vaultRequestSchemas: Pick<RequestSchemas, Channels> = {
  'vault.status': z.strictObject({ profileId: profileIdSchema }),
  'vault.set': z.strictObject({ profileId: profileIdSchema, tickets: ticketSet }),
  'vault.clear': z.strictObject({ profileId: profileIdSchema }),
  'vault.acceptWeakerStorage': z.strictObject({ accept: z.boolean() }),
};
