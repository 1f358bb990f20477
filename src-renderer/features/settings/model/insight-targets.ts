// The insights targets form as data: the percents as typed, their checks (the host's rules: whole percents of 50 to
// 100, the 48-hour target no lower than the 24-hour one) and the host's refusals mapped back onto the fields.
import type { FieldIssue, InsightsTargets } from '../../../../src-main/contract';
import type { FieldMark } from './profile-form';

export const TARGET_FIELDS = ['within24h', 'within48h'] as const;
export type TargetField = (typeof TARGET_FIELDS)[number];
export type TargetMarks = Partial<Record<TargetField, FieldMark>>;

export const TARGET_MIN_PERCENT = 50;

export interface TargetsDraft {
  within24h: string;
  within48h: string;
  businessDays: boolean;
}

/** The saved targets as the form shows them: percents. */
export function targetsDraft(targets: InsightsTargets): TargetsDraft {
  const percent = (share: number) => String(Math.round(share * 1e6) / 1e4);
  return {
    within24h: percent(targets.within24h),
    within48h: percent(targets.within48h),
    businessDays: targets.businessDays,
  };
}

function checkPercent(text: string): FieldMark | undefined {
  if (text.trim() === '') return { rule: 'required' };
  const n = Number(text);
  if (!Number.isFinite(n)) return { rule: 'number' };
  if (!Number.isInteger(n)) return { rule: 'whole-number' };
  if (n < TARGET_MIN_PERCENT) return { rule: 'too-small', limit: TARGET_MIN_PERCENT };
  return n > 100 ? { rule: 'too-large', limit: 100 } : undefined;
}

/** Every field's check; the 48-hour target is checked against the 24-hour one once both are percents. */
export function checkTargets(draft: TargetsDraft): TargetMarks {
  const marks: TargetMarks = {};
  for (const field of TARGET_FIELDS) {
    const mark = checkPercent(draft[field]);
    if (mark) marks[field] = mark;
  }
  if (!marks.within24h && !marks.within48h && Number(draft.within48h) < Number(draft.within24h)) {
    marks.within48h = { rule: 'too-small', limit: Number(draft.within24h) };
  }
  return marks;
}

/** The targets the draft would save (shares, 0..1); only for a draft without marks. */
export function targetsOf(draft: TargetsDraft): InsightsTargets {
  return {
    within24h: Number(draft.within24h) / 100,
    within48h: Number(draft.within48h) / 100,
    businessDays: draft.businessDays,
  };
}

/** The host's refusals about profile `index`'s targets, as marks; whether any other refusal came with them. */
export function targetMarksFromIssues(
  issues: readonly FieldIssue[],
  index: number,
): { marks: TargetMarks; other: FieldIssue[] } {
  const marks: TargetMarks = {};
  const other: FieldIssue[] = [];
  for (const issue of issues) {
    const [root, at, group, field] = issue.path;
    if (
      root === 'profiles' &&
      at === index &&
      group === 'insightTargets' &&
      TARGET_FIELDS.includes(field as TargetField)
    ) {
      marks[field as TargetField] ??=
        issue.limit === undefined ? { rule: issue.rule } : { rule: issue.rule, limit: issue.limit };
    } else {
      other.push(issue);
    }
  }
  return { marks, other };
}

/** A profile's targets until the seller sets its own: the contract's DEFAULT_INSIGHTS_TARGETS (a unit test keeps them equal). */
export const DEFAULT_TARGETS: InsightsTargets = { within24h: 0.9, within48h: 0.95, businessDays: false };
