// The vault form's fields per profile: the sandbox with a team database takes its login's password (a newcomer
// tries team mode on it), a live team profile the password and the team key beside its tickets; a save sends a
// password as typed and the tokens trimmed.
import { describe, expect, it } from 'vitest';
import {
  keepsAnything,
  ticketsToSave,
  vaultFields,
} from '../../../src-renderer/features/settings/model/vault-fields';

const TEAM = 'postgres://anna@127.0.0.1:5432/desk?team=shop';
const keys = (fields: ReturnType<typeof vaultFields>) => fields.map(([key]) => key);

describe('the vault form', () => {
  it("offers the sandbox its team database's password alone, and nothing without a team database", () => {
    expect(keys(vaultFields({ kind: 'sandbox' }))).toEqual([]);
    expect(keys(vaultFields({ kind: 'sandbox', teamUrl: '  ' }))).toEqual([]);
    expect(keys(vaultFields({ kind: 'sandbox', teamUrl: TEAM }))).toEqual(['teamPassword']);
  });

  it('offers a live team profile its tickets, the password and the team key', () => {
    expect(keys(vaultFields({ kind: 'live' }))).toEqual(['authTicket', 'encryptedTicket', 'memberTicket']);
    expect(keys(vaultFields({ kind: 'live', teamUrl: TEAM }))).toEqual([
      'authTicket',
      'encryptedTicket',
      'memberTicket',
      'teamPassword',
      'teamKey',
    ]);
  });

  it('sends a password as typed, tickets trimmed, and nothing blank or not offered', () => {
    const fields = vaultFields({ kind: 'live', teamUrl: TEAM });
    expect(
      ticketsToSave(
        { authTicket: ' AUTH\n', encryptedTicket: '   ', teamPassword: ' pass word ', teamKey: 'k ' },
        fields,
      ),
    ).toEqual({ authTicket: 'AUTH', teamPassword: ' pass word ', teamKey: 'k' });
    expect(ticketsToSave({ teamPassword: '  ' }, fields)).toEqual({});
    // The sandbox's form has no ticket field: a ticket left in a draft is not sent.
    expect(
      ticketsToSave(
        { authTicket: 'AUTH', teamPassword: 'pw' },
        vaultFields({ kind: 'sandbox', teamUrl: TEAM }),
      ),
    ).toEqual({ teamPassword: 'pw' });
  });

  it('can clear a vault that keeps only the team password', () => {
    const none = { auth: false, encrypted: false, member: false };
    expect(keepsAnything(undefined)).toBe(false);
    expect(keepsAnything({ state: 'empty', present: none })).toBe(false);
    expect(keepsAnything({ state: 'empty', present: { ...none, teamPassword: true } })).toBe(true);
    expect(keepsAnything({ state: 'ok', present: { ...none, auth: true } })).toBe(true);
  });
});
