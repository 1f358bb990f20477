import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import type { Lookbook, LookbookElement, LookbookItem, WholeLookbook } from '../../../src-main/contract';
import { PageToolbar, useNavIntent } from '../../ui/shell-slots';
import { useConnectionInfo } from '../../api/queries';
import { useSettingsValue } from '../../api/settings';
import { useI18n } from '../../i18n';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { useSingleFlight } from '../../ui/use-single-flight';
import { AuditPanel } from './AuditPanel';
import type { AuditRead } from './AuditPanel';
import { IntroElement, kindLabel } from './IntroElement';
import type { ElementActions } from './IntroElement';
import { ItemCard } from './ItemCard';
import { LandingDialog } from './LandingDialog';
import { DEVICE_WIDTH, LookbookToolbar } from './LookbookToolbar';
import type { Device } from './LookbookToolbar';
import {
  useExportAudit,
  useLookbook,
  useOpenExternal,
  useReloadLookbookPage,
  useWholeLookbook,
} from './lookbook-queries';
import { DEFAULT_TEXT_LIMIT_BYTES } from './model/audit-rules';
import type { AuditFinding } from './model/audit-rules';
import { findingText } from './model/finding-text';
import { pageOfItem, pageOfPosition } from './model/item-page';
import { groupByPage } from './model/page-groups';
import { sanitizeLookbookHtml } from './model/sanitize-html';
import { fieldImage, imagePolicyFor } from './model/link-url';
import type { SanitizedHtml } from './model/sanitize-html';
import { useWholeAudit } from './use-whole-audit';
import type { WholeAudit } from './use-whole-audit';
import './lookbook.css';

/**
 * The buyer's page keeps its real width (layout, wrapping and breakpoints as buyers see them) and is drawn
 * smaller when the window is narrower than it, rather than cut off at the stage's edge.
 */
function useFitScale(width: number) {
  const [available, setAvailable] = useState<number | undefined>();
  const observer = useRef<ResizeObserver | undefined>(undefined);
  const attachStage = useCallback((el: HTMLDivElement | null) => {
    observer.current?.disconnect();
    if (!el) return;
    const measure = () => {
      const style = getComputedStyle(el);
      setAvailable(el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight));
    };
    observer.current = new ResizeObserver(measure);
    observer.current.observe(el);
    measure();
  }, []);
  const value = available === undefined || available >= width ? 1 : Math.max(0.5, available / width);
  return [value, attachStage] as const;
}

/**
 * Scrolls the preview pane (and only it) so that `el` stands in its middle. scrollIntoView would scroll every
 * ancestor that can scroll, the window included: at 960×600 it moved the whole app up under the status bar.
 */
function centerInPane(el: HTMLElement) {
  const pane = el.closest<HTMLElement>('.lb-stage');
  if (!pane) return;
  const box = pane.getBoundingClientRect();
  const r = el.getBoundingClientRect();
  pane.scrollTo({
    top: pane.scrollTop + r.top - box.top - (pane.clientHeight - r.height) / 2,
    left: pane.scrollLeft + r.left - box.left - (pane.clientWidth - r.width) / 2,
  });
}

/** Scrolls a preview element into view and flashes it (restarting the flash when clicked again). */
function reveal(key: string) {
  const el = document.querySelector<HTMLElement>(`[data-audit-key="${CSS.escape(key)}"]`);
  if (!el) return;
  centerInPane(el);
  el.focus({ preventScroll: true });
  el.classList.remove('lb-flash');
  void el.offsetWidth;
  el.classList.add('lb-flash');
  el.addEventListener('animationend', () => el.classList.remove('lb-flash'), { once: true });
}

export function LookbookPage() {
  const { t, lang } = useI18n();
  const timeZone = useSettingsValue((s) => s.timeZone);
  const info = useConnectionInfo();
  const sellerIds = info.data?.sellerIds ?? [];
  const [sellerInput, setSellerInput] = useState('');
  const [sellerId, setSellerId] = useState<string | undefined>();
  const [page, setPage] = useState(1);
  const choose = (id: string) => {
    setSellerId(id);
    setSellerInput(id);
  };
  const [pageSize, setPageSize] = useState(20);
  const [device, setDevice] = useState<Device>('desktop');
  const [textLimit, setTextLimit] = useState(DEFAULT_TEXT_LIMIT_BYTES);
  const [pendingItemNo, setPendingItemNo] = useState<string | undefined>();
  const [highlightItemNo, setHighlightItemNo] = useState<string | undefined>();
  const [inPlaceUrl, setInPlaceUrl] = useState<string | undefined>();
  /** A finding's target on another item page: revealed once that page is on screen. */
  const [pendingReveal, setPendingReveal] = useState<string | undefined>();

  useSellerChoice(sellerIds[0], sellerId === undefined, choose, (itemNo) => {
    setPage(1);
    setPendingItemNo(itemNo);
  });

  const request = sellerId === undefined ? undefined : { sellerId, page, pageSize };
  const lookbook = useLookbook(request);
  const data = lookbook.isPlaceholderData ? undefined : lookbook.data;
  const shown = lookbook.data;
  const pages = Math.max(1, Math.ceil((shown?.totalItemCount ?? 0) / pageSize));

  const whole = useWholeLookbook(sellerId);
  useAskedItem(
    { itemNo: pendingItemNo, sellerId, pageSize, whole },
    { setPendingItemNo, setPage, setHighlightItemNo },
  );
  useEffect(() => {
    if (highlightItemNo === undefined) return;
    const el = document.querySelector<HTMLElement>(`[data-item-no="${CSS.escape(highlightItemNo)}"]`);
    if (el) reveal(el.dataset.auditKey ?? '');
  }, [highlightItemNo, data]);

  const audit = useWholeAudit(whole.data, textLimit);
  const wholeData = whole.data;
  const { itemsByKey, itemPage, targetLabel } = useTargets(wholeData, pageSize);
  const selectFinding = (f: AuditFinding) => {
    const item = itemsByKey.get(f.targetKey);
    if (item && itemPage(item) !== page) {
      setPendingReveal(f.targetKey);
      setPage(itemPage(item));
    } else reveal(f.targetKey);
  };
  useEffect(() => {
    if (pendingReveal === undefined || !data) return;
    if (document.querySelector(`[data-audit-key="${CSS.escape(pendingReveal)}"]`)) {
      reveal(pendingReveal);
      setPendingReveal(undefined);
    }
  }, [pendingReveal, data]);

  const openExternal = useOpenExternal();
  const exportAudit = useExportAudit();
  const reloadPage = useReloadLookbookPage();

  // 불러오기 reads the lookbook afresh, once however often it is clicked while the read runs.
  const loading = useSingleFlight(async (id: string) => {
    const next = id.trim();
    if (next === '') return;
    // A failure to open a link or export belongs to the lookbook it was about.
    openExternal.reset();
    exportAudit.reset();
    setHighlightItemNo(undefined);
    setPendingReveal(undefined);
    setSellerId(next);
    setPage(1);
    await Promise.all([
      reloadPage({ sellerId: next, page: 1, pageSize }),
      // Another seller's whole lookbook starts reading by itself; the same seller's is read again.
      next === sellerId && whole.restart(),
    ]);
  });
  const load = loading.run;
  const busyLoading =
    loading.running || (lookbook.isFetching && !lookbook.isPlaceholderData) || whole.running;

  const exporting = useSingleFlight(() =>
    exportAudit.mutateAsync({
      sellerId: wholeData?.sellerId ?? sellerId ?? '',
      lang,
      timeZone: timeZone ?? 'Asia/Seoul',
      rows: auditRows(audit.findings, targetLabel, t, lang),
    }),
  );

  return (
    <div className="lb-page-root">
      <PageToolbar>
        <LookbookToolbar
          seller={{ input: sellerInput, onInput: setSellerInput, ids: sellerIds, load, busy: busyLoading }}
          pager={{
            page,
            pages,
            pageSize,
            onPage: setPage,
            onPageSize: (size) => {
              setPageSize(size);
              setPage(1);
            },
          }}
          device={device}
          onDevice={setDevice}
        />
      </PageToolbar>

      {openExternal.isError && <ErrorPanel compact error={openExternal.error} />}
      {exportAudit.isError && <ErrorPanel compact error={exportAudit.error} />}
      {lookbook.isError ? (
        <ErrorPanel error={lookbook.error} onRetry={() => void lookbook.refetch()} />
      ) : !shown ? (
        <p className="placeholder">{lookbook.isFetching ? t('common.loading') : t('lookbook.pickSeller')}</p>
      ) : (
        <Preview
          key={`${shown.sellerId}:${shown.page}:${shown.pageSize}`}
          lookbook={shown}
          device={device}
          highlightItemNo={highlightItemNo}
          actions={{
            openExternal: (href) => openExternal.mutate(href),
            previewInPlace: setInPlaceUrl,
          }}
          audit={audit}
          auditPanel={
            <AuditPanel
              read={auditReadOf(whole)}
              images={{ done: audit.imagesDone, total: audit.imagesTotal }}
              findings={audit.findings}
              targetLabel={targetLabel}
              textLimit={textLimit}
              onTextLimit={setTextLimit}
              onSelect={selectFinding}
              exporting={exporting.running}
              onExport={exporting.run}
            />
          }
          loading={lookbook.isFetching}
        />
      )}
      <LandingDialog
        url={inPlaceUrl}
        onClose={() => setInPlaceUrl(undefined)}
        onOpen={(href) => openExternal.mutate(href)}
      />
    </div>
  );
}

/**
 * The seller to show: on a first visit the account's first seller, so the page shows something at once; and the
 * seller and item another page asks for (the inbox's "open in lookbook").
 */
function useSellerChoice(
  firstSeller: string | undefined,
  noSeller: boolean,
  choose: (sellerId: string) => void,
  askItem: (itemNo: string | undefined) => void,
) {
  useEffect(() => {
    if (noSeller && firstSeller !== undefined) choose(firstSeller);
  }, [noSeller, firstSeller, choose]);
  const intent = useNavIntent('lookbook');
  const handledIntent = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (!intent || handledIntent.current === intent.id) return;
    handledIntent.current = intent.id;
    const target = intent.data.sellerId;
    if (typeof target === 'string' && target !== '') choose(target);
    askItem(intent.data.itemNo === undefined ? undefined : String(intent.data.itemNo));
    // `choose` and `askItem` are new each render: the effect runs again, and the intent it handled stays handled.
  }, [intent, choose, askItem]);
}

/**
 * Opens the page of the item another page asked for (the inbox's "open in lookbook") and highlights the item:
 * the page is computed from the item's place in the whole lookbook the audit reads anyway, once that read has the
 * seller's items. The request is dropped when the item is not among them, or the read was cancelled or failed.
 */
function useAskedItem(
  asked: {
    itemNo: string | undefined;
    sellerId: string | undefined;
    pageSize: number;
    whole: Pick<ReturnType<typeof useWholeLookbook>, 'data' | 'cancelled' | 'error'>;
  },
  set: {
    setPendingItemNo: (itemNo: string | undefined) => void;
    setPage: (page: number) => void;
    setHighlightItemNo: (itemNo: string | undefined) => void;
  },
) {
  const { itemNo, sellerId, pageSize, whole } = asked;
  const { setPendingItemNo, setPage, setHighlightItemNo } = set;
  const wholeData = whole.data?.sellerId === sellerId ? whole.data : undefined;
  const ended = whole.cancelled || whole.error !== null;
  useEffect(() => {
    if (itemNo === undefined || (!wholeData && !ended)) return;
    setPendingItemNo(undefined);
    const page = wholeData && pageOfItem(wholeData.items, itemNo, pageSize);
    if (page === undefined) return;
    setPage(page);
    setHighlightItemNo(itemNo);
  }, [itemNo, wholeData, ended, pageSize, setPendingItemNo, setPage, setHighlightItemNo]);
}

/** The whole lookbook's elements and items by audit key, and how a finding names its target. */
function useTargets(wholeData: WholeLookbook | undefined, pageSize: number) {
  const { t } = useI18n();
  const elementsByKey = useMemo(
    () => new Map<string, LookbookElement>((wholeData?.elements ?? []).map((el) => [el.key, el])),
    [wholeData],
  );
  const itemsByKey = useMemo(
    () => new Map<string, LookbookItem>((wholeData?.items ?? []).map((item) => [item.key, item])),
    [wholeData],
  );
  const itemPage = (item: LookbookItem) => pageOfPosition(item.position, pageSize);
  const targetLabel = (key: string) => {
    const el = elementsByKey.get(key);
    if (el) {
      return t('lookbook.target.element', {
        page: el.pageNo ?? t('lookbook.page.missing'),
        seq: el.seqNo ?? '—',
        kind: kindLabel(t, el),
      });
    }
    const item = itemsByKey.get(key);
    return item ? t('lookbook.target.itemOnPage', { itemNo: item.itemNo, page: itemPage(item) }) : key;
  };
  return { itemsByKey, itemPage, targetLabel };
}

/** The audit's findings as the export writes them, in the page's language. */
function auditRows(
  findings: readonly AuditFinding[],
  targetLabel: (key: string) => string,
  t: ReturnType<typeof useI18n>['t'],
  lang: ReturnType<typeof useI18n>['lang'],
) {
  return findings.map((f) => ({
    severity: f.severity,
    kind: f.kind,
    target: targetLabel(f.targetKey),
    message: findingText(f, t, lang),
    detail: f.detail,
  }));
}

/** Where the read of the whole lookbook stands, as the audit panel shows it. */
function auditReadOf(whole: ReturnType<typeof useWholeLookbook>): AuditRead {
  const wholeData = whole.data;
  return whole.running
    ? { state: 'reading', progress: whole.progress, onCancel: whole.cancel }
    : whole.cancelled
      ? { state: 'cancelled', onRestart: () => void whole.restart() }
      : whole.error
        ? { state: 'failed', error: whole.error, onRestart: () => void whole.restart() }
        : wholeData
          ? {
              state: 'read',
              empty: wholeData.items.length === 0 && wholeData.elements.length === 0,
              truncated: wholeData.truncated ? wholeData.items.length : undefined,
              pages: wholeData.pages,
            }
          : { state: 'reading', onCancel: whole.cancel };
}

/** One loaded page; remounted per seller and page so sanitizer results never leak across. */
function Preview({
  lookbook,
  device,
  highlightItemNo,
  actions,
  audit,
  auditPanel,
  loading,
}: {
  lookbook: Lookbook;
  device: Device;
  highlightItemNo: string | undefined;
  actions: Pick<ElementActions, 'openExternal' | 'previewInPlace'>;
  /** The whole lookbook's audit: an image failing here is a finding there. */
  audit: Pick<WholeAudit, 'reportFailedImage' | 'isFailed'>;
  auditPanel: ReactNode;
  loading: boolean;
}) {
  const { t } = useI18n();
  const { reportFailedImage, isFailed } = audit;
  const images = useMemo(() => imagePolicyFor(lookbook), [lookbook]);
  const imageSrc = useCallback((raw: string | undefined) => fieldImage(raw, images), [images]);
  const sanitized = useMemo(() => {
    const out = new Map<string, SanitizedHtml>();
    for (const el of lookbook.elements) {
      if (el.kind === 'html')
        out.set(el.key, sanitizeLookbookHtml(el.html ?? '', lookbook.assetBaseUrl, images));
    }
    return out;
  }, [lookbook, images]);
  const groups = useMemo(() => groupByPage(lookbook.elements), [lookbook.elements]);

  const all: ElementActions = { ...actions, imageSrc, reportFailedImage, isFailed };
  const [scale, attachStage] = useFitScale(DEVICE_WIDTH[device]);
  return (
    <div className="lb-layout" aria-busy={loading}>
      <div className="lb-stage" ref={attachStage}>
        {scale < 1 && (
          <p className="lb-scale-note muted" data-testid="preview-scale">
            {t('lookbook.scaled', { width: DEVICE_WIDTH[device], percent: Math.round(scale * 100) })}
          </p>
        )}
        <div
          className={`lb-device-frame lb-device-${device}`}
          style={{ width: DEVICE_WIDTH[device], zoom: scale }}
          data-testid="device-frame"
        >
          <header className="lb-shop">
            <h2 data-testid="shop-name">{lookbook.shopName}</h2>
            {lookbook.shopDescription && <p className="muted">{lookbook.shopDescription}</p>}
          </header>
          {groups.map((g) => {
            const first = g.elements[0];
            const template =
              first?.template !== undefined
                ? t(`lookbook.template.${first.template}`)
                : first?.templateType !== undefined
                  ? t('lookbook.template.raw', { type: first.templateType })
                  : '';
            return (
              <section
                key={g.pageNo ?? 'none'}
                className={`lb-intro-page lb-template-${first?.template ?? 'raw'}`}
              >
                <h3 className="lb-page-head">
                  {g.pageNo === undefined
                    ? t('lookbook.page.missing')
                    : t('lookbook.page', { page: g.pageNo })}
                  {template && <span className="lb-chip">{template}</span>}
                </h3>
                <div className="lb-page-body">
                  {g.elements.map((el) => (
                    <IntroElement key={el.key} el={el} sanitized={sanitized.get(el.key)} actions={all} />
                  ))}
                </div>
              </section>
            );
          })}
          <section className="lb-items-section">
            <h3 className="lb-page-head">
              {t('lookbook.items')}
              <span className="muted num" data-testid="total-items">
                {t('lookbook.total', { count: lookbook.totalItemCount })}
              </span>
            </h3>
            {lookbook.items.length === 0 && lookbook.elements.length === 0 ? (
              <p className="placeholder">{t('lookbook.empty')}</p>
            ) : (
              <div className="lb-items">
                {lookbook.items.map((item) => (
                  <ItemCard
                    key={item.key}
                    item={item}
                    highlighted={item.itemNo === highlightItemNo}
                    actions={all}
                  />
                ))}
              </div>
            )}
          </section>
        </div>
      </div>
      {auditPanel}
    </div>
  );
}
