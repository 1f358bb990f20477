// The keyword explorer: a hint fans out to eight suggest operations, each in its own panel; drill-downs open
// brand items, books and catalog trees; picked keywords collect in a basket measured in EUC-KR bytes.
import { useIsFetching } from '@tanstack/react-query';
import { Search, X } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { PageToolbar } from '../../ui/shell-slots';
import { isTyping } from '../../ui/is-typing';
import { useI18n } from '../../i18n';
import { Basket } from './Basket';
import type { Detail } from './model/detail';
import { DetailPane } from './DetailPane';
import { HintHistory } from './HintHistory';
import { HintPanels } from './HintPanels';
import { basketStorage, rememberHint, updateBasket } from './model/keyword-basket';
import type { BasketAction } from './model/keyword-basket';
import './keywords.css';
import { NoticeList } from './NoticeList';
import { HINT_OPERATIONS } from './suggest-queries';
import { useHintInput } from './use-hint-input';
import { useThemeBackground } from './use-theme-background';
import { IconButton } from '../../ui/IconButton';
import { VisuallyHidden } from '../../ui/VisuallyHidden';

function usePersistedList(load: () => string[], save: (list: string[]) => void) {
  const [list, setList] = useState(load);
  useEffect(() => save(list), [list, save]);
  return [list, setList] as const;
}

const saveBasket = (b: string[]) => basketStorage.saveBasket(localStorage, b);
const saveHistory = (h: string[]) => basketStorage.saveHistory(localStorage, h);

/** The shell renders this as the page body; the feature replaces it without touching App.tsx. */
export function KeywordsPage() {
  const { t } = useI18n();
  const input = useHintInput();
  const { hint } = input;
  const searchRef = useRef<HTMLInputElement | null>(null);
  // The search box is what the page is for: it has focus when the page opens. The toolbar is a portal that
  // mounts a render after the page, so the box takes focus when it attaches rather than in a mount effect.
  const focusedOnOpen = useRef(false);
  const attachSearch = useCallback((el: HTMLInputElement | null) => {
    searchRef.current = el;
    if (el && !focusedOnOpen.current) {
      focusedOnOpen.current = true;
      el.focus();
    }
  }, []);
  // `/` brings the search back from anywhere on the page, as in the inbox.
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key !== '/' || e.ctrlKey || e.metaKey || e.altKey || e.isComposing) return;
      if (isTyping(e.target) || document.querySelector('dialog[open]')) return;
      e.preventDefault();
      searchRef.current?.focus();
      searchRef.current?.select();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  const background = useThemeBackground();
  const [basket, setBasket] = usePersistedList(() => basketStorage.loadBasket(localStorage), saveBasket);
  const [history, setHistory] = usePersistedList(() => basketStorage.loadHistory(localStorage), saveHistory);
  const [detail, setDetail] = useState<Detail | undefined>();
  const [announce, setAnnounce] = useState('');
  // One clock per hint: windows and notices are judged against the moment the results were asked for.
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    setNow(Date.now());
    if (hint !== '') setHistory((h) => rememberHint(h, hint));
  }, [hint, setHistory]);

  const fetching = useIsFetching({
    predicate: (q) => q.queryKey[0] === 'suggest' && q.queryKey[2] === hint,
  });

  const dispatchBasket = useCallback(
    (action: BasketAction) => setBasket((b) => updateBasket(b, action)),
    [setBasket],
  );
  const onPick = useCallback(
    (keyword: string) => {
      dispatchBasket({ type: 'add', keyword });
      setAnnounce(t('kw.basket.added', { keyword }));
    },
    [dispatchBasket, t],
  );

  const onSearchKey = (e: KeyboardEvent<HTMLInputElement>) => {
    // Korean IMEs also send Enter/Esc to finish a syllable; those belong to the IME, not to us.
    if (e.nativeEvent.isComposing) return;
    if (e.key === 'Escape') {
      e.preventDefault();
      input.clear();
    } else if (e.key === 'Enter') {
      e.preventDefault();
      input.submit();
    } else if (e.key === 'ArrowDown') {
      e.preventDefault();
      document.querySelector<HTMLElement>('.kw-panels [role="listbox"]')?.focus();
    }
  };

  return (
    <div className="kw-page">
      <PageToolbar>
        <div className="kw-search" role="search">
          <Search size={15} className="kw-search-icon" aria-hidden />
          <input
            ref={attachSearch}
            type="search"
            aria-label={t('kw.search.label')}
            placeholder={t('kw.search.placeholder')}
            autoComplete="off"
            spellCheck={false}
            maxLength={100}
            {...input.inputProps}
            onKeyDown={onSearchKey}
          />
          {input.text !== '' && (
            <IconButton
              className="kw-search-clear"
              label={t('kw.search.clear')}
              onClick={() => {
                input.clear();
                searchRef.current?.focus();
              }}
            >
              <X size={14} aria-hidden />
            </IconButton>
          )}
        </div>
        {hint !== '' && (
          <span className="kw-progress-text num muted" aria-live="polite">
            {t('kw.search.progress', {
              done: HINT_OPERATIONS.length - fetching,
              total: HINT_OPERATIONS.length,
            })}
          </span>
        )}
        <span className="kw-keys muted" title={t('kw.search.keys')}>
          {t('kw.search.keys')}
        </span>
      </PageToolbar>

      <div className="kw-main">
        {hint === '' && <p className="kw-intro muted">{t('kw.empty.hint')}</p>}
        {hint !== '' && (
          <HintPanels hint={hint} background={background} now={now} onPick={onPick} onOpen={setDetail} />
        )}
      </div>
      <aside className="kw-side">
        <Basket basket={basket} dispatch={dispatchBasket} />
        <DetailPane detail={detail} onClose={() => setDetail(undefined)} />
        <HintHistory
          history={history}
          onPick={(h) => {
            input.submit(h);
            searchRef.current?.focus();
          }}
        />
        <NoticeList background={background} now={now} />
      </aside>
      <VisuallyHidden as="div" role="status" aria-live="polite">
        {announce}
      </VisuallyHidden>
    </div>
  );
}
