// The live-profile form as data: the draft the seller is typing, the checks that mark a field where the mistake
// is made (the same rules the host enforces when it saves), and the host's refusals mapped back onto fields.
import type { FieldIssue, FieldRule, Profile } from '../../../../src-main/contract';
import { isAbsoluteUri, isHttpUrl } from '../../../../src-shared/absolute-uri';
import { isAnswerPageTemplate } from '../../../../src-shared/answer-page';
import { isSellerId } from '../../../../src-shared/seller-id';

export const PROFILE_FIELDS = [
  'name',
  'apiBaseUrl',
  'suggestBaseUrl',
  'nsRoot',
  'schemaRoot',
  'suggestNamespace',
  'soapVersion',
  'pageIndexBase',
  'timeoutMs',
  'noteQueryDays',
  'sellerIds',
  'answerPageUrl',
  'teamUrl',
] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

export interface FieldMark {
  rule: FieldRule;
  limit?: number;
}
export type FieldMarks = Partial<Record<ProfileField, FieldMark>>;

export interface ProfileDraft {
  /** The values as typed; `sellerIds` is kept as text until saved. */
  profile: Profile;
  sellerIdsText: string;
  isNew: boolean;
  marks: FieldMarks;
  /** Refusals the form has no field for (another profile's, the whole list's), shown in the summary. */
  otherIssues: FieldIssue[];
  /** Whether saving was tried: the summary of what blocks it is shown from then on, not while typing. */
  tried: boolean;
}

function blankLiveProfile(existingIds: readonly string[]): Profile {
  let n = existingIds.length;
  while (existingIds.includes(`live-${n}`)) n++;
  return {
    id: `live-${n}`,
    name: '',
    kind: 'live',
    apiBaseUrl: '',
    suggestBaseUrl: '',
    nsRoot: '',
    schemaRoot: '',
    suggestNamespace: 'ns',
    soapVersion: '1.1',
    pageIndexBase: 1,
    timeoutMs: 30_000,
    sellerIds: [],
    noteQueryDays: 0,
  };
}

export function draftFor(profile: Profile | undefined, existingIds: readonly string[]): ProfileDraft {
  const p = profile ?? blankLiveProfile(existingIds);
  return {
    profile: p,
    sellerIdsText: p.sellerIds.join(', '),
    isNew: profile === undefined,
    marks: {},
    otherIssues: [],
    tried: false,
  };
}

/** The IDs typed, separated by commas: a space is part of an ID (and refused there), never a separator. */
function sellerIdsOf(text: string): string[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The profile the draft would save. */
export function profileOf(draft: ProfileDraft): Profile {
  return { ...draft.profile, sellerIds: sellerIdsOf(draft.sellerIdsText) };
}

/** A team database's address as a profile keeps it (the host reads it as `desk --team` does): no password. */
function isTeamUrl(text: string): boolean {
  try {
    const u = new URL(text);
    return (
      (u.protocol === 'postgres:' || u.protocol === 'postgresql:') && u.username !== '' && u.password === ''
    );
  } catch {
    return false;
  }
}

/** One field's check, the host's rule for it. */
export function checkField(field: ProfileField, p: Profile): FieldMark | undefined {
  switch (field) {
    case 'name':
      if (p.name.trim() === '') return { rule: 'required' };
      return p.name.trim().length > 80 ? { rule: 'too-long', limit: 80 } : undefined;
    case 'apiBaseUrl':
    case 'suggestBaseUrl':
      if (p[field].trim() === '') return { rule: 'required' };
      return isHttpUrl(p[field]) ? undefined : { rule: 'http-url' };
    case 'nsRoot':
    case 'schemaRoot':
      if (p[field].trim() === '') return { rule: 'required' };
      if (p[field].length > 512) return { rule: 'too-long', limit: 512 };
      return isAbsoluteUri(p[field]) ? undefined : { rule: 'absolute-uri' };
    case 'suggestNamespace':
      return /^[A-Za-z_][A-Za-z0-9_.-]{0,31}$/.test(p.suggestNamespace) ? undefined : { rule: 'xml-prefix' };
    case 'timeoutMs':
      if (!Number.isFinite(p.timeoutMs)) return { rule: 'number' };
      if (!Number.isInteger(p.timeoutMs)) return { rule: 'whole-number' };
      if (p.timeoutMs < 1000) return { rule: 'too-small', limit: 1000 };
      return p.timeoutMs > 300_000 ? { rule: 'too-large', limit: 300_000 } : undefined;
    case 'noteQueryDays': {
      const days = p.noteQueryDays ?? 0;
      if (!Number.isFinite(days)) return { rule: 'number' };
      if (!Number.isInteger(days)) return { rule: 'whole-number' };
      if (days < 0) return { rule: 'too-small', limit: 0 };
      return days > 400 ? { rule: 'too-large', limit: 400 } : undefined;
    }
    case 'answerPageUrl': {
      const t = p.answerPageUrl?.trim() ?? '';
      return t === '' || isAnswerPageTemplate(t) ? undefined : { rule: 'answer-page' };
    }
    case 'teamUrl': {
      const t = p.teamUrl?.trim() ?? '';
      return t === '' || isTeamUrl(t) ? undefined : { rule: 'team-url' };
    }
    case 'sellerIds':
      if (p.sellerIds.length > 50) return { rule: 'too-many', limit: 50 };
      if (p.sellerIds.some((id) => id.length > 64)) return { rule: 'too-long', limit: 64 };
      return p.sellerIds.every(isSellerId) ? undefined : { rule: 'seller-id' };
    default:
      return undefined;
  }
}

/**
 * The fields the seller edits for a profile: every one for a live profile; the team database alone for the built-in
 * sandbox (its endpoint is fixed), so a newcomer can try team mode on the sandbox.
 */
function editableFields(p: Profile): readonly ProfileField[] {
  return p.kind === 'sandbox' ? ['teamUrl'] : PROFILE_FIELDS;
}

/** Every editable field's check at once. */
export function checkProfile(p: Profile): FieldMarks {
  const marks: FieldMarks = {};
  for (const field of editableFields(p)) {
    const mark = checkField(field, p);
    if (mark) marks[field] = mark;
  }
  return marks;
}

/** The host's refusals of a `profiles` patch: those about profile `index` become marks, the rest stay listed. */
export function marksFromIssues(
  issues: readonly FieldIssue[],
  index: number,
): { marks: FieldMarks; otherIssues: FieldIssue[] } {
  const marks: FieldMarks = {};
  const otherIssues: FieldIssue[] = [];
  for (const issue of issues) {
    const [root, at, field] = issue.path;
    if (root === 'profiles' && at === index && PROFILE_FIELDS.includes(field as ProfileField)) {
      marks[field as ProfileField] ??=
        issue.limit === undefined ? { rule: issue.rule } : { rule: issue.rule, limit: issue.limit };
    } else {
      otherIssues.push(issue);
    }
  }
  return { marks, otherIssues };
}
