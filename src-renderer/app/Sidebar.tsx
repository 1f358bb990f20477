import { ChartColumn, Inbox, Images, Network, Settings, Tags } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { formatNumber } from '../format/numbers';
import { useI18n } from '../i18n';
import type { MessageKey } from '../i18n/messages';
import { useHasDraft } from '../ui/drafts';
import { PAGES, useShellSlots } from '../ui/shell-slots';
import type { Page } from '../ui/shell-slots';
import { isMac } from './shortcuts';

const ICONS: Record<Page, LucideIcon> = {
  inbox: Inbox,
  insights: ChartColumn,
  lookbook: Images,
  keywords: Tags,
  network: Network,
  settings: Settings,
};

export function Sidebar({ page, onNavigate }: { page: Page; onNavigate: (p: Page) => void }) {
  const { t, lang } = useI18n();
  const { counts } = useShellSlots();
  const unsavedSettings = useHasDraft('settings.');
  const mod = isMac() ? '⌘' : 'Ctrl+';
  return (
    <nav className="sidebar" aria-label={t('nav.label')}>
      <div className="brand">{t('app.name')}</div>
      {PAGES.map((p, i) => {
        const Icon = ICONS[p];
        const count = counts[p];
        return (
          <button
            key={p}
            type="button"
            className="nav-item"
            aria-current={p === page ? 'page' : undefined}
            title={`${t(`nav.${p}` as MessageKey)} (${mod}${i + 1})`}
            onClick={() => onNavigate(p)}
          >
            <Icon size={16} aria-hidden className="nav-icon" />
            <span className="nav-label">{t(`nav.${p}` as MessageKey)}</span>
            {p === 'settings' && unsavedSettings && (
              <span className="nav-draft" role="img" aria-label={t('nav.unsaved')} title={t('nav.unsaved')} />
            )}
            {count && count.value > 0 && (
              <span className={`nav-count num ${count.tone === 'alert' ? 'alert' : ''}`}>
                {formatNumber(count.value, lang)}
                {count.partial && '+'}
              </span>
            )}
          </button>
        );
      })}
      <div className="sidebar-foot" title={`${t('shortcuts.hint')} (?)`}>
        <kbd>?</kbd> <span className="sidebar-foot-label">{t('shortcuts.hint')}</span>
      </div>
    </nav>
  );
}
