import { describe, expect, it } from 'vitest';
import { DEFAULT_INSIGHTS_TARGETS } from '../../../src-main/contract';
import {
  checkTargets,
  DEFAULT_TARGETS,
  targetMarksFromIssues,
  targetsDraft,
  targetsOf,
} from '../../../src-renderer/features/settings/model/insight-targets';

const draft = (within24h: string, within48h: string) => ({ within24h, within48h, businessDays: false });

describe('the insights targets form', () => {
  it('shows the defaults the host uses, as percents', () => {
    expect(DEFAULT_TARGETS).toEqual(DEFAULT_INSIGHTS_TARGETS);
    expect(targetsDraft(DEFAULT_TARGETS)).toEqual(draft('90', '95'));
  });

  it('marks what the host refuses: empty, not whole, out of 50..100, 48 hours below 24', () => {
    expect(checkTargets(draft('', '95'))).toEqual({ within24h: { rule: 'required' } });
    expect(checkTargets(draft('85.5', '95'))).toEqual({ within24h: { rule: 'whole-number' } });
    expect(checkTargets(draft('49', '101'))).toEqual({
      within24h: { rule: 'too-small', limit: 50 },
      within48h: { rule: 'too-large', limit: 100 },
    });
    expect(checkTargets(draft('90', '89'))).toEqual({ within48h: { rule: 'too-small', limit: 90 } });
    expect(checkTargets(draft('50', '100'))).toEqual({});
    expect(checkTargets(draft('90', '90'))).toEqual({});
  });

  it('saves shares and maps the host refusals about them back onto the fields', () => {
    expect(targetsOf({ ...draft('85', '92'), businessDays: true })).toEqual({
      within24h: 0.85,
      within48h: 0.92,
      businessDays: true,
    });
    const { marks, other } = targetMarksFromIssues(
      [
        { path: ['profiles', 1, 'insightTargets', 'within48h'], rule: 'too-small', limit: 90 },
        { path: ['profiles', 0, 'insightTargets', 'within24h'], rule: 'too-small', limit: 50 },
      ],
      1,
    );
    expect(marks).toEqual({ within48h: { rule: 'too-small', limit: 90 } });
    expect(other).toHaveLength(1);
  });
});
