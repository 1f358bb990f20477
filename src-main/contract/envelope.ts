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
  /** The team database's disk is full: it refused a write (what it confirmed before is kept). */
  'TEAM_DISK_FULL',
  /** The team database shut down or restarted mid-work, or the caller lock's session ended. */
  'TEAM_RESTARTED',
  /** This desktop has no team key, or not the current one: it cannot call the marketplace for the team. */
  'TEAM_KEY',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * A finer cause within an error code, so the renderer can name it in the seller's language: BAD_RESPONSE
 * 'damaged' (malformed or cut short) is worded differently from 'not-soap' (a web page at the address).
 */
export const ERROR_CAUSES = [
  'server-fault',
  'unknown-seller',
  'missing-tickets',
  'damaged',
  'encoding',
  'not-soap',
  'unexpected-shape',
  'unsafe',
  'too-large',
  'refused',
  'reset',
  'dns',
  'unreachable',
  'certificate',
  /** The team database (team mode) cannot be reached: nothing shared was written. */
  'team-unreachable',
] as const;
export type ErrorCause = (typeof ERROR_CAUSES)[number];

/** Facts the renderer words a headline from; every one optional. */
export interface ErrorFacts {
  cause?: ErrorCause;
  /** The HTTP status the marketplace answered with (HTTP_ERROR). */
  httpStatus?: number;
  /** The host (and port) that could not be reached (NETWORK). */
  host?: string;
  /** The time limit that ran out (TIMEOUT). */
  timeoutMs?: number;
}

/**
 * Why a field was refused, as a rule the renderer words in the seller's language next to the field.
 * 'too-small'/'too-large' are numbers out of bounds, 'too-long' text, 'too-many' list entries.
 */
export const FIELD_RULES = [
  'required',
  'http-url',
  'absolute-uri',
  'xml-prefix',
  'profile-id',
  'seller-id',
  'answer-page',
  'team-url',
  'too-long',
  'too-many',
  'too-small',
  'too-large',
  'whole-number',
  'number',
  'choice',
  'time-zone',
  'duplicate',
  'unknown-profile',
  'invalid',
] as const;
export type FieldRule = (typeof FIELD_RULES)[number];

export interface FieldIssue {
  /** Where in the request: ['profiles', 1, 'apiBaseUrl'], ['replySlaHours']. */
  path: (string | number)[];
  rule: FieldRule;
  /** The bound that was crossed, for 'too-small', 'too-large', 'too-long', 'too-many'. */
  limit?: number;
}

export interface DeskError {
  code: ErrorCode;
  /** One clear sentence in English, for logs and the command line; the renderer words its own headline. */
  message: string;
  /** Extra detail on demand (fault code, HTTP status, the failing field…). Never holds a ticket. */
  detail?: string;
  /**
   * The marketplace's own words for the failure (a SOAP fault's reason), verbatim with tickets redacted. The
   * renderer shows it beneath its headline, so the seller learns what the marketplace said without parsing
   * `message`.
   */
  reason?: string;
  facts?: ErrorFacts;
  /** INVALID_ARGUMENT: every field that was refused, all at once, so each can be marked where it is. */
  issues?: FieldIssue[];
}

/** Every call answers with exactly one of these: errors never throw across the boundary. */
export type Envelope<T> = { ok: true; data: T } | { ok: false; error: DeskError };
