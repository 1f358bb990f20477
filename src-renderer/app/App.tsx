import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../api/desk';
import { I18nProvider, langFromLocale, useI18n } from '../i18n';
import type { MessageKey } from '../i18n/messages';

export type Page = 'inbox' | 'lookbook' | 'keywords' | 'network' | 'settings';
const PAGES: readonly Page[] = ['inbox', 'lookbook', 'keywords', 'network', 'settings'];

export function App() {
  const info = useQuery({
    queryKey: ['app.info'],
    queryFn: ({ signal }) => call('app.info', undefined, signal),
  });
  const lang = langFromLocale(info.data?.osLocale ?? navigator.language);
  return (
    <I18nProvider lang={lang}>
      <Shell />
    </I18nProvider>
  );
}

function Shell() {
  const { t, lang } = useI18n();
  const [page, setPage] = useState<Page>('inbox');
  return (
    <div className="shell" lang={lang}>
      <nav className="sidebar" aria-label={t('app.name')}>
        <div className="brand">{t('app.name')}</div>
        {PAGES.map((p) => (
          <button
            key={p}
            type="button"
            className="nav-item"
            aria-current={p === page ? 'page' : undefined}
            onClick={() => setPage(p)}
          >
            {t(`nav.${p}` as MessageKey)}
          </button>
        ))}
      </nav>
      <main className="work" data-page={page}>
        <h1>{t(`page.${page}.title` as MessageKey)}</h1>
      </main>
      <footer className="statusbar" role="status">
        <span className="badge badge-sandbox">{t('status.sandbox')}</span>
      </footer>
    </div>
  );
}
