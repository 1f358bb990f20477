// A marketplace that echoes the tickets back in every field, in malformed XML, in charset labels and headers
// (test/support/echo-server.ts): the tickets are found 0 times in every IPC payload and event, every file of the
// data folder (whatever its name), every export, the logs, and the command line's output. The DOM is checked by
// test/e2e/ticket-echo.test.ts.
import type { NotesPeriod } from '../../../src-main/contract';
import { readPeriod } from '../../../src-shared/note-period';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { main } from '../../../src-main/cli/desk';
import type { Envelope } from '../../../src-main/contract';
import { createHandlers, requestSchemas } from '../../../src-main/host/create-handlers';
import { createDispatcher } from '../../../src-main/host/dispatch';
import { DEFAULT_NAMESPACES } from '../../../src-main/schema';
import { ECHO_SELLERS, ECHO_TICKETS, startEchoServer, ticketForms } from '../../support/echo-server';
import type { EchoServer } from '../../support/echo-server';
import { createTestDeps } from '../../support/host-deps';
import { envelopeText } from '../../support/envelope-text';

/**
 * Every spelling of every ticket the server was sent or handed out (the old ones it quotes too) a leak could take
 * in text: as the server re-encoded it (ticketForms: raw, lower and upper case, base64, character references,
 * percent-encoded), URL-encoded and JSON-escaped.
 */
function forms(ticket: string): string[] {
  return [...ticketForms(ticket), encodeURIComponent(ticket), JSON.stringify(ticket).slice(1, -1)];
}

function leaksIn(text: string): string[] {
  return echo.tickets().flatMap((t) => forms(t).filter((f) => text.includes(f)));
}

/** The same in a file's bytes, UTF-8 or UTF-16. */
function leaksInBytes(bytes: Buffer): string[] {
  return echo
    .tickets()
    .flatMap((t) => ticketForms(t))
    .filter((f) => bytes.includes(Buffer.from(f, 'utf8')) || bytes.includes(Buffer.from(f, 'utf16le')));
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

let echo: EchoServer;
beforeAll(async () => {
  // 45 good answers first, each handing out a new EncryptedTicket: then the ticket quoted 40 back is one the
  // client held 40 calls earlier.
  echo = await startEchoServer({ rotations: 45, ago: 40 });
});
afterAll(() => echo.close());

describe('a server echoing the tickets', () => {
  it('finds them in no IPC payload, event, data file, export or log', async () => {
    const logged: string[] = [];
    const log = (...args: unknown[]) => logged.push(args.map((a) => inspect(a, { depth: 8 })).join(' '));
    const spies = (['log', 'error', 'warn', 'info', 'debug'] as const).map((m) =>
      vi.spyOn(console, m).mockImplementation(log),
    );
    const deps = createTestDeps();
    const exported: Buffer[] = [];
    const payloads: string[] = [];
    const dispatcher = createDispatcher(
      createHandlers({
        ...deps,
        saveFile: async (_name, data) => {
          exported.push(Buffer.from(data));
          return undefined;
        },
      }),
      requestSchemas,
      (event, payload) => payloads.push(`${event} ${envelopeText(payload)}`),
      // As the app logs an unexpected error: the whole error object, causes included.
      (channel, err) => console.error(`[${channel}]`, err),
    );
    const call = async (channel: string, req: unknown): Promise<Envelope<unknown>> => {
      const res = await dispatcher.dispatch(channel, req, null);
      payloads.push(`${channel} ${envelopeText(res)}`);
      return res;
    };

    try {
      const { data } = (await call('settings.get', undefined)) as {
        data: { settings: { profiles: unknown[] } };
      };
      const live = {
        id: 'live-1',
        name: 'Echo',
        kind: 'live',
        apiBaseUrl: echo.baseUrl,
        suggestBaseUrl: echo.baseUrl,
        nsRoot: DEFAULT_NAMESPACES.nsRoot,
        schemaRoot: DEFAULT_NAMESPACES.schemaRoot,
        suggestNamespace: 'ns',
        soapVersion: '1.1',
        pageIndexBase: 1,
        timeoutMs: 5000,
        sellerIds: ECHO_SELLERS,
      };
      expect(
        await call('settings.update', {
          profiles: [...data.settings.profiles, live],
          activeProfileId: 'live-1',
        }),
      ).toMatchObject({ ok: true });
      expect(
        await call('vault.set', {
          profileId: 'live-1',
          tickets: {
            authTicket: ECHO_TICKETS.auth,
            encryptedTicket: ECHO_TICKETS.encrypted,
            memberTicket: ECHO_TICKETS.member,
          },
        }),
      ).toMatchObject({ ok: true });

      // The client's ticket rotates 45 times, each answer quoting the ticket of 40 calls before.
      for (let i = 0; i < 45; i++)
        await call('lookbook.get', { sellerId: ECHO_SELLERS[i % 2], page: 1, pageSize: 20 });
      await call('connection.test', undefined);
      await call('notes.sync', { start: '2026-11-17', end: '2026-11-20', mode: 'full' });
      for (let i = 0; i < 12; i++) {
        await call('lookbook.get', { sellerId: ECHO_SELLERS[0], page: 1, pageSize: 20 });
        await call('suggest.GetSuggestionNotice', {});
        await call('suggest.GetKeywordsByKeywordHint', { keywordHint: '나이키' });
      }
      await call('notes.sync', { start: '2026-11-19', end: '2026-11-20', mode: 'refresh' });
      const period = (await call('notes.period', { start: '2026-11-17', end: '2026-11-20' })) as {
        data: NotesPeriod;
      };
      const seqNos = (await readPeriod(period.data)).map((n) => n.seqNo);
      await call('notes.status', undefined);
      await call('notes.lookup', { text: 'a' });
      await call('notes.export', { format: 'csv', seqNos, lang: 'ko', timeZone: 'Asia/Seoul' });
      await call('notes.export', { format: 'xlsx', seqNos, lang: 'en', timeZone: 'Asia/Seoul' });
      const list = (await call('network.list', {})) as { data: { id: number }[] };
      for (const x of list.data) await call('network.get', { id: x.id });
      await call('connection.test', undefined);

      // The echo reached every kind of answer, and some notes made it into the mirror, scrubbed.
      expect(Object.keys(echo.served).sort()).toEqual(
        [
          'charset',
          'content-type',
          'declaration',
          'entity',
          'fault',
          'fault-auth',
          'html-500',
          'long-name',
          'malformed',
          'strings',
          'typed',
        ].sort(),
      );
      expect(seqNos.length).toBeGreaterThan(0);
      expect(echo.quotedOld).toBeGreaterThan(0);
      expect(echo.tickets().length).toBeGreaterThan(45);
      expect(envelopeText(period)).toContain('[redacted]');
      expect(payloads.join('\n')).toContain('BAD_RESPONSE');
      expect(list.data.length).toBeGreaterThan(20);

      expect(leaksIn(payloads.join('\n'))).toEqual([]);
      expect(leaksIn(logged.join('\n'))).toEqual([]);
      for (const bytes of exported) expect(leaksInBytes(bytes)).toEqual([]);
      const files = filesUnder(deps.dataDir);
      expect(files.length).toBeGreaterThan(2);
      for (const file of files) expect(leaksInBytes(readFileSync(file)), file).toEqual([]);
    } finally {
      for (const s of spies) s.mockRestore();
      await deps.close();
    }
  }, 120_000);

  it('finds them nowhere in the command line’s output, with --debug too', async () => {
    const env = {
      MARKET_AUTH_TICKET: ECHO_TICKETS.auth,
      MARKET_ENCRYPTED_TICKET: ECHO_TICKETS.encrypted,
      MARKET_MEMBER_TICKET: ECHO_TICKETS.member,
    };
    const live = [
      '--base-url',
      echo.baseUrl,
      '--suggest-url',
      echo.baseUrl,
      '--ns-root',
      DEFAULT_NAMESPACES.nsRoot,
      '--schema-root',
      DEFAULT_NAMESPACES.schemaRoot,
    ];
    let out = '';
    const codes = new Set<number>();
    const quotedBefore = echo.quotedOld;
    const commands = [
      // Full pages of two notes, asked for one after the other until the server turns hostile: more than 40 calls
      // in one process, so its own tickets of 40 calls before are quoted.
      [
        'notes',
        '--from',
        '2026-11-19',
        '--to',
        '2026-11-20',
        '--seller',
        ECHO_SELLERS[0]!,
        '--page-size',
        '2',
      ],
      [
        'notes',
        '--from',
        '2026-11-19',
        '--to',
        '2026-11-20',
        '--seller',
        ECHO_SELLERS[0]!,
        '--format',
        'json',
      ],
      ['notes', '--from', '2026-11-19', '--to', '2026-11-20', '--format', 'csv'],
      ['lookbook', '--seller', ECHO_SELLERS[0]!, '--format', 'json'],
      ['lookbook', '--seller', ECHO_SELLERS[0]!],
      ['suggest', 'GetSuggestionNotice', '--format', 'json'],
      ['suggest', 'GetSuggestionNotice'],
    ];
    for (let round = 0; round < 4; round++) {
      for (const command of commands) {
        const argv = [...command, ...live, ...(round % 2 ? ['--debug'] : [])];
        const code = await main(argv, {
          stdout: { write: (s: string) => (out += s) },
          stderr: { write: (s: string) => (out += s) },
          env,
        });
        codes.add(code);
      }
    }
    // Successes and failures both ran.
    expect(codes.has(0)).toBe(true);
    expect([...codes].some((c) => c !== 0)).toBe(true);
    expect(out).toContain('[redacted]');
    expect(echo.quotedOld).toBeGreaterThan(quotedBefore);
    expect(leaksIn(out)).toEqual([]);
  }, 120_000);
});
