// "마켓에서 답변하기": the active profile's answer page for this note, opened in the browser through the host's
// validated openExternal. Shown only when the profile has a valid answer-page template.
import { useMutation } from '@tanstack/react-query';
import { ExternalLink } from 'lucide-react';
import type { InboxNote } from '../../../src-main/contract';
import { answerPageUrl } from '../../../src-shared/answer-page';
import { call } from '../../api/desk';
import { useSettingsValue } from '../../api/settings';
import { useI18n } from '../../i18n';
import { ErrorPanel } from '../../ui/ErrorPanel';

export function AnswerOnMarket({ note }: { note: InboxNote }) {
  const { t } = useI18n();
  const template = useSettingsValue((s) => s.profiles.find((p) => p.id === s.activeProfileId)?.answerPageUrl);
  const open = useMutation({ mutationFn: (url: string) => call('shell.openExternal', { url }) });
  const url = template
    ? answerPageUrl(template, {
        SeqNo: String(note.seqNo),
        OrderNo: note.orderNo ?? '',
        ItemNo: note.itemNo,
        SellerID: note.sellerId,
      })
    : undefined;
  if (!url) return null;
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
      {open.isError && <ErrorPanel compact error={open.error} />}
    </div>
  );
}
