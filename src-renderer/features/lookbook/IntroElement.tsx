import { ExternalLink, ImageOff, Link2Off, SquareArrowDownRight } from 'lucide-react';
import type { LookbookElement } from '../../../src-main/contract';
import { useI18n } from '../../i18n';
import type { MessageKey } from '../../i18n/messages';
import { HtmlFrame } from './HtmlFrame';
import { checkLanding } from './model/link-url';
import type { SanitizedHtml } from './model/sanitize-html';

export interface ElementActions {
  /** What an image URL field may load under the lookbook's image policy; undefined: do not load it. */
  imageSrc: (raw: string | undefined) => string | undefined;
  openExternal: (href: string) => void;
  previewInPlace: (url: string) => void;
  reportFailedImage: (targetKey: string, url: string) => void;
  isFailed: (targetKey: string, url: string) => boolean;
}

export function kindLabel(
  t: (k: MessageKey, v?: Record<string, string | number>) => string,
  el: LookbookElement,
) {
  return el.kind === 'unknown'
    ? t('lookbook.kind.unknown', { type: el.elementType ?? '—' })
    : t(`lookbook.kind.${el.kind}`);
}

export function IntroElement({
  el,
  sanitized,
  actions,
}: {
  el: LookbookElement;
  sanitized: SanitizedHtml | undefined;
  actions: ElementActions;
}) {
  const { t } = useI18n();
  return (
    <section
      className={`lb-el lb-el-${el.kind}`}
      data-audit-key={el.key}
      data-kind={el.kind}
      tabIndex={-1}
      aria-label={`${t('lookbook.seq', { seq: el.seqNo ?? '—' })} ${kindLabel(t, el)}`}
    >
      <div className="lb-el-meta">
        <span className="num">{t('lookbook.seq', { seq: el.seqNo ?? '—' })}</span>
        <span
          className={el.kind === 'unknown' ? 'lb-chip lb-chip-warn' : 'lb-chip'}
          data-testid="element-kind"
        >
          {kindLabel(t, el)}
        </span>
      </div>
      {el.kind === 'image' && <ImageElement el={el} actions={actions} />}
      {el.kind === 'html' && sanitized && <HtmlFrame sanitized={sanitized} onOpen={actions.openExternal} />}
      {el.kind === 'text' && (
        <>
          <p className="lb-text">{el.contents}</p>
          <p className="lb-text-bytes muted num">
            {t('lookbook.text.bytes', { count: el.contentsEucKrBytes ?? 0 })}
          </p>
        </>
      )}
      {el.kind === 'unknown' && (
        <div className="lb-unknown">
          <p>{t('lookbook.unknown.note')}</p>
          {el.contents !== undefined && <p className="mono">{el.contents}</p>}
        </div>
      )}
    </section>
  );
}

function ImageElement({ el, actions }: { el: LookbookElement; actions: ElementActions }) {
  const { t } = useI18n();
  const raw = el.imagePath ?? '';
  const src = actions.imageSrc(raw);
  const failed = src !== undefined && actions.isFailed(el.key, src);
  const landing = checkLanding(el.landingUrl);

  const picture =
    src === undefined || failed ? (
      <div className="lb-img-placeholder" data-testid="image-placeholder">
        <ImageOff size={20} aria-hidden />
        <span>
          {raw === ''
            ? t('lookbook.image.none')
            : src === undefined
              ? t('lookbook.image.blocked')
              : t('lookbook.image.failed')}
        </span>
        <span className="mono lb-img-url">{raw}</span>
      </div>
    ) : (
      <img
        src={src}
        alt=""
        referrerPolicy="no-referrer"
        onError={() => actions.reportFailedImage(el.key, src)}
      />
    );

  if (landing.state !== 'ok') {
    return (
      <figure className="lb-image">
        {picture}
        <figcaption className="lb-landing-note">
          <Link2Off size={13} aria-hidden /> {t('lookbook.landing.none')}
        </figcaption>
      </figure>
    );
  }
  const label = el.landingExternal
    ? t('lookbook.landing.external', { url: landing.href })
    : t('lookbook.landing.inPlace', { url: landing.href });
  return (
    <figure className="lb-image">
      <button
        type="button"
        className="lb-image-link"
        data-landing={el.landingExternal ? 'external' : 'in-place'}
        aria-label={label}
        title={label}
        onClick={() =>
          el.landingExternal ? actions.openExternal(landing.href) : actions.previewInPlace(landing.href)
        }
      >
        {picture}
      </button>
      <figcaption className="lb-landing-note">
        {el.landingExternal ? (
          <ExternalLink size={13} aria-hidden />
        ) : (
          <SquareArrowDownRight size={13} aria-hidden />
        )}
        <span className="ellipsis" title={label}>
          {label}
        </span>
      </figcaption>
    </figure>
  );
}
