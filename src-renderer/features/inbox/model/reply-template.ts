// Filling a saved reply from a note. Each placeholder has a Korean and an English name, so a template reads
// naturally in the language it is written in; an unknown {word} is left as written.
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

export function fillTemplate(
  body: string,
  note: Pick<InboxNote, 'buyerId' | 'itemName' | 'itemNo' | 'orderNo' | 'sellerId'>,
): string {
  return body.replace(/\{([^{}\s]{1,20})\}/g, (whole, name: string) => {
    const field = FIELD_OF.get(name) ?? FIELD_OF.get(name.toLowerCase());
    return field === undefined ? whole : (note[field] ?? '');
  });
}
