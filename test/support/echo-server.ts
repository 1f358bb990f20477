// A hostile marketplace for the ticket-echo tests: both services on one port, answering every request with the
// tickets it received (the security header's Values and the MemberTicket), in every way a response can carry
// text: string and typed fields, element and attribute names, entity names, malformed XML, fault codes and
// reasons, an HTML error page, the charset label, the Content-Type, the XML declaration and response headers.
// The suggest service, which is sent no tickets, echoes the ones the API service learned.
// Every good API answer hands back a fresh EncryptedTicket, and every answer also quotes the EncryptedTicket the
// client held `ago` answers earlier (40 by default) and each ticket re-encoded: lower case, upper case, base64,
// character references (hex and decimal mixed) and percent-encoded (ticketForms).
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEFAULT_NAMESPACES, SERVICE_PATHS, nsUri } from '../../src-main/schema';
import { buildResponse } from '../../src-main/sandbox/response-write';

/** Tickets with '-', '.' and '_', so only the tickets-in-use redaction can catch them (not the token rule). */
export const ECHO_TICKETS = {
  auth: 'AUTH-echo.7Qx_31',
  encrypted: 'ENC-echo.9Zt_58',
  member: 'MEM-echo.4Kp_77',
} as const;

export const ECHO_SELLERS = ['echo_seller', 'echo_other'];

const MODES = [
  'strings',
  'typed',
  'malformed',
  'long-name',
  'entity',
  'charset',
  'content-type',
  'declaration',
  'html-500',
  'fault',
  'fault-auth',
] as const;
type Mode = (typeof MODES)[number];

/** Every spelling of a ticket a server might send back, and a leak could take. */
export function ticketForms(t: string): string[] {
  const refs = [...t]
    .map((c, i) => (i % 2 ? `&#${c.charCodeAt(0)};` : `&#x${c.charCodeAt(0).toString(16)};`))
    .join('');
  const percent = [...t].map((c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`).join('');
  return [t, t.toLowerCase(), t.toUpperCase(), Buffer.from(t).toString('base64'), refs, percent];
}

export interface EchoOptions {
  /** API answers that are good ones (rotating the ticket) before the hostile kinds begin. */
  rotations?: number;
  /** How many tickets back the quoted old EncryptedTicket is. */
  ago?: number;
}

export interface EchoServer {
  baseUrl: string;
  /** Every ticket the server was sent or handed out: what must be found nowhere. */
  tickets(): string[];
  /** How many old tickets were quoted (a ticket at least `ago` back along the client's chain). */
  quotedOld: number;
  /** Answers, by mode, so a test can see every kind was served. */
  served: Record<string, number>;
  close(): Promise<void>;
}

const ENV11 = 'http://schemas.xmlsoap.org/soap/envelope/';
const API_NS = nsUri('market', DEFAULT_NAMESPACES);
const TYPES_NS = nsUri('apiTypes', DEFAULT_NAMESPACES);
const SECURITY_NS = nsUri('security', DEFAULT_NAMESPACES);

const xml = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export async function startEchoServer(opts: EchoOptions = {}): Promise<EchoServer> {
  const rotations = opts.rotations ?? 0;
  const ago = opts.ago ?? 40;
  const learned = { auth: '', encrypted: '', member: '' };
  // Each ticket handed out and the ticket of the request it answered: the client's chain of tickets.
  const parent = new Map<string, string>();
  const seen = new Set<string>(Object.values(ECHO_TICKETS));
  let issuedCount = 0;
  let quotedOld = 0;
  const depth = (t: string) => {
    let n = 0;
    for (let p = parent.get(t); p !== undefined; p = parent.get(p)) n++;
    return n;
  };
  /** The ticket `ago` steps back along the chain of the one the client sent (its first, when shorter). */
  function oldTicket(): string {
    let t = learned.encrypted;
    let n = 0;
    while (n < ago && parent.has(t)) [t, n] = [parent.get(t)!, n + 1];
    if (n >= ago) quotedOld++;
    return t;
  }
  /** The old ticket as it is, and every ticket in every spelling. */
  function quoted(): string {
    const old = oldTicket();
    return [
      old,
      ...[learned.auth, learned.encrypted, learned.member, old].flatMap((t) => (t ? ticketForms(t) : [])),
    ].join(' ');
  }
  function issue(): string | undefined {
    if (!learned.encrypted) return undefined;
    const n = ++issuedCount;
    const t = `ENC-echo.${n.toString(36)}_${((n * 7919) % 9973).toString(36)}`;
    parent.set(t, learned.encrypted);
    seen.add(t);
    return t;
  }
  const served: Record<string, number> = {};
  let count = 0;
  const modeOf = new Map<string, Mode>();

  function envelope(body: string, header = ''): string {
    return `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${ENV11}"><soap:Header>${header}</soap:Header><soap:Body>${body}</soap:Body></soap:Envelope>`;
  }

  const securityHeader = () =>
    `<EncryptedTicket xmlns="${SECURITY_NS}"><Value>${xml(learned.encrypted)}</Value></EncryptedTicket>`;

  /** A valid response of `op` whose every string field carries the tickets, with the EncryptedTicket header. */
  function valid(op: string, start: string): string {
    const { auth, encrypted, member } = learned;
    const q = quoted();
    const opts = { version: '1.1' as const, ns: DEFAULT_NAMESPACES, encryptedTicket: issue() };
    if (op === 'BuyerNoteList') {
      const note = (i: number) => ({
        // Another SeqNo on every answer: a client paging through them never sees the same page twice.
        SeqNo: 900 + 2 * issuedCount + i,
        BuyerID: auth,
        SellerID: ECHO_SELLERS[0]!,
        ItemNo: encrypted,
        ItemName: `item ${member}`,
        OrderNo: String(7000 + i),
        InsDate: start,
        Title: `${auth} ${encodeURIComponent(encrypted)}`,
        Content: `${encrypted}\n${member}\n${q}`,
        ReplyStatus: 'NoReply',
        SearchQueryType: member,
      });
      // Enum-like fields carry a ticket too: a hostile server does not keep to the spec's values.
      return buildResponse('BuyerNoteList', { SendNote: [note(1), note(2)] as never }, opts);
    }
    if (op === 'GetSohoLookbook') {
      const html = `<p>${auth}</p><img src="https://img.echo.example/${encrypted}.png"><a href="https://echo.example/?t=${encodeURIComponent(member)}">${member}</a>`;
      return buildResponse(
        'GetSohoLookbook',
        {
          TotalItemCount: 1,
          SohoShopName: auth,
          SohoShopDescription: `${encrypted} ${q}`,
          SohoShopItemList: [
            {
              ItemNo: 'I1',
              ItemName: member,
              SellerID: auth,
              SellerNickName: encrypted,
              Price: member,
              ItemLandingUrl: `https://echo.example/${auth}`,
              SohoItemColorList: [encrypted],
              SohoItemIconList: [auth],
              ItemImagePathList: [`https://img.echo.example/${member}.png`],
            },
          ],
          SohoShopLookBookIntroElementList: [
            { PageNo: 1, TemplateType: 1, ElementType: 2, ElementSeqNo: 1, Html: html },
            { PageNo: 1, TemplateType: 1, ElementType: 3, ElementSeqNo: 2, Contents: member },
            {
              PageNo: 1,
              TemplateType: 1,
              ElementType: 1,
              ElementSeqNo: 3,
              ImagePath: `https://img.echo.example/${auth}.png`,
              LandingUrl: `https://echo.example/${encrypted}`,
            },
          ],
        },
        opts,
      );
    }
    return buildResponse(
      'GetSuggestionNotice',
      {
        SearchNoticeT: [
          {
            SeqNo: 1,
            Contents: `${auth} ${encrypted} ${member} ${q}`,
            Url: `https://echo.example/${member}`,
            FontColor: encrypted,
          },
        ],
      },
      { ...opts, encryptedTicket: undefined },
    );
  }

  function send(res: ServerResponse, status: number, contentType: string, body: string): void {
    const { auth, encrypted, member } = learned;
    res.writeHead(status, {
      'content-type': contentType,
      'x-echo-auth': auth || 'none',
      'set-cookie': `t=${encrypted || 'none'}`,
      'www-authenticate': `Bearer ${member || 'none'}`,
      'retry-after': auth || '1',
    });
    res.end(body);
  }

  function answer(res: ServerResponse, op: string, body: string, mode: Mode): void {
    const { auth, encrypted, member } = learned;
    served[mode] = (served[mode] ?? 0) + 1;
    const ok = (payload: string) =>
      send(res, 200, 'text/xml; charset=utf-8', envelope(payload, securityHeader()));
    switch (mode) {
      case 'strings': {
        const start = /StartDate="([^"]+)"/.exec(body)?.[1] ?? '2026-11-20T00:00:00+09:00';
        return send(res, 200, 'text/xml; charset=utf-8', valid(op, start));
      }
      case 'typed':
        return ok(
          op === 'BuyerNoteList'
            ? `<BuyerNoteListResponse xmlns="${API_NS}"><BuyerNoteListResult xmlns="${TYPES_NS}"><SendNote SeqNo="${auth}" OrderNo="${encrypted}" InsDate="${member}"/></BuyerNoteListResult></BuyerNoteListResponse>`
            : `<${op}Response xmlns="urn:${auth}"><x>${member}</x></${op}Response>`,
        );
      case 'malformed':
        return send(
          res,
          200,
          'text/xml',
          envelope(`<${auth}><x a="${encrypted}" a="${member}"></${member}>`),
        );
      case 'long-name':
        return send(res, 200, 'text/xml', envelope(`<${`${auth}${encrypted}`.repeat(8)}></b>`));
      case 'entity':
        return send(res, 200, 'text/xml', envelope(`<x>&${auth};&#${encrypted};${member}&</x>`));
      case 'charset':
        return send(res, 200, `text/xml; charset=${auth}`, envelope(`<x>${encrypted}</x>`));
      case 'content-type':
        return send(res, 200, `text/${encrypted}; charset=${member}`, envelope('<x/>'));
      case 'declaration':
        return send(
          res,
          200,
          'text/xml',
          `<?xml version="1.0" encoding="${auth.replace(/[^A-Za-z0-9._-]/g, '')}"?><x>${member}</x>`,
        );
      case 'html-500':
        return send(
          res,
          500,
          'text/html',
          `<!doctype html><html><body><h1>Error</h1><pre>${auth}\n${encrypted}\n${member}\n${quoted()}\n${body}</pre></body></html>`,
        );
      case 'fault':
      case 'fault-auth': {
        const old = oldTicket();
        const reason = mode === 'fault' ? `Bad request from ${auth} ${old}` : `Ticket ${encrypted} expired`;
        return send(
          res,
          500,
          'text/xml; charset=utf-8',
          envelope(
            `<soap:Fault><faultcode>soap:Client.${auth}</faultcode><faultstring>${xml(reason)} (${xml(member)})</faultstring><faultactor>${xml(encrypted)}</faultactor><detail><echo>${xml(`${auth} ${encrypted} ${member}`)}</echo><old>${quoted()}</old></detail></soap:Fault>`,
          ),
        );
      }
    }
  }

  const server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const auth = /<(?:\w+:)?AuthenticationTicket\b[^>]*>\s*<(?:\w+:)?Value>([^<]*)</.exec(body)?.[1];
      const enc = /<(?:\w+:)?EncryptedTicket\b[^>]*>\s*<(?:\w+:)?Value>([^<]*)</.exec(body)?.[1];
      const member = /<(?:\w+:)?Ticket>([^<]*)</.exec(body)?.[1];
      if (auth) learned.auth = auth;
      if (enc) learned.encrypted = enc;
      if (member) learned.member = member;
      for (const t of [auth, enc, member]) if (t) seen.add(t);
      const op = /<(?:soap(?:12)?:)?Body>\s*<(?:[\w.-]+:)?(\w+)/.exec(body)?.[1] ?? '';
      const service = req.url?.startsWith(SERVICE_PATHS.suggest) ? 'suggest' : 'market';
      // The first answer of each service is a good one, so the client learns and keeps the tickets; then every
      // kind in turn, one kind per distinct request: the client's retries of a request meet the same kind, so a
      // damaged answer reaches the caller as one (after its retries) instead of being retried into another kind.
      let mode = modeOf.get(body);
      if (mode === undefined) {
        // The API service answers well (handing out a new ticket each time) while the client's chain of tickets
        // is shorter than `rotations`, so a ticket quoted `ago` back is one it held that many calls earlier.
        if (service === 'market' && depth(enc ?? '') < rotations) mode = 'strings';
        else {
          const nth = count++;
          mode = nth < 2 ? 'strings' : MODES[(nth - 2) % MODES.length]!;
        }
        modeOf.set(body, mode);
      }
      answer(res, op || (service === 'suggest' ? 'GetSuggestionNotice' : 'BuyerNoteList'), body, mode);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    served,
    tickets: () => [...seen],
    get quotedOld() {
      return quotedOld;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
