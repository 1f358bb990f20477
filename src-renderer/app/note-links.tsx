// Links to a note delivered to the app (the OS, or the test bridge, through main's route): main decides and keeps
// the outcome; the shell takes it when told (`links.arrived`) and once at start (a link that opened the app came
// before this window listened). An open outcome shows the inbox at that note (main made its profile active); a
// refusal is shown in a dialog with its reason and the link as received, never dropped.
import { useCallback, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { NoteLinkOutcome } from '../../src-main/contract';
import { call, getDesk } from '../api/desk';
import { queryKeys } from '../api/queries';
import { useI18n } from '../i18n';
import { Dialog } from '../ui/Dialog';
import { useShellSlots } from '../ui/shell-slots';

type Refused = Extract<NoteLinkOutcome, { ok: false }>;

/** Follows main's link outcomes: opens the note, or returns the refusal to show. */
export function useNoteLinks(): { refused: Refused | undefined; dismiss: () => void } {
  const { navigate } = useShellSlots();
  const qc = useQueryClient();
  const [refused, setRefused] = useState<Refused | undefined>();
  const take = useCallback(async () => {
    const { outcome } = await call('links.take', undefined).catch(() => ({ outcome: undefined }));
    if (!outcome) return;
    if (!outcome.ok) return setRefused(outcome);
    setRefused(undefined);
    if (outcome.switched) await qc.invalidateQueries({ queryKey: queryKeys.settings });
    navigate('inbox', { scope: 'note', day: outcome.day, seqNo: outcome.seqNo });
  }, [navigate, qc]);
  useEffect(() => {
    void take();
    return getDesk().on('links.arrived', () => void take());
  }, [take]);
  return { refused, dismiss: useCallback(() => setRefused(undefined), []) };
}

export function NoteLinkRefusal({ refused, onClose }: { refused: Refused | undefined; onClose: () => void }) {
  const { t } = useI18n();
  return (
    <Dialog open={refused !== undefined} onClose={onClose} title={t('links.refused.title')}>
      {refused && (
        <div className="link-refusal" role="alert" data-testid="link-refused" data-reason={refused.reason}>
          <p>{t(`links.refused.${refused.reason}`)}</p>
          {refused.link !== '' && (
            <p className="muted">
              {t('links.refused.link')}: <code>{refused.link}</code>
            </p>
          )}
          <div className="dialog-actions">
            <button type="button" className="btn" onClick={onClose} autoFocus>
              {t('links.refused.close')}
            </button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
