import { KeyRound, RefreshCw } from 'lucide-react';
import type { Profile, VaultStatus } from '../../src-main/contract';
import { useVaultStatus } from '../api/settings';
import { useFormats } from '../ui/use-formats';
import { useI18n } from '../i18n';
import type { MessageKey } from '../i18n/messages';
import { useLastSync } from './notes-watch';
import { profileLabel } from '../ui/profile-label';

const TICKET_STATE: Record<VaultStatus['state'], MessageKey> = {
  ok: 'status.tickets.ok',
  empty: 'status.tickets.empty',
  corrupt: 'status.tickets.corrupt',
  'insecure-refused': 'status.tickets.insecure',
};

export function StatusBar({ profile }: { profile: Profile | undefined }) {
  const { t } = useI18n();
  const f = useFormats();
  // The active profile's own: another profile's time never shows, not even while this one's is read.
  const lastSync = useLastSync(profile?.id);
  const at = typeof lastSync === 'number' ? lastSync : undefined;
  const vault = useVaultStatus(profile?.id);
  const state = vault.data?.state;
  return (
    <footer className="statusbar" role="status">
      <span className="status-item">
        {t('status.connection')}:{' '}
        <strong className="status-profile">{profile ? profileLabel(profile, t) : '—'}</strong>
      </span>
      {profile && (
        <span className={`badge ${profile.kind === 'sandbox' ? 'badge-sandbox' : 'badge-live'}`}>
          {t(profile.kind === 'sandbox' ? 'status.sandbox' : 'status.live')}
        </span>
      )}
      <span className="status-item" title={at !== undefined ? f.dateTime(at) : undefined}>
        <RefreshCw size={12} aria-hidden />
        {t('status.lastSync')}:{' '}
        <span className="num" data-testid="last-sync">
          {at !== undefined
            ? f.clock(at)
            : lastSync === 'loading'
              ? '…'
              : lastSync === 'unknown'
                ? '—'
                : t('status.never')}
        </span>
      </span>
      <span className={`status-item tickets tickets-${state ?? 'unknown'}`}>
        <KeyRound size={12} aria-hidden />
        {/* The sandbox answers to its own documented tickets; nothing needs to be stored for it. */}
        {state === 'empty' && profile?.kind === 'sandbox'
          ? t('status.tickets.builtIn')
          : state
            ? t(TICKET_STATE[state])
            : '…'}
      </span>
    </footer>
  );
}
