import type { z } from 'zod';
import { errorFields } from '../soap/errors';
import { ERROR_CODES } from '../contract';
import type {
  Channel,
  DeskError,
  Envelope,
  ErrorCode,
  EventName,
  Events,
  FieldIssue,
  Req,
  Res,
} from '../contract';
import { fieldIssues } from './field-issues';

export interface CallContext {
  /** Aborted when the renderer cancels the call (or the window goes away). */
  signal: AbortSignal;
  emit: <E extends EventName>(event: E, payload: Events[E]) => void;
}

export type Handlers = { [K in Channel]: (req: Req<K>, ctx: CallContext) => Promise<Res<K>> };
export type RequestSchemas = { [K in Channel]: z.ZodType<Req<K>> };

/** An error a handler raises on purpose, with a stable code (and, for refused input, every refused field). */
export class HostError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly detail?: string,
    readonly issues?: FieldIssue[],
  ) {
    super(message);
    this.name = 'HostError';
  }
}

/** A request or document zod refused: the English detail for logs, the issues for the form. */
export function invalidArgument(message: string, error: z.ZodError, subject: string): HostError {
  const detail = error.issues.map((i) => `${i.path.join('.') || subject}: ${i.message}`).join('; ');
  return new HostError('INVALID_ARGUMENT', message, detail, fieldIssues(error));
}

const codes = new Set<string>(ERROR_CODES);

/** Maps anything thrown to the envelope's error. Errors from lower layers carry `deskCode`. */
export function toDeskError(err: unknown): DeskError {
  if (err instanceof HostError) {
    const error: DeskError = { code: err.code, message: err.message, detail: err.detail };
    if (err.issues) error.issues = err.issues;
    return error;
  }
  if (err && typeof err === 'object') {
    const e = err as { deskCode?: unknown; message?: unknown; detail?: unknown; name?: unknown };
    if (typeof e.deskCode === 'string' && codes.has(e.deskCode)) {
      return {
        code: e.deskCode as ErrorCode,
        message: String(e.message ?? e.deskCode),
        detail: typeof e.detail === 'string' ? e.detail : undefined,
        ...errorFields(err),
      };
    }
    if (e.name === 'AbortError') return { code: 'ABORTED', message: 'The request was cancelled.' };
  }
  const message = err instanceof Error ? err.message : String(err);
  return { code: 'INTERNAL', message: `Unexpected error: ${message}` };
}

export interface Dispatcher {
  dispatch(channel: string, rawReq: unknown, callId: string | null): Promise<Envelope<unknown>>;
  abort(callId: string): void;
}

export function createDispatcher(
  handlers: Handlers,
  schemas: RequestSchemas,
  emit: CallContext['emit'],
  onError: (channel: string, err: unknown) => void = () => {},
): Dispatcher {
  const inflight = new Map<string, AbortController>();
  return {
    async dispatch(channel, rawReq, callId) {
      if (!Object.hasOwn(handlers, channel)) {
        return { ok: false, error: { code: 'INVALID_ARGUMENT', message: `Unknown channel: ${channel}` } };
      }
      const ch = channel as Channel;
      const parsed = schemas[ch].safeParse(rawReq);
      if (!parsed.success) {
        return {
          ok: false,
          error: toDeskError(invalidArgument(`Invalid request for ${channel}`, parsed.error, '(request)')),
        };
      }
      const controller = new AbortController();
      if (callId) inflight.set(callId, controller);
      try {
        const handler = handlers[ch] as (req: unknown, ctx: CallContext) => Promise<unknown>;
        const data = await handler(parsed.data, { signal: controller.signal, emit });
        if (controller.signal.aborted) {
          return { ok: false, error: { code: 'ABORTED', message: 'The request was cancelled.' } };
        }
        return { ok: true, data };
      } catch (err) {
        const error = controller.signal.aborted
          ? ({ code: 'ABORTED', message: 'The request was cancelled.' } as const)
          : toDeskError(err);
        if (error.code === 'INTERNAL') onError(channel, err);
        return { ok: false, error };
      } finally {
        if (callId) inflight.delete(callId);
      }
    },
    abort(callId) {
      inflight.get(callId)?.abort();
    },
  };
}
