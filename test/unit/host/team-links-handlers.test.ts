// The team links channels on a single-desktop profile: no link is made and no figures are read (there is no team
// database), and a link delivered anyway is refused with a reason the window takes once, after `links.arrived`.
import { afterEach, describe, expect, it } from 'vitest';
import { createHandlers } from '../../../src-main/host/create-handlers';
import { createTestDeps } from '../../support/host-deps';

const opened: { close(): Promise<void> }[] = [];
const ctx = () => ({ signal: new AbortController().signal, emit: () => {} });
afterEach(async () => {
  await Promise.all(opened.splice(0).map((d) => d.close()));
});

function single() {
  const events: { event: string; payload: unknown }[] = [];
  const deps = createTestDeps({ emit: (event, payload) => events.push({ event, payload }) });
  opened.push(deps);
  const copied: string[] = [];
  deps.copyText = (text) => void copied.push(text);
  return { deps, events, copied, handlers: createHandlers(deps) };
}

describe('team links on a single desktop', () => {
  it('makes no link and reads no figures', async () => {
    const { handlers, copied } = single();
    await expect(handlers['links.copy']({ seqNo: 1 }, ctx())).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(
      handlers['team.memberFigures']({ from: '2026-11-01', to: '2026-11-20' }, ctx()),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(copied).toEqual([]);
  });

  it('refuses a delivered link with its reason, told once', async () => {
    const { deps, events, handlers } = single();
    expect(await handlers['links.take'](undefined, ctx())).toEqual({});
    await deps.links!.deliverArgv(['/opt/seller-desk/seller-desk', 'sellerdesk://note/1/2']);
    expect(events).toEqual([{ event: 'links.arrived', payload: { ok: false } }]);
    expect(await handlers['links.take'](undefined, ctx())).toEqual({
      outcome: { ok: false, reason: 'no-team', link: 'sellerdesk://note/1/2' },
    });
    expect(await handlers['links.take'](undefined, ctx())).toEqual({});
    // A plain second launch delivers nothing.
    expect(await deps.links!.deliverArgv(['/opt/seller-desk/seller-desk'])).toBeUndefined();
    expect(events).toHaveLength(1);
  });
});
