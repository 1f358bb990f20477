import { describe, expect, it } from 'vitest';
import { isAbsoluteUri, isHttpUrl, safeHttpUrl } from '../../../src-shared/absolute-uri';

describe('absolute URIs (namespace roots)', () => {
  it.each([
    'http://api.market.example.com',
    'https://schema.market.example.com/v1/',
    'urn:market:api',
    'http://x.example/ns#v1',
    'tag:market.example.com,2026:ns',
    'http://x.example/%EB%A7%88%EC%BC%93',
  ])('accepts %s', (uri) => expect(isAbsoluteUri(uri)).toBe(true));

  it.each([
    '<<>>',
    '',
    'api.market.example.com',
    '/relative/ns',
    'http://',
    'http:///path',
    'http://exa mple.com',
    ' http://x.example',
    'http://x.example/<ns>',
    'http://x.example/a#b#c',
    'http://x.example/%zz',
    '1http://x.example',
    'urn:',
  ])('refuses %j', (uri) => expect(isAbsoluteUri(uri)).toBe(false));
});

describe('http(s) addresses (service URLs)', () => {
  it('takes http and https with a host, nothing else', () => {
    expect(isHttpUrl('https://api.example-market.co.kr/APIv1/MarketService.asmx')).toBe(true);
    expect(isHttpUrl('http://127.0.0.1:9')).toBe(true);
    for (const bad of ['ftp://x', 'api.example.com', '', 'javascript:alert(1)', 'file:///etc/passwd']) {
      expect(isHttpUrl(bad), bad).toBe(false);
    }
  });

  it('is one rule for service addresses and links alike: no user name or password, at most 2,048 characters', () => {
    for (const bad of [
      'https://seller:secret@api.example-market.co.kr/APIv1',
      'https://seller@api.example-market.co.kr',
      'https://market.example@evil.example/login',
      `https://a.kr/${'x'.repeat(2048)}`,
    ]) {
      expect(isHttpUrl(bad), bad).toBe(false);
      expect(safeHttpUrl(bad), bad).toBeUndefined();
    }
    expect(safeHttpUrl('HTTPS://API.Example.kr:443/x y')).toBe('https://api.example.kr/x%20y');
  });
});
