// The publishing audit over the whole lookbook: every item page read through 'lookbook.getAll', every image of it
// probed once, every HTML element sanitized, and the failures the preview on screen reports merged in.
import { useCallback, useMemo, useState } from 'react';
import type { WholeLookbook } from '../../../src-main/contract';
import { auditLookbook } from './model/audit-rules';
import type { AuditFinding } from './model/audit-rules';
import { fieldImage, imagePolicyFor } from './model/link-url';
import { sanitizeLookbookHtml } from './model/sanitize-html';
import { useImageProbe } from './use-image-probe';
import type { ImageTarget } from './use-image-probe';

export interface WholeAudit {
  findings: AuditFinding[];
  /** Images probed of those to probe (0 of 0 before the lookbook is read). */
  imagesDone: number;
  imagesTotal: number;
  /** For <img onError> on screen: the same failure the probe would find, without waiting for it. */
  reportFailedImage: (targetKey: string, url: string) => void;
  isFailed: (targetKey: string, url: string) => boolean;
}

function imageTargets(lookbook: WholeLookbook | undefined): ImageTarget[] {
  if (!lookbook) return [];
  const policy = imagePolicyFor(lookbook);
  const out: ImageTarget[] = [];
  const add = (targetKey: string, raw: string | undefined) => {
    const url = fieldImage(raw, policy);
    // data: images cannot fail to load later; refused addresses are findings of their own.
    if (url !== undefined && !url.startsWith('data:')) out.push({ targetKey, url });
  };
  for (const el of lookbook.elements) if (el.kind === 'image') add(el.key, el.imagePath);
  for (const item of lookbook.items) for (const raw of item.images) add(item.key, raw);
  return out;
}

export function useWholeAudit(lookbook: WholeLookbook | undefined, textLimitBytes: number): WholeAudit {
  const targets = useMemo(() => imageTargets(lookbook), [lookbook]);
  // A new read of the lookbook (another seller, or 불러오기) is a new object: its images are probed again.
  const probe = useImageProbe(lookbook, targets);

  const [seen, setSeen] = useState<{ of?: WholeLookbook; failed: ImageTarget[] }>({ failed: [] });
  const reportFailedImage = useCallback(
    (targetKey: string, url: string) =>
      setSeen((old) => {
        const failed = old.of === lookbook ? old.failed : [];
        if (failed.some((f) => f.targetKey === targetKey && f.url === url)) return old;
        return { of: lookbook, failed: [...failed, { targetKey, url }] };
      }),
    [lookbook],
  );
  const failed = useMemo(() => {
    const onScreen = seen.of === lookbook ? seen.failed : [];
    const out = [...probe.failed];
    for (const f of onScreen) {
      if (!out.some((o) => o.targetKey === f.targetKey && o.url === f.url)) out.push(f);
    }
    return out;
  }, [probe.failed, seen, lookbook]);
  const isFailed = useCallback(
    (targetKey: string, url: string) => failed.some((f) => f.targetKey === targetKey && f.url === url),
    [failed],
  );

  const sanitizerRemoved = useMemo(() => {
    const out = new Map<string, readonly string[]>();
    if (!lookbook) return out;
    const policy = imagePolicyFor(lookbook);
    for (const el of lookbook.elements) {
      if (el.kind === 'html')
        out.set(el.key, sanitizeLookbookHtml(el.html ?? '', lookbook.assetBaseUrl, policy).removed);
    }
    return out;
  }, [lookbook]);

  const findings = useMemo(
    () =>
      lookbook ? auditLookbook({ lookbook, sanitizerRemoved, failedImages: failed, textLimitBytes }) : [],
    [lookbook, sanitizerRemoved, failed, textLimitBytes],
  );
  return {
    findings,
    imagesDone: probe.done,
    imagesTotal: probe.total,
    reportFailedImage,
    isFailed,
  };
}
