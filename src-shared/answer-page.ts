// A profile's "answer page": the marketplace page where a seller writes the answer to a note, as an address
// template. The app cannot send answers (the API has no reply operation); it opens that page instead, through the
// host's validated openExternal. Values are URL-encoded; only http(s) addresses without credentials are valid.

export const ANSWER_PAGE_PLACEHOLDERS = ['SeqNo', 'OrderNo', 'ItemNo', 'SellerID'] as const;
export type AnswerPagePlaceholder = (typeof ANSWER_PAGE_PLACEHOLDERS)[number];
export type AnswerPageValues = Record<AnswerPagePlaceholder, string>;

const PLACEHOLDER = /\{([A-Za-z]+)\}/g;
const KNOWN = new Set<string>(ANSWER_PAGE_PLACEHOLDERS);

function httpHref(raw: string): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  if (url.username || url.password || !url.hostname) return undefined;
  return url.href;
}

/** The address for one note, or undefined when the template is not a valid answer-page template. */
export function answerPageUrl(template: string, values: AnswerPageValues): string | undefined {
  if (!isAnswerPageTemplate(template)) return undefined;
  return httpHref(
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
  if (t === '' || t.length > 2048) return false;
  for (const m of t.matchAll(PLACEHOLDER)) if (!KNOWN.has(m[1]!)) return false;
  const sample = t.replace(PLACEHOLDER, '0');
  const href = httpHref(sample);
  if (!href) return false;
  // The host must be the template's own, whatever a value holds.
  const before = new URL(href);
  const other = httpHref(t.replace(PLACEHOLDER, '9'));
  return other !== undefined && new URL(other).host === before.host;
}
