import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox, SandboxOptions } from '../../../src-main/sandbox/server';
import { FaultInjector, NO_FAULTS } from '../../../src-main/sandbox/fault-injection';
import { buildRequest } from '../../../src-main/soap/envelope-write';
import { XmlMalformedError } from '../../../src-main/soap/errors';
import { parseXml } from '../../../src-main/soap/xml-read';
import { call, rawPost, sampleRequests, startTestSandbox, ticketsOf, VERSIONS } from './support';

function withSandbox(opts: SandboxOptions, body: (sb: () => RunningSandbox) => void) {
  let sb: RunningSandbox;
  beforeAll(async () => {
    sb = await startTestSandbox(opts);
  });
  afterAll(() => sb.close());
  body(() => sb);
}

describe('off by default', () => {
  it('no delay and no injected failure', () => {
    expect(NO_FAULTS).toEqual({
      latencyMs: 0,
      jitterMs: 0,
      failRate: 0,
      faultRate: 0,
      throttlePerSecond: 0,
      truncateRate: 0,
      silentRate: 0,
    });
    const injector = new FaultInjector(NO_FAULTS, 1, () => 0);
    for (let i = 0; i < 1000; i++) {
      expect(injector.delayMs()).toBe(0);
      expect(injector.decide()).toBeUndefined();
    }
  });
});

describe('--latency and --jitter', () => {
  it('jitter spreads the delay over latency ± jitter, reproducibly from the seed', () => {
    const config = { ...NO_FAULTS, latencyMs: 100, jitterMs: 40 };
    const a = new FaultInjector(config, 5);
    const delays = Array.from({ length: 500 }, () => a.delayMs());
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(60);
    expect(Math.max(...delays)).toBeLessThanOrEqual(140);
    // Spread over the range, not stuck at the latency.
    expect(delays.some((d) => d < 80)).toBe(true);
    expect(delays.some((d) => d > 120)).toBe(true);
    const b = new FaultInjector(config, 5);
    expect(Array.from({ length: 500 }, () => b.delayMs())).toEqual(delays);
  });

  it('jitter larger than the latency never makes a negative delay', () => {
    const injector = new FaultInjector({ ...NO_FAULTS, latencyMs: 5, jitterMs: 50 }, 9);
    for (let i = 0; i < 500; i++) expect(injector.delayMs()).toBeGreaterThanOrEqual(0);
  });

  describe('on the server', () => {
    withSandbox({ faults: { latencyMs: 150 } }, (sb) => {
      it('answers no sooner than the latency', async () => {
        const started = performance.now();
        const reply = await call(sb(), 'GetSuggestionNotice', {}, '1.1');
        // A lower bound only (timers never fire early by more than a millisecond): a slow machine cannot fail it.
        expect(performance.now() - started).toBeGreaterThanOrEqual(148);
        expect(reply.status).toBe(200);
      });
    });
  });
});

describe('--fail-rate', () => {
  withSandbox({ faults: { failRate: 1 } }, (sb) => {
    it.each(VERSIONS)('1 answers every SOAP %s call with HTTP 503 and no SOAP body', async (version) => {
      for (const op of ['GetSohoLookbook', 'GetBook'] as const) {
        const reply = await call(sb(), op, sampleRequests(sb())[op] as never, version);
        expect(reply.status).toBe(503);
        expect(reply.contentType).toMatch(/^text\/plain/);
        expect(reply.env).toBeUndefined();
      }
    });

    it('leaves the WSDL and the pages alone', async () => {
      expect((await fetch(`${sb().apiUrl}?wsdl`)).status).toBe(200);
      expect((await fetch(`${sb().baseUrl}/`)).status).toBe(200);
    });
  });

  describe('a share', () => {
    withSandbox({ faults: { failRate: 0.5 } }, (sb) => {
      it('0.5 fails some calls and answers the others', async () => {
        const statuses: number[] = [];
        for (let i = 0; i < 40; i++)
          statuses.push((await call(sb(), 'GetSuggestionNotice', {}, '1.2')).status);
        expect(statuses.filter((s) => s === 503).length).toBeGreaterThan(5);
        expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(5);
        expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
      });
    });
  });
});

describe('--fault-rate', () => {
  withSandbox({ faults: { faultRate: 1 } }, (sb) => {
    it.each(VERSIONS)('1 answers every SOAP %s call with a Server/Receiver fault', async (version) => {
      const reply = await call(sb(), 'BuyerNoteList', sampleRequests(sb()).BuyerNoteList, version);
      expect(reply.status).toBe(500);
      expect(reply.fault?.soapVersion).toBe(version);
      expect(reply.fault?.code).toBe(version === '1.1' ? 'Server' : 'Receiver');
      expect(reply.fault?.reason).toBe('The service failed to process the request (injected fault).');
    });
  });
});

describe('--throttle', () => {
  let now = 1_000_000;
  withSandbox({ faults: { throttlePerSecond: 3 }, clock: () => now }, (sb) => {
    it.each(VERSIONS)(
      'more than N calls in a second get the Throttled fault over SOAP %s, and the next second is open again',
      async (version) => {
        now += 5_000;
        const statuses: number[] = [];
        for (let i = 0; i < 3; i++)
          statuses.push((await call(sb(), 'GetSuggestionNotice', {}, version)).status);
        expect(statuses).toEqual([200, 200, 200]);
        const throttled = await call(sb(), 'GetSohoLookbook', sampleRequests(sb()).GetSohoLookbook, version);
        expect(throttled.status).toBe(500);
        expect(throttled.fault?.code).toBe(version === '1.1' ? 'Client' : 'Sender');
        expect(throttled.fault?.subcodes).toEqual(['Throttled']);
        expect(throttled.fault?.reason).toBe(
          'Too many requests: this service accepts 3 requests per second.',
        );
        now += 999;
        expect((await call(sb(), 'GetSuggestionNotice', {}, version)).fault?.subcodes).toEqual(['Throttled']);
        now += 1;
        expect((await call(sb(), 'GetSuggestionNotice', {}, version)).status).toBe(200);
      },
    );
  });
});

describe('silence', () => {
  withSandbox({ faults: { silentRate: 1 } }, (sb) => {
    it('a silent sandbox takes the request and never answers: the caller can only give up', async () => {
      const built = buildRequest('BuyerNoteList', sampleRequests(sb()).BuyerNoteList, {
        version: '1.1',
        ns: sb().ns,
        tickets: ticketsOf(sb()),
      });
      const before = sb().stats.requests;
      const sent = fetch(sb().apiUrl, {
        method: 'POST',
        body: built.xml,
        headers: built.headers,
        signal: AbortSignal.timeout(300),
      });
      await expect(sent).rejects.toMatchObject({ name: 'TimeoutError' });
      expect(sb().stats.requests).toBe(before + 1);
    });
  });
});

describe('--truncate-rate', () => {
  withSandbox({ faults: { truncateRate: 1 } }, (sb) => {
    it.each(VERSIONS)(
      '1 cuts every SOAP %s answer short: HTTP 200 with XML that does not parse',
      async (version) => {
        const built = buildRequest('GetSohoLookbook', sampleRequests(sb()).GetSohoLookbook, {
          version,
          ns: sb().ns,
          tickets: ticketsOf(sb()),
        });
        const res = await rawPost(sb().apiUrl, built.xml, built.headers);
        expect(res.status).toBe(200);
        const text = res.body.toString('utf8');
        expect(text.startsWith('<?xml')).toBe(true);
        expect(text).not.toMatch(/Envelope>\s*$/);
        expect(() => parseXml(text)).toThrow(XmlMalformedError);
      },
    );
  });

  describe('untruncated for comparison', () => {
    withSandbox({}, (sb) => {
      it('the same call without the flag parses', async () => {
        const reply = await call(sb(), 'GetSohoLookbook', sampleRequests(sb()).GetSohoLookbook, '1.1');
        expect(reply.env?.payload?.name).toBe('GetSohoLookbookResponse');
      });
    });
  });
});
