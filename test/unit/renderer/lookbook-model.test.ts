import { describe, expect, it } from 'vitest';
import type { Lookbook, LookbookElement, LookbookItem } from '../../../src-main/contract';
import { AUDIT_KINDS, auditLookbook } from '../../../src-renderer/features/lookbook/model/audit-rules';
import { swatchColour } from '../../../src-renderer/features/lookbook/model/colour-swatch';
import {
  checkLanding,
  fieldImage,
  htmlImage,
  imagePolicyFor,
  isMixedContentImage,
  isPublicHost,
} from '../../../src-renderer/features/lookbook/model/link-url';
import {
  parseNumeric,
  shownCount,
  shownPercent,
  shownWon,
} from '../../../src-renderer/features/lookbook/model/numeric-field';
import { findingText } from '../../../src-renderer/features/lookbook/model/finding-text';
import { groupByPage } from '../../../src-renderer/features/lookbook/model/page-groups';
import { translatorFor } from '../../../src-renderer/app/message-registry';
import { estimatedFrameHeight, frameDocument } from '../../../src-renderer/features/lookbook/model/srcdoc';

const el = (over: Partial<LookbookElement>, i: number): LookbookElement => ({
  key: `el-${i}`,
  kind: 'text',
  landingExternal: false,
  pageNo: 1,
  seqNo: i + 1,
  contents: 'x',
  contentsEucKrBytes: 1,
  ...over,
});
const item = (over: Partial<LookbookItem>, i: number): LookbookItem => ({
  key: `item-${i}`,
  position: i,
  itemNo: `I${i}`,
  name: 'n',
  sellerId: 's',
  sellerNickName: 'nick',
  price: '10000',
  premium: false,
  focus: false,
  colors: ['블랙'],
  icons: [],
  images: ['https://img.example/a.png'],
  ...over,
});
const book = (elements: LookbookElement[], items: LookbookItem[] = []): Lookbook => ({
  sellerId: 's',
  page: 1,
  pageSize: 20,
  totalItemCount: items.length,
  elements,
  items,
  assetBaseUrl: 'http://127.0.0.1:1',
});
const audit = (lb: Lookbook, extra: Partial<Parameters<typeof auditLookbook>[0]> = {}) =>
  auditLookbook({
    lookbook: lb,
    sanitizerRemoved: new Map(),
    failedImages: [],
    textLimitBytes: 2000,
    ...extra,
  });

describe('numeric fields', () => {
  it.each([
    ['15900', 15900, '15,900원'],
    ['1,234,567', 1234567, '1,234,567원'],
    [' 990 ', 990, '990원'],
    ['12.5', 12.5, '12.5원'],
  ])('%s parses and formats with ko-KR grouping', (raw, n, won) => {
    expect(parseNumeric(raw)).toBe(n);
    expect(shownWon(raw, 'ko')).toEqual({ text: won, numeric: true });
  });
  it.each(['가격문의', '', '1,23', '12원', '1e5', '0x10', 'NaN', '--1'])('%j is shown as sent', (raw) => {
    expect(parseNumeric(raw)).toBeUndefined();
    expect(shownWon(raw, 'ko')).toEqual({ text: raw, numeric: false });
  });
  it('formats counts and percentages', () => {
    expect(shownCount('4800', 'ko').text).toBe('4,800');
    expect(shownCount('4800', 'en').text).toBe('4,800');
    expect(shownPercent('97', 'ko').text).toBe('97%');
    expect(shownPercent('높음', 'ko').text).toBe('높음');
    expect(shownWon('15900', 'en').text).toBe('₩15,900');
  });
});

describe('colour swatches', () => {
  it('maps hex and common Korean names, and nothing else', () => {
    expect(swatchColour('#1E3A8A')).toBe('#1e3a8a');
    expect(swatchColour('#fff')).toBe('#ffffff');
    expect(swatchColour('블랙')).toBe('#111111');
    expect(swatchColour(' 네이비 ')).toBe('#1f2a44');
    expect(swatchColour('스카이 블루')).toBe('#87ceeb');
    expect(swatchColour('#12345g')).toBeUndefined();
    expect(swatchColour('red;background:url(javascript:alert(1))')).toBeUndefined();
    expect(swatchColour('오로라')).toBeUndefined();
    expect(swatchColour('constructor')).toBeUndefined();
  });
});

describe('links and images', () => {
  it('checks landing URLs like the host does', () => {
    expect(checkLanding(undefined)).toEqual({ state: 'empty' });
    expect(checkLanding('  ')).toEqual({ state: 'empty' });
    expect(checkLanding('htp:/bad url').state).toBe('malformed');
    expect(checkLanding('javascript:alert(1)').state).toBe('malformed');
    expect(checkLanding('https://user:pw@example.com/').state).toBe('malformed');
    expect(checkLanding('https://www.example.com/a')).toEqual({
      state: 'ok',
      href: 'https://www.example.com/a',
    });
  });
  it('flags http images on real hosts but not the loopback sandbox', () => {
    expect(isMixedContentImage('http://cdn.example.com/a.jpg')).toBe(true);
    expect(isMixedContentImage('http://127.0.0.1:8788/images/a.svg')).toBe(false);
    expect(isMixedContentImage('https://cdn.example.com/a.jpg')).toBe(false);
    const none = { htmlHosts: new Set<string>() };
    expect(fieldImage('http://cdn.example.com/a.jpg', none)).toBeUndefined();
    expect(fieldImage('data:image/png;base64,AAAA', none)).toBe('data:image/png;base64,AAAA');
    expect(fieldImage('data:image/svg+xml,<svg onload=alert(1)>', none)).toBeUndefined();
    expect(fieldImage('javascript:alert(1)', none)).toBeUndefined();
  });
});

describe('image policy', () => {
  const SANDBOX = 'http://127.0.0.1:8788/images/';
  const BASE = 'http://127.0.0.1:8788';
  const policy = imagePolicyFor({
    sandboxImageBase: SANDBOX,
    elements: [
      { imagePath: 'https://img.market.example/intro/1.jpg' },
      { imagePath: 'http://127.0.0.1:9/x.png' },
    ],
    items: [
      { images: ['https://cdn.seller.example:8443/a.png', 'https://10.0.0.1/b.png', `${SANDBOX}item/1.svg`] },
    ],
  });

  it('takes the HTML image hosts from the lookbook’s own allowed image fields', () => {
    expect([...policy.htmlHosts].sort()).toEqual([
      '127.0.0.1:8788',
      'cdn.seller.example:8443',
      'img.market.example',
    ]);
  });

  it.each([
    'http://127.0.0.1:9/x.png',
    'http://127.0.0.1:8788/other/x.png',
    'http://0x7f000001:8788/images/x.png',
    'http://2130706433:9/x.png',
    'http://127.1:9/x.png',
    'http://0177.0.0.1:9/x.png',
    'http://localhost:8788/images/x.png',
    'https://localhost/x.png',
    'https://app.localhost/x.png',
    'https://127.0.0.1/x.png',
    'https://[::1]/x.png',
    'https://[::ffff:127.0.0.1]/x.png',
    'https://[fe80::1]/x.png',
    'https://[fd00::1]/x.png',
    'https://[2002:7f00:1::]/x.png',
    'https://10.0.0.1/b.png',
    'https://172.16.5.4/x.png',
    'https://192.168.0.1/x.png',
    'https://169.254.169.254/latest/meta-data',
    'https://100.64.0.1/x.png',
    'https://0.0.0.0/x.png',
    'https://224.0.0.1/x.png',
    'https://router/x.png',
    'https://printer.local/x.png',
    'https://db.internal/x.png',
    'http://cdn.seller.example/a.png',
    'https://user:pw@img.market.example/x.png',
  ])('never loads %s, in a field or in HTML', (url) => {
    expect(fieldImage(url, policy)).toBeUndefined();
    expect(htmlImage(url, 'http://127.0.0.1:8788', policy)).toBeUndefined();
  });

  it('loads public https images in fields, but in HTML only from hosts the fields name', () => {
    expect(fieldImage('https://img.market.example/2.jpg', policy)).toBe('https://img.market.example/2.jpg');
    expect(htmlImage('https://img.market.example/2.jpg', BASE, policy)).toBe(
      'https://img.market.example/2.jpg',
    );
    expect(fieldImage('https://tracker.example/pixel.gif', policy)).toBe('https://tracker.example/pixel.gif');
    expect(htmlImage('https://tracker.example/pixel.gif', BASE, policy)).toBeUndefined();
    expect(htmlImage('https://cdn.seller.example/a.png', BASE, policy)).toBeUndefined();
    expect(htmlImage('https://cdn.seller.example:8443/c.png', BASE, policy)).toBe(
      'https://cdn.seller.example:8443/c.png',
    );
  });

  it('loads the sandbox’s own image route over http, and raster data images', () => {
    expect(fieldImage(`${SANDBOX}item/2.svg`, policy)).toBe(`${SANDBOX}item/2.svg`);
    expect(htmlImage(`${SANDBOX}missing/x.png`, BASE, policy)).toBe(`${SANDBOX}missing/x.png`);
    expect(htmlImage('/images/missing/x.png', BASE, policy)).toBe(`${SANDBOX}missing/x.png`);
    expect(htmlImage('//0x7f000001:8788/images/x.png', BASE, policy)).toBeUndefined();
    expect(htmlImage('/other/x.png', BASE, policy)).toBeUndefined();
    expect(htmlImage('data:image/gif;base64,R0lGOD', BASE, policy)).toBe('data:image/gif;base64,R0lGOD');
    // Without a sandbox connection, loopback is never the sandbox.
    const live = imagePolicyFor({ elements: [], items: [{ images: [`${SANDBOX}item/1.svg`] }] });
    expect(fieldImage(`${SANDBOX}item/1.svg`, live)).toBeUndefined();
  });

  it('tells public hosts from local ones', () => {
    for (const h of ['img.market.example', '8.8.8.8', '[2001:4860::8888]', 'xn--9t4b11yi5a.example'])
      expect(isPublicHost(h), h).toBe(true);
    for (const h of [
      'localhost',
      '127.0.0.1',
      '10.1.2.3',
      '[::1]',
      '[fc00::1]',
      'intranet',
      'nas.lan',
      'x.home.arpa',
    ])
      expect(isPublicHost(h), h).toBe(false);
  });
});

describe('page groups', () => {
  it('orders pages, then SeqNo, keeps duplicates in the order sent, and puts missing PageNo last', () => {
    const groups = groupByPage([
      el({ pageNo: 2, seqNo: 5 }, 0),
      el({ pageNo: undefined, seqNo: 1 }, 1),
      el({ pageNo: 1, seqNo: 3 }, 2),
      el({ pageNo: 2, seqNo: 4 }, 3),
      el({ pageNo: 1, seqNo: 3 }, 4),
      el({ pageNo: 1, seqNo: 1 }, 5),
    ]);
    expect(groups.map((g) => [g.pageNo, g.elements.map((e) => e.key)])).toEqual([
      [1, ['el-5', 'el-2', 'el-4']],
      [2, ['el-3', 'el-0']],
      [undefined, ['el-1']],
    ]);
  });
});

describe('audit rules', () => {
  it('finds nothing in a clean lookbook', () => {
    expect(
      audit(
        book(
          [el({ kind: 'image', imagePath: 'https://a/b.png', landingUrl: 'https://a/' }, 0)],
          [item({}, 0)],
        ),
      ),
    ).toEqual([]);
  });

  it('finds every kind, errors first', () => {
    const lb = book(
      [
        el({ kind: 'image', imagePath: 'http://cdn.example.com/a.jpg', landingUrl: '' }, 0),
        el({ kind: 'image', imagePath: '', landingUrl: 'htp:/bad url', seqNo: 1 }, 1),
        el({ kind: 'html', html: '<script></script>' }, 2),
        el({ kind: 'text', contentsEucKrBytes: 2001, pageNo: 3 }, 3),
        el({ kind: 'unknown', elementType: 9, pageNo: undefined }, 4),
      ],
      [
        item({ price: '15900', couponDiscountPrice: '17900' }, 0),
        item({ price: '가격문의', images: [], colors: [], landingUrl: 'nope' }, 1),
      ],
    );
    const findings = audit(lb, {
      sanitizerRemoved: new Map([['el-2', ['<script>']]]),
      failedImages: [{ targetKey: 'item-0', url: 'https://img.example/a.png' }],
    });
    expect(new Set(findings.map((f) => f.kind))).toEqual(new Set(AUDIT_KINDS));
    const sev = findings.map((f) => f.severity);
    expect(sev.indexOf('warning')).toBeGreaterThan(sev.lastIndexOf('error'));
    expect(sev.indexOf('info')).toBeGreaterThan(sev.lastIndexOf('warning'));
    expect(findings.find((f) => f.kind === 'page-gap')?.vars).toEqual({ from: 2, to: 2 });
    expect(findings.find((f) => f.kind === 'html-sanitized')?.detail).toBe('<script>');
    expect(findings.filter((f) => f.kind === 'seq-duplicate').map((f) => f.targetKey)).toEqual([
      'el-0',
      'el-1',
    ]);
  });

  it('compares coupon prices numerically and respects the text limit setting', () => {
    const lb = book(
      [el({ contentsEucKrBytes: 2000 }, 0)],
      [item({ price: '9,900', couponDiscountPrice: '10000' }, 0)],
    );
    expect(audit(lb).map((f) => f.kind)).toEqual(['coupon-not-lower']);
    expect(audit(lb, { textLimitBytes: 1999 }).map((f) => f.kind)).toEqual([
      'text-too-long',
      'coupon-not-lower',
    ]);
    const lower = book([], [item({ price: '10,000', couponDiscountPrice: '9900' }, 0)]);
    expect(audit(lower)).toEqual([]);
  });

  it('reports a gap before the first page', () => {
    expect(audit(book([el({ pageNo: 2 }, 0)])).map((f) => [f.kind, f.vars])).toEqual([
      ['page-gap', { from: 1, to: 1 }],
    ]);
  });

  it('words each finding plainly, with the fix, in both languages', () => {
    const ko = translatorFor('ko');
    const en = translatorFor('en');
    const [coupon] = audit(book([], [item({ price: '15900', couponDiscountPrice: '17900' }, 0)]));
    expect(coupon!.detail).toBeUndefined();
    expect(findingText(coupon!, ko, 'ko')).toBe(
      '쿠폰가 17,900원이 판매가 15,900원보다 높거나 같습니다 — 쿠폰가를 낮추세요.',
    );
    expect(findingText(coupon!, en, 'en')).toBe(
      'The coupon price ₩17,900 is not below the price ₩15,900 — lower the coupon price.',
    );
    const [gap] = audit(book([el({ pageNo: 2 }, 0)]));
    expect(findingText(gap!, ko, 'ko')).toBe(
      '1 페이지가 비어 있습니다 — 페이지 번호를 빠짐없이 이어 매기세요.',
    );
    const [missing] = audit(book([el({ pageNo: undefined }, 0)]));
    expect(findingText(missing!, ko, 'ko')).toBe(
      '페이지 번호가 없습니다 — 이 요소가 들어갈 페이지 번호를 넣으세요.',
    );
    const [long] = audit(book([el({ contentsEucKrBytes: 2345 }, 0)]));
    expect(findingText(long!, ko, 'ko')).toBe(
      '글이 2,345바이트로 한도 2,000바이트를 넘습니다 — 345바이트 줄이세요.',
    );
    // No field names or operators a developer would write.
    for (const kind of AUDIT_KINDS) {
      const text = ko(`lookbook.audit.${kind}`, { count: 2 });
      expect(text, kind).not.toMatch(/PageNo|ImagePath|LandingUrl|ElementSeqNo|ElementType|>=/);
      expect(text, kind).toMatch(/ — /);
    }
  });
});

describe('iframe document', () => {
  it('wraps sanitized HTML with its own stylesheet only and estimates a bounded height', () => {
    const doc = frameDocument('<p>안녕</p>');
    expect(doc).toMatch(
      /^<!doctype html><html lang="ko"><head><style>[^<]*<\/style><\/head><body><p>안녕<\/p><\/body><\/html>$/,
    );
    expect(estimatedFrameHeight('')).toBe(72);
    expect(estimatedFrameHeight('<p>x</p>'.repeat(100))).toBe(560);
    expect(estimatedFrameHeight('<h2>a</h2><p>b</p><img src="x">')).toBeGreaterThan(
      estimatedFrameHeight('<h2>a</h2><p>b</p>'),
    );
  });
});
