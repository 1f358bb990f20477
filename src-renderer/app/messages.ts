// The shell's messages (navigation, status bar, shortcuts, common words): the i18n namespace 'shell'.
// Korean first; a key ending in _other takes a count (Korean has one form, English _one and _other).
import type { EnglishOf } from '../i18n/plurals';

// This table's namespace, registered where the table lives (the shell hands the table itself to I18nProvider).
declare module '../i18n/messages' {
  interface Messages {
    shell: typeof shellKo;
  }
}

export const shellKo = {
  'app.name': '셀러 데스크',
  'nav.label': '주요 메뉴',
  'nav.inbox': '문의함',
  'nav.lookbook': '룩북',
  'nav.keywords': '키워드',
  'nav.insights': '통계',
  'nav.network': '네트워크',
  'nav.settings': '설정',
  'nav.unsaved': '저장하지 않은 입력이 있습니다',
  'status.sandbox': '샌드박스',
  'status.live': '라이브',
  'status.connection': '연결',
  'status.lastSync': '마지막 동기화',
  'status.never': '아직 없음',
  'status.tickets.ok': '티켓 저장됨',
  'status.tickets.empty': '티켓 없음',
  'status.tickets.builtIn': '샌드박스 기본 티켓',
  'status.tickets.corrupt': '티켓을 읽을 수 없음',
  'status.tickets.insecure': '보안 저장소 없음',
  'page.inbox.title': '구매자 문의',
  'page.lookbook.title': '소호 룩북 미리보기',
  'page.keywords.title': '키워드 탐색',
  'page.insights.title': '답변·문의 통계',
  'page.network.title': '네트워크 기록',
  'page.settings.title': '설정',
  'page.inbox.placeholder': '문의함은 준비 중입니다. 답변을 기다리는 문의가 오래된 순서로 여기에 표시됩니다.',
  'page.lookbook.placeholder': '룩북 미리보기는 준비 중입니다.',
  'page.keywords.placeholder': '키워드 탐색은 준비 중입니다.',
  'page.network.placeholder': '네트워크 기록은 준비 중입니다.',
  'shortcuts.title': '키보드 단축키',
  'shortcuts.open': '단축키 보기',
  'shortcuts.close': '대화 상자 닫기',
  'shortcuts.hint': '단축키',
} as const;

export const shellEn: EnglishOf<typeof shellKo> = {
  'app.name': 'Seller Desk',
  'nav.label': 'Main menu',
  'nav.inbox': 'Inbox',
  'nav.lookbook': 'Lookbook',
  'nav.keywords': 'Keywords',
  'nav.insights': 'Insights',
  'nav.network': 'Network',
  'nav.settings': 'Settings',
  'nav.unsaved': 'Unsaved changes waiting',
  'status.sandbox': 'Sandbox',
  'status.live': 'Live',
  'status.connection': 'Connection',
  'status.lastSync': 'Last sync',
  'status.never': 'not yet',
  'status.tickets.ok': 'Tickets stored',
  'status.tickets.empty': 'No tickets',
  'status.tickets.builtIn': 'Built-in sandbox tickets',
  'status.tickets.corrupt': 'Tickets unreadable',
  'status.tickets.insecure': 'No secure storage',
  'page.inbox.title': 'Buyer notes',
  'page.lookbook.title': 'Soho lookbook preview',
  'page.keywords.title': 'Keyword explorer',
  'page.insights.title': 'Reply and note insights',
  'page.network.title': 'Network log',
  'page.settings.title': 'Settings',
  'page.inbox.placeholder':
    'The inbox is on its way: notes waiting for a reply will be listed here, oldest first.',
  'page.lookbook.placeholder': 'The lookbook preview is on its way.',
  'page.keywords.placeholder': 'The keyword explorer is on its way.',
  'page.network.placeholder': 'The network log is on its way.',
  'shortcuts.title': 'Keyboard shortcuts',
  'shortcuts.open': 'Show shortcuts',
  'shortcuts.close': 'Close a dialog',
  'shortcuts.hint': 'Shortcuts',
};
