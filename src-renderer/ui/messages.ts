// The words of ui/'s shared pieces (every failure's, and the buttons and units every page shares): the i18n
// namespace 'errors'. Korean first. A failure's headline names the cause, then the next step ("마켓 요청 한도 초과 — 1분 뒤 다시 시도"); the marketplace's own reason is
// shown beneath it as sent.
import type { EnglishOf } from '../i18n/plurals';

// This table's namespace, registered where the table lives (the shell hands the table itself to I18nProvider).
declare module '../i18n/messages' {
  interface Messages {
    errors: typeof errorsKo;
  }
}

export const errorsKo = {
  'error.title': '문제가 생겼습니다',
  'error.details': '자세히',
  'error.reason': '마켓이 보낸 사유',
  'error.unexpected':
    '화면을 그리다 예상하지 못한 오류가 남 — 다시 시도하고, 계속되면 자세히 내용을 알려 주세요',
  'error.code.INVALID_ARGUMENT': '받을 수 없는 값이 있음 — 입력한 값을 고친 뒤 다시 시도',
  'error.code.SOAP_FAULT': '마켓이 요청을 거절함 — 아래 사유를 확인한 뒤 다시 시도',
  'error.code.AUTH_FAILED': '티켓이 거부됨 — 설정 → 티켓에서 확인',
  'error.code.THROTTLED': '마켓 요청 한도 초과 — 1분 뒤 다시 시도',
  'error.code.HTTP_ERROR': '마켓이 오류로 응답함 — 설정을 확인한 뒤 다시 시도',
  'error.code.TIMEOUT': '마켓 응답 시간 초과 — 연결을 확인하거나 설정에서 제한 시간을 늘리기',
  'error.code.NETWORK': '마켓 서버에 연결할 수 없음 — 인터넷 연결과 설정의 서비스 주소 확인',
  'error.code.BAD_RESPONSE': '마켓 응답을 읽을 수 없음 — 다시 시도하고, 계속되면 마켓에 문의',
  'error.code.ABORTED': '요청을 취소함 — 필요하면 다시 시도',
  'error.code.VAULT_LOCKED': '시스템 키 저장소가 잠겨 있음 — 키링을 잠금 해제한 뒤 다시 시도',
  'error.code.VAULT_CORRUPT': '저장된 티켓을 읽을 수 없음 — 티켓을 지우거나 다시 입력',
  'error.code.VAULT_INSECURE': '안전한 키 저장소가 없음 — 약한 저장 방식에 동의하거나 키링 설치',
  'error.code.NOT_FOUND': '찾는 항목이 없음 — 목록을 새로 고친 뒤 다시 시도',
  'error.code.DATA_FILE':
    '데이터 파일을 읽거나 저장할 수 없음 — 자세히에 나온 파일과 데이터 폴더의 권한과 남은 공간을 확인',
  'error.code.CANCELLED': '작업을 취소함 — 필요하면 다시 시도',
  'error.code.TEAM_DISK_FULL':
    '팀 데이터베이스의 디스크가 가득 참 — 확인된 내용은 그대로 있음. 서버의 공간을 비운 뒤 다시 동기화',
  'error.code.TEAM_RESTARTED':
    '동기화 중 팀 데이터베이스가 재시작되거나 연결이 끊김 — 확인된 내용은 그대로 있음. 다시 동기화',
  'error.code.TEAM_KEY': '이 컴퓨터에 현재 팀 키가 없음 — 팀 관리자에게 키를 받아 팀에 다시 참여',
  'error.code.INTERNAL': '셀러 데스크 내부 오류 — 다시 시도하고, 계속되면 자세히 내용을 알려 주세요',
  'error.cause.server-fault': '마켓 서버 오류 — 잠시 뒤 다시 시도',
  'error.cause.unknown-seller': '판매자 ID 확인 — 설정 → 연결 프로필',
  'error.cause.missing-tickets': '저장된 티켓이 없음 — 설정 → 티켓에서 입력',
  'error.cause.damaged': '마켓 응답이 손상되었거나 중간에 끊김 — 다시 시도',
  'error.cause.encoding': '마켓 응답의 문자 인코딩을 읽을 수 없음 — 계속되면 마켓에 문의',
  'error.cause.not-soap': '서비스 주소가 마켓 SOAP 서비스로 응답하지 않음 — 설정에서 서비스 주소 확인',
  'error.cause.unexpected-shape':
    '마켓 응답의 내용이 예상과 다름 — 설정의 네임스페이스 루트와 SOAP 버전 확인',
  'error.cause.unsafe': '안전하지 않은 마켓 응답을 거부함 — 계속되면 마켓에 문의',
  'error.cause.too-large': '마켓 응답이 너무 큼 — 기간이나 페이지 크기를 줄여 다시 시도',
  'error.cause.refused': '마켓 서버가 연결을 거부함 — 설정의 서비스 주소와 포트 확인',
  'error.cause.reset': '마켓 서버와의 연결이 끊김 — 다시 시도',
  'error.cause.dns': '마켓 서버 이름을 찾을 수 없음 — 설정의 서비스 주소와 인터넷 연결 확인',
  'error.cause.unreachable': '마켓 서버에 닿을 수 없음 — 인터넷 연결 확인',
  'error.cause.certificate': '마켓 서버의 보안 인증서를 믿을 수 없음 — 설정의 서비스 주소 확인',
  'error.cause.team-unreachable': '팀 데이터베이스에 연결할 수 없어 저장하지 않음 — 연결되면 다시 시도',
  'error.http.server': '마켓 서비스 장애(HTTP {status}) — 잠시 뒤 다시 시도',
  'error.http.auth': '마켓이 접근을 거부함(HTTP {status}) — 설정 → 티켓에서 확인',
  'error.http.address': '이 주소에 마켓 서비스가 없음(HTTP {status}) — 설정에서 서비스 주소 확인',
  'error.http.limit': '마켓 요청 한도 초과(HTTP {status}) — 1분 뒤 다시 시도',
  'error.http.other': '마켓이 오류로 응답함(HTTP {status}) — 설정을 확인한 뒤 다시 시도',
  'error.timeout.seconds':
    '마켓이 {seconds, number}초 안에 응답하지 않음 — 연결을 확인하거나 설정에서 제한 시간을 늘리기',
  'error.where': '연결하려던 곳: {host}',
  'error.short.INVALID_ARGUMENT': '잘못된 값',
  'error.short.SOAP_FAULT': '마켓 거절',
  'error.short.AUTH_FAILED': '티켓 거부',
  'error.short.THROTTLED': '요청 한도',
  'error.short.HTTP_ERROR': 'HTTP 오류',
  'error.short.TIMEOUT': '시간 초과',
  'error.short.NETWORK': '연결 실패',
  'error.short.BAD_RESPONSE': '읽을 수 없는 응답',
  'error.short.ABORTED': '취소됨',
  'error.short.VAULT_LOCKED': '키 저장소 잠김',
  'error.short.VAULT_CORRUPT': '티켓 손상',
  'error.short.VAULT_INSECURE': '키 저장소 없음',
  'error.short.NOT_FOUND': '없음',
  'error.short.DATA_FILE': '파일 오류',
  'error.short.CANCELLED': '취소됨',
  'error.short.TEAM_DISK_FULL': '팀 DB 디스크 가득 참',
  'error.short.TEAM_RESTARTED': '팀 DB 재시작',
  'error.short.TEAM_KEY': '팀 키 없음',
  'error.short.INTERNAL': '내부 오류',
  // profile-label.ts: the built-in sandbox's name, wherever a profile is named.
  'profile.sandbox': '내장 샌드박스',
  // Words every page shares (buttons, units).
  'common.loading': '불러오는 중…',
  'common.retry': '다시 시도',
  'common.close': '닫기',
  'common.cancel': '취소',
  'common.save': '저장',
  'common.saving': '저장 중…',
  'common.edit': '편집',
  'common.dismiss': '확인',
  'unit.hours': '시간',
  'unit.minutes': '분',
} as const;

export const errorsEn: EnglishOf<typeof errorsKo> = {
  'error.title': 'Something went wrong',
  'error.details': 'Details',
  'error.reason': 'The marketplace said',
  'error.unexpected':
    'This page hit an unexpected error — try again, and report the details if it keeps happening',
  'error.code.INVALID_ARGUMENT': 'A value was not accepted — correct what you entered and try again',
  'error.code.SOAP_FAULT': 'The marketplace refused the request — see its reason below, then try again',
  'error.code.AUTH_FAILED': 'Tickets rejected — check them in Settings → Tickets',
  'error.code.THROTTLED': 'Marketplace request limit reached — try again in a minute',
  'error.code.HTTP_ERROR': 'The marketplace answered with an error — check the settings and try again',
  'error.code.TIMEOUT':
    'The marketplace did not answer in time — check the connection or raise the timeout in Settings',
  'error.code.NETWORK':
    'Cannot reach the marketplace — check the internet connection and the service address in Settings',
  'error.code.BAD_RESPONSE':
    'The marketplace’s answer cannot be read — try again, and contact the marketplace if it keeps happening',
  'error.code.ABORTED': 'Request cancelled — try again if you need it',
  'error.code.VAULT_LOCKED': 'The system keystore is locked — unlock the keyring and try again',
  'error.code.VAULT_CORRUPT': 'The stored tickets cannot be read — clear them or enter them again',
  'error.code.VAULT_INSECURE':
    'No secure keystore on this computer — accept weaker storage or install a keyring',
  'error.code.NOT_FOUND': 'Not found — refresh the list and try again',
  'error.code.DATA_FILE':
    'A data file cannot be read or saved — check the permissions and free space of the file named in Details and its folder',
  'error.code.CANCELLED': 'Cancelled — try again if you need it',
  'error.code.TEAM_DISK_FULL':
    'The team database’s disk is full — what it confirmed is kept; free space on its server, then sync again',
  'error.code.TEAM_RESTARTED':
    'The team database restarted or the connection dropped during the sync — what it confirmed is kept; sync again',
  'error.code.TEAM_KEY':
    'This computer has no current team key — get it from the team’s administrator and join the team again',
  'error.code.INTERNAL':
    'Seller Desk hit an internal error — try again, and report the details if it keeps happening',
  'error.cause.server-fault': 'The marketplace had a server error — try again shortly',
  'error.cause.unknown-seller': 'Check the seller ID — Settings → Connection profiles',
  'error.cause.missing-tickets': 'No tickets stored — enter them in Settings → Tickets',
  'error.cause.damaged': 'The marketplace’s answer was damaged or cut short — try again',
  'error.cause.encoding':
    'The marketplace’s answer uses an unreadable text encoding — contact the marketplace if it keeps happening',
  'error.cause.not-soap':
    'The service address does not answer as the marketplace’s SOAP service — check it in Settings',
  'error.cause.unexpected-shape':
    'The answer is not what this operation returns — check the namespace roots and SOAP version in Settings',
  'error.cause.unsafe': 'An unsafe answer was refused — contact the marketplace if it keeps happening',
  'error.cause.too-large': 'The marketplace’s answer is too large — shorten the period or the page size',
  'error.cause.refused': 'The marketplace server refused the connection — check the service address and port',
  'error.cause.reset': 'The connection to the marketplace dropped — try again',
  'error.cause.dns':
    'The marketplace server’s name cannot be found — check the service address and the internet connection',
  'error.cause.unreachable': 'The marketplace server cannot be reached — check the internet connection',
  'error.cause.certificate':
    'The marketplace server’s security certificate is not trusted — check the service address in Settings',
  'error.cause.team-unreachable':
    'The team database cannot be reached, so nothing was saved — try again once it is back',
  'error.http.server': 'The marketplace service is unavailable (HTTP {status}) — try again shortly',
  'error.http.auth': 'The marketplace refused access (HTTP {status}) — check Settings → Tickets',
  'error.http.address': 'No marketplace service at this address (HTTP {status}) — check it in Settings',
  'error.http.limit': 'Marketplace request limit reached (HTTP {status}) — try again in a minute',
  'error.http.other':
    'The marketplace answered with an error (HTTP {status}) — check the settings and try again',
  'error.timeout.seconds':
    'The marketplace did not answer within {seconds, number} s — check the connection or raise the timeout in Settings',
  'error.where': 'Trying to reach: {host}',
  'error.short.INVALID_ARGUMENT': 'Invalid value',
  'error.short.SOAP_FAULT': 'Refused',
  'error.short.AUTH_FAILED': 'Tickets rejected',
  'error.short.THROTTLED': 'Rate limit',
  'error.short.HTTP_ERROR': 'HTTP error',
  'error.short.TIMEOUT': 'Timed out',
  'error.short.NETWORK': 'Unreachable',
  'error.short.BAD_RESPONSE': 'Unreadable answer',
  'error.short.ABORTED': 'Cancelled',
  'error.short.VAULT_LOCKED': 'Keystore locked',
  'error.short.VAULT_CORRUPT': 'Tickets damaged',
  'error.short.VAULT_INSECURE': 'No keystore',
  'error.short.NOT_FOUND': 'Not found',
  'error.short.DATA_FILE': 'File error',
  'error.short.CANCELLED': 'Cancelled',
  'error.short.TEAM_DISK_FULL': 'Team disk full',
  'error.short.TEAM_RESTARTED': 'Team DB restarted',
  'error.short.TEAM_KEY': 'No team key',
  'error.short.INTERNAL': 'Internal error',
  'profile.sandbox': 'Built-in sandbox',
  'common.loading': 'Loading…',
  'common.retry': 'Retry',
  'common.close': 'Close',
  'common.cancel': 'Cancel',
  'common.save': 'Save',
  'common.saving': 'Saving…',
  'common.edit': 'Edit',
  'common.dismiss': 'OK',
  'unit.hours': 'hours',
  'unit.minutes': 'minutes',
};
