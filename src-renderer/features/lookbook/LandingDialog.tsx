import { ExternalLink } from 'lucide-react';
import { useI18n } from '../../i18n';
import { Dialog } from '../../ui/Dialog';
import { httpUrl } from './model/link-url';

/**
 * LandingTargetYn=false links navigate in place on the marketplace. The app window never navigates, so "in place"
 * is this pane: the address, and the OS browser on request.
 */
export function LandingDialog({
  url,
  onClose,
  onOpen,
}: {
  url: string | undefined;
  onClose: () => void;
  onOpen: (href: string) => void;
}) {
  const { t } = useI18n();
  const href = httpUrl(url);
  return (
    <Dialog
      open={url !== undefined}
      onClose={onClose}
      title={t('lookbook.landing.title')}
      className="lb-landing"
    >
      <p className="muted">{t('lookbook.landing.explain')}</p>
      <p className="lb-landing-url mono" data-testid="landing-url">
        {url}
      </p>
      <div className="dialog-actions">
        <button type="button" className="btn" onClick={onClose}>
          {t('common.close')}
        </button>
        <button
          type="button"
          className="btn btn-primary"
          disabled={href === undefined}
          onClick={() => {
            if (href !== undefined) onOpen(href);
            onClose();
          }}
        >
          <ExternalLink size={14} aria-hidden />
          {t('lookbook.openBrowser')}
        </button>
      </div>
    </Dialog>
  );
}
