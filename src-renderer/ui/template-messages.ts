// Reply templates' words, in Settings and in the inbox's detail pane (i18n namespace 'templates'), beside the
// model both use (reply-template.ts). Korean first.
import type { EnglishOf } from '../i18n/plurals';

// This table's namespace, registered where the table lives (the shell hands the table itself to I18nProvider).
declare module '../i18n/messages' {
  interface Messages {
    templates: typeof templatesKo;
  }
}

export const templatesKo = {
  'templates.title': '답변 서식',
  'templates.intro':
    '자주 쓰는 답변을 저장해 두고, 문의에서 값을 채워 한 번에 복사합니다. 중괄호 안의 이름이 문의의 값으로 바뀝니다: {placeholders}',
  'templates.name': '서식 이름',
  'templates.body': '답변 내용',
  'templates.lang': '한국어/영어',
  'templates.lang.ko': '한국어',
  'templates.lang.en': '영어',
  'templates.add': '서식 추가',
  'templates.remove': '삭제',
  'templates.save': '서식 저장',
  'templates.saved': '서식을 저장했습니다.',
  'templates.export': '파일로 내보내기',
  'templates.import': '파일에서 가져오기',
  'templates.exported': '{path}에 저장했습니다.',
  'templates.imported_other':
    '서식 {count, number}개를 가져왔습니다({replaced, number}개는 같은 서식을 바꿈).',
  'templates.invalid.not-json': '답변 서식 파일이 아님 — 셀러 데스크에서 내보낸 .json 파일을 고르기',
  'templates.invalid.not-templates':
    '이 파일에는 쓸 수 있는 답변 서식이 없음 — 셀러 데스크에서 내보낸 파일인지, 이름과 내용이 비어 있지 않은지 확인',
  'templates.invalid.too-large': '서식 파일이 너무 크거나 서식이 너무 많음 — 서식 100개 이하의 파일을 고르기',
  'templates.newName': '새 서식',
  'templates.empty': '저장된 서식이 없습니다. 서식 추가로 만드세요.',
  'templates.use': '답변 서식',
  'templates.copy': '채워서 복사',
  'templates.copy.key': '채워서 복사 (t)',
  'templates.copied': '값을 채운 답변을 복사했습니다.',
  'templates.copyFailed': '클립보드에 복사하지 못함 — 아래 내용을 직접 선택해 복사',
  'templates.missing': '이 문의에 없는 값: {fields} — 보내기 전에 답변의 {placeholders} 자리를 직접 채우기',
  'templates.copiedMissing': '답변을 복사했습니다 — {placeholders} 자리는 직접 채우세요.',
  'templates.preview': '채운 답변 미리 보기',
  'templates.none': '설정 → 답변 서식에서 서식을 만들 수 있습니다.',
  'templates.types': '답하는 문의 유형',
  'templates.types.hint': '고르지 않으면 모든 유형에 씁니다.',
  'templates.replyLang': '{lang}로 쓴 문의라 {lang} 서식으로 답합니다.',
  'inbox.answerOnMarket': '마켓에서 답변하기',
  'inbox.answerOnMarket.noOrder':
    '주문 전 문의라 주소의 주문번호 자리가 비어 있습니다. 페이지에서 문의를 찾지 못하면 문의번호 {seqNo}로 찾으세요.',
} as const;

export const templatesEn: EnglishOf<typeof templatesKo> = {
  'templates.title': 'Reply templates',
  'templates.intro':
    'Saved replies, filled from a note and copied in one go. Names in braces become the note’s values: {placeholders}',
  'templates.name': 'Template name',
  'templates.body': 'Reply text',
  'templates.lang': 'Written in',
  'templates.lang.ko': 'Korean',
  'templates.lang.en': 'English',
  'templates.add': 'Add template',
  'templates.remove': 'Delete',
  'templates.save': 'Save templates',
  'templates.saved': 'Templates saved.',
  'templates.export': 'Export to a file',
  'templates.import': 'Import from a file',
  'templates.exported': 'Saved to {path}.',
  'templates.imported_one':
    'Imported {count, number} template ({replaced, number} replaced one with the same id).',
  'templates.imported_other':
    'Imported {count, number} templates ({replaced, number} replaced ones with the same id).',
  'templates.invalid.not-json': 'Not a reply template file — pick a .json file exported by Seller Desk',
  'templates.invalid.not-templates':
    'This file holds no usable reply templates — check it was exported by Seller Desk and no name or text is empty',
  'templates.invalid.too-large':
    'The template file is too large or holds too many templates — pick a file of at most 100 templates',
  'templates.newName': 'New template',
  'templates.empty': 'No saved templates. Add one to start.',
  'templates.use': 'Reply template',
  'templates.copy': 'Fill and copy',
  'templates.copy.key': 'Fill and copy (t)',
  'templates.copied': 'The filled reply is on the clipboard.',
  'templates.copyFailed': 'Could not copy to the clipboard — select the text below and copy it yourself',
  'templates.missing':
    'Not in this note: {fields} — fill in {placeholders} in the reply yourself before sending it',
  'templates.copiedMissing': 'The reply is on the clipboard, with {placeholders} still to fill in.',
  'templates.preview': 'Filled reply preview',
  'templates.none': 'Create templates in Settings → Reply templates.',
  'templates.types': 'Answers these inquiry types',
  'templates.types.hint': 'None ticked: it answers every type.',
  'templates.replyLang': 'The note is written in {lang}: the reply is a template in {lang}.',
  'inbox.answerOnMarket': 'Answer on the marketplace',
  'inbox.answerOnMarket.noOrder':
    'Asked before ordering, so the address has no order number in it. If the page does not find the note, look it up by note no. {seqNo}.',
};
