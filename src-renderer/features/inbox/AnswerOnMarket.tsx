// "마켓에서 답변하기": the active profile's answer page for this note, opened in the browser through the host's
// validated openExternal. Shown only when the profile has a valid answer-page template. When the template names the
// order number and the note has none (asked before ordering), the address goes out with that place empty, and the
// pane says so beside the button: the page may not find the note, and its number is the way to look it up there.
// Opening it is recorded in the mirror (notes.answerOpened), beside the reply times the syncs observe.
import { useMutation } from '@tanstack/react-query';
import { ExternalLink } from 'lucide-react';
import type { InboxNote } from '../../../src-main/contract';
import { answerPageUrl, emptyAnswerPageValues } from '../../../src-shared/answer-page';
import { call } from '../../api/desk';
import { useSettingsValue } from '../../api/settings';
import { useI18n } from '../../i18n';
import { ErrorPanel } from '../../ui/ErrorPanel';

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
        onClick={() => open.mutate(url)}
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
    </div>
  );
}
