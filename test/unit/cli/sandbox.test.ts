import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { parseSandboxArgs, UsageError } from '../../../src-main/cli/sandbox';
import { DEFAULT_NAMESPACES, nsUri } from '../../../src-main/schema';
import { buildRequest } from '../../../src-main/soap/envelope-write';
import { decodeResponse } from '../../../src-main/soap/result-read';
import { post } from '../sandbox-server/support';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
// tsx itself rather than `npx tsx`: npm re-raises a signal it forwarded, so behind npx the exit status is 143 or
// 130 whatever the sandbox's own exit code was, and this test is about the sandbox's.
const TSX_CLI = createRequire(import.meta.url).resolve('tsx/cli');

interface Run {
  child: ChildProcessWithoutNullStreams;
  stdout: () => string;
  stderr: () => string;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const running: Run[] = [];
afterEach(() => {
  for (const r of running.splice(0))
    if (r.child.exitCode === null && r.child.signalCode === null) r.child.kill('SIGKILL');
});

function runCli(args: string[]): Run {
  const child = spawn(process.execPath, [TSX_CLI, 'src-main/cli/sandbox.ts', ...args], {
    cwd: ROOT,
    stdio: 'pipe',
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString('utf8')));
  child.stderr.on('data', (d: Buffer) => (err += d.toString('utf8')));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const run = { child, stdout: () => out, stderr: () => err, exit };
  running.push(run);
  return run;
}

/** Resolves with stdout once `marker` has been printed; rejects if the process ends first. */
function waitFor(run: Run, marker: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (run.stdout().includes(marker)) {
        run.child.stdout.off('data', check);
        resolve(run.stdout());
      }
    };
    run.child.stdout.on('data', check);
    void run.exit.then(({ code }) =>
      reject(new Error(`exited with ${code} before printing "${marker}": ${run.stderr()}`)),
    );
    check();
  });
}

const line = (text: string, label: string) => new RegExp(`${label}\\s+(\\S+)`).exec(text)?.[1];

describe('npm run sandbox', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    'prints where it is and what it accepts, serves, and stops cleanly on %s',
    async (signal) => {
      const run = runCli([
        '--port',
        '0',
        '--seed',
        '3',
        '--now',
        '2026-03-01T09:00:00+09:00',
        '--notes',
        '200',
        '--page-base',
        '0',
        '--auth-ticket',
        'cli-auth',
        '--encrypted-ticket',
        'cli-encrypted',
        '--member-ticket',
        'cli-member',
      ]);
      const out = await waitFor(run, 'Stop with Ctrl+C.');
      const apiUrl = line(out, 'API service:');
      const suggestUrl = line(out, 'Suggest service:');
      expect(apiUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/APIv1\/MarketService\.asmx$/);
      expect(suggestUrl).toBe(
        apiUrl!.replace('/APIv1/MarketService.asmx', '/Suggest/SuggestWebService.asmx'),
      );
      expect(line(out, 'AuthenticationTicket:')).toBe('cli-auth');
      expect(line(out, 'EncryptedTicket:')).toBe('cli-encrypted');
      expect(line(out, 'MemberTicket:')).toBe('cli-member');
      expect(line(out, 'nsRoot:')).toBe(DEFAULT_NAMESPACES.nsRoot);
      expect(line(out, 'schemaRoot:')).toBe(DEFAULT_NAMESPACES.schemaRoot);
      expect(out).toContain(nsUri('security', DEFAULT_NAMESPACES));
      expect(out).toContain('PageIndex starts at 0');
      expect(out).toContain('fixed clock: the data as of 2026-03-01T09:00:00+09:00');

      const built = buildRequest(
        'BuyerNoteList',
        {
          StartDate: '2026-01-01T00:00:00+09:00',
          EndDate: '2026-03-01T09:00:00+09:00',
          Pagination: { PageIndex: 0, PageSize: 3 },
        },
        {
          version: '1.1',
          ns: DEFAULT_NAMESPACES,
          tickets: { authTicket: 'cli-auth', encryptedTicket: 'cli-encrypted', memberTicket: 'cli-member' },
        },
      );
      const reply = await post(apiUrl!, built.xml, built.headers);
      expect(reply.status, reply.text).toBe(200);
      const listedNotes = decodeResponse('BuyerNoteList', reply.env!.payload!, DEFAULT_NAMESPACES)?.SendNote;
      expect(listedNotes).toHaveLength(3);
      // The control route the banner names answers on the same server.
      const control = /curl -X POST (\S+)\/sandbox\/notes\/\{SeqNo\}\/reply/.exec(out)?.[1];
      expect(control).toBe(new URL(apiUrl!).origin);
      const answered = await fetch(`${control}/sandbox/notes/${listedNotes![0]!.SeqNo}/reply`, {
        method: 'POST',
      });
      expect(answered.status).toBe(200);
      expect(await answered.json()).toMatchObject({
        seqNo: listedNotes![0]!.SeqNo,
        replyStatus: 'ReplyComplete',
      });
      expect((await fetch(`${suggestUrl}?wsdl`)).status).toBe(200);

      run.child.kill(signal);
      expect(await run.exit).toEqual({ code: 0, signal: null });
      expect(run.stdout()).toContain(`${signal}: stopping the sandbox.`);
      await expect(fetch(`${apiUrl}?wsdl`)).rejects.toThrow();
    },
  );

  it('without --now the clock lives; --help says so and names the control route', async () => {
    const run = runCli(['--port', '0', '--notes', '100']);
    const out = await waitFor(run, 'Stop with Ctrl+C.');
    expect(out).toContain('living clock: notes arrive and are answered as time passes');
    expect(out).toContain('about 100 notes over the last 120 days');
    run.child.kill('SIGTERM');
    expect(await run.exit).toEqual({ code: 0, signal: null });

    const help = runCli(['--help']);
    expect(await help.exit).toEqual({ code: 0, signal: null });
    expect(help.stdout()).toContain('--now ISO              fix the clock at this moment');
    expect(help.stdout()).toContain('about N buyer notes over the last 120 days');
    expect(help.stdout()).toMatch(/POST \/sandbox\/notes\/\{SeqNo\}\/reply answers that note now/);
    expect(help.stdout()).toContain('curl -X POST http://127.0.0.1:8788/sandbox/notes/');
  });

  it('a bad flag prints the usage and exits with 2', async () => {
    const run = runCli(['--port', '0', '--fail-rate', 'often']);
    expect(await run.exit).toEqual({ code: 2, signal: null });
    expect(run.stderr()).toContain('--fail-rate must be a number from 0 to 1; got "often".');
    expect(run.stderr()).toContain('Usage: npm run sandbox -- [options]');
    expect(run.stdout()).toBe('');
  });
});

describe('parseSandboxArgs', () => {
  it('defaults to port 8788 on 127.0.0.1 with nothing injected', () => {
    expect(parseSandboxArgs([])).toEqual({ help: false, options: { port: 8788, host: '127.0.0.1' } });
    expect(parseSandboxArgs(['--help'])).toEqual({ help: true });
  });

  it('maps every flag', () => {
    const parsed = parseSandboxArgs([
      '--port',
      '9000',
      '--host',
      '0.0.0.0',
      '--seed',
      '11',
      '--now',
      '2026-03-01T09:00:00+09:00',
      '--notes',
      '1234',
      '--page-base',
      '0',
      '--auth-ticket',
      'a',
      '--encrypted-ticket',
      'e',
      '--member-ticket',
      'm',
      '--grace-minutes',
      '2.5',
      '--latency',
      '200',
      '--jitter',
      '50',
      '--fail-rate',
      '0.1',
      '--fault-rate',
      '0.2',
      '--throttle',
      '5/s',
      '--truncate-rate',
      '0.05',
    ]);
    expect(parsed).toEqual({
      help: false,
      options: {
        port: 9000,
        host: '0.0.0.0',
        seed: 11,
        now: new Date('2026-03-01T00:00:00Z'),
        notes: 1234,
        pageBase: 0,
        tickets: { auth: 'a', encrypted: 'e', member: 'm' },
        graceMs: 150_000,
        faults: {
          latencyMs: 200,
          jitterMs: 50,
          failRate: 0.1,
          faultRate: 0.2,
          throttlePerSecond: 5,
          truncateRate: 0.05,
        },
      },
    });
    expect(parseSandboxArgs(['--throttle', '7'])).toMatchObject({
      options: { faults: { throttlePerSecond: 7 } },
    });
  });

  it.each([
    [['--port', '70000'], '--port must be a whole number from 0 to 65535; got "70000".'],
    [['--port', '80.5'], '--port must be a whole number'],
    [['--seed', 'abc'], '--seed must be a whole number'],
    [['--page-base', '2'], '--page-base must be 0 or 1; got "2".'],
    [['--fail-rate', '1.5'], '--fail-rate must be a number from 0 to 1'],
    [['--fault-rate=-0.1'], '--fault-rate must be a number from 0 to 1'],
    [['--truncate-rate', ''], '--truncate-rate must be a number from 0 to 1'],
    [['--throttle', 'fast'], '--throttle must be requests per second, like 5/s; got "fast".'],
    [['--throttle', '0/s'], '--throttle must be a whole number from 1'],
    [['--now', 'yesterday'], '--now must be a date and time with an offset'],
    [['--now', '2026-03-01T09:00:00'], '--now must be a date and time with an offset'],
    [['--notes=-5'], '--notes must be a whole number'],
    [['--notes', '1000001'], '--notes must be a whole number from 0 to 1000000'],
    [['--latency', 'slow'], '--latency must be a whole number'],
    [['--auth-ticket', ' '], '--auth-ticket must not be empty.'],
    [['--bogus'], "Unknown option '--bogus'"],
    [['extra'], "Unexpected argument 'extra'"],
    [['--port'], "Option '--port <value>' argument missing"],
  ])('%j is refused', (argv, message) => {
    expect(() => parseSandboxArgs(argv)).toThrow(UsageError);
    expect(() => parseSandboxArgs(argv)).toThrow(message);
  });
});
