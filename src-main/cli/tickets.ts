// A live endpoint's tickets on the command line: from the environment, or the app's file vault when a saved
// profile names one, never from the command line itself; kept for one run.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { TicketSet } from '../contract';
import type { TicketSource } from '../services/connection';
import { createFileVault, VAULT_KEY_FILE } from '../storage/file-vault';
import { VAULT_FILE } from '../storage/vault';
import { teamKeyName } from '../team/ticket-seal';
import { UsageError } from './cli-error';

type Tickets = TicketSet;

const TICKET_ENV = {
  authTicket: 'MARKET_AUTH_TICKET',
  encryptedTicket: 'MARKET_ENCRYPTED_TICKET',
  memberTicket: 'MARKET_MEMBER_TICKET',
} as const;

/**
 * Environment tickets win one by one over the vault's. Only a vault written by Node tools (it has a key file)
 * is read: the desktop app seals its tickets with the OS keystore, which only the app can open.
 */
export async function liveTickets(
  vault: { dir: string; profileId: string } | undefined,
  env: Record<string, string | undefined>,
): Promise<Tickets> {
  const fromEnv: Tickets = {};
  for (const [k, name] of Object.entries(TICKET_ENV) as [keyof Tickets, string][]) {
    const v = env[name];
    if (v) fromEnv[k] = v;
  }
  const complete = fromEnv.authTicket && fromEnv.encryptedTicket && fromEnv.memberTicket;
  if (!vault || complete) return fromEnv;
  if (!existsSync(join(vault.dir, VAULT_KEY_FILE))) {
    if (existsSync(join(vault.dir, VAULT_FILE))) {
      throw new UsageError(
        `The app keeps the tickets of profile "${vault.profileId}" in the system keystore, which only the app can read; set ${Object.values(TICKET_ENV).join(', ')} instead.`,
      );
    }
    return fromEnv;
  }
  return { ...(await createFileVault(vault.dir).get(vault.profileId)), ...fromEnv };
}

/** Missing tickets are the invocation's fault: say which variables to set before anything is sent. */
export function assertTickets(tickets: Tickets, memberTicket: boolean): void {
  const missing = [
    !tickets.authTicket && TICKET_ENV.authTicket,
    !tickets.encryptedTicket && TICKET_ENV.encryptedTicket,
    memberTicket && !tickets.memberTicket && TICKET_ENV.memberTicket,
  ].filter((m) => typeof m === 'string');
  if (missing.length > 0) {
    throw new UsageError(`A live endpoint needs its tickets in the environment: set ${missing.join(', ')}.`);
  }
}

/**
 * This run's tickets, as the connection reads them from a vault. Rotated EncryptedTickets live for this run
 * only (the app's vault keeps its own rotation order), or are also handed to `keep` (a team's caller seals them
 * for the next caller; the call fails when they cannot be kept).
 */
export function runTickets(
  initial: Tickets,
  keep?: (encryptedTicket: string) => Promise<void>,
): TicketSource {
  let tickets = { ...initial };
  return {
    get: () => Promise.resolve({ ...tickets }),
    rotateEncrypted: async (_profileId, encryptedTicket) => {
      tickets = { ...tickets, encryptedTicket };
      await keep?.(encryptedTicket);
    },
  };
}

const TEAM_KEY_ENV = 'SELLER_DESK_TEAM_KEY';

export { teamKeyName };

/** The Node tools' vault in a data folder; refused where the app's keystore-sealed vault is (only it reads that). */
export function cliVault(dataDir: string) {
  const dir = join(dataDir, 'vault');
  if (!existsSync(join(dir, VAULT_KEY_FILE)) && existsSync(join(dir, VAULT_FILE))) {
    throw new UsageError(
      `The vault in ${dataDir} is the app's (sealed with the system keystore, which only the app can read); join the team in the app, or give desk another --data-dir.`,
    );
  }
  return createFileVault(dir);
}

/** This desktop's key of a team: SELLER_DESK_TEAM_KEY, else the vault of the data folder (desk team join). */
export async function teamKeyOf(
  target: { host: string; port: number; database: string; team: string },
  dataDir: string | undefined,
  env: Record<string, string | undefined>,
): Promise<string | undefined> {
  const fromEnv = env[TEAM_KEY_ENV];
  if (fromEnv) return fromEnv;
  if (!dataDir) return undefined;
  return cliVault(dataDir).getSecret(teamKeyName(target));
}
