// (a) Decoding BuyerNoteList responses: ours against the bare fast-xml-parser parse of the same
// bytes and against node-soap's client decoding the same response through the WSDL.
import { XMLParser } from 'fast-xml-parser';
import soap from 'soap';
import { DEFAULT_NAMESPACES, buildWsdl } from '../src-main/schema';
import { buildResponse } from '../src-main/sandbox/response-write';
import { decodeResponse } from '../src-main/soap/result-read';
import { readEnvelope } from '../src-main/soap/envelope-read';
import { parseXml } from '../src-main/soap/xml-read';
import { createBackend, recentNotes } from '../src-main/sandbox/backend';
import { median, sideBySide } from './stats';

export interface DecodeRow {
  notes: number;
  bytes: number;
  oursMs: number;
  bareFxpMs: number;
  nodeSoapMs: number;
  oursMBps: number;
  bareFxpMBps: number;
  nodeSoapMBps: number;
  oursOverBare: number;
  oursVsNodeSoapSpeedup: number;
}

export async function benchDecode(sizes = [1000, 10_000, 50_000]): Promise<DecodeRow[]> {
  // "About N over 120 days": ask for a little more than the largest size.
  const notes = recentNotes(
    createBackend({
      seed: 42,
      now: new Date('2026-11-20T09:00:00+09:00'),
      notes: Math.ceil(Math.max(...sizes) * 1.1),
    }),
  );
  if (notes.length < Math.max(...sizes)) throw new Error(`only ${notes.length} notes`);
  const wsdl = buildWsdl('market', DEFAULT_NAMESPACES, 'http://127.0.0.1:1');
  const client = await new Promise<soap.Client>((resolve, reject) => {
    // node-soap reads a WSDL from a URL or file; a data round trip through its own parser is the
    // documented way to build a client from a string.
    const { WSDL } = soap as unknown as {
      WSDL: new (def: string, uri: string, opts: object) => { onReady: (cb: (err: unknown) => void) => void };
    };
    const w = new WSDL(wsdl, 'http://127.0.0.1:1/APIv1/MarketService.asmx?wsdl', {});
    w.onReady((err) =>
      err
        ? reject(err)
        : resolve(new (soap as unknown as { Client: new (w: unknown) => soap.Client }).Client(w)),
    );
  });
  const bare = new XMLParser({
    ignoreAttributes: false,
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: false,
    processEntities: false,
  });
  const rows: DecodeRow[] = [];
  for (const n of sizes) {
    const xml = buildResponse(
      'BuyerNoteList',
      { SendNote: notes.slice(0, n) },
      { version: '1.1', ns: DEFAULT_NAMESPACES, encryptedTicket: 'bench' },
    );
    const bytes = Buffer.from(xml);
    const rounds = n >= 50_000 ? 5 : 9;
    const t = await sideBySide(
      {
        ours: () => {
          const env = readEnvelope(parseXml(bytes));
          const r = decodeResponse('BuyerNoteList', env.payload!, DEFAULT_NAMESPACES);
          if (r?.SendNote?.length !== n) throw new Error('ours decoded the wrong count');
        },
        bareFxp: () => bare.parse(bytes),
        nodeSoap: () => {
          const obj = (
            client as unknown as {
              wsdl: {
                xmlToObject: (x: string) => {
                  Body?: { BuyerNoteListResponse?: { BuyerNoteListResult?: { SendNote?: unknown[] } } };
                };
              };
            }
          ).wsdl.xmlToObject(xml);
          const got = obj?.Body?.BuyerNoteListResponse?.BuyerNoteListResult?.SendNote;
          if (!Array.isArray(got) || got.length !== n) throw new Error('node-soap decoded the wrong count');
        },
      },
      rounds,
      2,
    );
    const mb = bytes.length / 1e6;
    const ours = median(t['ours']!);
    const bareMs = median(t['bareFxp']!);
    const ns = median(t['nodeSoap']!);
    rows.push({
      notes: n,
      bytes: bytes.length,
      oursMs: ours,
      bareFxpMs: bareMs,
      nodeSoapMs: ns,
      oursMBps: mb / (ours / 1000),
      bareFxpMBps: mb / (bareMs / 1000),
      nodeSoapMBps: mb / (ns / 1000),
      oursOverBare: ours / bareMs,
      oursVsNodeSoapSpeedup: ns / ours,
    });
  }
  return rows;
}
