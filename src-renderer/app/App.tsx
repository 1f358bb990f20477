import { useEffect, useState } from 'react';
import type { ComponentType } from 'react';
import type { Settings } from '../../src-main/contract';
import { useConnectionEvents } from '../api/queries';
import { useAppInfo, useSettingsValue } from '../api/settings';
import { InboxPage } from '../features/inbox';
import { InsightsPage } from '../features/insights';
import { KeywordsPage } from '../features/keywords';
import { LookbookPage } from '../features/lookbook';
import { NetworkPage } from '../features/network';
import { SettingsPage } from '../features/settings';
import { I18nProvider, langFromLocale, useI18n } from '../i18n';
import type { Lang } from '../i18n';
import type { MessageKey } from '../i18n/messages';
import { PageErrorBoundary } from '../ui/PageErrorBoundary';
import { ShellSlotsProvider, useShellSlots } from '../ui/shell-slots';
import type { Page } from '../ui/shell-slots';
import { RESOURCES } from './message-registry';
import { useArrivalNotifications, useNotesRefreshed, useWaitingBadge } from './notes-watch';
import { NoteLinkRefusal, useNoteLinks } from './note-links';
import { isTyping } from '../ui/is-typing';
import { pageForKey } from './shortcuts';
import { ShortcutOverlay } from './ShortcutOverlay';
import { Sidebar } from './Sidebar';
import { StatusBar } from './StatusBar';

const PAGE_COMPONENTS: Record<Page, ComponentType> = {
  inbox: InboxPage,
  insights: InsightsPage,
  lookbook: LookbookPage,
  keywords: KeywordsPage,
  network: NetworkPage,
  settings: SettingsPage,
};

/** 'system' follows the OS locale the host reports; before settings load, the browser's guess. */
function resolveLang(language: Settings['language'] | undefined, osLocale: string | undefined): Lang {
  if (language === 'ko' || language === 'en') return language;
  return langFromLocale(osLocale ?? navigator.language);
}

export function App() {
  const info = useAppInfo();
  const language = useSettingsValue((s) => s.language);
  useConnectionEvents();
  const lang = resolveLang(language, info.data?.osLocale);
  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);
  return (
    <I18nProvider lang={lang} resources={RESOURCES}>
      <ShellSlotsProvider>
        <Shell />
      </ShellSlotsProvider>
    </I18nProvider>
  );
}

function Shell() {
  const { t } = useI18n();
  const [helpOpen, setHelpOpen] = useState(false);
  const { setToolbar, page, navigate: setPage } = useShellSlots();
  const profile = useSettingsValue((s) => s.profiles.find((p) => p.id === s.activeProfileId));
  const slaHours = useSettingsValue((s) => s.replySlaHours);
  // The notes' part of the shell, whatever page is open: main's refreshes, the sidebar's count, notifications.
  useNotesRefreshed();
  const team = useWaitingBadge(profile?.id, slaHours);
  useArrivalNotifications(
    (count) => t('inbox.notify.title', { count }),
    (seqNo) => setPage('inbox', { seqNo }),
  );
  // Links to a note from the OS (main routes them): the inbox at that note, or why not.
  const links = useNoteLinks();

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = pageForKey(e);
      if (target) {
        e.preventDefault();
        setPage(target);
        return;
      }
      if (e.key === '?' && !e.ctrlKey && !e.metaKey && !e.altKey && !isTyping(e.target)) {
        e.preventDefault();
        setHelpOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [setPage]);

  const Body = PAGE_COMPONENTS[page];
  return (
    <div className="shell">
      <Sidebar page={page} onNavigate={setPage} />
      <header className="topbar">
        <h1 className="page-title">{t(`page.${page}.title` as MessageKey)}</h1>
        <div className="toolbar" ref={setToolbar} />
      </header>
      <main className="work" data-page={page}>
        <PageErrorBoundary key={page} page={page}>
          <Body />
        </PageErrorBoundary>
      </main>
      <StatusBar profile={profile} />
      <ShortcutOverlay open={helpOpen} onClose={() => setHelpOpen(false)} team={team} />
      <NoteLinkRefusal refused={links.refused} onClose={links.dismiss} />
    </div>
  );
}
