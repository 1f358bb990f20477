// Same --seed and --now: byte-identical bodies from two separate server starts, apart from the rotated
// EncryptedTicket. The second server listens on the first one's port because the lookbook's image URLs carry the
// address, as they would for `npm run sandbox -- --port 8788` started twice.
import { describe, expect, it } from 'vitest';
import type { RunningSandbox, SandboxOptions } from '../../../src-main/sandbox/server';
import { OPERATION_NAMES } from '../../../src-main/schema';
import { call, ENCRYPTED_TICKET_VALUE, sampleRequests, startTestSandbox, VERSIONS } from './support';

async function transcript(sb: RunningSandbox): Promise<{ bodies: string[]; tickets: string[] }> {
  const bodies: string[] = [];
  const tickets: string[] = [];
  for (const version of VERSIONS) {
    for (const op of OPERATION_NAMES) {
      const reply = await call(sb, op, sampleRequests(sb)[op] as never, version);
      expect(reply.status, `${op} ${version}`).toBe(200);
      const ticket = ENCRYPTED_TICKET_VALUE.exec(reply.text);
      if (ticket)
        tickets.push(
          reply.text.slice(
            ticket.index + ticket[1]!.length,
            ticket.index + ticket[0].length - ticket[2]!.length,
          ),
        );
      bodies.push(reply.text.replace(ENCRYPTED_TICKET_VALUE, '$1…$2'));
    }
  }
  return { bodies, tickets };
}

async function runOnce(opts: SandboxOptions) {
  const sb = await startTestSandbox(opts);
  try {
    return { port: Number(new URL(sb.baseUrl).port), ...(await transcript(sb)) };
  } finally {
    await sb.close();
  }
}

describe('determinism', () => {
  const opts = { seed: 2024, now: new Date('2026-05-05T05:05:00+09:00'), notes: 800 };

  it('two starts with the same seed and now answer every operation byte for byte the same', async () => {
    const a = await runOnce(opts);
    const b = await runOnce({ ...opts, port: a.port });
    expect(b.bodies).toHaveLength(OPERATION_NAMES.length * 2);
    for (let i = 0; i < a.bodies.length; i++) expect(b.bodies[i]).toBe(a.bodies[i]);
    // Only the API operations carry a ticket, and it really rotates: the scrubbing hides a real difference.
    expect(a.tickets).toHaveLength(4);
    expect(new Set([...a.tickets, ...b.tickets]).size).toBe(8);
  });

  it('another seed gives other answers', async () => {
    const a = await runOnce(opts);
    const c = await runOnce({ ...opts, seed: 2025, port: a.port });
    const differing = a.bodies.filter((body, i) => body !== c.bodies[i]);
    expect(differing.length).toBeGreaterThan(0);
  });
});
