// GetSuggestionNotice as the marketplace lists it: by DisplayOrder, bold and coloured as sent, each linking out
// through the host's validated shell.openExternal. Ended and upcoming notices stay visible but greyed, after the
// current ones (see orderNotices).
import { useMutation } from '@tanstack/react-query';
import { ExternalLink } from 'lucide-react';
import { call } from '../../api/desk';
import { useI18n } from '../../i18n';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { keywordColour } from './model/font-color';
import { useNotices } from './suggest-queries';
import { orderNotices, shortDateText } from './model/suggest-values';

/** Only http(s) links are offered; the host refuses anything else anyway, so the rest is shown as text. */
const isWebLink = (url: string | undefined): url is string => url !== undefined && /^https?:\/\//i.test(url);

export function NoticeList({ background, now }: { background: string; now: number }) {
  const { t } = useI18n();
  const q = useNotices();
  const open = useMutation({ mutationFn: (url: string) => call('shell.openExternal', { url }) });
  const notices = orderNotices(q.data?.SearchNoticeT ?? [], now);
  return (
    <section className="kw-side-panel" aria-labelledby="kw-notice-title" data-op="GetSuggestionNotice">
      <header className="kw-panel-head">
        <h2 id="kw-notice-title">{t('kw.notice.title')}</h2>
        {q.data && <span className="badge badge-neutral num">{notices.length}</span>}
      </header>
      {open.isError && <ErrorPanel compact error={open.error} />}
      {q.error ? (
        <ErrorPanel error={q.error} onRetry={() => void q.refetch()} compact />
      ) : q.isPending ? (
        <p className="kw-none">{t('kw.panel.loading')}</p>
      ) : notices.length === 0 ? (
        <p className="kw-none">{t('kw.notice.none')}</p>
      ) : (
        <ul className="kw-notices" title={t('kw.notice.rule')}>
          {notices.map(({ notice: n, state }, i) => {
            const colour = state === 'active' ? keywordColour(n.FontColor, background) : {};
            const url = n.Url;
            const label = n.Contents ?? url ?? '';
            const swatch =
              colour.text === undefined && colour.swatch !== undefined ? (
                <span
                  className="kw-swatch"
                  style={{ background: colour.swatch }}
                  title={t('kw.color.unreadable', { value: n.FontColor ?? '' })}
                />
              ) : null;
            return (
              <li
                key={`${i}:${n.SeqNo ?? ''}`}
                className={state === 'active' ? 'kw-notice' : 'kw-notice muted-row'}
              >
                <span className="kw-c-rank num">{n.DisplayOrder ?? ''}</span>
                <span className="kw-notice-main">
                  {isWebLink(url) ? (
                    <button
                      type="button"
                      className="kw-notice-link"
                      style={{ fontWeight: n.IsBold ? 700 : undefined, color: colour.text }}
                      title={t('kw.notice.open', { url })}
                      onClick={() => open.mutate(url)}
                    >
                      {label}
                      {swatch}
                      <ExternalLink size={12} aria-hidden />
                    </button>
                  ) : (
                    <span style={{ fontWeight: n.IsBold ? 700 : undefined, color: colour.text }}>
                      {label}
                      {swatch}
                      {url !== undefined && <span className="muted"> {url}</span>}
                    </span>
                  )}
                  <span className="kw-notice-meta num muted">
                    {state !== 'active' && (
                      <span className="badge badge-neutral">{t(`kw.window.${state}`)}</span>
                    )}
                    <span title={`${n.StartDate ?? ''} – ${n.EndDate ?? ''}`}>
                      {shortDateText(n.StartDate)}–{shortDateText(n.EndDate)}
                    </span>
                    <span>{t('kw.notice.type', { type: n.NoticeType ?? '', icon: n.IconType ?? '' })}</span>
                  </span>
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
