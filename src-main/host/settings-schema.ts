import { z } from 'zod';
import { SETTINGS_VERSION } from '../contract';
import type { JsonObject, Profile, Settings, SettingsPatch } from '../contract';

const isTimeZone = (tz: string): boolean => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

const httpUrl = z
  .string()
  .max(2048)
  .refine((s) => {
    try {
      const u = new URL(s);
      return u.protocol === 'http:' || u.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'must be an http(s) URL');

// Names every JavaScript object answers to: as a profile id they would read a prototype's property from any
// plain map (storage uses null-prototype maps, and refusing them keeps every other map safe too).
const RESERVED_IDS = new Set([...Object.getOwnPropertyNames(Object.prototype), 'prototype']);

export const profileIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, - and _ only (at most 64)')
  .refine((id) => !RESERVED_IDS.has(id), 'a name JavaScript reserves (such as constructor or __proto__)');

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
    .regex(/^[A-Za-z_][A-Za-z0-9_.-]{0,31}$/, 'an XML prefix')
    .default('ns'),
  soapVersion: z.enum(['1.1', '1.2']).default('1.1'),
  pageIndexBase: z.union([z.literal(0), z.literal(1)]).default(1),
  timeoutMs: z.number().int().min(1000).max(300_000).default(30_000),
  sellerIds: z.array(z.string().trim().min(1).max(64)).max(50).default([]),
});

/** A live profile talks to the real marketplace: it needs every endpoint and both namespace roots. */
export const profileSchema = profileShape.superRefine((p, ctx) => {
  if (p.kind !== 'live') return;
  for (const key of ['apiBaseUrl', 'suggestBaseUrl'] as const) {
    if (!httpUrl.safeParse(p[key]).success) {
      ctx.addIssue({ code: 'custom', path: [key], message: 'a live profile needs an http(s) URL' });
    }
  }
  for (const key of ['nsRoot', 'schemaRoot'] as const) {
    if (p[key].trim() === '') {
      ctx.addIssue({ code: 'custom', path: [key], message: 'a live profile needs this namespace root' });
    }
  }
}) satisfies z.ZodType<Profile>;

const filtersSchema = z.record(z.string(), z.json()) satisfies z.ZodType<JsonObject>;

const settingsFields = {
  activeProfileId: profileIdSchema,
  profiles: z.array(profileSchema).min(1).max(20),
  language: z.enum(['ko', 'en', 'system']),
  timeZone: z.string().max(64).refine(isTimeZone, 'an IANA time zone such as Asia/Seoul'),
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
};

export const settingsSchema = z
  .object({ version: z.literal(SETTINGS_VERSION), ...settingsFields })
  .superRefine((s, ctx) => {
    const ids = new Set<string>();
    s.profiles.forEach((p, i) => {
      if (ids.has(p.id))
        ctx.addIssue({ code: 'custom', path: ['profiles', i, 'id'], message: 'duplicate id' });
      ids.add(p.id);
    });
    if (!ids.has(s.activeProfileId)) {
      ctx.addIssue({ code: 'custom', path: ['activeProfileId'], message: 'no profile has this id' });
    }
  }) satisfies z.ZodType<Settings>;

/** A patch is checked field by field here, then the merged result is checked as a whole. */
export const settingsPatchSchema = z
  .strictObject(settingsFields)
  .partial() satisfies z.ZodType<SettingsPatch>;

export const SANDBOX_PROFILE_ID = 'sandbox';

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
  };
}
