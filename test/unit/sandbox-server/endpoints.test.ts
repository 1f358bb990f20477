import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../../src-main/sandbox/server';
import { OPERATION_NAMES, OPERATIONS, nsUri, operationNs } from '../../../src-main/schema';
import type { OperationName } from '../../../src-main/schema';
import { decodeResponse } from '../../../src-main/soap/result-read';
import { parseXml } from '../../../src-main/soap/xml-read';
import type { XmlElement } from '../../../src-main/soap/xml-read';
import { call, post, sampleRequests, startTestSandbox, VERSIONS } from './support';

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(() => sb.close());

const WSDL = 'http://schemas.xmlsoap.org/wsdl/';
const SOAP11_BINDING = 'http://schemas.xmlsoap.org/wsdl/soap/';
const SOAP12_BINDING = 'http://schemas.xmlsoap.org/wsdl/soap12/';

function descendants(el: XmlElement, ns: string, name: string): XmlElement[] {
  const out: XmlElement[] = [];
  const walk = (e: XmlElement) => {
    if (e.ns === ns && e.name === name) out.push(e);
    e.children.forEach(walk);
  };
  walk(el);
  return out;
}

/** The number of records a decoded result carries, whatever its shape. */
function recordCount(result: unknown): number {
  if (result === undefined || result === null) return 0;
  return Object.values(result as Record<string, unknown>).reduce<number>(
    (n, v) => n + (Array.isArray(v) ? v.length : 0),
    0,
  );
}

describe.each(VERSIONS)('every operation over SOAP %s', (version) => {
  it.each(OPERATION_NAMES)(
    '%s answers 200 in the same SOAP version with records',
    async (op: OperationName) => {
      const reply = await call(sb, op, sampleRequests(sb)[op] as never, version);
      expect(reply.status, reply.text).toBe(200);
      expect(reply.contentType).toBe(
        version === '1.1' ? 'text/xml; charset=utf-8' : 'application/soap+xml; charset=utf-8',
      );
      expect(reply.env?.version).toBe(version);
      expect(reply.env?.payload?.name).toBe(`${op}Response`);
      expect(reply.env?.payload?.ns).toBe(operationNs(OPERATIONS[op].service, sb.ns));
      const result = decodeResponse(op, reply.env!.payload!, sb.ns);
      expect(recordCount(result)).toBeGreaterThan(0);
    },
  );
});

describe('both services live on their documented paths', () => {
  it("the suggest service does not recognize the API service's SOAPAction", async () => {
    const action = `${nsUri('market', sb.ns)}/GetSohoLookbook`;
    const built = await call(sb, 'GetSohoLookbook', sampleRequests(sb).GetSohoLookbook, '1.1');
    expect(built.status).toBe(200);
    const wrong = await post(sb.suggestUrl, '<x/>', {
      'content-type': 'text/xml; charset=utf-8',
      soapaction: `"${action}"`,
    });
    expect(wrong.status).toBe(500);
    expect(wrong.fault?.reason).toBe(
      `Server did not recognize the value of HTTP Header SOAPAction: ${action}.`,
    );
  });

  it('POST on any other path is 404, GET on a service without ?wsdl is not a SOAP call', async () => {
    const res = await fetch(`${sb.baseUrl}/APIv2/MarketService.asmx`, { method: 'POST', body: '<x/>' });
    expect(res.status).toBe(404);
    const put = await fetch(sb.apiUrl, { method: 'PUT', body: '<x/>' });
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toContain('POST');
  });
});

describe.each([
  ['market', () => sb.apiUrl],
  ['suggest', () => sb.suggestUrl],
] as const)('GET %s ?wsdl', (service, url) => {
  it('returns the WSDL with the real address in both soap:address elements', async () => {
    for (const query of ['?wsdl', '?WSDL']) {
      const res = await fetch(url() + query);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/xml/);
      const root = parseXml(await res.text());
      expect(root.ns).toBe(WSDL);
      expect(root.name).toBe('definitions');
      const addresses = [
        ...descendants(root, SOAP11_BINDING, 'address'),
        ...descendants(root, SOAP12_BINDING, 'address'),
      ].map((a) => a.attrs['location']);
      expect(addresses).toEqual([url(), url()]);
      const ops = descendants(root, WSDL, 'portType')[0]!.children.map((o) => o.attrs['name']);
      expect(ops).toEqual(OPERATION_NAMES.filter((op) => OPERATIONS[op].service === service));
    }
  });

  it('writes its own listening address, whatever Host header the caller sends', async () => {
    const { port, pathname } = new URL(url());
    for (const host of ['evil.example', `evil.example:${port}`, 'localhost', '10.0.0.9:80']) {
      const text = await new Promise<string>((resolve, reject) => {
        const req = httpRequest(
          { host: '127.0.0.1', port, path: `${pathname}?wsdl`, headers: { host } },
          (res) => {
            let body = '';
            res.setEncoding('utf8');
            res.on('data', (c: string) => (body += c));
            res.on('end', () => resolve(body));
          },
        );
        req.on('error', reject);
        req.end();
      });
      expect(text).toContain(`location="${url()}"`);
      expect(text).not.toContain(host.split(':')[0]!.includes('.') ? host.split(':')[0]! : 'localhost:');
    }
  });
});

describe('service pages', () => {
  const opsOf = (service: 'market' | 'suggest') =>
    OPERATION_NAMES.filter((op) => OPERATIONS[op].service === service);

  it('GET / lists all 14 operations and links both WSDLs', async () => {
    const res = await fetch(`${sb.baseUrl}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await res.text();
    for (const op of OPERATION_NAMES) expect(html).toContain(`<li>${op}</li>`);
    expect(html).toContain('/APIv1/MarketService.asmx?wsdl');
    expect(html).toContain('/Suggest/SuggestWebService.asmx?wsdl');
    expect(html).toContain(
      `POST <code>${sb.baseUrl}/sandbox/notes/{SeqNo}/reply</code> answers that note now`,
    );
  });

  it.each([
    ['market', () => sb.apiUrl],
    ['suggest', () => sb.suggestUrl],
  ] as const)('GET on the %s .asmx lists its own operations only', async (service, url) => {
    const res = await fetch(url());
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await res.text();
    for (const op of opsOf(service)) expect(html).toContain(`<li>${op}</li>`);
    for (const op of opsOf(service === 'market' ? 'suggest' : 'market'))
      expect(html).not.toContain(`<li>${op}</li>`);
    expect(html).toContain(url());
  });
});

describe('/images', () => {
  it('serves the generated images the lookbook points at', async () => {
    const reply = await call(sb, 'GetSohoLookbook', sampleRequests(sb).GetSohoLookbook, '1.1');
    const result = decodeResponse('GetSohoLookbook', reply.env!.payload!, sb.ns);
    const image = result?.SohoShopItemList?.flatMap((i) => i.ItemImagePathList ?? [])[0];
    expect(image).toMatch(new RegExp(`^${sb.baseUrl}/images/`));
    const res = await fetch(image!);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(await res.text()).toMatch(/^<svg /);
  });

  it.each(['/images/item/1.svg', '/images/intro/2.svg'])('%s is an SVG', async (path) => {
    const res = await fetch(sb.baseUrl + path);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<svg');
  });

  it.each(['/images/missing/item-3.png', '/images/item/x.svg', '/images/', '/nothing'])(
    '%s is 404',
    async (path) => {
      const res = await fetch(sb.baseUrl + path);
      expect(res.status).toBe(404);
    },
  );
});
