import { Dialog } from '../ui/Dialog';
import { useI18n } from '../i18n';
import { shortcutList } from './shortcuts';

function halves<T>(list: readonly T[]): T[][] {
  const mid = Math.ceil(list.length / 2);
  return [list.slice(0, mid), list.slice(mid)];
}

export function ShortcutOverlay({
  open,
  onClose,
  team = false,
}: {
  open: boolean;
  onClose: () => void;
  /** The active profile shares a team database: its keys are listed too. */
  team?: boolean;
}) {
  const { t } = useI18n();
  return (
    <Dialog open={open} onClose={onClose} title={t('shortcuts.title')} className="shortcut-overlay">
      {/* Two columns, so the whole list fits the smallest window without scrolling past the Close button. */}
      <div className="shortcut-columns">
        {halves(shortcutList({ team })).map((half, i) => (
          <table key={i} className="shortcut-table">
            <tbody>
              {half.map((s) => (
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
        ))}
      </div>
      <div className="dialog-actions">
        <button type="button" className="btn" onClick={onClose}>
          {t('common.close')}
        </button>
      </div>
    </Dialog>
  );
}
