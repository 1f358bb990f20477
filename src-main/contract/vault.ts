// Tickets go in, only their status comes out: no channel ever returns a ticket to the renderer.

export interface TicketSet {
  authTicket?: string;
  encryptedTicket?: string;
  memberTicket?: string;
  /** The password of the profile's team database login (team mode); never sent to the marketplace. */
  teamPassword?: string;
  /**
   * The team key of the profile's team database (a live connection's EncryptedTicket is sealed with it): kept in
   * the vault under the team's name, as `desk team join` keeps it, never shown again.
   */
  teamKey?: string;
}

export type VaultState = 'ok' | 'empty' | 'corrupt' | 'insecure-refused';

export interface VaultStatus {
  /**
   * teamKey and teamPassword: only for a profile with a team database (whether this desktop keeps the team's key,
   * and the password of the profile's team database login).
   */
  present: { auth: boolean; encrypted: boolean; member: boolean; teamKey?: boolean; teamPassword?: boolean };
  /** ISO time the encrypted ticket last changed (set by hand or rotated by the marketplace). */
  lastRotatedAt?: string;
  state: VaultState;
  /**
   * The vault's key was damaged: it was moved aside under this name and a fresh key made. Tickets saved before
   * cannot be opened with the new key and must be entered again.
   */
  keyReplaced?: string;
}

export interface VaultContract {
  'vault.status': { req: { profileId: string }; res: VaultStatus };
  'vault.set': { req: { profileId: string; tickets: TicketSet }; res: VaultStatus };
  'vault.clear': { req: { profileId: string }; res: VaultStatus };
  /** The seller's explicit consent to keep tickets where the OS offers no keystore (Linux basic_text). */
  'vault.acceptWeakerStorage': { req: { accept: boolean }; res: void };
}

export const VAULT_CHANNELS = [
  'vault.status',
  'vault.set',
  'vault.clear',
  'vault.acceptWeakerStorage',
] as const satisfies readonly (keyof VaultContract)[];
