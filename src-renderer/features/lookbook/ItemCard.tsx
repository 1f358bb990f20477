import { useState } from 'react';
import { ExternalLink, ImageOff } from 'lucide-react';
import type { LookbookItem } from '../../../src-main/contract';
import { useI18n } from '../../i18n';
import type { ElementActions } from './IntroElement';
import { swatchColour } from './model/colour-swatch';
import { httpUrl } from './model/link-url';
import { parseNumeric, shownPercent, shownWon } from './model/numeric-field';

export function ItemCard({
  item,
  highlighted,
  actions,
}: {
  item: LookbookItem;
  highlighted: boolean;
  actions: ElementActions;
}) {
  const { t, lang } = useI18n();
  const [active, setActive] = useState(0);
  const activeRaw = item.images[active] ?? item.images[0];
  const activeSrc = actions.imageSrc(activeRaw);
  const failed = activeSrc !== undefined && actions.isFailed(item.key, activeSrc);
  const price = item.price === undefined ? undefined : shownWon(item.price, lang);
  const coupon =
    item.couponDiscountPrice === undefined ? undefined : shownWon(item.couponDiscountPrice, lang);
  const landing = httpUrl(item.landingUrl);
  const feedback = parseNumeric(item.feedbackCount);

  return (
    <article
      className={highlighted ? 'lb-item lb-item-highlight' : 'lb-item'}
      data-audit-key={item.key}
      data-item-no={item.itemNo}
      tabIndex={-1}
      aria-label={item.name}
    >
      <div className="lb-item-media">
        {activeSrc !== undefined && !failed ? (
          <img
            src={activeSrc}
            alt={t('lookbook.item.image', { name: item.name, n: active + 1 })}
            referrerPolicy="no-referrer"
            data-field="image"
            onError={() => actions.reportFailedImage(item.key, activeSrc)}
          />
        ) : (
          <div className="lb-img-placeholder" data-testid="image-placeholder">
            <ImageOff size={20} aria-hidden />
            <span>
              {activeRaw === undefined
                ? t('lookbook.image.none')
                : activeSrc === undefined
                  ? t('lookbook.image.blocked')
                  : t('lookbook.image.failed')}
            </span>
          </div>
        )}
        <div className="lb-badges">
          {item.premium && (
            <span className="lb-badge lb-badge-premium" data-field="premium">
              {t('lookbook.item.premium')}
            </span>
          )}
          {item.focus && (
            <span className="lb-badge lb-badge-focus" data-field="focus">
              {t('lookbook.item.focus')}
            </span>
          )}
        </div>
      </div>
      {item.images.length > 1 && (
        <Thumbs item={item} active={active} onActive={setActive} actions={actions} />
      )}
      <div className="lb-item-body">
        <h4 className="lb-item-name" data-field="name">
          {item.name}
        </h4>
        <p className="lb-item-seller muted" data-field="nick">
          {item.sellerNickName}
        </p>
        <div className="lb-price">
          {coupon !== undefined && price !== undefined ? (
            <>
              <s className="num muted" data-field="price">
                {price.text}
              </s>
              <span className="lb-price-now">
                {item.discount !== undefined && (
                  <span className="lb-discount num" data-field="discount" title={t('lookbook.item.discount')}>
                    {shownPercent(item.discount, lang).text}
                  </span>
                )}
                <strong className="num" data-field="coupon" title={t('lookbook.item.coupon')}>
                  {coupon.text}
                </strong>
              </span>
            </>
          ) : (
            price !== undefined && (
              <strong className={price.numeric ? 'num' : 'lb-price-raw'} data-field="price">
                {price.text}
              </strong>
            )
          )}
        </div>
        <Colours colours={item.colors} />
        {item.icons.length > 0 && (
          <div className="lb-icons" data-field="icons">
            {item.icons.map((icon) => (
              <span key={icon} className="lb-chip lb-chip-icon">
                {icon}
              </span>
            ))}
          </div>
        )}
        <p className="lb-item-stats muted lb-small">
          {item.feedbackCount !== undefined && (
            <span data-field="feedback">
              {feedback === undefined
                ? t('lookbook.item.feedbackAsSent', { value: item.feedbackCount })
                : t('lookbook.item.feedback', { count: feedback })}
            </span>
          )}
          {item.satisfactionRate !== undefined && (
            <span data-field="satisfaction">
              {t('lookbook.item.satisfaction', { rate: shownPercent(item.satisfactionRate, lang).text })}
            </span>
          )}
        </p>
        {landing !== undefined && (
          <button
            type="button"
            className="btn btn-small lb-item-open"
            onClick={() => actions.openExternal(landing)}
          >
            <ExternalLink size={13} aria-hidden />
            {t('lookbook.item.open')}
          </button>
        )}
      </div>
    </article>
  );
}

/** The item's images as thumbnails: hovering, focusing or clicking one shows it large. */
function Thumbs({
  item,
  active,
  onActive,
  actions,
}: {
  item: LookbookItem;
  active: number;
  onActive: (index: number) => void;
  actions: ElementActions;
}) {
  const { t } = useI18n();
  return (
    <div className="lb-thumbs">
      {item.images.map((raw, i) => {
        const src = actions.imageSrc(raw);
        return (
          <button
            key={`${i}-${raw}`}
            type="button"
            className={i === active ? 'lb-thumb active' : 'lb-thumb'}
            aria-label={t('lookbook.item.image', { name: item.name, n: i + 1 })}
            aria-pressed={i === active}
            onMouseEnter={() => onActive(i)}
            onFocus={() => onActive(i)}
            onClick={() => onActive(i)}
          >
            {src !== undefined && !actions.isFailed(item.key, src) ? (
              // Every image loads here, so a broken second image is found without hovering it.
              <img
                src={src}
                alt=""
                referrerPolicy="no-referrer"
                onError={() => actions.reportFailedImage(item.key, src)}
              />
            ) : (
              <ImageOff size={12} aria-hidden />
            )}
          </button>
        );
      })}
    </div>
  );
}

/** The item's colours: a swatch for each one a browser can paint, its name as sent otherwise. */
function Colours({ colours }: { colours: readonly string[] }) {
  const { t } = useI18n();
  return (
    <div className="lb-colors" data-field="colors">
      {colours.length === 0 && <span className="muted lb-small">{t('lookbook.item.noColors')}</span>}
      {colours.map((c) => {
        const colour = swatchColour(c);
        return colour !== undefined ? (
          <span
            key={c}
            className="lb-swatch"
            style={{ background: colour }}
            title={c}
            aria-label={c}
            role="img"
            data-testid="swatch"
          />
        ) : (
          <span key={c} className="lb-chip" data-testid="colour-chip">
            {c}
          </span>
        );
      })}
    </div>
  );
}
