// One rule for a seller ID wherever one is typed: the lookbook's seller field (the host's request check), a
// connection profile's seller IDs (the form, and the host's settings schema when it saves).
import { describe, expect, it } from 'vitest';
import { lookbookRequestSchemas } from '../../../src-main/host/handlers/lookbook';
import {
  defaultSettings,
  settingsPatchSchema,
  settingsSchema,
} from '../../../src-main/storage/settings-schema';
import { fieldIssues } from '../../../src-main/storage/field-issues';
import { isSellerId } from '../../../src-shared/seller-id';
import { checkField } from '../../../src-renderer/features/settings/model/profile-form';

const lookbookTakes = (sellerId: string) =>
  lookbookRequestSchemas['lookbook.get'].safeParse({ sellerId, page: 1, pageSize: 20 }).success;
const profile = defaultSettings().profiles[0]!;
const settingsTake = (sellerIds: string[]) =>
  settingsPatchSchema.safeParse({ profiles: [{ ...profile, sellerIds }] });

describe('a seller ID', () => {
  const good = ['gangnam_style', 'seoul-mart.01', '강남스타일', 'A1'];
  const bad = ['seoul mart', 'seoul\u00a0mart', 'tab\tid', '<b>', 'a&b', 'say"hi', "it's"];

  it('is one word without markup characters, in the lookbook, the profile form and the saved settings alike', () => {
    for (const id of good) {
      expect(isSellerId(id), id).toBe(true);
      expect(lookbookTakes(id), id).toBe(true);
      expect(checkField('sellerIds', { ...profile, sellerIds: [id] }), id).toBeUndefined();
      expect(settingsTake([id]).success, id).toBe(true);
    }
    for (const id of bad) {
      expect(isSellerId(id), id).toBe(false);
      expect(lookbookTakes(id), id).toBe(false);
      expect(checkField('sellerIds', { ...profile, sellerIds: ['gangnam_style', id] }), id).toEqual({
        rule: 'seller-id',
      });
      const saved = settingsTake(['gangnam_style', id]);
      expect(saved.success ? [] : fieldIssues(saved.error), id).toEqual([
        { path: ['profiles', 0, 'sellerIds', 1], rule: 'seller-id' },
      ]);
    }
  });

  it('saved before the rule, still loads (and is marked when the profile is next saved)', () => {
    const file = { ...defaultSettings(), profiles: [{ ...profile, sellerIds: ['seoul mart'] }] };
    expect(settingsSchema.safeParse(file).success).toBe(true);
  });
});
