// Failures several hint panels share are told once: under throttling or with the suggest service unreachable,
// eight panels repeating one message would bury it.
import type { Lang, Translate } from '../../../i18n/translator';
import { describeError } from '../../../ui/describe-error';
import type { ErrorParts } from '../../../ui/describe-error';

/**
 * Failures that several panels share (throttling, an unreachable service) grouped by what they are, so the
 * seller reads each once above the panels; a failure only one panel has stays in that panel.
 */
export function sharedFailureGroups<Op extends string>(
  results: readonly { op: Op; error: unknown }[],
  t: Translate,
  lang: Lang,
): { parts: ErrorParts; ops: Op[] }[] {
  const byIdentity = new Map<string, { parts: ErrorParts; ops: Op[] }>();
  for (const { op, error } of results) {
    if (error == null) continue;
    const parts = describeError(error, t, lang);
    const group = byIdentity.get(parts.identity);
    if (group) group.ops.push(op);
    else byIdentity.set(parts.identity, { parts, ops: [op] });
  }
  return [...byIdentity.values()].filter((g) => g.ops.length > 1);
}
