// The keyword basket: the title being built, with its length in characters and in the EUC-KR bytes the
// marketplace counts, copy as a title, remove and reorder.
import { ArrowDown, ArrowUp, Copy, X } from 'lucide-react';
import { useState } from 'react';
import { useI18n } from '../../i18n';
import { measureTitle, TITLE_BYTE_LIMIT } from './model/keyword-basket';
import type { BasketAction } from './model/keyword-basket';
import { IconButton } from '../../ui/IconButton';

export function Basket({ basket, dispatch }: { basket: string[]; dispatch: (a: BasketAction) => void }) {
  const { t } = useI18n();
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const len = measureTitle(basket);
  const { title, over } = len;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(title);
      setCopyState('copied');
    } catch {
      setCopyState('failed');
    }
  };
  return (
    <section className="kw-side-panel" aria-labelledby="kw-basket-title">
      <header className="kw-panel-head">
        <h2 id="kw-basket-title">{t('kw.basket.title')}</h2>
        <span className={over > 0 ? 'kw-count over num' : 'kw-count num'} data-testid="basket-count">
          {t('kw.basket.chars', { count: len.chars })} ·{' '}
          {t('kw.basket.bytes', { count: len.bytes, limit: TITLE_BYTE_LIMIT })}
        </span>
      </header>
      <div className="kw-meter" aria-hidden>
        <div
          className={over > 0 ? 'kw-meter-fill over' : 'kw-meter-fill'}
          style={{ width: `${Math.min(100, (len.bytes / TITLE_BYTE_LIMIT) * 100)}%` }}
        />
      </div>
      {over > 0 && <p className="kw-warn">{t('kw.basket.over', { count: over })}</p>}
      {len.unencodable.length > 0 && (
        <p className="kw-warn">{t('kw.basket.unencodable', { chars: len.unencodable.join(' ') })}</p>
      )}
      {basket.length === 0 ? (
        <p className="kw-none">{t('kw.basket.empty')}</p>
      ) : (
        <ol className="kw-basket" aria-label={t('kw.basket.title')}>
          {basket.map((k, i) => (
            <li key={k} className="kw-basket-row">
              <span className="kw-basket-word">{k}</span>
              <IconButton
                label={t('kw.basket.up', { keyword: k })}
                disabled={i === 0}
                onClick={() => dispatch({ type: 'move', keyword: k, by: -1 })}
              >
                <ArrowUp size={13} aria-hidden />
              </IconButton>
              <IconButton
                label={t('kw.basket.down', { keyword: k })}
                disabled={i === basket.length - 1}
                onClick={() => dispatch({ type: 'move', keyword: k, by: 1 })}
              >
                <ArrowDown size={13} aria-hidden />
              </IconButton>
              <IconButton
                label={t('kw.basket.remove', { keyword: k })}
                onClick={() => dispatch({ type: 'remove', keyword: k })}
              >
                <X size={13} aria-hidden />
              </IconButton>
            </li>
          ))}
        </ol>
      )}
      <div className="kw-basket-actions">
        <button
          type="button"
          className="btn btn-small btn-primary"
          disabled={basket.length === 0}
          onClick={() => void copy()}
        >
          <Copy size={13} aria-hidden />
          {t('kw.basket.copy')}
        </button>
        <button
          type="button"
          className="btn btn-small"
          disabled={basket.length === 0}
          onClick={() => dispatch({ type: 'clear' })}
        >
          {t('kw.basket.clear')}
        </button>
        <span className="muted" role="status">
          {copyState === 'copied'
            ? t('kw.basket.copied')
            : copyState === 'failed'
              ? t('kw.basket.copyFailed')
              : ''}
        </span>
      </div>
    </section>
  );
}
