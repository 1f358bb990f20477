// Every failure's words: the i18n namespace 'errors'. Korean first.
import type { EnglishOf } from '../i18n/plurals';

export const errorsKo = {
  'error.title': '문제가 생겼습니다',
  'error.details': '자세히',
  'error.unexpected': '예상하지 못한 오류가 발생했습니다.',
  'error.INVALID_ARGUMENT': '입력한 값을 저장할 수 없습니다.',
  'error.VAULT_CORRUPT': '저장된 티켓을 읽을 수 없습니다.',
  'error.VAULT_INSECURE': '이 컴퓨터에는 안전한 키 저장소가 없습니다.',
  'error.VAULT_LOCKED': '시스템 키 저장소를 지금 사용할 수 없습니다.',
  'error.NOT_FOUND': '찾는 항목이 없습니다.',
  'error.NETWORK': '마켓에 연결할 수 없습니다.',
  'error.TIMEOUT': '마켓이 제시간에 응답하지 않았습니다.',
  'error.todo.fix': '표시된 항목을 고친 뒤 다시 저장하세요.',
  'error.todo.reenter': '티켓을 지우거나 다시 입력하세요.',
  'error.todo.consent': '약한 저장 방식에 동의하거나 키링을 설치하세요.',
  'error.todo.keystore': '시스템 키링을 잠금 해제한 뒤 다시 시도하세요.',
  'error.todo.retry': '잠시 후 다시 시도하세요. 계속되면 자세히를 눌러 내용을 확인하세요.',
} as const;

export const errorsEn: EnglishOf<typeof errorsKo> = {
  'error.title': 'Something went wrong',
  'error.details': 'Details',
  'error.unexpected': 'An unexpected error occurred.',
  'error.INVALID_ARGUMENT': 'These values cannot be saved.',
  'error.VAULT_CORRUPT': 'The stored tickets cannot be read.',
  'error.VAULT_INSECURE': 'This computer has no secure keystore.',
  'error.VAULT_LOCKED': 'The system keystore is not available right now.',
  'error.NOT_FOUND': 'The item was not found.',
  'error.NETWORK': 'The marketplace cannot be reached.',
  'error.TIMEOUT': 'The marketplace did not answer in time.',
  'error.todo.fix': 'Correct the field named in the details and save again.',
  'error.todo.reenter': 'Clear the tickets or enter them again.',
  'error.todo.consent': 'Accept weaker storage, or install a keyring.',
  'error.todo.keystore': 'Unlock the system keyring and try again.',
  'error.todo.retry': 'Try again in a moment. If it keeps happening, open Details.',
};
