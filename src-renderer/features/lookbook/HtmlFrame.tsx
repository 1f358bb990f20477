import { ExternalLink } from 'lucide-react';
import { useI18n } from '../../i18n';
import type { SanitizedHtml } from './model/sanitize-html';
import { estimatedFrameHeight, frameDocument } from './model/srcdoc';

/**
 * Sanitized HTML in an iframe with an empty sandbox: no scripts, an opaque origin, no forms, popups or top
 * navigation. Its links are inert; they are listed underneath and open through the host.
 */
export function HtmlFrame({
  sanitized,
  onOpen,
}: {
  sanitized: SanitizedHtml;
  onOpen: (href: string) => void;
}) {
  const { t } = useI18n();
  return (
    <div className="lb-html">
      <div className="lb-html-frame" style={{ height: estimatedFrameHeight(sanitized.html) }}>
        <iframe
          sandbox=""
          srcDoc={frameDocument(sanitized.html)}
          title={t('lookbook.html.frame')}
          referrerPolicy="no-referrer"
        />
      </div>
      {sanitized.links.length > 0 && (
        <ul className="lb-html-links" aria-label={t('lookbook.html.links')}>
          {sanitized.links.map((link, i) => (
            <li key={`${i}-${link.href}`}>
              <button
                type="button"
                className="btn btn-small lb-link"
                data-href={link.href}
                title={link.href}
                onClick={() => onOpen(link.href)}
              >
                <ExternalLink size={13} aria-hidden />
                {link.text}
              </button>
            </li>
          ))}
        </ul>
      )}
      {sanitized.removed.length > 0 && (
        <p className="lb-html-changed">{t('lookbook.html.changed', { count: sanitized.removed.length })}</p>
      )}
    </div>
  );
}
