import { Dialog } from '../ui/Dialog';
import { useI18n } from '../i18n';
import { shortcutList } from './shortcuts';

export function ShortcutOverlay({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useI18n();
  return (
    <Dialog open={open} onClose={onClose} title={t('shortcuts.title')} className="shortcut-overlay">
      <table className="shortcut-table">
        <tbody>
          {shortcutList().map((s) => (
            <tr key={s.label}>
              <td>{t(s.label)}</td>
              <td className="keys">
                {s.keys.map((k) => (
                  <kbd key={k}>{k}</kbd>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="dialog-actions">
        <button type="button" className="btn" onClick={onClose}>
          {t('common.close')}
        </button>
      </div>
    </Dialog>
  );
}
