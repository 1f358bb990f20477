// The vault form as data: which secrets a profile's form takes, and what a save sends of what the seller typed.
import type { Profile, TicketSet, VaultStatus } from '../../../../src-main/contract';
import type { MessageKey } from '../../../i18n/messages';

/** A field: the ticket set's key, the status's presence key, and its label. */
export type VaultField = readonly [
  key: keyof TicketSet,
  presence: keyof VaultStatus['present'],
  label: MessageKey,
];

const TICKETS = [
  ['authTicket', 'auth', 'vault.auth'],
  ['encryptedTicket', 'encrypted', 'vault.encrypted'],
  ['memberTicket', 'member', 'vault.member'],
] as const satisfies readonly VaultField[];
/** The password of the profile's team database login (never in the address, never in the settings file). */
export const TEAM_PASSWORD_FIELD = ['teamPassword', 'teamPassword', 'vault.teamPassword'] as const;
/** A live team profile's team key (its EncryptedTicket is sealed with it). */
export const TEAM_KEY_FIELD = ['teamKey', 'teamKey', 'vault.teamKey'] as const;

/**
 * A live profile takes its three tickets; a profile with a team database also its login's password, and a live one
 * the team key too. The sandbox's tickets are built in: with a team database it takes the password alone (a
 * newcomer tries team mode on it), without one nothing.
 */
export function vaultFields(profile: Pick<Profile, 'kind' | 'teamUrl'>): readonly VaultField[] {
  const team = (profile.teamUrl?.trim() ?? '') !== '';
  if (profile.kind === 'sandbox') return team ? [TEAM_PASSWORD_FIELD] : [];
  return team ? [...TICKETS, TEAM_PASSWORD_FIELD, TEAM_KEY_FIELD] : TICKETS;
}

/**
 * What a save sends: each field typed, tickets and the key trimmed (they are tokens, a pasted line break is no part
 * of them); a password as typed (a space may be part of it), unless it is nothing but spaces.
 */
export function ticketsToSave(draft: TicketSet, fields: readonly VaultField[]): TicketSet {
  const out: TicketSet = {};
  for (const [key] of fields) {
    const typed = draft[key];
    if (typed === undefined || typed.trim() === '') continue;
    out[key] = key === 'teamPassword' ? typed : typed.trim();
  }
  return out;
}

/** Whether the profile's vault keeps anything that "clear" would remove (its tickets, its team password). */
export function keepsAnything(status: VaultStatus | undefined): boolean {
  return status !== undefined && (status.state !== 'empty' || status.present.teamPassword === true);
}
