/** Stable error codes that cross the IPC boundary. The renderer maps each to a message in the seller's language. */
export const ERROR_CODES = [
  'INVALID_ARGUMENT',
  'SOAP_FAULT',
  'AUTH_FAILED',
  'THROTTLED',
  'HTTP_ERROR',
  'TIMEOUT',
  'NETWORK',
  'BAD_RESPONSE',
  'ABORTED',
  'VAULT_LOCKED',
  'VAULT_CORRUPT',
  'VAULT_INSECURE',
  'NOT_FOUND',
  'CANCELLED',
  /** A data file of the app cannot be read or written (permissions, a read-only or full disk…). */
  'DATA_FILE',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface DeskError {
  code: ErrorCode;
  /** One clear sentence in English; the renderer shows its own localized text per code and this as detail. */
  message: string;
  /** Extra detail on demand (fault code, HTTP status, the failing field…). Never holds a ticket. */
  detail?: string;
}

/** Every call answers with exactly one of these: errors never throw across the boundary. */
export type Envelope<T> = { ok: true; data: T } | { ok: false; error: DeskError };
