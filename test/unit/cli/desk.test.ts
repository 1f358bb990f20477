// The desk CLI in process, against the sandbox: what it prints equals what the client library returns for the
// same request, and each failure class leaves with its own exit code.
import { mkdtempSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src-main/cli/desk';
import type { DeskIo } from '../../../src-main/cli/desk';
import { createFileVault } from '../../../src-main/storage/file-vault';
import { createSettingsStore } from '../../../src-main/storage/settings-store';
import { startSandbox } from '../../../src-main/sandbox/server';
import type { RunningSandbox } from '../../../src-main/sandbox/server';
import { SUGGEST_OPERATIONS } from '../../../src-main/schema';
import { formatDateTime } from '../../../src-shared/date-time';
import type { RequestOf, SuggestOperationName } from '../../../src-main/schema';
import { createSoapClient } from '../../../src-main/soap/client';
import type { SoapClient } from '../../../src-main/soap/client';
import { createMemoryTicketSink, TicketRotation } from '../../../src-main/soap/ticket-rotation';
import { createTransport } from '../../../src-main/soap/transport';
import { saveLiveProfile } from '../../support/live-profile';

const SEED = '7';
const NOW = '2026-11-20T09:00:00+09:00';
const SANDBOX = ['--seed', SEED, '--now', NOW];

let sandbox: RunningSandbox;
let client: SoapClient;

/** Image URLs are absolute on the answering server, whose port differs between two sandboxes. */
const sameOrigin = (value: unknown) =>
  JSON.parse(JSON.stringify(value).replace(/http:\/\/127\.0\.0\.1:\d+\//g, 'ORIGIN/')) as unknown;

function clientFor(sb: RunningSandbox, soapVersion: '1.1' | '1.2' = '1.1'): SoapClient {
  return createSoapClient(
    { apiBaseUrl: sb.baseUrl, suggestBaseUrl: sb.baseUrl, ns: sb.ns, soapVersion },
    {
      transport: createTransport(),
      tickets: new TicketRotation(
        createMemoryTicketSink({
          authTicket: sb.tickets.auth,
          encryptedTicket: sb.tickets.encrypted,
          memberTicket: sb.tickets.member,
        }),
      ),
    },
  );
}

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: Number(SEED), now: new Date(NOW) });
  client = clientFor(sandbox);
});
afterAll(() => sandbox.close());

async function run(argv: string[], env: Record<string, string> = {}) {
  let stdout = '';
  let stderr = '';
  const io: DeskIo = {
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => (stderr += s) },
    env,
  };
  const code = await main(argv, io);
  return { code, stdout, stderr };
}

/** Flags describing the test's own sandbox as if it were a live marketplace. */
function liveFlags(sb: RunningSandbox): string[] {
  return [
    '--base-url',
    sb.baseUrl,
    '--suggest-url',
    sb.baseUrl,
    '--ns-root',
    sb.ns.nsRoot,
    '--schema-root',
    sb.ns.schemaRoot,
  ];
}
const sandboxTickets = (sb: RunningSandbox) => ({
  MARKET_AUTH_TICKET: sb.tickets.auth,
  MARKET_ENCRYPTED_TICKET: sb.tickets.encrypted,
  MARKET_MEMBER_TICKET: sb.tickets.member,
});

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('desk notes', () => {
  const range = ['--from', '2026-11-17', '--to', '2026-11-18'];
  const request = {
    StartDate: '2026-11-17T00:00:00+09:00',
    EndDate: '2026-11-18T23:59:59+09:00',
    ReplyStatus: 'All' as const,
  };

  it('fetches every page: the JSON equals one big page from the client', async () => {
    const { data } = await client.market.buyerNoteList({
      ...request,
      Pagination: { PageIndex: 1, PageSize: 500 },
    });
    const count = data?.SendNote?.length ?? 0;
    // More than one CLI page (25) and less than one client page, or the comparison proves nothing.
    expect(count).toBeGreaterThan(50);
    expect(count).toBeLessThan(500);
    const out = await run(['notes', ...range, '--page-size', '25', '--format', 'json', ...SANDBOX]);
    expect(out.stderr).toBe('');
    expect(out.code).toBe(0);
    expect(JSON.parse(out.stdout)).toEqual(data);
  });

  it('passes the filters through and defaults to the last 7 days before the clock', async () => {
    const seller = sandbox.backend.sellerIds[0]!;
    const start = formatDateTime(new Date(NOW).getTime() - 7 * 24 * 3600_000);
    const { data } = await client.market.buyerNoteList({
      StartDate: start,
      EndDate: NOW,
      ReplyStatus: 'NoReply',
      SellerID: seller,
      Pagination: { PageIndex: 1, PageSize: 500 },
    });
    expect(data?.SendNote?.length).toBeGreaterThan(0);
    const out = await run([
      'notes',
      '--status',
      'NoReply',
      '--seller',
      seller,
      '--format',
      'json',
      ...SANDBOX,
    ]);
    expect(out.code).toBe(0);
    expect(JSON.parse(out.stdout)).toEqual(data);
    for (const note of data!.SendNote!) expect(note.ReplyStatus).toBe('NoReply');
  });

  it('finds a note by order number', async () => {
    const { data } = await client.market.buyerNoteList({
      ...request,
      Pagination: { PageIndex: 1, PageSize: 500 },
    });
    const withOrder = data!.SendNote!.find((n) => n.OrderNo !== undefined)!;
    const out = await run(['notes', ...range, '--order', withOrder.OrderNo!, '--format', 'json', ...SANDBOX]);
    expect(out.code).toBe(0);
    const notes = (JSON.parse(out.stdout) as { SendNote: { SeqNo: number; OrderNo: string }[] }).SendNote;
    expect(notes.map((n) => n.SeqNo)).toContain(withOrder.SeqNo);
    // Long values stay strings, as the client library represents them.
    for (const n of notes) expect(n.OrderNo).toBe(withOrder.OrderNo);
  });

  it('writes CSV with a BOM, CRLF records and the notes in order', async () => {
    const { data } = await client.market.buyerNoteList({
      ...request,
      Pagination: { PageIndex: 1, PageSize: 500 },
    });
    const out = await run(['notes', ...range, '--format', 'csv', ...SANDBOX]);
    expect(out.code).toBe(0);
    expect(
      out.stdout.startsWith(
        '\uFEFFSeqNo,BuyerID,SellerID,ItemNo,ItemName,OrderNo,InsDate,Title,Content,ReplyStatus,SearchQueryType\r\n',
      ),
    ).toBe(true);
    expect(out.stdout.endsWith('\r\n')).toBe(true);
    const seqs = out.stdout
      .slice(1)
      .split('\r\n')
      .slice(1, -1)
      .filter((line) => /^\d+,/.test(line))
      .map((line) => Number(line.split(',')[0]));
    expect(seqs).toEqual(data!.SendNote!.map((n) => n.SeqNo));
  });

  it('prints a table with a summary line', async () => {
    const out = await run(['notes', ...range, ...SANDBOX]);
    expect(out.code).toBe(0);
    expect(out.stdout.split('\n')[0]).toMatch(/^\s*SeqNo\s+InsDate\s+Status/);
    expect(out.stdout).toMatch(/\d+ notes, 2026-11-17T00:00:00\+09:00 to 2026-11-18T23:59:59\+09:00, All\n$/);
  });
});

describe('desk lookbook and suggest', () => {
  it('lookbook JSON equals the client, --page counting from 1', async () => {
    const seller = sandbox.backend.sellerIds[0]!;
    const { data } = await client.market.getSohoLookbook({
      SellerId: seller,
      Pagination: { PageIndex: 2, PageSize: 5 },
    });
    const out = await run([
      'lookbook',
      '--seller',
      seller,
      '--page',
      '2',
      '--size',
      '5',
      '--format',
      'json',
      ...SANDBOX,
    ]);
    expect(out.code).toBe(0);
    expect(sameOrigin(JSON.parse(out.stdout))).toEqual(sameOrigin(data));
    expect(data?.SohoShopItemList?.length).toBe(5);
  });

  it('speaks SOAP 1.2 when asked, with the same answer', async () => {
    const seller = sandbox.backend.sellerIds[1]!;
    const { data } = await clientFor(sandbox, '1.2').market.getSohoLookbook({
      SellerId: seller,
      Pagination: { PageIndex: 1, PageSize: 20 },
    });
    const out = await run(['lookbook', '--seller', seller, '--soap', '1.2', '--format', 'json', ...SANDBOX]);
    expect(out.code).toBe(0);
    expect(sameOrigin(JSON.parse(out.stdout))).toEqual(sameOrigin(data));
  });

  it('runs all 12 suggest operations with the same result as the client', async () => {
    const data = sandbox.backend.data.suggest;
    const brand = data.brands[0]!.BrandCode!;
    const book = Object.keys(data.books)[0]!;
    const catalog = data.catalogRoots[0]!;
    const args: Record<SuggestOperationName, [string[], object]> = {
      GetKeywordsByKeywordHint: [['--hint', '나이'], { keywordHint: '나이' }],
      GetSuggestionKeywordsByKeywordHint: [['--hint', '나이키'], { keywordHint: '나이키' }],
      GetNicknamesByKeywordHint: [['--hint', 'ㄴ'], { keywordHint: 'ㄴ' }],
      GetKeywordByTopCategoryList: [['--hint', '나이'], { keywordHint: '나이' }],
      GetBooksKeywordByKeywordHint: [['--hint', '해리'], { keywordHint: '해리' }],
      GetTicketKeywordByKeywordHint: [['--hint', '뮤지컬'], { keywordHint: '뮤지컬' }],
      GetSuggestionNotice: [[], {}],
      GetBrandShopSuggestionBrandsByKeywordHint: [['--hint', '나이'], { keywordHint: '나이' }],
      GetKeywordSuggest: [['--hint', '나이'], { keywordHint: '나이' }],
      GetBrandPlusItems: [['--brand-id', String(brand)], { brandId: brand }],
      GetBook: [['--book', book], { bookItemNo: book }],
      GetCatalog: [['--catalog-id', catalog], { catalogId: catalog }],
    };
    expect(Object.keys(args).sort()).toEqual([...SUGGEST_OPERATIONS].sort());
    let nonEmpty = 0;
    for (const op of SUGGEST_OPERATIONS) {
      const [flags, req] = args[op];
      const expected = (await client.call(op, req as RequestOf<typeof op>)).data;
      if (expected && Object.values(expected).some((v) => Array.isArray(v) && v.length > 0)) nonEmpty++;
      const out = await run(['suggest', op, ...flags, '--format', 'json', ...SANDBOX]);
      expect(out.stderr, op).toBe('');
      expect(JSON.parse(out.stdout), op).toEqual(expected ?? null);
    }
    expect(nonEmpty).toBeGreaterThanOrEqual(10);
  });

  it('keeps a catalog id beyond 2^53 exact', async () => {
    const out = await run([
      'suggest',
      'GetCatalog',
      '--catalog-id',
      '9007199254740999',
      '--format',
      'json',
      ...SANDBOX,
    ]);
    expect(out.code).toBe(0);
    expect(out.stdout).toContain('"9007199254740999"');
  });

  it('prints suggest results as a table per list', async () => {
    const out = await run(['suggest', 'GetKeywordsByKeywordHint', '--hint', '나이', ...SANDBOX]);
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(/^KSDataT: \d+\nKeyword\s+KeywordReverse/);
    expect(out.stdout).toContain('나이키');
  });
});

describe('desk against a live-style endpoint', () => {
  it('uses tickets from the environment', async () => {
    const seller = sandbox.backend.sellerIds[0]!;
    const { data } = await client.market.getSohoLookbook({
      SellerId: seller,
      Pagination: { PageIndex: 1, PageSize: 3 },
    });
    const out = await run(
      ['lookbook', '--seller', seller, '--size', '3', '--format', 'json', ...liveFlags(sandbox)],
      sandboxTickets(sandbox),
    );
    expect(out.stderr).toBe('');
    expect(JSON.parse(out.stdout)).toEqual(data);
  });

  it('exits 3 on a SOAP fault: tickets the marketplace rejects', async () => {
    const out = await run(['lookbook', '--seller', 'x', ...liveFlags(sandbox)], {
      MARKET_AUTH_TICKET: 'wrong-auth',
      MARKET_ENCRYPTED_TICKET: 'wrong-encrypted',
    });
    expect(out.code).toBe(3);
    expect(out.stderr).toMatch(
      /^desk: The marketplace rejected your API tickets.*\[AUTH_FAILED: .*AuthenticationTicketInvalid.*\]\n$/,
    );
    // The marketplace's own reason reaches the seller, not only our sentence.
    expect(out.stderr).toContain('The AuthenticationTicket is not valid');
    expect(out.stderr).not.toContain('wrong-auth');
    expect(out.stderr).not.toContain('    at ');
  });

  it('exits 3 when the marketplace refuses the request', async () => {
    const out = await run(
      ['notes', '--from', '2026-11-18', '--to', '2026-11-18', '--seller', 'not-mine', ...liveFlags(sandbox)],
      sandboxTickets(sandbox),
    );
    expect(out.code).toBe(3);
    expect(out.stderr).toContain('not-mine');
    expect(out.stderr.trimEnd().split('\n')).toHaveLength(1);
  });

  it('exits 4 on a transport failure: nothing listens on the port', async () => {
    const port = await closedPort();
    const out = await run([
      'suggest',
      'GetSuggestionNotice',
      '--suggest-url',
      `http://127.0.0.1:${port}`,
      '--schema-root',
      'http://s.example',
    ]);
    expect(out.code).toBe(4);
    expect(out.stderr).toMatch(/^desk: .*could not reach 127\.0\.0\.1:\d+.*\[NETWORK: /);
    expect(out.stderr.trimEnd().split('\n')).toHaveLength(1);
  });

  it('prints the stack only with --debug', async () => {
    const port = await closedPort();
    const flags = [
      'suggest',
      'GetSuggestionNotice',
      '--suggest-url',
      `http://127.0.0.1:${port}`,
      '--schema-root',
      'http://s',
    ];
    const out = await run([...flags, '--debug']);
    expect(out.code).toBe(4);
    expect(out.stderr).toContain('    at ');
  });

  it('asks for missing tickets by their variable names before sending anything', async () => {
    const before = sandbox.stats.requests;
    const out = await run(['notes', ...liveFlags(sandbox)], { MARKET_AUTH_TICKET: 'a' });
    expect(out.code).toBe(2);
    expect(out.stderr).toContain('MARKET_ENCRYPTED_TICKET, MARKET_MEMBER_TICKET');
    expect(sandbox.stats.requests).toBe(before);
  });
});

describe('desk with a saved profile', () => {
  async function dataDirWithProfile(sb: RunningSandbox): Promise<string> {
    const dir = mkdtempSync(join(tmpdir(), 'desk-cli-'));
    // The tickets are the test's to put in the vault (or not).
    await saveLiveProfile(
      { settings: createSettingsStore(dir), vault: createFileVault(join(dir, 'vault')) },
      sb,
      {
        profile: { name: 'Shop', soapVersion: '1.2', timeoutMs: 10_000, sellerIds: [] },
        tickets: false,
      },
    );
    return dir;
  }

  it('reads the endpoint from settings and the tickets from the file vault', async () => {
    const dir = await dataDirWithProfile(sandbox);
    await createFileVault(join(dir, 'vault')).set('shop', {
      authTicket: sandbox.tickets.auth,
      encryptedTicket: sandbox.tickets.encrypted,
    });
    const seller = sandbox.backend.sellerIds[0]!;
    const { data } = await client.market.getSohoLookbook({
      SellerId: seller,
      Pagination: { PageIndex: 1, PageSize: 2 },
    });
    const out = await run([
      'lookbook',
      '--profile',
      'shop',
      '--data-dir',
      dir,
      '--seller',
      seller,
      '--size',
      '2',
      '--format',
      'json',
    ]);
    expect(out.stderr).toBe('');
    expect(JSON.parse(out.stdout)).toEqual(data);
  });

  it('says the app keystore is out of reach instead of touching it', async () => {
    const dir = await dataDirWithProfile(sandbox);
    mkdirSync(join(dir, 'vault'));
    const appVault = '{"version":1,"acceptWeakerStorage":false,"profiles":{"shop":{"sealed":"AAAA"}}}';
    writeFileSync(join(dir, 'vault', 'vault.json'), appVault);
    const out = await run(['lookbook', '--profile', 'shop', '--data-dir', dir, '--seller', 'x']);
    expect(out.code).toBe(2);
    expect(out.stderr).toContain('MARKET_AUTH_TICKET');
    expect(readFileSync(join(dir, 'vault', 'vault.json'), 'utf8')).toBe(appVault);
  });

  it('names the saved profiles when the id is wrong', async () => {
    const dir = await dataDirWithProfile(sandbox);
    const out = await run(['lookbook', '--profile', 'nope', '--data-dir', dir, '--seller', 'x']);
    expect(out.code).toBe(2);
    expect(out.stderr).toContain('saved profiles: sandbox, shop');
  });
});

describe('desk usage errors', () => {
  it.each([
    [[], 'No command given'],
    [['frobnicate'], 'Unknown command "frobnicate"'],
    [['notes', '--bogus'], "Unknown option '--bogus'"],
    [['notes', '--status', 'Waiting'], '--status must be one of All, NoReply, ReplyComplete'],
    [['notes', '--from', '2026-02-30'], '--from is not a real date'],
    [['notes', '--from', '2026-11-19', '--to', '2026-11-18'], 'is before --from'],
    [['notes', '--format', 'xml'], '--format for notes must be table, json, csv'],
    [['lookbook', '--format', 'csv', '--seller', 'x'], '--format for lookbook must be table, json'],
    [['lookbook'], 'lookbook needs --seller ID'],
    [['lookbook', '--hint', 'x'], 'lookbook does not take --hint'],
    [['suggest'], 'suggest needs an operation: GetKeywordsByKeywordHint'],
    [['suggest', 'getbook'], '"getbook" is not a suggest operation; use one of'],
    [['suggest', 'GetBook', '--hint', 'x'], 'GetBook takes --book, not --hint'],
    [
      ['suggest', 'GetSuggestionNotice', '--hint', 'x'],
      'GetSuggestionNotice takes no parameters, not --hint',
    ],
    [['suggest', 'GetCatalog'], 'GetCatalog needs --catalog-id'],
    [['suggest', 'GetBrandPlusItems', '--brand-id', '1.5'], '--brand-id must be a whole number'],
    [['wsdl'], 'wsdl needs --out DIR'],
    [
      ['notes', '--base-url', 'ftp://x', '--ns-root', 'a', '--schema-root', 'b'],
      '--base-url must be an http or https URL',
    ],
    [
      ['notes', '--base-url', 'https://seller:secret@x.kr', '--ns-root', 'a', '--schema-root', 'b'],
      'with a host and no user name or password',
    ],
    [['notes', '--base-url', 'http://x'], 'needs --ns-root'],
    [
      ['notes', '--base-url', 'http://x', '--ns-root', 'a', '--schema-root', 'b', '--seed', '1'],
      '--seed only applies to the built-in sandbox',
    ],
    [['notes', '--page-base', '0'], 'describes a live endpoint'],
    [['notes', '--soap', '1.3'], '--soap must be 1.1 or 1.2'],
    [['lookbook', '--profile', 'x'], '--profile needs --data-dir'],
  ])('%j exits 2 with one line', async (argv, message) => {
    const out = await run(argv);
    expect(out.code).toBe(2);
    expect(out.stdout).toBe('');
    expect(out.stderr).toContain(message);
    expect(out.stderr.startsWith('desk: ')).toBe(true);
    expect(out.stderr.trimEnd().split('\n')).toHaveLength(1);
  });

  it.each([
    ['--ticket', 'SECRET-1'],
    ['--auth-ticket', 'SECRET-2'],
    ['--encrypted-ticket=SECRET-3'],
    ['--MemberTicket', 'SECRET-4'],
  ])('refuses a ticket on the command line (%s) without echoing it', async (...flag) => {
    const out = await run(['notes', ...flag]);
    expect(out.code).toBe(2);
    expect(out.stderr).toContain('never taken from the command line');
    expect(out.stderr).toContain('MARKET_AUTH_TICKET');
    expect(out.stderr).not.toContain('SECRET');
  });

  it('prints the usage on --help with exit 0', async () => {
    const out = await run(['--help']);
    expect(out.code).toBe(0);
    expect(out.stdout).toContain('Usage: desk <command>');
    expect(out.stdout).toContain('GetCatalog');
  });
});

describe('desk wsdl', () => {
  it('writes both documents for the chosen endpoint', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'desk-wsdl-')), 'out');
    const out = await run([
      'wsdl',
      '--out',
      dir,
      '--base-url',
      'https://api.shop.example',
      '--suggest-url',
      'https://suggest.shop.example',
      '--ns-root',
      'urn:shop',
      '--schema-root',
      'urn:shop-schema',
    ]);
    expect(out.code).toBe(0);
    expect(out.stdout.trim().split('\n')).toEqual([join(dir, 'suggest.wsdl'), join(dir, 'market.wsdl')]);
    const market = readFileSync(join(dir, 'market.wsdl'), 'utf8');
    const suggest = readFileSync(join(dir, 'suggest.wsdl'), 'utf8');
    expect(market).toContain('https://api.shop.example/APIv1/MarketService.asmx');
    expect(market).toContain('urn:shop/APIv1/MarketService');
    expect(suggest).toContain('https://suggest.shop.example/Suggest/SuggestWebService.asmx');
    expect(suggest).toContain('urn:shop-schema/Arche.Search.Suggest.xsd');
  });

  it('points the sandbox WSDL at the standalone sandbox address', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'desk-wsdl-'));
    const out = await run(['wsdl', '--out', dir]);
    expect(out.code).toBe(0);
    expect(readFileSync(join(dir, 'market.wsdl'), 'utf8')).toContain(
      'http://127.0.0.1:8788/APIv1/MarketService.asmx',
    );
  });
});
