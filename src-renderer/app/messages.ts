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
  'links.refused.title': '문의 링크를 열 수 없습니다',
  'links.refused.malformed':
    '셀러 데스크의 문의 링크가 아닙니다. sellerdesk://note/연결번호/문의번호 형식의 링크만 열 수 있습니다.',
  'links.refused.no-team':
    '이 데스크톱에는 팀 데이터베이스를 쓰는 프로필이 없습니다. 문의 링크는 팀 모드에서만 열립니다.',
  'links.refused.unknown-connection': '이 링크의 연결은 이 데스크톱의 어느 팀에도 없습니다.',
  'links.refused.unknown-note': '팀에 이 문의번호의 문의가 없습니다.',
  'links.refused.no-profile':
    '팀에는 이 연결이 있지만 이 데스크톱에는 그 연결의 프로필이 없습니다. 설정에서 프로필을 추가하세요.',
  'links.refused.not-in-copy':
    '이 문의가 아직 이 데스크톱의 사본에 도착하지 않았습니다. 잠시 뒤 링크를 다시 여세요.',
  'links.refused.unreachable':
    '팀 데이터베이스에 연결할 수 없어 링크를 확인하지 못했습니다. 연결되면 다시 여세요.',
  'links.refused.link': '받은 링크',
  'links.refused.close': '닫기',
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
  'links.refused.title': 'This note link cannot be opened',
  'links.refused.malformed':
    'This is not a Seller Desk note link: only links of the form sellerdesk://note/<connection>/<SeqNo> open.',
  'links.refused.no-team':
    'No profile on this desktop uses a team database: note links open in team mode only.',
  'links.refused.unknown-connection': "The link's connection belongs to no team of this desktop.",
  'links.refused.unknown-note': 'The team holds no note with this SeqNo.',
  'links.refused.no-profile':
    'The team has this connection, but no profile on this desktop uses it: add one in Settings.',
  'links.refused.not-in-copy':
    "This note has not reached this desktop's copy yet: open the link again in a moment.",
  'links.refused.unreachable':
    'The team database cannot be reached, so the link could not be checked: open it again once it is back.',
  'links.refused.link': 'Link received',
  'links.refused.close': 'Close',
};
