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
import { fieldIssues, InvalidValueError } from '../storage/field-issues';
import { deskCodeOf, thrownText } from '../../src-shared/thrown';

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

const MAX_MESSAGE = 1000;
const MAX_DETAIL = 4000;
const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

/** Maps anything thrown to the envelope's error. Errors from lower layers carry `deskCode`. */
export function toDeskError(err: unknown): DeskError {
  try {
    return clipped(describeThrown(err));
  } catch {
    return { code: 'INTERNAL', message: 'Unexpected error.' };
  }
}

/** Long texts are cut (a hostile value can be megabytes); the structured parts pass as they are. */
function clipped(e: DeskError): DeskError {
  const out: DeskError = { ...e, message: clip(e.message, MAX_MESSAGE) };
  if (e.detail !== undefined) out.detail = clip(e.detail, MAX_DETAIL);
  else delete out.detail;
  if (e.reason !== undefined) out.reason = clip(e.reason, MAX_DETAIL);
  if (e.issues !== undefined) out.issues = boundedIssues(e.issues);
  return out;
}

function describeThrown(err: unknown): DeskError {
  if (err instanceof HostError || err instanceof InvalidValueError) {
    const code = err instanceof HostError ? err.code : err.deskCode;
    const error: DeskError = { code, message: err.message, detail: err.detail };
    if (err.issues) error.issues = err.issues;
    return error;
  }
  if (err && typeof err === 'object') {
    const code = ERROR_CODES.find((c) => c === deskCodeOf(err));
    if (code !== undefined) {
      return {
        code,
        message: thrownText(err, 'message') ?? code,
        detail: thrownText(err, 'detail'),
        ...errorFields(err),
      };
    }
    if (thrownText(err, 'name') === 'AbortError')
      return { code: 'ABORTED', message: 'The request was cancelled.' };
  }
  const message = err instanceof Error ? err.message : typeof err === 'string' ? err : 'a non-error value';
  return { code: 'INTERNAL', message: `Unexpected error: ${message}` };
}

const MAX_ISSUES_SHOWN = 5;

/**
 * The request checked against its schema, as an envelope's error when it fails. Whatever the value (hostile
 * nesting that overflows a recursive check, a refinement that throws), the answer is INVALID_ARGUMENT: nothing
 * a renderer sends can make the dispatcher throw.
 */
/** Field issues for the form, bounded: a hostile request can name thousands of keys, each megabytes long. */
function boundedIssues(issues: readonly FieldIssue[]): FieldIssue[] {
  return issues.slice(0, 50).map((i) => ({
    ...i,
    path: i.path.slice(0, 10).map((p) => (typeof p === 'string' ? p.slice(0, 80) : p)),
  }));
}

function validate(
  schema: z.ZodType<unknown>,
  channel: string,
  rawReq: unknown,
): { ok: true; data: unknown } | { ok: false; error: DeskError } {
  const invalid = (detail: string, issues?: FieldIssue[]): { ok: false; error: DeskError } => ({
    ok: false,
    error: {
      code: 'INVALID_ARGUMENT',
      message: `Invalid request for ${channel}`,
      detail,
      ...(issues ? { issues: boundedIssues(issues) } : {}),
    },
  });
  try {
    const parsed = schema.safeParse(rawReq);
    if (parsed.success) return { ok: true, data: parsed.data };
    const issues = parsed.error.issues;
    const detail = issues
      .slice(0, MAX_ISSUES_SHOWN)
      .map((i) => `${i.path.map((p) => String(p).slice(0, 40)).join('.') || '(request)'}: ${i.message}`)
      .join('; ');
    return invalid(
      issues.length > MAX_ISSUES_SHOWN ? `${detail}; and ${issues.length - MAX_ISSUES_SHOWN} more` : detail,
      fieldIssues(parsed.error),
    );
  } catch (err) {
    return invalid(
      err instanceof RangeError ? 'the request is nested too deeply or too large' : 'unreadable request',
    );
  }
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
      if (typeof channel !== 'string' || !Object.hasOwn(handlers, channel)) {
        const name = typeof channel === 'string' ? channel.slice(0, 80) : typeof channel;
        return { ok: false, error: { code: 'INVALID_ARGUMENT', message: `Unknown channel: ${name}` } };
      }
      const ch = channel as Channel;
      const checked = validate(schemas[ch], ch, rawReq);
      if (!checked.ok) return checked;
      const parsed = checked;
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
