import { z } from 'zod';
import type { TicketSet, VaultContract } from '../../contract';
import { HostError } from '../dispatch';
import type { Handlers, RequestSchemas } from '../dispatch';
import { profileIdSchema } from '../../storage/settings-schema';
import type { SettingsStore } from '../../storage/settings-store';
import type { TicketVault } from '../../storage/vault';

type Channels = keyof VaultContract;

export function vaultHandlers(deps: {
  settings: SettingsStore;
  vault: TicketVault;
}): Pick<Handlers, Channels> {
  // Only profiles the seller configured get a vault entry: the renderer cannot invent storage keys.
  const known = async (profileId: string) => {
    const { settings } = await deps.settings.get();
    if (!settings.profiles.some((p) => p.id === profileId)) {
      throw new HostError('NOT_FOUND', `No profile with id ${profileId}.`);
    }
  };
  return {
    'vault.status': async ({ profileId }) => {
      await known(profileId);
      return deps.vault.status(profileId);
    },
    'vault.set': async ({ profileId, tickets }) => {
      await known(profileId);
      await deps.vault.set(profileId, tickets);
      return deps.vault.status(profileId);
    },
    'vault.clear': async ({ profileId }) => {
      await known(profileId);
      await deps.vault.clear(profileId);
      return deps.vault.status(profileId);
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
