// The settings form marks a mistake where it is made, with the rules the host enforces when it saves: for every
// sample the form's marks equal the host's refusals mapped back onto the form's fields.
import { describe, expect, it } from 'vitest';
import type { Profile } from '../../../src-main/contract';
import { fieldIssues } from '../../../src-main/storage/field-issues';
import { defaultSettings, settingsPatchSchema } from '../../../src-main/storage/settings-schema';
import {
  checkField,
  checkProfile,
  draftFor,
  marksFromIssues,
  profileOf,
} from '../../../src-renderer/features/settings/model/profile-form';
import { translatorFor } from '../../../src-renderer/app/message-registry';

const good: Profile = {
  id: 'live-1',
  name: '내 상점',
  kind: 'live',
  apiBaseUrl: 'https://api.example-market.co.kr',
  suggestBaseUrl: 'https://suggest.example-market.co.kr',
  nsRoot: 'http://api.example-market.co.kr',
  schemaRoot: 'http://schema.example-market.co.kr',
  suggestNamespace: 'ns',
  soapVersion: '1.1',
  pageIndexBase: 1,
  timeoutMs: 30_000,
  sellerIds: ['gangnam_style'],
};

const samples: [string, Partial<Profile>][] = [
  ['a valid profile', {}],
  ['three mistakes at once', { name: '  ', apiBaseUrl: 'ftp://x', nsRoot: '<<>>' }],
  ['empty addresses', { apiBaseUrl: '', suggestBaseUrl: '', schemaRoot: '' }],
  ['a relative namespace root', { schemaRoot: 'schema.example.com' }],
  ['a prefix that is not one', { suggestNamespace: '9ns' }],
  ['a timeout too short', { timeoutMs: 200 }],
  ['a timeout too long', { timeoutMs: 900_000 }],
  ['a fractional timeout', { timeoutMs: 1500.5 }],
  ['a name too long', { name: '가'.repeat(81) }],
  ['a seller ID too long', { sellerIds: ['x'.repeat(65)] }],
  ['too many seller IDs', { sellerIds: Array.from({ length: 51 }, (_, i) => `s${i}`) }],
  ['a seller ID with a space', { sellerIds: ['gangnam_style', 'seoul mart'] }],
  ['a seller ID with markup', { sellerIds: ['<b>shop</b>'] }],
];

describe('the live profile form', () => {
  it.each(samples)('marks %s as the host would refuse it', (_name, change) => {
    const profile = { ...good, ...change };
    const host = settingsPatchSchema.safeParse({ profiles: [profile] });
    const hostMarks = host.success ? {} : marksFromIssues(fieldIssues(host.error), 0).marks;
    expect(checkProfile(profile)).toEqual(hostMarks);
  });

  it('marks three invalid fields at once, each in the seller’s language', () => {
    const marks = checkProfile({ ...good, name: '', apiBaseUrl: 'ftp://x', nsRoot: '<<>>' });
    expect(Object.keys(marks).sort()).toEqual(['apiBaseUrl', 'name', 'nsRoot']);
    const ko = translatorFor('ko');
    expect(ko(`settings.invalid.${marks.nsRoot!.rule}`)).toBe(
      '절대 URI를 입력하세요. 예: http://schema.example-market.co.kr',
    );
    expect(ko('settings.invalid.too-small', { limit: 1000 })).toBe('1,000 이상으로 입력하세요.');
  });

  it('keeps refusals about other profiles for the summary', () => {
    const { marks, otherIssues } = marksFromIssues(
      [
        { path: ['profiles', 1, 'nsRoot'], rule: 'absolute-uri' },
        { path: ['profiles', 0, 'schemaRoot'], rule: 'required' },
        { path: ['activeProfileId'], rule: 'unknown-profile' },
      ],
      1,
    );
    expect(marks).toEqual({ nsRoot: { rule: 'absolute-uri' } });
    expect(otherIssues.map((i) => i.path.join('.'))).toEqual(['profiles.0.schemaRoot', 'activeProfileId']);
  });

  it('starts a new profile with a free id and reads seller IDs from the typed text', () => {
    const draft = draftFor(undefined, ['sandbox', 'live-1', 'live-2']);
    expect(draft.profile.id).toBe('live-3');
    expect(draft.isNew).toBe(true);
    expect(profileOf({ ...draft, sellerIdsText: ' a, b,c ,,' }).sellerIds).toEqual(['a', 'b', 'c']);
  });

  it('takes a space as part of a seller ID and refuses it there, saying the rule', () => {
    const draft = draftFor(good, ['sandbox', 'live-1']);
    const typed = profileOf({ ...draft, sellerIdsText: 'gangnam_style, seoul mart' });
    // Not split into two IDs the marketplace never heard of ('seoul', 'mart').
    expect(typed.sellerIds).toEqual(['gangnam_style', 'seoul mart']);
    const marks = checkProfile(typed);
    expect(marks).toEqual({ sellerIds: { rule: 'seller-id' } });
    expect(translatorFor('ko')(`settings.invalid.${marks.sellerIds!.rule}`)).toBe(
      '판매자 ID에는 공백과 < > " \' & 문자를 쓸 수 없습니다. 여러 ID는 쉼표로 구분하세요. 예: gangnam_style, seoul_mart',
    );
    expect(translatorFor('en')(`settings.invalid.${marks.sellerIds!.rule}`)).toBe(
      'A seller ID has no spaces and none of < > " \' &; separate several IDs with commas, e.g. gangnam_style, seoul_mart',
    );
  });
});

describe('a profile’s team database', () => {
  const live = draftFor(undefined, []).profile;
  it('takes a postgres URL with a user and no password, the same as the host does, and empty for none', () => {
    const cases: [string, boolean][] = [
      ['', true],
      ['postgres://anna@db.example:5432/shop?team=north', true],
      ['postgresql://anna@[::1]/shop', true],
      ['postgres://anna:secret@db.example/shop', false],
      ['postgres://db.example/shop', false],
      ['https://anna@db.example/shop', false],
    ];
    for (const [teamUrl, ok] of cases) {
      const p = { ...live, teamUrl };
      expect(checkField('teamUrl', p), teamUrl).toEqual(ok ? undefined : { rule: 'team-url' });
      const host = settingsPatchSchema.safeParse({
        profiles: [
          {
            ...p,
            name: 'x',
            apiBaseUrl: 'https://a.example',
            suggestBaseUrl: 'https://a.example',
            nsRoot: 'http://ns.example',
            schemaRoot: 'http://s.example',
          },
        ],
      });
      const issues = host.success ? [] : fieldIssues(host.error).filter((i) => i.path.at(-1) === 'teamUrl');
      expect(
        issues.map((i) => i.rule),
        teamUrl,
      ).toEqual(ok ? [] : ['team-url']);
    }
  });
});

describe('the sandbox profile’s team database', () => {
  const sandbox = defaultSettings().profiles.find((p) => p.kind === 'sandbox')!;
  it('is the one field checked (its endpoint is built in), with the host’s rule, so a newcomer can try team mode', () => {
    for (const [teamUrl, ok] of [
      ['postgres://anna@127.0.0.1:5432/shop?team=north', true],
      ['', true],
      ['postgres://anna:secret@127.0.0.1/shop', false],
    ] as const) {
      const p = { ...sandbox, teamUrl };
      const marks = checkProfile(profileOf(draftFor(p, [p.id])));
      expect(marks, teamUrl).toEqual(ok ? {} : { teamUrl: { rule: 'team-url' } });
      const host = settingsPatchSchema.safeParse({ profiles: [p] });
      expect(host.success ? {} : marksFromIssues(fieldIssues(host.error), 0).marks, teamUrl).toEqual(marks);
    }
  });
});
