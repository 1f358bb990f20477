// A desktop whose app host runs in a process of its own (test/support/team-host-child.ts), for the drill that
// kills it with SIGKILL: its dispatcher reaches the host over IPC (openApp takes it in place of handlers, and a
// page's calls and their cancellations go to the child), and the host's events are handed to whoever listens (the
// page's emit). Each call waits for the child's answer; a child that is gone answers every call with an error.
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import type { Envelope } from '../../src-main/contract';
import type { Dispatcher } from '../../src-main/host/dispatch';
import type { HostChildInit, HostChildMessage, HostChildRequest } from '../support/team-host-child';
import type { Cleanup } from './cleanup';

export interface HostChild {
  name: string;
  dispatcher: Dispatcher;
  /** Calls a channel of the host and returns its data (throws on an error envelope). */
  call<T>(channel: string, req: unknown): Promise<T>;
  /** Hands the host's events (`notes.refreshed`, `team.presence`, …) to `listener` from now on. */
  onEvent(listener: (event: string, payload: unknown) => Promise<void>): void;
  kill(signal: NodeJS.Signals): void;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stderr: () => string;
}

const GONE: Envelope<unknown> = {
  ok: false,
  error: { code: 'INTERNAL', message: 'The host process has ended.' },
};

/** Starts the host in a child process and waits until its team session has made its first round. */
export async function startHostChild(
  cleanup: Cleanup,
  init: Omit<HostChildInit, 'type'>,
): Promise<HostChild> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/support/team-host-child.ts'], {
    cwd: process.cwd(),
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    // Structured clone over the channel: the period's packed notes travel as an ArrayBuffer, as in Electron.
    serialization: 'advanced',
    // No .pgpass of the machine's user: the password is the vault's.
    env: { ...process.env, HOME: tmpdir() },
  });
  const err: string[] = [];
  child.stderr!.setEncoding('utf8').on('data', (s: string) => err.push(s));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((ok) =>
    child.once('exit', (code, signal) => ok({ code, signal })),
  );
  let alive = true;
  const pending = new Map<number, (e: Envelope<unknown>) => void>();
  let listener: ((event: string, payload: unknown) => Promise<void>) | undefined;
  let ready: { ok: () => void; fail: (e: Error) => void } | undefined;
  const started = new Promise<void>((ok, fail) => (ready = { ok, fail }));
  void exited.then(({ code, signal }) => {
    alive = false;
    for (const answer of pending.values()) answer(GONE);
    pending.clear();
    ready?.fail(
      new Error(`host ${init.name} ended (${code ?? signal}) before it was ready: ${err.join('')}`),
    );
  });
  child.once('error', (e) => ready?.fail(e));
  child.on('message', (m: HostChildMessage) => {
    if (m.type === 'ready') ready?.ok();
    else if (m.type === 'failed') ready?.fail(new Error(`host ${init.name} did not start: ${m.message}`));
    else if (m.type === 'reply') {
      pending.get(m.id)?.(m.envelope as Envelope<unknown>);
      pending.delete(m.id);
    } else void listener?.(m.event, m.payload).catch(() => {});
  });
  const post = (m: HostChildRequest): boolean => alive && child.connected && child.send(m);
  cleanup.push(async () => {
    if (!alive) return;
    child.kill('SIGKILL');
    await exited;
  });

  let ids = 0;
  const dispatcher: Dispatcher = {
    dispatch: (channel, req, callId) =>
      new Promise((resolve) => {
        const id = ++ids;
        pending.set(id, resolve);
        if (!post({ type: 'call', id, channel, req, callId })) {
          pending.delete(id);
          resolve(GONE);
        }
      }),
    abort: (callId) => void post({ type: 'abort', callId }),
  };
  post({ type: 'init', ...init });
  await started;
  ready = undefined;
  return {
    name: init.name,
    dispatcher,
    async call<T>(channel: string, req: unknown) {
      const answer = await dispatcher.dispatch(channel, req, null);
      if (!answer.ok) throw new Error(`${channel} on host ${init.name}: ${answer.error.message}`);
      return answer.data as T;
    },
    onEvent: (l) => void (listener = l),
    kill: (signal) => void child.kill(signal),
    exited,
    stderr: () => err.join(''),
  };
}
