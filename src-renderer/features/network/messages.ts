// The network feature's messages: the i18n namespace 'network'. Korean first; a key ending in _other takes a count.
import type { EnglishOf } from '../../i18n/plurals';

// This table's namespace, registered where the table lives (the shell hands the table itself to I18nProvider).
declare module '../../i18n/messages' {
  interface Messages {
    network: typeof networkKo;
  }
}

export const networkKo = {
  'network.filter.operation': '작업',
  'network.filter.operation.all': '모든 작업',
  'network.filter.outcome': '결과',
  'network.filter.outcome.all': '전체',
  'network.filter.outcome.ok': '성공',
  'network.filter.outcome.error': '오류',
  'network.clear': '기록 지우기',
  'network.count_other': '{count, number}건',
  'network.table.label': 'SOAP 요청 기록 (위아래 화살표로 이동, Enter로 열기)',
  'network.empty':
    '아직 기록된 요청이 없습니다. 설정에서 연결 테스트를 하거나 다른 화면을 사용하면 여기에 나타납니다.',
  'network.empty.filtered': '조건에 맞는 요청이 없습니다.',
  'network.col.time': '시각',
  'network.col.operation': '작업',
  'network.col.soap': 'SOAP',
  'network.col.status': 'HTTP',
  'network.col.duration': '소요(ms)',
  'network.col.bytes': '보냄 / 받음',
  'network.col.attempts': '시도',
  'network.detail.empty': '요청을 선택하면 봉투(envelope)와 헤더가 여기에 표시됩니다.',
  'network.detail.gone': '이 요청은 기록에서 빠졌습니다(최근 500건, 본문은 모두 합쳐 64MB까지만 보관).',
  'network.detail.url': '주소',
  'network.detail.started': '시작',
  'network.detail.attempts_other': '{count, number}번 시도',
  'network.detail.headers': '요청 헤더',
  'network.detail.request': '요청 봉투',
  'network.detail.response': '응답 봉투',
  'network.detail.noResponse': '응답을 받지 못했습니다.',
  'network.detail.redactedNote': '티켓은 기록되기 전에 [redacted]로 가려집니다.',
  'network.curl.button': 'cURL로 복사',
  'network.curl.title': 'cURL 명령',
  'network.curl.copy': '복사',
  'network.curl.copied': '클립보드에 복사했습니다.',
  'network.curl.copyFailed': '클립보드를 사용할 수 없습니다. 텍스트를 선택해 복사하세요.',
  'network.curl.note': '티켓은 [redacted]로 가려져 있습니다. 다시 보내려면 실제 티켓으로 바꾸세요.',
  'network.noStatus': '응답 없음',
} as const;

export const networkEn: EnglishOf<typeof networkKo> = {
  'network.filter.operation': 'Operation',
  'network.filter.operation.all': 'All operations',
  'network.filter.outcome': 'Outcome',
  'network.filter.outcome.all': 'All',
  'network.filter.outcome.ok': 'OK',
  'network.filter.outcome.error': 'Errors',
  'network.clear': 'Clear log',
  'network.count_one': '{count, number} request',
  'network.count_other': '{count, number} requests',
  'network.table.label': 'SOAP exchanges (arrow keys move, Enter opens)',
  'network.empty':
    'No requests yet. Test the connection in Settings or use another page, and they will show up here.',
  'network.empty.filtered': 'No request matches these filters.',
  'network.col.time': 'Time',
  'network.col.operation': 'Operation',
  'network.col.soap': 'SOAP',
  'network.col.status': 'HTTP',
  'network.col.duration': 'ms',
  'network.col.bytes': 'Sent / received',
  'network.col.attempts': 'Tries',
  'network.detail.empty': 'Select a request to see its envelopes and headers here.',
  'network.detail.gone':
    'This request has left the log (it keeps the last 500, and at most 64 MB of their bodies).',
  'network.detail.url': 'URL',
  'network.detail.started': 'Started',
  'network.detail.attempts_one': '{count, number} try',
  'network.detail.attempts_other': '{count, number} tries',
  'network.detail.headers': 'Request headers',
  'network.detail.request': 'Request envelope',
  'network.detail.response': 'Response envelope',
  'network.detail.noResponse': 'No response was received.',
  'network.detail.redactedNote': 'Tickets are replaced with [redacted] before anything is recorded.',
  'network.curl.button': 'Copy as cURL',
  'network.curl.title': 'cURL command',
  'network.curl.copy': 'Copy',
  'network.curl.copied': 'Copied to the clipboard.',
  'network.curl.copyFailed': 'The clipboard is not available; select the text and copy it.',
  'network.curl.note': 'Tickets are shown as [redacted]; put real ones in before sending it again.',
  'network.noStatus': 'no response',
};
