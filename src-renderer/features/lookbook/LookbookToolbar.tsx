import { ChevronLeft, ChevronRight, Monitor, Smartphone } from 'lucide-react';
import { useI18n } from '../../i18n';
import { HiddenLabel } from '../../ui/VisuallyHidden';

const PAGE_SIZES = [10, 20, 40, 100];
/** Buyer-facing widths: the marketplace's desktop content column and a common phone width. */
export const DEVICE_WIDTH = { desktop: 1024, mobile: 375 } as const;
export type Device = keyof typeof DEVICE_WIDTH;

/** The lookbook's toolbar: the seller to load, the page size, the pager and the buyer's device. */
export function LookbookToolbar({
  seller,
  pager,
  device,
  onDevice,
}: {
  seller: {
    input: string;
    onInput: (value: string) => void;
    ids: readonly string[];
    load: (id: string) => void;
    busy: boolean;
  };
  pager: {
    page: number;
    pages: number;
    pageSize: number;
    onPage: (update: (page: number) => number) => void;
    onPageSize: (size: number) => void;
  };
  device: Device;
  onDevice: (device: Device) => void;
}) {
  const { t } = useI18n();
  return (
    <>
      <SellerForm {...seller} />
      <span className="spacer" />
      <label className="lb-inline">
        <span className="muted">{t('lookbook.pageSize')}</span>
        <select value={pager.pageSize} onChange={(e) => pager.onPageSize(Number(e.target.value))}>
          {PAGE_SIZES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
      <Pager {...pager} />
      <div className="lb-device" role="group" aria-label={t('lookbook.device')}>
        {(['desktop', 'mobile'] as const).map((d) => {
          const Icon = d === 'desktop' ? Monitor : Smartphone;
          return (
            <button
              key={d}
              type="button"
              className="btn btn-small"
              aria-pressed={device === d}
              onClick={() => onDevice(d)}
            >
              <Icon size={14} aria-hidden />
              {t(`lookbook.device.${d}`)}
            </button>
          );
        })}
      </div>
    </>
  );
}

function SellerForm({
  input,
  onInput,
  ids,
  load,
  busy,
}: {
  input: string;
  onInput: (value: string) => void;
  ids: readonly string[];
  load: (id: string) => void;
  busy: boolean;
}) {
  const { t } = useI18n();
  return (
    <form
      className="lb-seller-form"
      onSubmit={(e) => {
        e.preventDefault();
        load(input);
      }}
    >
      <HiddenLabel htmlFor="lb-seller">{t('lookbook.seller')}</HiddenLabel>
      <input
        id="lb-seller"
        list="lb-seller-ids"
        value={input}
        placeholder={t('lookbook.seller.placeholder')}
        maxLength={100}
        onChange={(e) => {
          onInput(e.target.value);
          // Picking from the list is a choice; typing waits for Enter or the button.
          if (ids.includes(e.target.value)) load(e.target.value);
        }}
      />
      <datalist id="lb-seller-ids">
        {ids.map((id) => (
          <option key={id} value={id} />
        ))}
      </datalist>
      <button type="submit" className="btn" disabled={busy} aria-busy={busy}>
        {busy ? t('lookbook.loading') : t('lookbook.load')}
      </button>
    </form>
  );
}

function Pager({
  page,
  pages,
  onPage,
}: {
  page: number;
  pages: number;
  onPage: (update: (page: number) => number) => void;
}) {
  const { t } = useI18n();
  return (
    <div className="lb-pager">
      <button
        type="button"
        className="btn btn-small"
        aria-label={t('lookbook.prev')}
        title={t('lookbook.prev')}
        disabled={page <= 1}
        onClick={() => onPage((p) => Math.max(1, p - 1))}
      >
        <ChevronLeft size={15} aria-hidden />
      </button>
      <span className="num" data-testid="page-of">
        {t('lookbook.pageOf', { page, pages })}
      </span>
      <button
        type="button"
        className="btn btn-small"
        aria-label={t('lookbook.next')}
        title={t('lookbook.next')}
        disabled={page >= pages}
        onClick={() => onPage((p) => Math.min(pages, p + 1))}
      >
        <ChevronRight size={15} aria-hidden />
      </button>
    </div>
  );
}
