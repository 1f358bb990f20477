import { useI18n } from '../../i18n';
import { Chip } from '../../ui/Chip';

/** The last hints searched, newest first; a click searches again. */
export function HintHistory({ history, onPick }: { history: string[]; onPick: (hint: string) => void }) {
  const { t } = useI18n();
  return (
    <section className="kw-side-panel" aria-labelledby="kw-history-title">
      <header className="kw-panel-head">
        <h2 id="kw-history-title">{t('kw.history.title')}</h2>
      </header>
      {history.length === 0 ? (
        <p className="kw-none">{t('kw.history.empty')}</p>
      ) : (
        <ul className="kw-chips">
          {history.map((h) => (
            <li key={h}>
              <Chip onClick={() => onPick(h)}>{h}</Chip>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
