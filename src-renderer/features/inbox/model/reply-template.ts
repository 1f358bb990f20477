// Filling a saved reply from a note. Each placeholder has a Korean and an English name, so a template reads
// naturally in the language it is written in; an unknown {word} is left as written.
//
// A placeholder whose value the note does not have (a note asked before ordering has no order number) is left
// as written too, and reported: filled with nothing, "주문번호 {주문번호} 상품은" would read "주문번호  상품은",
// a sentence a seller can send without noticing, while "{주문번호}" cannot be missed in the preview or the
// marketplace's reply box.
import type { InboxNote } from '../../../../src-shared/note-fields';

export type TemplateField = 'buyerId' | 'itemName' | 'itemNo' | 'orderNo' | 'sellerId';

export const PLACEHOLDERS: Readonly<Record<TemplateField, { ko: string; en: string }>> = {
  buyerId: { ko: '구매자', en: 'buyerId' },
  itemName: { ko: '상품명', en: 'itemName' },
  itemNo: { ko: '상품번호', en: 'itemNo' },
  orderNo: { ko: '주문번호', en: 'orderNo' },
  sellerId: { ko: '판매자', en: 'sellerId' },
};

const FIELD_OF = new Map<string, TemplateField>(
  Object.entries(PLACEHOLDERS).flatMap(([field, names]) => [
    [names.ko, field as TemplateField],
    [names.en.toLowerCase(), field as TemplateField],
  ]),
);

export interface FilledTemplate {
  text: string;
  /** The values the template names and the note lacks, once each, in the order they first appear, with the placeholder as written there. */
  missing: { field: TemplateField; placeholder: string }[];
}

export function fillTemplate(
  body: string,
  note: Pick<InboxNote, 'buyerId' | 'itemName' | 'itemNo' | 'orderNo' | 'sellerId'>,
): FilledTemplate {
  const missing: FilledTemplate['missing'] = [];
  const text = body.replace(/\{([^{}\s]{1,20})\}/g, (whole, name: string) => {
    const field = FIELD_OF.get(name) ?? FIELD_OF.get(name.toLowerCase());
    if (field === undefined) return whole;
    const value = note[field]?.trim();
    if (value) return note[field]!;
    if (!missing.some((m) => m.field === field)) missing.push({ field, placeholder: whole });
    return whole;
  });
  return { text, missing };
}
