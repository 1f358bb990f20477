import { afterAll, describe, expect, it } from 'vitest';
import type { ReplyTemplate } from '../../../src-main/contract';
import { createHandlers } from '../../../src-main/host/create-handlers';
import { readTemplateFile, starterTemplates } from '../../../src-main/storage/reply-templates';
import { createTestDeps } from '../../support/host-deps';

const ctx = { signal: new AbortController().signal, emit: () => {} };
const opened: { close(): Promise<void> }[] = [];
afterAll(async () => {
  for (const d of opened) await d.close();
});

function setup() {
  const deps = createTestDeps();
  opened.push(deps);
  const files = new Map<string, Uint8Array>();
  let picked: Uint8Array | undefined;
  const handlers = createHandlers({
    ...deps,
    saveFile: async (name, data) => {
      files.set(name, data);
      return `/chosen/${name}`;
    },
    openFile: async (maxBytes) =>
      picked === undefined
        ? undefined
        : picked.byteLength > maxBytes
          ? { data: new Uint8Array(), tooLarge: true }
          : { data: picked },
  });
  return {
    handlers,
    files,
    pick: (data: Uint8Array | string | undefined) => {
      picked = typeof data === 'string' ? new TextEncoder().encode(data) : data;
    },
  };
}

const mine: ReplyTemplate = {
  id: 'mine',
  name: '재입고 안내',
  body: '{구매자}님, {상품명} 재입고는 다음 주입니다.',
  lang: 'ko',
};

describe('reply templates in the settings', () => {
  it('starts with Korean and English starters using every placeholder', async () => {
    const { handlers } = setup();
    const { settings } = await handlers['settings.get'](undefined, ctx);
    expect(settings.replyTemplates).toEqual(starterTemplates());
    const all = settings.replyTemplates.map((t) => t.body).join('\n');
    for (const p of [
      '{구매자}',
      '{상품명}',
      '{상품번호}',
      '{주문번호}',
      '{판매자}',
      '{buyerId}',
      '{itemName}',
      '{itemNo}',
      '{orderNo}',
      '{sellerId}',
    ])
      expect(all).toContain(p);
  });

  it('exports to a template file and imports it back into another app, replacing same ids', async () => {
    const a = setup();
    await a.handlers['settings.update']({ replyTemplates: [...starterTemplates(), mine] }, ctx);
    expect(await a.handlers['settings.exportTemplates'](undefined, ctx)).toEqual({
      path: '/chosen/seller-desk-reply-templates.json',
    });
    const file = a.files.get('seller-desk-reply-templates.json')!;
    expect(readTemplateFile(file)).toEqual({ ok: true, templates: [...starterTemplates(), mine] });

    const b = setup();
    b.pick(file);
    const out = await b.handlers['settings.importTemplates'](undefined, ctx);
    expect(out).toMatchObject({ status: 'imported', added: 1, replaced: starterTemplates().length });
    const { settings } = await b.handlers['settings.get'](undefined, ctx);
    expect(settings.replyTemplates.at(-1)).toEqual(mine);
  });

  it('refuses what is not a template file and changes nothing', async () => {
    const { handlers, pick } = setup();
    const before = (await handlers['settings.get'](undefined, ctx)).settings.replyTemplates;
    pick('name,body\n배송,안녕하세요');
    expect(await handlers['settings.importTemplates'](undefined, ctx)).toEqual({
      status: 'invalid',
      problem: 'not-json',
    });
    pick(
      JSON.stringify({
        kind: 'seller-desk.reply-templates',
        version: 1,
        templates: [{ id: 'x', name: '', body: 'b', lang: 'ko' }],
      }),
    );
    expect(await handlers['settings.importTemplates'](undefined, ctx)).toEqual({
      status: 'invalid',
      problem: 'not-templates',
    });
    pick(JSON.stringify({ profiles: [] }));
    expect(await handlers['settings.importTemplates'](undefined, ctx)).toEqual({
      status: 'invalid',
      problem: 'not-templates',
    });
    pick(new Uint8Array(2 * 1024 * 1024));
    expect(await handlers['settings.importTemplates'](undefined, ctx)).toEqual({
      status: 'invalid',
      problem: 'too-large',
    });
    pick(undefined);
    expect(await handlers['settings.importTemplates'](undefined, ctx)).toEqual({ status: 'dismissed' });
    expect((await handlers['settings.get'](undefined, ctx)).settings.replyTemplates).toEqual(before);
  });

  it('keeps a template without types (fits every type) and the last choice per type and language', async () => {
    const { handlers } = setup();
    const typed: ReplyTemplate = { ...mine, id: 'typed', types: ['Shipping', 'Refund'] };
    await handlers['settings.update'](
      { replyTemplates: [mine, typed], replyTemplateChoices: { 'Shipping.ko': 'typed', 'Other.en': 'mine' } },
      ctx,
    );
    const { settings } = await handlers['settings.get'](undefined, ctx);
    expect(settings.replyTemplates).toEqual([mine, typed]);
    expect(settings.replyTemplateChoices).toEqual({ 'Shipping.ko': 'typed', 'Other.en': 'mine' });
    for (const patch of [
      { replyTemplates: [{ ...mine, types: ['Shipping', 'Shipping'] }] },
      { replyTemplates: [{ ...mine, types: ['Parcel'] }] },
      { replyTemplateChoices: { 'Shipping.jp': 'mine' } },
    ])
      await expect(handlers['settings.update'](patch as never, ctx)).rejects.toThrow();
  });
});
