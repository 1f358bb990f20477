// One hostile body read in a process of its own, so its peak memory is its own. Prints one JSON line.
// argv: group (reader | redaction), case name, size in bytes.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createResponseDecoder } from '../src-main/soap/decode-pool';
import { redactEnvelope } from '../src-main/soap/redact';
import { SoapError } from '../src-main/soap/errors';
import { parseXml } from '../src-main/soap/xml-read';
import { DEFAULT_NAMESPACES } from '../src-main/schema';
import { hostileBodies } from '../test/support/hostile-bodies';
import { median } from './stats';

const [group, name, sizeArg] = process.argv.slice(2) as ['reader' | 'redaction', string, string];
const size = Number(sizeArg);
const build = (hostileBodies[group] as Record<string, (n: number) => string>)[name]!;
// A flat copy, so building the string is not what is measured.
const body = Buffer.from(build(size)).toString();
const bytes = Buffer.byteLength(body);
// The caps are raised so the whole body is read: what is measured is the work, not an early refusal.
const limits = {
  maxAttributes: 10_000_000,
  maxElements: 100_000_000,
  minBytesPerElement: 1,
  minBytesPerAttribute: 1,
  maxNameLength: 1e9,
};
const run = () => {
  if (group === 'redaction') return redactEnvelope(body, ['bench-auth-ticket']);
  try {
    return parseXml(body, limits);
  } catch (err) {
    if (!(err instanceof SoapError)) throw err;
    return undefined;
  }
};

const rssBefore = process.memoryUsage().rss;
const times: number[] = [];
for (let i = 0; i < 3; i++) {
  const t = performance.now();
  run();
  times.push(performance.now() - t);
}
const peakRss = process.resourceUsage().maxRSS * 1024;

// The main thread while the same body is read by the app's decoder (a worker for a body this size).
let blockMs: number | undefined;
if (group === 'reader') {
  const decoder = createResponseDecoder({ workers: 1 });
  const envelopeBody = Buffer.from(
    `<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>${body}</soap:Body></soap:Envelope>`,
  );
  const req = {
    op: 'BuyerNoteList' as const,
    status: 200,
    contentType: 'text/xml; charset=utf-8',
    body: envelopeBody,
    ns: DEFAULT_NAMESPACES,
    secrets: [],
    limits,
  };
  // Start the worker first, so its start-up is not counted.
  await decoder.decode({ ...req, body: Buffer.from(envelopeBody) }).catch(() => undefined);
  const delay = monitorEventLoopDelay({ resolution: 1 });
  const tick = setInterval(() => {}, 1);
  delay.enable();
  await decoder.decode(req).catch(() => undefined);
  delay.disable();
  clearInterval(tick);
  blockMs = delay.max / 1e6;
  await decoder.close();
}

process.stdout.write(
  JSON.stringify({
    bytes,
    ms: median(times),
    peakOverBodyMB: Math.max(0, peakRss - rssBefore) / 1e6,
    peakRssMB: peakRss / 1e6,
    blockMs,
  }) + '\n',
);
