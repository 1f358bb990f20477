import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import {
  curlCommand,
  scrubTickets,
  shellQuote,
} from '../../../src-renderer/features/network/model/curl-command';

/** What sh makes of a quoted word: the test runs the real shell rather than trusting our reading of it. */
const shWords = (command: string) =>
  JSON.parse(
    execFileSync('sh', [
      '-c',
      `node -e 'console.log(JSON.stringify(process.argv.slice(1)))' -- ${command}`,
    ]).toString(),
  ) as string[];

describe('curl command', () => {
  it('quotes so the shell gives back the exact string, quotes and all', () => {
    const tricky = [`it's`, `'`, `''`, `a'b"c$HOME\`x\`\\n`, '두 줄\n$(rm -rf ~)', ''];
    expect(shWords(tricky.map(shellQuote).join(' '))).toEqual(tricky);
  });

  it('builds a POST with every header and the envelope as the body', () => {
    const xml = `<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><GetBook xmlns="ns"><bookItemNo>O'Reilly</bookItemNo></GetBook></soap:Body></soap:Envelope>`;
    const command = curlCommand({
      url: 'http://127.0.0.1:8788/Suggest/SuggestWebService.asmx',
      requestHeaders: { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: '"ns/GetBook"' },
      requestXml: xml,
    });
    expect(command.split(' \\\n  ')).toEqual([
      "curl -sS -X POST 'http://127.0.0.1:8788/Suggest/SuggestWebService.asmx'",
      "-H 'Content-Type: text/xml; charset=utf-8'",
      `-H 'SOAPAction: "ns/GetBook"'`,
      `--data-binary '${xml.replace("O'Reilly", "O'\\''Reilly")}'`,
    ]);
    const words = shWords(command.replace(/ \\\n {2}/g, ' '));
    expect(words.at(-1)).toBe(xml);
  });

  it('never carries a ticket, even when handed one', () => {
    const xml =
      '<s:Header><sec:AuthenticationTicket><sec:Value>sandbox-auth-ticket</sec:Value></sec:AuthenticationTicket>' +
      '<sec:EncryptedTicket><sec:Value>sbx-enc-1-abc</sec:Value></sec:EncryptedTicket></s:Header>' +
      '<req><MemberTicket><Ticket>sandbox-member-ticket</Ticket></MemberTicket></req>';
    const command = curlCommand({
      url: 'http://x/APIv1/MarketService.asmx',
      requestHeaders: { 'X-Auth-Ticket': 'sandbox-auth-ticket', Authorization: 'Bearer abc' },
      requestXml: xml,
    });
    expect(command).not.toMatch(/sandbox-|sbx-enc|Bearer/);
    expect(command.match(/\[redacted\]/g)).toHaveLength(5);
  });

  it('leaves already redacted and empty ticket elements alone', () => {
    expect(scrubTickets('<Value>[redacted]</Value><Ticket/><Ticket></Ticket>')).toBe(
      '<Value>[redacted]</Value><Ticket/><Ticket></Ticket>',
    );
  });
});
