import { useState } from 'react';
import type { Profile, TicketSet } from '../../../src-main/contract';
import { DeskCallError } from '../../api/desk';
import { useVaultMutations, useVaultStatus } from '../../api/settings';
import { useFormats } from '../../ui/use-formats';
import { profileLabel } from '../../ui/profile-label';
import { useDraft } from '../../ui/drafts';
import { useI18n } from '../../i18n';
import { Dialog } from '../../ui/Dialog';
import { ErrorPanel } from '../../ui/ErrorPanel';
import {
  keepsAnything,
  TEAM_KEY_FIELD,
  TEAM_PASSWORD_FIELD,
  ticketsToSave,
  vaultFields,
} from './model/vault-fields';
import type { VaultField } from './model/vault-fields';

/**
 * Tickets go in through password fields and never come back: the host answers with presence only. What the
 * seller typed and has not saved yet is kept in memory when they leave the page (never on disk). The sandbox's
 * tickets are built in; with a team database it takes its login's password alone.
 */
export function VaultSection({ profile }: { profile: Profile }) {
  const { t } = useI18n();
  const fields = vaultFields(profile);
  return (
    <section className="panel" aria-labelledby="settings-vault">
      <h2 id="settings-vault">{t('vault.title', { profile: profileLabel(profile, t) })}</h2>
      {profile.kind === 'sandbox' ? (
        <p className="muted" data-testid="vault-sandbox">
          {t('vault.sandbox')}
        </p>
      ) : (
        <p className="muted">{t('vault.explain')}</p>
      )}
      {profile.kind === 'sandbox' && fields.length > 0 && (
        <p className="muted">{t('vault.teamPassword.explain')}</p>
      )}
      {fields.length > 0 && <VaultForm profile={profile} fields={fields} />}
    </section>
  );
}

function VaultForm({ profile, fields }: { profile: Profile; fields: readonly VaultField[] }) {
  const { t } = useI18n();
  const f = useFormats();
  const status = useVaultStatus(profile.id);
  const { set, clear, acceptWeaker } = useVaultMutations(profile.id);
  const [stored, setStored] = useDraft<TicketSet>(`settings.tickets.${profile.id}`);
  const draft = stored ?? {};
  const setDraft = (update: (d: TicketSet) => TicketSet) =>
    setStored((d) => {
      const next = update(d ?? {});
      return Object.values(next).some((v) => v) ? next : undefined;
    });
  const [consentOpen, setConsentOpen] = useState(false);
  // The sandbox keeps no tickets: its buttons name the password, and nothing rotates.
  const sandbox = profile.kind === 'sandbox';

  const submit = () => {
    const tickets = ticketsToSave(draft, fields);
    if (Object.keys(tickets).length === 0) return;
    // A new attempt supersedes what the last clearing said.
    clear.reset();
    set.mutate(tickets, {
      onSuccess: () => setStored(undefined),
      onError: (err) => {
        if (err instanceof DeskCallError && err.code === 'VAULT_INSECURE') setConsentOpen(true);
      },
    });
  };
  const s = status.data;
  const refused = set.error instanceof DeskCallError && set.error.code === 'VAULT_INSECURE';

  return (
    <>
      {status.isError && <ErrorPanel compact error={status.error} onRetry={() => void status.refetch()} />}
      {s?.keyReplaced !== undefined && (
        <p role="alert" className="notice" data-testid="vault-key-replaced">
          {t('vault.keyReplaced', { file: s.keyReplaced })}
        </p>
      )}
      {s?.state === 'corrupt' && (
        <ErrorPanel compact error={new DeskCallError({ code: 'VAULT_CORRUPT', message: 'corrupt' })} />
      )}
      <form
        className="form-grid vault-form"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        {fields.map(([key, presentKey, label]) => {
          const present = s?.present[presentKey];
          const teamControl =
            key === TEAM_KEY_FIELD[0]
              ? 'team-key'
              : key === TEAM_PASSWORD_FIELD[0]
                ? 'team-password'
                : undefined;
          return (
            <div
              className="vault-row"
              key={key}
              {...(teamControl ? { 'data-team-control': teamControl } : {})}
            >
              <label htmlFor={`vault-${key}`}>{t(label)}</label>
              <input
                id={`vault-${key}`}
                type="password"
                autoComplete="off"
                spellCheck={false}
                className="mono"
                placeholder={present ? t('vault.keepPlaceholder') : ''}
                value={draft[key] ?? ''}
                onChange={(e) => setDraft((d) => ({ ...d, [key]: e.target.value }))}
              />
              <span
                className={`presence ${present ? 'present' : 'absent'}`}
                data-testid={`vault-${presentKey}-presence`}
              >
                {present === undefined ? '…' : t(present ? 'vault.present' : 'vault.absent')}
              </span>
            </div>
          );
        })}
        <div className="vault-foot">
          {!sandbox && (
            <span className="muted num">
              {t('vault.lastRotated')}: {s?.lastRotatedAt ? f.dateTime(Date.parse(s.lastRotatedAt)) : '—'}
            </span>
          )}
          <span className="spacer" />
          <button
            type="button"
            className="btn btn-danger"
            disabled={clear.isPending || !keepsAnything(s)}
            onClick={() => {
              set.reset();
              clear.mutate();
            }}
          >
            {t(sandbox ? 'vault.teamPassword.clear' : 'vault.clear')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={set.isPending}>
            {set.isPending ? t('common.saving') : t(sandbox ? 'vault.teamPassword.save' : 'vault.save')}
          </button>
        </div>
      </form>
      {set.isError && !refused && <ErrorPanel compact error={set.error} />}
      {clear.isError && <ErrorPanel compact error={clear.error} />}
      <Dialog open={consentOpen} onClose={() => setConsentOpen(false)} title={t('vault.weak.title')}>
        <p>{t('vault.weak.body')}</p>
        <p className="muted">{t('vault.weak.alternative')}</p>
        <div className="dialog-actions">
          <button type="button" className="btn" onClick={() => setConsentOpen(false)}>
            {t('common.cancel')}
          </button>
          <button
            type="button"
            className="btn btn-danger"
            onClick={() =>
              acceptWeaker.mutate(true, {
                onSuccess: () => {
                  setConsentOpen(false);
                  submit();
                },
              })
            }
          >
            {t('vault.weak.accept')}
          </button>
        </div>
      </Dialog>
    </>
  );
}
