// The inbox's words for working as a team (i18n namespace 'inboxTeam'): who has a note (담당자), the views Mine /
// Unassigned / Everyone, who else is viewing or answering, the warning before the answer page. Korean first.
import type { EnglishOf } from '../../i18n/plurals';

// This table's namespace, registered where the table lives (the shell hands the table itself to I18nProvider).
declare module '../../i18n/messages' {
  interface Messages {
    inboxTeam: typeof inboxTeamKo;
  }
}

export const inboxTeamKo = {
  'inbox.team.views': '담당 보기',
  'inbox.team.view.mine': '내 담당',
  'inbox.team.view.unassigned': '미배정',
  'inbox.team.view.everyone': '전체',
  'inbox.team.view.count': '미답변 {count, number}건',
  'inbox.team.badgeMine': '사이드바 숫자: 내 담당만',
  'inbox.team.assignee': '담당자',
  'inbox.team.nobody': '없음',
  'inbox.team.me': '{login} (나)',
  'inbox.team.take': '내가 맡기',
  'inbox.team.assignTo': '담당자 지정',
  'inbox.team.taken': '{login}님이 이미 맡은 문의입니다. 맡을 수 없습니다.',
  'inbox.team.changed': '그 사이 담당자가 바뀌었습니다: {login}',
  'inbox.team.changedNobody': '그 사이 담당자가 바뀌었습니다: 없음',
  'inbox.team.viewing': '{login} 보는 중',
  'inbox.team.answering': '{login} 답변 중',
  'inbox.team.otherDesktop': '나 (다른 데스크톱)',
  'inbox.team.present': '지금 이 문의에 있는 팀원',
  'inbox.team.warn.title': '답변하기 전에 확인하세요',
  'inbox.team.warn.answering': '{login}님이 지금 이 문의에 답변하고 있습니다.',
  'inbox.team.warn.answered': '그 사이 마켓에서 이 문의에 답변이 달렸습니다.',
  'inbox.team.warn.handled': '그 사이 이 문의가 처리함으로 표시되었습니다.',
  'inbox.team.warn.goOn': '그래도 답변 페이지 열기',
  'inbox.team.warn.cancel': '취소',
  'shortcuts.inbox.take': '문의함: 내가 맡기 (팀)',
  'shortcuts.inbox.assign': '문의함: 담당자 지정 (팀)',
};

export const inboxTeamEn: EnglishOf<typeof inboxTeamKo> = {
  'inbox.team.views': 'Assignment view',
  'inbox.team.view.mine': 'Mine',
  'inbox.team.view.unassigned': 'Unassigned',
  'inbox.team.view.everyone': 'Everyone',
  'inbox.team.view.count': '{count, number} waiting',
  'inbox.team.badgeMine': 'Sidebar count: mine only',
  'inbox.team.assignee': 'Assignee',
  'inbox.team.nobody': 'Nobody',
  'inbox.team.me': '{login} (me)',
  'inbox.team.take': 'Take it',
  'inbox.team.assignTo': 'Assign to',
  'inbox.team.taken': '{login} has this note already: it cannot be taken.',
  'inbox.team.changed': 'The assignee changed meanwhile: {login}',
  'inbox.team.changedNobody': 'The assignee changed meanwhile: nobody',
  'inbox.team.viewing': '{login} viewing',
  'inbox.team.answering': '{login} answering',
  'inbox.team.otherDesktop': 'me (another desktop)',
  'inbox.team.present': 'Team members at this note now',
  'inbox.team.warn.title': 'Check before answering',
  'inbox.team.warn.answering': '{login} is answering this note right now.',
  'inbox.team.warn.answered': 'This note was answered on the marketplace meanwhile.',
  'inbox.team.warn.handled': 'This note was marked handled meanwhile.',
  'inbox.team.warn.goOn': 'Open the answer page anyway',
  'inbox.team.warn.cancel': 'Cancel',
  'shortcuts.inbox.take': 'Inbox: take the note (team)',
  'shortcuts.inbox.assign': 'Inbox: assign the note (team)',
};
