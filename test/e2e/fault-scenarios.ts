// The sandbox's fault injection and the live profiles that fail, as a seller meets them: one place for every E2E
// that checks how a failure is told (the inbox's sync failures, the other pages' failures.test.ts).
import type { Page } from 'playwright';
import { createHandlers, requestSchemas } from '../../src-main/host/create-handlers';
import { startSandbox } from '../../src-main/sandbox/server';
import type { RunningSandbox } from '../../src-main/sandbox/server';
import type { FaultInjection } from '../../src-main/sandbox/fault-injection';
import { translatorFor } from '../../src-renderer/app/message-registry';
import { createTestDeps, TEST_NOW } from '../support/host-deps';
import { openApp } from './harness';
import type { AppUnderTest } from './harness';
import { closedPort, useLiveProfile } from './live-profile';
import { englishInKoreanUi, wireWords, wordsOf } from './ui-language';

export type Lang = 'ko' | 'en';
export const T = { ko: translatorFor('ko'), en: translatorFor('en') };

export interface FaultScenario {
  name: string;
  faults?: Partial<FaultInjection>;
  /** The sandbox's clock stands still, so its throttling window never ends. */
  frozenClock?: boolean;
  live?: 'wrong-tickets' | 'dead-address';
  /** The marketplace's own words a fault's alert must show. */
  reason?: string;
  /** The market service's failure headline, per language. */
  headline: (lang: Lang) => string;
}

export const FAULT_SCENARIOS: FaultScenario[] = [
  {
    name: 'HTTP 503',
    faults: { failRate: 1 },
    headline: (lang) => T[lang]('error.http.server', { status: 503 }),
  },
  {
    name: 'Server faults',
    faults: { faultRate: 1 },
    reason: 'The service failed to process the request (injected fault).',
    headline: (lang) => T[lang]('error.cause.server-fault'),
  },
  {
    name: 'throttling',
    faults: { throttlePerSecond: 1 },
    frozenClock: true,
    reason: 'Too many requests: this service accepts 1 requests per second.',
    headline: (lang) => T[lang]('error.code.THROTTLED'),
  },
  {
    name: 'truncated responses',
    faults: { truncateRate: 1 },
    headline: (lang) => T[lang]('error.cause.damaged'),
  },
  {
    name: 'rejected tickets',
    live: 'wrong-tickets',
    reason: 'The AuthenticationTicket is not valid.',
    headline: (lang) => T[lang]('error.code.AUTH_FAILED'),
  },
  {
    name: 'a dead address',
    live: 'dead-address',
    headline: (lang) => T[lang]('error.cause.refused'),
  },
];

export interface FaultSession {
  app: AppUnderTest;
  page: Page;
  deps: ReturnType<typeof createTestDeps>;
  /** Words the seller typed or configured: allowed in the Korean UI like the marketplace's data. */
  typed: Set<string>;
  close: () => Promise<void>;
}

export async function openWithFaults(
  s: FaultScenario,
  lang: Lang,
  typedWords: string[] = [],
): Promise<FaultSession> {
  const deps = createTestDeps({
    osLocale: lang === 'ko' ? 'ko-KR' : 'en-US',
    sandbox: {
      notes: 50,
      faults: s.faults,
      ...(s.frozenClock ? { clock: () => TEST_NOW.getTime() } : {}),
    },
  });
  const handlers = createHandlers(deps);
  let second: RunningSandbox | undefined;
  const typed = wordsOf(...typedWords);
  if (s.live === 'wrong-tickets') {
    second = await startSandbox({ port: 0, host: '127.0.0.1', seed: 42, now: TEST_NOW, notes: 50 });
    const endpoint = {
      apiBaseUrl: second.baseUrl,
      suggestBaseUrl: second.baseUrl,
      nsRoot: second.ns.nsRoot,
      schemaRoot: second.ns.schemaRoot,
    };
    await useLiveProfile(deps, handlers, endpoint, {
      authTicket: 'WRONG-AUTH-TICKET',
      encryptedTicket: 'WRONG-ENCRYPTED-TICKET',
      memberTicket: 'WRONG-MEMBER-TICKET',
    });
    for (const w of wordsOf(...Object.values(endpoint), 'gangnam_style')) typed.add(w);
  } else if (s.live === 'dead-address') {
    const url = `http://127.0.0.1:${await closedPort()}`;
    const endpoint = {
      apiBaseUrl: url,
      suggestBaseUrl: url,
      nsRoot: 'http://api.market.example.com',
      schemaRoot: 'http://schema.market.example.com',
    };
    await useLiveProfile(deps, handlers, endpoint, {
      authTicket: 'A',
      encryptedTicket: 'E',
      memberTicket: 'M',
    });
    for (const w of wordsOf(...Object.values(endpoint), 'gangnam_style')) typed.add(w);
  }
  if (s.frozenClock) {
    // Another client of the same account takes the one request the window allows.
    await handlers['suggest.GetSuggestionNotice'](
      {},
      { signal: new AbortController().signal, emit: () => {} },
    );
  }
  const app = await openApp({ handlers, schemas: requestSchemas, locale: lang === 'ko' ? 'ko-KR' : 'en-US' });
  return {
    app,
    page: app.page,
    deps,
    typed,
    close: async () => {
      await app.close();
      await deps.close();
      await second?.close();
    },
  };
}

/** The Korean UI, shell included, shows no English but the marketplace's data and what the seller typed. */
export async function englishSeen(s: FaultSession, lang: Lang): Promise<string[]> {
  if (lang !== 'ko') return [];
  const data = wireWords(s.deps.connection.network.list().map((x) => s.deps.connection.network.get(x.id)));
  for (const w of s.typed) data.add(w);
  return englishInKoreanUi(s.page, data);
}
