// HTTP/1.1 pipelining against the sandbox: every request before a malformed one is answered, in order, then the
// malformed one gets a 400 and the connection closes. Node's default answered 400 at once and dropped the rest.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../../src-main/sandbox/server';
import { startTestSandbox } from './support';

let sb: RunningSandbox;
let slow: RunningSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
  // Answers after 150 ms, so the malformed request arrives while the valid one is still in flight.
  slow = await startTestSandbox({ faults: { latencyMs: 150 } });
});
afterAll(async () => {
  await sb.close();
  await slow.close();
});

const BODY =
  '<?xml version="1.0"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><GetSuggestionNotice xmlns="ns"/></soap:Body></soap:Envelope>';
const VALID =
  'POST /Suggest/SuggestWebService.asmx HTTP/1.1\r\nHost: sandbox\r\nContent-Type: text/xml; charset=utf-8\r\n' +
  `SOAPAction: "ns/GetSuggestionNotice"\r\nContent-Length: ${Buffer.byteLength(BODY)}\r\n\r\n${BODY}`;

/** Writes `raw` on one connection and resolves with every status line read until the server closes it. */
function exchange(server: RunningSandbox, raw: string): Promise<{ statuses: string[]; closed: boolean }> {
  const { hostname, port } = new URL(server.baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let text = '';
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ statuses: text.match(/HTTP\/1\.1 \d{3}/g) ?? [], closed: false });
    }, 5000);
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => (text += d));
    socket.on('error', reject);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ statuses: text.match(/HTTP\/1\.1 \d{3}/g) ?? [], closed: true });
    });
    socket.write(raw);
  });
}

describe('pipelined requests', () => {
  it.each([
    ['a request line that is not HTTP', 'GARBAGE / HTTP/1.1\r\nHost: x\r\n\r\n'],
    ['a header without a colon', 'POST /Suggest/SuggestWebService.asmx HTTP/1.1\r\nHost x\r\n\r\n'],
    ['a bad Content-Length', 'POST / HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n'],
  ])('answers the valid ones before %s, then refuses it and closes', async (_what, malformed) => {
    for (const server of [sb, slow]) {
      const { statuses, closed } = await exchange(server, VALID + VALID + malformed);
      expect(statuses).toEqual(['HTTP/1.1 200', 'HTTP/1.1 200', 'HTTP/1.1 400']);
      expect(closed).toBe(true);
    }
  });

  it('still refuses a malformed request at once when nothing is in flight', async () => {
    const { statuses, closed } = await exchange(sb, 'GARBAGE / HTTP/1.1\r\n\r\n');
    expect(statuses).toEqual(['HTTP/1.1 400']);
    expect(closed).toBe(true);
  });
});
