// Korean first; English mirrors every key (a test checks the two key sets are equal).
export const ko = {
  'app.name': '셀러 데스크',
  'nav.inbox': '문의함',
  'nav.lookbook': '룩북',
  'nav.keywords': '키워드',
  'nav.network': '네트워크',
  'nav.settings': '설정',
  'status.sandbox': '샌드박스',
  'status.live': '라이브',
  'status.connection': '연결',
  'page.inbox.title': '구매자 문의',
  'page.lookbook.title': '소호 룩북 미리보기',
  'page.keywords.title': '키워드 탐색',
  'page.network.title': '네트워크 기록',
  'page.settings.title': '설정',
  'common.loading': '불러오는 중…',
  'common.retry': '다시 시도',
  'error.title': '문제가 생겼습니다',
  'error.details': '자세히',
} as const;

export type MessageKey = keyof typeof ko;

export const en: Record<MessageKey, string> = {
  'app.name': 'Seller Desk',
  'nav.inbox': 'Inbox',
  'nav.lookbook': 'Lookbook',
  'nav.keywords': 'Keywords',
  'nav.network': 'Network',
  'nav.settings': 'Settings',
  'status.sandbox': 'Sandbox',
  'status.live': 'Live',
  'status.connection': 'Connection',
  'page.inbox.title': 'Buyer notes',
  'page.lookbook.title': 'Soho lookbook preview',
  'page.keywords.title': 'Keyword explorer',
  'page.network.title': 'Network log',
  'page.settings.title': 'Settings',
  'common.loading': 'Loading…',
  'common.retry': 'Retry',
  'error.title': 'Something went wrong',
  'error.details': 'Details',
};
