// The inbox words added beside its own table (i18n namespace 'inboxSync'): a sync's failures grouped by cause, the
// empty state under them, and the running export. Korean first. A cause's own words come from the shared error
// vocabulary (ui/messages.ts); these only say how far it reached.
import type { EnglishOf } from '../../i18n/plurals';

// This table's namespace, registered where the table lives (the shell hands the table itself to I18nProvider).
declare module '../../i18n/messages' {
  interface Messages {
    inboxSync: typeof inboxSyncKo;
  }
}

export const inboxSyncKo = {
  'inbox.syncFailure.days_other': '{count, number}일',
  'inbox.syncFailure.sellers_other': '{count, number}명',
  'inbox.syncFailure.statuses': '답변 상태 확인',
  'inbox.syncFailure.attempts_other': '{count, number}번 시도',
  'inbox.syncFailure.where': '{from} ~ {to} · 판매자 {sellers}',
  'inbox.syncFailure.label': '동기화 실패',
  'inbox.syncFailure.still': '실패한 날은 건너뛰고 나머지를 계속 받는 중입니다.',
  'inbox.empty.failed': '받지 못해 보여 드릴 문의가 없습니다. 위에 적힌 원인을 해결한 뒤 다시 시도하세요.',
  'inbox.export.running_other': '내보내는 중… 문의 {count, number}건',
  'inbox.export.progress_other': '내보내는 중… 문의 {count, number}건 중 {written, number}건',
  'inbox.export.cancel': '내보내기 취소 (Esc)',
  'inbox.export.cancelled': '내보내기를 취소했습니다. 파일은 만들어지지 않았습니다.',
  'inbox.export.openFolder': '폴더 열기',
} as const;

export const inboxSyncEn: EnglishOf<typeof inboxSyncKo> = {
  'inbox.syncFailure.days_one': '{count, number} day',
  'inbox.syncFailure.days_other': '{count, number} days',
  'inbox.syncFailure.sellers_one': '{count, number} seller',
  'inbox.syncFailure.sellers_other': '{count, number} sellers',
  'inbox.syncFailure.statuses': 'Reply-status check',
  'inbox.syncFailure.attempts_one': '{count, number} attempt',
  'inbox.syncFailure.attempts_other': '{count, number} attempts',
  'inbox.syncFailure.where': '{from} – {to} · sellers {sellers}',
  'inbox.syncFailure.label': 'Sync failures',
  'inbox.syncFailure.still': 'Skipping the failed days; the rest is still being fetched.',
  'inbox.empty.failed': 'No notes to show: they could not be fetched. Fix the cause above, then try again.',
  'inbox.export.running_one': 'Exporting… {count, number} note',
  'inbox.export.running_other': 'Exporting… {count, number} notes',
  'inbox.export.progress_one': 'Exporting… {written, number} of {count, number} note',
  'inbox.export.progress_other': 'Exporting… {written, number} of {count, number} notes',
  'inbox.export.cancel': 'Cancel export (Esc)',
  'inbox.export.cancelled': 'Export cancelled. No file was written.',
  'inbox.export.openFolder': 'Open folder',
};
