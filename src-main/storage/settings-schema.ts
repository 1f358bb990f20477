import { z } from 'zod';
import { isAnswerPageTemplate } from '../../src-shared/answer-page';
import { replyTemplateChoicesSchema, replyTemplatesSchema, starterTemplates } from './reply-templates';
import { isAbsoluteUri, isHttpUrl } from '../../src-shared/absolute-uri';
import { isSellerId } from '../../src-shared/seller-id';
import { SETTINGS_VERSION } from '../contract';
import { ruleParams } from './field-issues';
import type { FieldRule, JsonObject, Profile, Settings, SettingsPatch } from '../contract';

export const isTimeZone = (tz: string): boolean => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

// Names every JavaScript object answers to: as a profile id they would read a prototype's property from any
// plain map (storage uses null-prototype maps, and refusing them keeps every other map safe too).
const RESERVED_IDS = new Set([...Object.getOwnPropertyNames(Object.prototype), 'prototype']);

export const profileIdSchema = z
  .string()
  .refine((id) => /^[A-Za-z0-9_-]{1,64}$/.test(id), {
    message: 'letters, digits, - and _ only (at most 64)',
    ...ruleParams('profile-id'),
  })
  .refine((id) => !RESERVED_IDS.has(id), {
    message: 'a name JavaScript reserves (such as constructor or __proto__)',
    ...ruleParams('profile-id'),
  });

const profileShape = z.object({
  id: profileIdSchema,
  name: z.string().trim().min(1).max(80),
  kind: z.enum(['sandbox', 'live']),
  apiBaseUrl: z.string().max(2048).default(''),
  suggestBaseUrl: z.string().max(2048).default(''),
  nsRoot: z.string().max(512).default(''),
  schemaRoot: z.string().max(512).default(''),
  suggestNamespace: z
    .string()
    .refine((ns) => /^[A-Za-z_][A-Za-z0-9_.-]{0,31}$/.test(ns), {
      message: 'an XML prefix',
      ...ruleParams('xml-prefix'),
    })
    .default('ns'),
  soapVersion: z.enum(['1.1', '1.2']).default('1.1'),
  pageIndexBase: z.union([z.literal(0), z.literal(1)]).default(1),
  timeoutMs: z.number().int().min(1000).max(300_000).default(30_000),
  sellerIds: z.array(z.string().trim().min(1).max(64)).max(50).default([]),
  noteQueryDays: z.number().int().min(0).max(400).optional(),
  answerPageUrl: z
    .string()
    .max(2048)
    .refine((t) => t.trim() === '' || isAnswerPageTemplate(t), {
      message:
        'an http(s) address with its scheme and host written out, no user name or password, and only {SeqNo}, {OrderNo}, {ItemNo} and {SellerID} in its path, query or fragment',
      ...ruleParams('answer-page'),
    })
    .optional(),
  // Team mode's database; its password is the vault's, never here (host/handlers/settings.ts parses the rest).
  teamUrl: z
    .string()
    .max(2048)
    .refine((t) => t.trim() === '' || isTeamUrlShape(t), {
      message: 'a postgres:// or postgresql:// URL with a user and no password',
      ...ruleParams('team-url'),
    })
    .optional(),
  insightTargets: z
    .strictObject({
      within24h: z.number().min(0).max(1),
      within48h: z.number().min(0).max(1),
      businessDays: z.boolean(),
    })
    .optional(),
});

/** A team database URL as a profile keeps it: postgres(ql)://, a user, no password. */
function isTeamUrlShape(raw: string): boolean {
  try {
    const u = new URL(raw.trim());
    return (
      (u.protocol === 'postgres:' || u.protocol === 'postgresql:') && u.username !== '' && u.password === ''
    );
  } catch {
    return false;
  }
}

/**
 * A service address as files written before the no-credentials rule (safeHttpUrl) could hold it: its user name and
 * password set aside, so such a file still loads and is marked when the seller next saves it.
 */
function withoutCredentials(raw: string): string {
  try {
    const url = new URL(raw);
    url.username = '';
    url.password = '';
    return url.href;
  } catch {
    return raw;
  }
}

/**
 * A live profile talks to the real marketplace: it needs every endpoint and both namespace roots. Namespace roots
 * are XML namespace names, so a saved one must be an absolute URI, and a seller ID is one word (the lookbook's
 * rule); a file written before those rules still loads (`strict` false) and is marked when the seller next saves it.
 */
function profileRules(strict: boolean) {
  return (p: z.infer<typeof profileShape>, ctx: z.RefinementCtx) => {
    if (p.kind === 'live') {
      for (const key of ['apiBaseUrl', 'suggestBaseUrl'] as const) {
        if (!isHttpUrl(p[key]) && (strict || !isHttpUrl(withoutCredentials(p[key])))) {
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: 'a live profile needs an http(s) URL',
            ...ruleParams(p[key].trim() === '' ? 'required' : 'http-url'),
          });
        }
      }
    }
    for (const key of ['nsRoot', 'schemaRoot'] as const) {
      if (p.kind === 'live' && p[key].trim() === '') {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: 'a live profile needs this namespace root',
          ...ruleParams('required'),
        });
      } else if (strict && p[key] !== '' && !isAbsoluteUri(p[key])) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: 'a namespace root is an absolute URI, such as http://schema.market.example.com',
          ...ruleParams('absolute-uri'),
        });
      }
    }
    if (strict && p.insightTargets) insightTargetRules(p.insightTargets, ctx);
    if (strict) {
      p.sellerIds.forEach((id, i) => {
        if (!isSellerId(id)) {
          ctx.addIssue({
            code: 'custom',
            path: ['sellerIds', i],
            message: 'a seller ID has no spaces or markup characters',
            ...ruleParams('seller-id'),
          });
        }
      });
    }
  };
}

/** The insights page's targets as Settings sets them: whole percents of 50 to 100, the 48-hour one no lower. */
const INSIGHT_TARGET_MIN_PERCENT = 50;
function insightTargetRules(targets: NonNullable<Profile['insightTargets']>, ctx: z.RefinementCtx) {
  const issue = (key: 'within24h' | 'within48h', message: string, rule: FieldRule, limit?: number) =>
    ctx.addIssue({
      code: 'custom',
      path: ['insightTargets', key],
      message,
      params: limit === undefined ? { rule } : { rule, limit },
    });
  for (const key of ['within24h', 'within48h'] as const) {
    const percent = targets[key] * 100;
    if (Math.abs(percent - Math.round(percent)) > 1e-9) issue(key, 'a whole percent', 'whole-number');
    else if (percent < INSIGHT_TARGET_MIN_PERCENT - 1e-9) {
      issue(key, `at least ${INSIGHT_TARGET_MIN_PERCENT} %`, 'too-small', INSIGHT_TARGET_MIN_PERCENT);
    }
  }
  if (targets.within48h < targets.within24h) {
    const limit = Math.round(targets.within24h * 100);
    issue('within48h', 'no lower than the 24-hour target', 'too-small', limit);
  }
}

/** What a saved profile must be. */
const profileSchema = profileShape.superRefine(profileRules(true)) satisfies z.ZodType<Profile>;
/** What a profile read from disk must be (rules added later are checked when it is saved again). */
const storedProfileSchema = profileShape.superRefine(profileRules(false)) satisfies z.ZodType<Profile>;

/**
 * The inbox's saved filters: what the renderer keeps between sessions (a search, chips, a period), a few hundred
 * bytes in use. Bounded so a hostile or broken value cannot grow the settings file without limit: at most
 * MAX_FILTER_KEYS keys of at most 64 characters, MAX_FILTERS_CHARS characters written as JSON.
 */
const MAX_FILTERS_CHARS = 16_384;
const MAX_FILTER_KEYS = 64;
const filtersSchema = z
  .record(z.string().max(64), z.json())
  .refine((f) => Object.keys(f).length <= MAX_FILTER_KEYS, {
    message: `at most ${MAX_FILTER_KEYS} saved filters`,
    ...ruleParams('too-many'),
  })
  .refine((f) => JSON.stringify(f).length <= MAX_FILTERS_CHARS, {
    message: `the saved filters are at most ${MAX_FILTERS_CHARS} characters as JSON`,
    ...ruleParams('too-long'),
  }) satisfies z.ZodType<JsonObject>;

function settingsFields(profile: typeof profileSchema) {
  return {
    activeProfileId: profileIdSchema,
    profiles: z.array(profile).min(1).max(20),
    language: z.enum(['ko', 'en', 'system']),
    timeZone: z
      .string()
      .max(64)
      .refine(isTimeZone, { message: 'an IANA time zone such as Asia/Seoul', ...ruleParams('time-zone') }),
    replySlaHours: z
      .number()
      .int()
      .min(1)
      .max(24 * 14),
    autoRefreshMinutes: z
      .number()
      .int()
      .min(0)
      .max(24 * 60),
    inbox: z.object({ filters: filtersSchema }),
    replyTemplates: replyTemplatesSchema,
    replyTemplateChoices: replyTemplateChoicesSchema,
  };
}

export const settingsSchema = z
  .object({ version: z.literal(SETTINGS_VERSION), ...settingsFields(storedProfileSchema) })
  .superRefine((s, ctx) => {
    const ids = new Set<string>();
    s.profiles.forEach((p, i) => {
      if (ids.has(p.id))
        ctx.addIssue({
          code: 'custom',
          path: ['profiles', i, 'id'],
          message: 'duplicate id',
          ...ruleParams('duplicate'),
        });
      ids.add(p.id);
    });
    if (!ids.has(s.activeProfileId)) {
      ctx.addIssue({
        code: 'custom',
        path: ['activeProfileId'],
        message: 'no profile has this id',
        ...ruleParams('unknown-profile'),
      });
    }
  }) satisfies z.ZodType<Settings>;

/** A patch is checked field by field here, with today's rules, then the merged result is checked as a whole. */
export const settingsPatchSchema = z
  .strictObject(settingsFields(profileSchema))
  .partial() satisfies z.ZodType<SettingsPatch>;

export const SANDBOX_PROFILE_ID = 'sandbox';

/**
 * A settings document read from disk that the schema refuses, repaired field by field instead of wholesale: a
 * refused profile is dropped (the others stay), any other refused top-level field takes its default, and the
 * active profile falls back to the first one left. Returns the repaired settings and the fields replaced, or
 * undefined when it cannot be repaired (not an object, or still refused after the repair).
 */
export function repairSettings(doc: unknown): { settings: Settings; fields: string[] } | undefined {
  if (!doc || typeof doc !== 'object' || Array.isArray(doc)) return undefined;
  const fixed: Record<string, unknown> = { ...(doc as Record<string, unknown>) };
  const defaults = defaultSettings() as unknown as Record<string, unknown>;
  const fields = new Set<string>();
  for (let round = 0; round < 3; round++) {
    const parsed = settingsSchema.safeParse(fixed);
    if (parsed.success) return { settings: parsed.data, fields: [...fields] };
    const badProfiles = new Set<number>();
    for (const issue of parsed.error.issues) {
      const [key, index] = issue.path;
      if (typeof key !== 'string' || key === 'version') return undefined;
      fields.add(key);
      if (key === 'profiles' && typeof index === 'number') badProfiles.add(index);
      else if (key === 'activeProfileId') fixed[key] = undefined;
      else fixed[key] = defaults[key];
    }
    if (badProfiles.size > 0 && Array.isArray(fixed['profiles'])) {
      const kept = (fixed['profiles'] as unknown[]).filter((_, i) => !badProfiles.has(i));
      fixed['profiles'] = kept.length > 0 ? kept : defaults['profiles'];
    }
    if (fixed['activeProfileId'] === undefined) {
      const first = (fixed['profiles'] as { id?: unknown }[] | undefined)?.[0]?.id;
      fixed['activeProfileId'] = typeof first === 'string' ? first : defaults['activeProfileId'];
    }
  }
  return undefined;
}

export function defaultSettings(): Settings {
  return {
    version: SETTINGS_VERSION,
    activeProfileId: SANDBOX_PROFILE_ID,
    profiles: [
      {
        id: SANDBOX_PROFILE_ID,
        name: 'Sandbox',
        kind: 'sandbox',
        apiBaseUrl: '',
        suggestBaseUrl: '',
        nsRoot: '',
        schemaRoot: '',
        suggestNamespace: 'ns',
        soapVersion: '1.1',
        pageIndexBase: 1,
        timeoutMs: 30_000,
        sellerIds: [],
      },
    ],
    language: 'system',
    timeZone: 'Asia/Seoul',
    replySlaHours: 24,
    autoRefreshMinutes: 5,
    inbox: { filters: {} },
    replyTemplates: starterTemplates(),
  };
}
