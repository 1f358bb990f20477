// Reply templates: their schema, the starters every seller begins with, and the template file's reading. The
// settings store keeps them; the renderer fills them from a note.
import { z } from 'zod';
import { TEMPLATE_FILE_KIND } from '../contract';
import type { ReplyTemplate, Settings, TemplateFile } from '../contract';
import { INQUIRY_TYPES, QUERY_TYPES } from '../../src-shared/note-fields';

export const MAX_TEMPLATES = 100;
/** A template file larger than this is not one the app wrote. */
export const MAX_TEMPLATE_FILE_BYTES = 1024 * 1024;

const templateIdSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);

const replyTemplateSchema = z.strictObject({
  id: templateIdSchema,
  name: z.string().trim().min(1).max(80),
  body: z.string().min(1).max(5000),
  lang: z.enum(['ko', 'en']),
  // Absent in a file written before templates had types: such a template fits every type.
  types: z
    .array(z.enum(INQUIRY_TYPES))
    .max(INQUIRY_TYPES.length)
    .refine((list) => new Set(list).size === list.length, 'each type once')
    .optional(),
}) satisfies z.ZodType<ReplyTemplate>;

const CHOICE_KEYS = QUERY_TYPES.flatMap((type) => [`${type}.ko`, `${type}.en`] as const);
/** The template last chosen per inquiry type and language: { 'Shipping.ko': id }. */
export const replyTemplateChoicesSchema = z
  .partialRecord(z.enum(CHOICE_KEYS), templateIdSchema)
  .optional() satisfies z.ZodType<Settings['replyTemplateChoices']>;

export const replyTemplatesSchema = z
  .array(replyTemplateSchema)
  .max(MAX_TEMPLATES)
  .refine((list) => new Set(list.map((t) => t.id)).size === list.length, 'template ids must be unique');

const templateFileSchema = z.object({
  kind: z.literal(TEMPLATE_FILE_KIND),
  version: z.literal(1),
  templates: replyTemplatesSchema,
}) satisfies z.ZodType<TemplateFile>;

/**
 * The replies every seller starts with, one per kind of question in each language: what the sandbox's buyers ask
 * (resources/sandbox/note-templates.json) by inquiry type. The receipt reply answers the "other" questions, where
 * receipts and tax invoices are asked for.
 */
export function starterTemplates(): ReplyTemplate[] {
  return [
    {
      id: 'starter-shipping-ko',
      name: '배송 문의 답변',
      lang: 'ko',
      types: ['Shipping'],
      body:
        '안녕하세요, {구매자}님. {상품명} 문의 주셔서 감사합니다.\n' +
        '주문번호 {주문번호} 상품은 오늘 출고될 예정입니다. 송장번호는 출고 후 문자로 안내해 드립니다.\n' +
        '감사합니다. {판매자} 드림',
    },
    {
      id: 'starter-exchange-ko',
      name: '교환·반품 안내',
      lang: 'ko',
      types: ['Exchange', 'Refund'],
      body:
        '안녕하세요, {구매자}님. 불편을 드려 죄송합니다.\n' +
        '{상품명}(상품번호 {상품번호}) 교환·반품은 마이페이지 → 주문번호 {주문번호}에서 접수해 주시면 회수해 드립니다.\n' +
        '감사합니다. {판매자} 드림',
    },
    {
      id: 'starter-item-ko',
      name: '상품 문의 답변',
      lang: 'ko',
      types: ['Item'],
      body:
        '안녕하세요, {구매자}님. {상품명}(상품번호 {상품번호})에 관심 가져 주셔서 감사합니다.\n' +
        '문의하신 내용을 확인해 상품 상세 페이지에도 보완해 두겠습니다.\n' +
        '감사합니다. {판매자} 드림',
    },
    {
      id: 'starter-receipt-ko',
      name: '영수증·증빙 안내',
      lang: 'ko',
      types: ['Other'],
      body:
        '안녕하세요, {구매자}님. 문의 주셔서 감사합니다.\n' +
        '주문번호 {주문번호}의 현금영수증·세금계산서는 마이페이지 → 주문 상세에서 발급·재발행하실 수 있습니다.\n' +
        '감사합니다. {판매자} 드림',
    },
    {
      id: 'starter-shipping-en',
      name: 'Shipping reply',
      lang: 'en',
      types: ['Shipping'],
      body:
        'Hello {buyerId}, thank you for asking about {itemName}.\n' +
        'Order {orderNo} ships today; we will send you the tracking number once it leaves.\n' +
        'Best regards, {sellerId}',
    },
    {
      id: 'starter-exchange-en',
      name: 'Exchange and return',
      lang: 'en',
      types: ['Exchange', 'Refund'],
      body:
        'Hello {buyerId}, we are sorry for the trouble.\n' +
        'To exchange or return {itemName} (item {itemNo}), open order {orderNo} in My Page and request it there; ' +
        'we will pick it up.\nBest regards, {sellerId}',
    },
    {
      id: 'starter-item-en',
      name: 'Item question',
      lang: 'en',
      types: ['Item'],
      body:
        'Hello {buyerId}, thank you for your interest in {itemName} (item {itemNo}).\n' +
        'We have checked your question and will add the answer to the item page too.\n' +
        'Best regards, {sellerId}',
    },
    {
      id: 'starter-receipt-en',
      name: 'Receipts and invoices',
      lang: 'en',
      types: ['Other'],
      body:
        'Hello {buyerId}, thank you for your message.\n' +
        'The cash receipt or tax invoice for order {orderNo} can be issued or reissued in My Page → order details.\n' +
        'Best regards, {sellerId}',
    },
  ];
}

/** The starters of settings version 2: they fitted every type, and there was no item or receipt reply. */
const V2_STARTER_IDS = new Set([
  'starter-shipping-ko',
  'starter-exchange-ko',
  'starter-shipping-en',
  'starter-exchange-en',
]);

/**
 * A version-2 template list brought to version 3: the starters still in it get the inquiry types today's starters
 * have (by id; an edited body keeps its words), and the starters added since (item and receipt replies) join the
 * end while the list has room. A starter the seller deleted stays deleted; anything not a starter is untouched.
 */
export function typeV2Starters(list: unknown): unknown {
  if (!Array.isArray(list)) return list;
  const starters = new Map(starterTemplates().map((t) => [t.id, t]));
  const idOf = (t: unknown) =>
    t !== null && typeof t === 'object' && typeof (t as { id?: unknown }).id === 'string'
      ? (t as { id: string }).id
      : undefined;
  const typed = list.map((t: unknown) => {
    const starter = starters.get(idOf(t) ?? '');
    if (!starter || (t as { types?: unknown }).types !== undefined) return t;
    return { ...(t as object), types: starter.types };
  });
  const held = new Set(typed.map(idOf));
  const added = [...starters.values()].filter((s) => !V2_STARTER_IDS.has(s.id) && !held.has(s.id));
  return [...typed, ...added.slice(0, Math.max(0, MAX_TEMPLATES - typed.length))];
}

export function templateFile(templates: ReplyTemplate[]): TemplateFile {
  return { kind: TEMPLATE_FILE_KIND, version: 1, templates };
}

export type TemplateFileReading =
  | { ok: true; templates: ReplyTemplate[] }
  | { ok: false; problem: 'not-json' | 'not-templates' | 'too-large' };

/** A file the seller picked: a template file the app wrote, or why not. Nothing else is trusted. */
export function readTemplateFile(data: Uint8Array): TemplateFileReading {
  if (data.byteLength > MAX_TEMPLATE_FILE_BYTES) return { ok: false, problem: 'too-large' };
  let doc: unknown;
  try {
    doc = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(data));
  } catch {
    return { ok: false, problem: 'not-json' };
  }
  const parsed = templateFileSchema.safeParse(doc);
  return parsed.success
    ? { ok: true, templates: parsed.data.templates }
    : { ok: false, problem: 'not-templates' };
}

/** Imported templates added to the saved ones; one with a saved one's id replaces it. */
export function mergeTemplates(
  saved: readonly ReplyTemplate[],
  imported: readonly ReplyTemplate[],
): { templates: ReplyTemplate[]; added: number; replaced: number } {
  const byId = new Map(imported.map((t) => [t.id, t]));
  let replaced = 0;
  const templates = saved.map((t) => {
    const next = byId.get(t.id);
    if (!next) return t;
    byId.delete(t.id);
    replaced++;
    return next;
  });
  return { templates: [...templates, ...byId.values()], added: byId.size, replaced };
}
