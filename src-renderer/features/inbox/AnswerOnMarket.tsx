// "마켓에서 답변하기": the active profile's answer page for this note, opened in the browser through the host's
// validated openExternal. Shown only when the profile has a valid answer-page template. When the template names the
// order number and the note has none (asked before ordering), the address goes out with that place empty, and the
// pane says so beside the button: the page may not find the note, and its number is the way to look it up there.
// Opening it is recorded in the mirror (notes.answerOpened), beside the reply times the syncs observe.
// Team mode: the host checks first that nobody else is answering and that the note was not answered meanwhile
// (AnswerWarning warns; the seller goes on or cancels), and once the page is open this desktop is "answering" the
// note for the team while the note stays open here.
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { ExternalLink } from 'lucide-react';
import type { InboxNote, TeamAnswerCheck } from '../../../src-main/contract';
import { answerPageUrl, emptyAnswerPageValues } from '../../../src-shared/answer-page';
import { call } from '../../api/desk';
import { useSettingsValue } from '../../api/settings';
import { useI18n } from '../../i18n';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { AnswerWarning, needsWarning } from './AnswerWarning';
import { retellPresence, usePresence } from './use-presence';
import { useTeamInbox } from './use-team';

/** Team mode's check before the answer page opens, and the answering presence once it is open. */
function useTeamAnswer(seqNo: number, open: () => void) {
  const team = useTeamInbox() !== undefined;
  const [answering, setAnswering] = useState<number>();
  const [check, setCheck] = useState<TeamAnswerCheck>();
  usePresence(seqNo, 'answering', answering === seqNo);
  const goOn = () => {
    setCheck(undefined);
    setAnswering(seqNo);
    open();
  };
  const start = async () => {
    if (!team) return open();
    // The check only warns: when it cannot be made (the team database is away), the page opens as on one desktop.
    const found = await call('team.beforeAnswering', { seqNo }).catch(() => undefined);
    if (found && needsWarning(found)) setCheck(found);
    else goOn();
  };
  const cancel = () => {
    setCheck(undefined);
    // The check marked this desktop answering: back to what it is at.
    retellPresence();
  };
  return { start, check, goOn, cancel };
}

export function AnswerOnMarket({ note }: { note: InboxNote }) {
  const { t } = useI18n();
  const template = useSettingsValue((s) => s.profiles.find((p) => p.id === s.activeProfileId)?.answerPageUrl);
  const open = useMutation({
    mutationFn: async (url: string) => {
      await call('shell.openExternal', { url });
      // For the reply-time insights: when the seller went to answer. Best effort: the page opened either way.
      void call('notes.answerOpened', { seqNo: note.seqNo }).catch(() => undefined);
    },
  });
  const values = {
    SeqNo: String(note.seqNo),
    OrderNo: note.orderNo ?? '',
    ItemNo: note.itemNo,
    SellerID: note.sellerId,
  };
  const url = template ? answerPageUrl(template, values) : undefined;
  const team = useTeamAnswer(note.seqNo, () => {
    if (url) open.mutate(url);
  });
  if (!url) return null;
  const noOrder = emptyAnswerPageValues(template!, values).includes('OrderNo');
  return (
    <div className="answer-on-market">
      <button
        type="button"
        className="btn btn-small btn-primary"
        data-testid="answer-on-market"
        title={url}
        disabled={open.isPending}
        onClick={() => void team.start()}
      >
        <ExternalLink size={13} aria-hidden />
        {t('inbox.answerOnMarket')}
      </button>
      {noOrder && (
        <p className="muted answer-no-order" data-testid="answer-no-order">
          {t('inbox.answerOnMarket.noOrder', { seqNo: String(note.seqNo) })}
        </p>
      )}
      {open.isError && <ErrorPanel compact error={open.error} />}
      <AnswerWarning check={team.check} onGoOn={team.goOn} onCancel={team.cancel} />
    </div>
  );
}
