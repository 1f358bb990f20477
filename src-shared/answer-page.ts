// A profile's "answer page": the marketplace page where a seller writes the answer to a note, as an address
// template. The app cannot send answers (the API has no reply operation); it opens that page instead, through the
// host's validated openExternal. Values are URL-encoded; only safe http(s) addresses
// (absolute-uri.ts: safeHttpUrl, no credentials) are valid.
import { MAX_HTTP_URL_LENGTH, safeHttpUrl } from './absolute-uri';

const ANSWER_PAGE_PLACEHOLDERS = ['SeqNo', 'OrderNo', 'ItemNo', 'SellerID'] as const;
export type AnswerPagePlaceholder = (typeof ANSWER_PAGE_PLACEHOLDERS)[number];
export type AnswerPageValues = Record<AnswerPagePlaceholder, string>;

const PLACEHOLDER = /\{([A-Za-z]+)\}/g;
const KNOWN = new Set<string>(ANSWER_PAGE_PLACEHOLDERS);

/** The address for one note, or undefined when the template is not a valid answer-page template. */
export function answerPageUrl(template: string, values: AnswerPageValues): string | undefined {
  if (!isAnswerPageTemplate(template)) return undefined;
  return safeHttpUrl(
    template
      .trim()
      .replace(PLACEHOLDER, (_, name: string) => encodeURIComponent(values[name as AnswerPagePlaceholder])),
  );
}

/** The placeholders the template uses whose value is empty for this note (a note asked before ordering has no OrderNo). */
export function emptyAnswerPageValues(template: string, values: AnswerPageValues): AnswerPagePlaceholder[] {
  const used = new Set<AnswerPagePlaceholder>();
  for (const m of template.matchAll(PLACEHOLDER))
    if (KNOWN.has(m[1]!) && values[m[1] as AnswerPagePlaceholder].trim() === '')
      used.add(m[1] as AnswerPagePlaceholder);
  return [...used];
}

/** http(s), no credentials, only the known placeholders, and no placeholder in the scheme or the host. */
export function isAnswerPageTemplate(template: string): boolean {
  const t = template.trim();
  if (t === '' || t.length > MAX_HTTP_URL_LENGTH) return false;
  for (const m of t.matchAll(PLACEHOLDER)) if (!KNOWN.has(m[1]!)) return false;
  const sample = t.replace(PLACEHOLDER, '0');
  const href = safeHttpUrl(sample);
  if (!href) return false;
  // The host must be the template's own, whatever a value holds.
  const before = new URL(href);
  const other = safeHttpUrl(t.replace(PLACEHOLDER, '9'));
  return other !== undefined && new URL(other).host === before.host;
}
