import type { ErrorCode } from '../../src-main/contract';
import { DeskCallError } from '../api/desk';
import type { MessageKey } from '../i18n/messages';

export interface ErrorParts {
  /** What happened and what to do, as message keys in the seller's language. */
  what: MessageKey;
  todo: MessageKey;
  /** Why, as the host's sentence plus its detail: shown on demand. */
  detail: string;
}

const KNOWN: Partial<Record<ErrorCode, [MessageKey, MessageKey]>> = {
  INVALID_ARGUMENT: ['error.INVALID_ARGUMENT', 'error.todo.fix'],
  VAULT_CORRUPT: ['error.VAULT_CORRUPT', 'error.todo.reenter'],
  VAULT_INSECURE: ['error.VAULT_INSECURE', 'error.todo.consent'],
  VAULT_LOCKED: ['error.VAULT_LOCKED', 'error.todo.keystore'],
  NOT_FOUND: ['error.NOT_FOUND', 'error.todo.retry'],
  NETWORK: ['error.NETWORK', 'error.todo.retry'],
  TIMEOUT: ['error.TIMEOUT', 'error.todo.retry'],
  DATA_FILE: ['error.DATA_FILE', 'error.todo.dataFolder'],
};

export function describeError(err: unknown): ErrorParts {
  if (err instanceof DeskCallError) {
    const [what, todo] = KNOWN[err.code] ?? ['error.unexpected', 'error.todo.retry'];
    return { what, todo, detail: [err.code, err.message, err.detail].filter(Boolean).join(' — ') };
  }
  const detail = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  return { what: 'error.unexpected', todo: 'error.todo.retry', detail };
}
