import type { AuditSeverity, Lookbook, LookbookElement } from '../../../../src-main/contract';
import { checkLanding, isMixedContentImage } from './link-url';
import { parseNumeric } from './numeric-field';

/** Default limit for text elements, in EUC-KR bytes (the marketplace stores lookbook text in EUC-KR/CP949). */
export const DEFAULT_TEXT_LIMIT_BYTES = 2000;

export const AUDIT_KINDS = [
  'image-failed',
  'image-http',
  'image-missing',
  'landing-empty',
  'landing-malformed',
  'seq-duplicate',
  'page-missing',
  'page-gap',
  'html-sanitized',
  'coupon-not-lower',
  'item-no-images',
  'item-no-colors',
  'text-too-long',
  'element-type-unknown',
  'price-not-numeric',
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

const SEVERITY: Readonly<Record<AuditKind, AuditSeverity>> = {
  'image-failed': 'error',
  'image-http': 'warning',
  'image-missing': 'error',
  'landing-empty': 'warning',
  'landing-malformed': 'error',
  'seq-duplicate': 'error',
  'page-missing': 'error',
  'page-gap': 'warning',
  'html-sanitized': 'warning',
  'coupon-not-lower': 'error',
  'item-no-images': 'error',
  'item-no-colors': 'warning',
  'text-too-long': 'error',
  'element-type-unknown': 'info',
  'price-not-numeric': 'info',
};

export interface AuditFinding {
  id: string;
  kind: AuditKind;
  severity: AuditSeverity;
  /** The element or item key the finding points at (scroll target). */
  targetKey: string;
  /** Values for the finding's message. */
  vars: Record<string, string | number>;
  /** Won amounts for the message, as sent: the UI formats them in its language (see finding-text.ts). */
  won?: Record<string, string>;
  /** Raw evidence: the URL, what the sanitizer removed… shown on demand and exported. */
  detail?: string;
}

export interface AuditInput {
  /** A page or the whole lookbook: the audit reads only the elements and the items. */
  lookbook: Pick<Lookbook, 'elements' | 'items'>;
  /** What the sanitizer removed from each HTML element, by element key (empty when unchanged). */
  sanitizerRemoved: ReadonlyMap<string, readonly string[]>;
  /** Images the renderer failed to load, reported by <img onError>. */
  failedImages: readonly { targetKey: string; url: string }[];
  textLimitBytes: number;
}

const ORDER: Record<AuditSeverity, number> = { error: 0, warning: 1, info: 2 };

export function auditLookbook(input: AuditInput): AuditFinding[] {
  const { lookbook } = input;
  const out: AuditFinding[] = [];
  const add = (
    kind: AuditKind,
    targetKey: string,
    vars: AuditFinding['vars'] = {},
    detail?: string,
    won?: AuditFinding['won'],
  ) =>
    out.push({
      id: `${kind}:${targetKey}:${out.length}`,
      kind,
      severity: SEVERITY[kind],
      targetKey,
      vars,
      detail,
      ...(won ? { won } : {}),
    });

  for (const f of input.failedImages) add('image-failed', f.targetKey, {}, f.url);

  const seqOwners = new Map<number, LookbookElement[]>();
  for (const el of lookbook.elements) {
    if (el.pageNo === undefined) add('page-missing', el.key);
    if (el.seqNo !== undefined) seqOwners.set(el.seqNo, [...(seqOwners.get(el.seqNo) ?? []), el]);
    switch (el.kind) {
      case 'image': {
        if (el.imagePath === undefined || el.imagePath.trim() === '') add('image-missing', el.key);
        else if (isMixedContentImage(el.imagePath)) add('image-http', el.key, {}, el.imagePath);
        const landing = checkLanding(el.landingUrl);
        if (landing.state === 'empty') add('landing-empty', el.key);
        if (landing.state === 'malformed') add('landing-malformed', el.key, {}, landing.raw);
        break;
      }
      case 'html': {
        const removed = input.sanitizerRemoved.get(el.key) ?? [];
        if (removed.length > 0) add('html-sanitized', el.key, { count: removed.length }, removed.join('\n'));
        break;
      }
      case 'text': {
        const bytes = el.contentsEucKrBytes ?? 0;
        if (bytes > input.textLimitBytes)
          add('text-too-long', el.key, {
            bytes,
            limit: input.textLimitBytes,
            over: bytes - input.textLimitBytes,
          });
        break;
      }
      case 'unknown':
        add('element-type-unknown', el.key, { type: el.elementType ?? '—' });
        break;
    }
  }
  for (const [seqNo, owners] of seqOwners) {
    if (owners.length > 1)
      for (const el of owners) add('seq-duplicate', el.key, { seqNo, count: owners.length });
  }

  const pages = [...new Set(lookbook.elements.map((e) => e.pageNo).filter((p) => p !== undefined))].sort(
    (a, b) => a - b,
  );
  // Pages count from 1; every number up to the highest page should be used.
  let expected = 1;
  for (const p of pages) {
    if (p > expected) {
      const first = lookbook.elements.find((e) => e.pageNo === p);
      add('page-gap', first?.key ?? '', { from: expected, to: p - 1 });
    }
    expected = Math.max(expected, p + 1);
  }

  for (const it of lookbook.items) {
    const price = parseNumeric(it.price);
    const coupon = parseNumeric(it.couponDiscountPrice);
    if (it.price !== undefined && price === undefined) add('price-not-numeric', it.key, {}, it.price);
    if (price !== undefined && coupon !== undefined && coupon >= price) {
      add('coupon-not-lower', it.key, {}, undefined, {
        coupon: it.couponDiscountPrice!,
        price: it.price!,
      });
    }
    if (it.images.length === 0) add('item-no-images', it.key);
    for (const url of it.images) if (isMixedContentImage(url)) add('image-http', it.key, {}, url);
    if (it.colors.length === 0) add('item-no-colors', it.key);
    if (it.landingUrl !== undefined) {
      const landing = checkLanding(it.landingUrl);
      if (landing.state === 'empty') add('landing-empty', it.key);
      if (landing.state === 'malformed') add('landing-malformed', it.key, {}, landing.raw);
    }
  }

  return out
    .map((f, i) => ({ f, i }))
    .sort((a, b) => ORDER[a.f.severity] - ORDER[b.f.severity] || a.i - b.i)
    .map(({ f }) => f);
}
