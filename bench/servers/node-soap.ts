// node-soap's server built from the same WSDL the sandbox serves, answering BuyerNoteList from the
// same seeded data. It checks no tickets (less work than the sandbox does).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import soap from 'soap';
import { DEFAULT_NAMESPACES, buildWsdl } from '../../src-main/schema';
import { createBackend } from '../../src-main/sandbox/backend';
import { answerCpuProbes } from './cpu-probe';

const notes = Number(process.env['BENCH_NOTES'] ?? 5000);
const backend = createBackend({ seed: 42, now: new Date('2026-11-20T09:00:00+09:00'), notes });
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
        // The same paged query the sandbox makes: the two servers differ only in their SOAP stacks.
        const page = backend.notes(
          { start: a['StartDate'], end: a['EndDate'], replyStatus: (a['ReplyStatus'] as 'All') ?? 'All' },
          { offset: (index - 1) * size, size },
        );
        return { BuyerNoteListResult: { SendNote: page.map((n) => ({ attributes: n })) } };
      },
    },
  },
};
soap.listen(server, '/APIv1/MarketService.asmx', services, buildWsdl('market', DEFAULT_NAMESPACES, base));
answerCpuProbes();
process.stdout.write(JSON.stringify({ baseUrl: base }) + '\n');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
