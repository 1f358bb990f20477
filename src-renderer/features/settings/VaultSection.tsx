import { useState } from 'react';
import type { Profile, TicketSet } from '../../../src-main/contract';
import { DeskCallError } from '../../api/desk';
import { useVaultMutations, useVaultStatus } from '../../api/settings';
import { useFormats } from '../../ui/use-formats';
import { profileLabel } from '../../ui/profile-label';
import { useDraft } from '../../ui/drafts';
import { useI18n } from '../../i18n';
import type { MessageKey } from '../../i18n/messages';
import { Dialog } from '../../ui/Dialog';
import { ErrorPanel } from '../../ui/ErrorPanel';

const FIELDS = [
  ['authTicket', 'auth', 'vault.auth'],
  ['encryptedTicket', 'encrypted', 'vault.encrypted'],
  ['memberTicket', 'member', 'vault.member'],
] as const satisfies readonly (readonly [keyof TicketSet, string, MessageKey])[];
/** A profile with a team database also takes its team key (sealed tickets), kept and shown like a ticket. */
const TEAM_KEY_FIELD = ['teamKey', 'teamKey', 'vault.teamKey'] as const;
type Field = (typeof FIELDS)[number] | typeof TEAM_KEY_FIELD;

/**
 * Tickets go in through password fields and never come back: the host answers with presence only. What the
 * seller typed and has not saved yet is kept in memory when they leave the page (never on disk).
 */
export function VaultSection({ profile }: { profile: Profile }) {
  const { t } = useI18n();
  if (profile.kind === 'sandbox') {
    return (
      <section className="panel" aria-labelledby="settings-vault">
        <h2 id="settings-vault">{t('vault.title', { profile: profileLabel(profile, t) })}</h2>
        <p className="muted" data-testid="vault-sandbox">
          {t('vault.sandbox')}
        </p>
      </section>
    );
  }
  return <LiveVaultSection profile={profile} />;
}

function LiveVaultSection({ profile }: { profile: Profile }) {
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
  const fields: readonly Field[] = profile.teamUrl?.trim() ? [...FIELDS, TEAM_KEY_FIELD] : FIELDS;

  const submit = () => {
    const tickets: TicketSet = {};
    for (const [k] of fields) if (draft[k]?.trim()) tickets[k] = draft[k].trim();
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
    <section className="panel" aria-labelledby="settings-vault">
      <h2 id="settings-vault">{t('vault.title', { profile: profileLabel(profile, t) })}</h2>
      <p className="muted">{t('vault.explain')}</p>
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
          return (
            <div
              className="vault-row"
              key={key}
              {...(key === TEAM_KEY_FIELD[0] ? { 'data-team-control': 'team-key' } : {})}
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
          <span className="muted num">
            {t('vault.lastRotated')}: {s?.lastRotatedAt ? f.dateTime(Date.parse(s.lastRotatedAt)) : '—'}
          </span>
          <span className="spacer" />
          <button
            type="button"
            className="btn btn-danger"
            disabled={clear.isPending || s?.state === 'empty'}
            onClick={() => {
              set.reset();
              clear.mutate();
            }}
          >
            {t('vault.clear')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={set.isPending}>
            {set.isPending ? t('common.saving') : t('vault.save')}
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
    </section>
  );
}
