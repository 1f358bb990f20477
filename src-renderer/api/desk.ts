import type { Channel, DeskApi, DeskError, Req, Res } from '../../src-main/contract';

declare global {
  interface Window {
    desk?: DeskApi;
  }
}

/** An error that crossed the IPC boundary, with its stable code and what the renderer words it from. */
export class DeskCallError extends Error {
  readonly code: DeskError['code'];
  readonly detail: string | undefined;
  /** The marketplace's own words, shown beneath the headline as sent. */
  readonly reason: string | undefined;
  readonly facts: DeskError['facts'];
  /** For refused input: every refused field, to be marked where it is. */
  readonly issues: DeskError['issues'];
  constructor(error: DeskError) {
    super(error.message);
    this.name = 'DeskCallError';
    this.code = error.code;
    this.detail = error.detail;
    this.reason = error.reason;
    this.facts = error.facts;
    this.issues = error.issues;
  }

  /** The error as it crossed the boundary. */
  toDeskError(): DeskError {
    return {
      code: this.code,
      message: this.message,
      detail: this.detail,
      reason: this.reason,
      facts: this.facts,
      issues: this.issues,
    };
  }
}

let counter = 0;

export function getDesk(): DeskApi {
  const desk = window.desk;
  if (!desk) throw new Error('window.desk is missing: the preload did not run.');
  return desk;
}

/** Calls one channel; an AbortSignal cancels the call in main too, down to the transport. */
export async function call<K extends Channel>(
  channel: K,
  req: Req<K>,
  signal?: AbortSignal,
): Promise<Res<K>> {
  const desk = getDesk();
  const callId = `c${Date.now().toString(36)}-${(counter++).toString(36)}`;
  if (signal?.aborted) throw new DOMException('Aborted', 'AbortError');
  const onAbort = () => desk.abort(callId);
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const envelope = await desk.invoke(channel, req, { callId });
    if (signal?.aborted) throw new DOMException('Aborted', 'AbortError');
    if (!envelope.ok) throw new DeskCallError(envelope.error);
    return envelope.data;
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
}
