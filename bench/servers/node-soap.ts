// node-soap's server built from the same WSDL the sandbox serves, answering BuyerNoteList from the
// same seeded data. It checks no tickets (less work than the sandbox does).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import soap from 'soap';
import { DEFAULT_NAMESPACES, buildWsdl } from '../../src-main/schema';
import { createSandboxData } from '../../src-main/sandbox/data/sandbox-data';
import { queryNotes } from '../../src-main/sandbox/data/notes';
import { answerCpuProbes } from './cpu-probe';

const notes = Number(process.env['BENCH_NOTES'] ?? 5000);
const data = createSandboxData({ seed: 42, now: new Date('2026-11-20T09:00:00+09:00'), notes });
const server = createServer((_req, res) => {
  res.statusCode = 404;
  res.end();
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
type Attrs = { attributes?: Record<string, string> };
const services = {
  MarketService: {
    MarketServiceSoap: {
      BuyerNoteList(args: { req?: Attrs & { Pagination?: Attrs } }) {
        const a = args.req?.attributes ?? {};
        const p = args.req?.Pagination?.attributes ?? {};
        const size = Number(p['PageSize'] ?? 20);
        const index = Number(p['PageIndex'] ?? 1);
        const all = queryNotes(data, {
          start: a['StartDate'],
          end: a['EndDate'],
          replyStatus: (a['ReplyStatus'] as 'All') ?? 'All',
        });
        const page = all.slice((index - 1) * size, index * size);
        return { BuyerNoteListResult: { SendNote: page.map((n) => ({ attributes: n })) } };
      },
    },
  },
};
soap.listen(server, '/APIv1/MarketService.asmx', services, buildWsdl('market', DEFAULT_NAMESPACES, base));
answerCpuProbes();
process.stdout.write(JSON.stringify({ baseUrl: base }) + '\n');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
