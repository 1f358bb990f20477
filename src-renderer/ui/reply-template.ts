// Filling a saved reply from a note. Each placeholder has a Korean and an English name, so a template reads
// naturally in the language it is written in; an unknown {word} is left as written.
//
// A placeholder whose value the note does not have (a note asked before ordering has no order number) is left
// as written too, and reported: filled with nothing, "주문번호 {주문번호} 상품은" would read "주문번호  상품은",
// a sentence a seller can send without noticing, while "{주문번호}" cannot be missed in the preview or the
// marketplace's reply box.
import type { InboxNote } from '../../src-shared/note-fields';

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

// Which saved reply a note gets. The reply is written in the note's language, whatever the UI's: a Korean
// buyer's note gets a Korean template in the English UI. Among those, the templates naming the note's inquiry
// type come first, then the ones naming none (they fit every type), then the rest; the seller's last choice for
// that type and language wins over the order.

const HANGUL = /[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]/gu;
const LATIN = /[A-Za-z]/g;

/**
 * The language a note is written in, from its title and content: Korean when it has Hangul enough for the Latin
 * letters beside it (a syllable says about what three letters do), English when it has Latin letters, else
 * undefined. The item's name is left out first: an English question about a Korean-named item is English.
 */
export function noteLanguage(
  note: Pick<InboxNote, 'title' | 'content' | 'itemName'>,
): 'ko' | 'en' | undefined {
  let text = `${note.title}\n${note.content}`;
  const item = note.itemName.trim();
  if (item) text = text.split(item).join(' ');
  const hangul = text.match(HANGUL)?.length ?? 0;
  const latin = text.match(LATIN)?.length ?? 0;
  if (hangul > 0 && hangul * 3 >= latin) return 'ko';
  return latin > 0 ? 'en' : hangul > 0 ? 'ko' : undefined;
}

interface Choosable {
  id: string;
  lang: 'ko' | 'en';
  types?: readonly string[] | undefined;
}

/** How well a template fits: its language first, then its types (naming the type, naming none, naming others). */
function fit(t: Choosable, type: string, lang: 'ko' | 'en'): number {
  const types = t.types ?? [];
  const byType = types.includes(type) ? 2 : types.length === 0 ? 1 : 0;
  return (t.lang === lang ? 3 : 0) + byType;
}

/** The templates in the order a note of `type` in `lang` is offered them: the best fit first, ties as saved. */
export function rankTemplates<T extends Choosable>(
  templates: readonly T[],
  type: string,
  lang: 'ko' | 'en',
): T[] {
  return templates
    .map((t, i) => ({ t, i, f: fit(t, type, lang) }))
    .sort((a, b) => b.f - a.f || a.i - b.i)
    .map((x) => x.t);
}

/** The key the last choice for such a note is kept under. */
export const choiceKey = <K extends string>(type: K, lang: 'ko' | 'en'): `${K}.${'ko' | 'en'}` =>
  `${type}.${lang}`;

/** The template a note gets: the one last chosen for its kind, if it still exists, else the best fit. */
export function pickTemplate<T extends Choosable>(
  ranked: readonly T[],
  lastChosen: string | undefined,
): T | undefined {
  return ranked.find((t) => t.id === lastChosen) ?? ranked[0];
}
