import { useI18n } from '../../i18n';

/** The shell renders this as the page body; the feature replaces it without touching App.tsx. */
export function KeywordsPage() {
  const { t } = useI18n();
  return <p className="placeholder">{t('page.keywords.placeholder')}</p>;
}
