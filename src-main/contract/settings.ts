// Settings DTOs. The settings file's zod schemas (src-main/storage/settings-schema.ts) `satisfies` these types, so the
// two can never drift apart.
import type { NoteQueryType } from '../../src-shared/note-fields';
import type { InsightsTargets } from './insights';

export const SETTINGS_VERSION = 3;

export type ProfileKind = 'sandbox' | 'live';
export type SoapVersion = '1.1' | '1.2';
export type LanguageSetting = 'ko' | 'en' | 'system';

export interface Profile {
  id: string;
  name: string;
  kind: ProfileKind;
  /**
   * Service endpoints. A sandbox profile stores them empty: the in-process sandbox listens on a port chosen at
   * start, so the host fills them in at runtime. A live profile must have them.
   */
  apiBaseUrl: string;
  suggestBaseUrl: string;
  /**
   * The marketplace's XML namespace root and schema root. Empty by default because they differ per
   * marketplace contract; a live profile is invalid until both are filled (the sandbox supplies its own).
   */
  nsRoot: string;
  schemaRoot: string;
  /** Namespace prefix the suggest service expects; 'ns' unless the marketplace says otherwise. */
  suggestNamespace: string;
  soapVersion: SoapVersion;
  /** Whether the marketplace counts pages from 0 or 1 (1 by default). */
  pageIndexBase: 0 | 1;
  timeoutMs: number;
  /** Seller ids this profile answers for. */
  sellerIds: string[];
  /**
   * The longest date range, in days, one BuyerNoteList query may ask for (0 or absent: no limit). The reply-status
   * check asks for the whole range the notes mirror holds; a marketplace that limits the range gets it in pieces.
   */
  noteQueryDays?: number;
  /**
   * Where the seller answers a note on the marketplace: an http(s) address template with {SeqNo}, {OrderNo},
   * {ItemNo}, {SellerID} (values URL-encoded). Empty or absent: the inbox offers no such link.
   */
  answerPageUrl?: string;
  /** The insights page's target lines and whether its marketplace counts business days (absent: the defaults). */
  insightTargets?: InsightsTargets;
  /**
   * Team mode: the team database this profile's desktops share, postgres://USER@HOST:PORT/DATABASE?team=NAME, never
   * with a password (that is kept in the vault, `teamPassword`). Absent or empty: a single desktop.
   */
  teamUrl?: string;
}

/**
 * A saved reply. Placeholders in `body`, in either language: {구매자} or {buyerId}, {상품명} or {itemName},
 * {상품번호} or {itemNo}, {주문번호} or {orderNo}, {판매자} or {sellerId}; a note fills them (the inbox).
 */
export interface ReplyTemplate {
  id: string;
  name: string;
  body: string;
  /** The language it is written in: the inbox offers the note's language's first. */
  lang: 'ko' | 'en';
  /** The inquiry types it answers, offered first for them; absent or empty: it fits every type. */
  types?: NoteQueryType[];
}

/** A note's inquiry type and language, as the inbox remembers the template last chosen for it ('Shipping.ko'). */
export type ReplyChoiceKey = `${NoteQueryType}.${'ko' | 'en'}`;

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

export interface Settings {
  version: typeof SETTINGS_VERSION;
  activeProfileId: string;
  profiles: Profile[];
  language: LanguageSetting;
  /** IANA time zone used for dates and SLA clocks. */
  timeZone: string;
  replySlaHours: number;
  /** 0 turns auto refresh off. */
  autoRefreshMinutes: number;
  inbox: {
    /** Owned by the inbox feature; the host only checks that it is a JSON object. */
    filters: JsonObject;
  };
  /** Saved replies (version 2 on; a version-1 file gets the starters). */
  replyTemplates: ReplyTemplate[];
  /** The template the seller last chose for a kind of note (the id); absent: the best fit. */
  replyTemplateChoices?: Partial<Record<ReplyChoiceKey, string>>;
}

/**
 * Shown after the settings file could not be used, until dismissed:
 * - `settings-reset`: it held something unreadable (not JSON, a newer version…) and was kept as `backupFile`;
 * - `settings-unreadable`: it could not be opened at all (a folder in its place, no permission) and was moved
 *   aside as `backupFile`;
 * - `data-folder-readonly`: the data folder cannot be written; the app runs on what it could read (defaults
 *   when nothing), and changes last until it closes. `dataDir` says where to fix permissions.
 */
export type SettingsNotice =
  | { kind: 'settings-reset'; backupFile: string }
  | { kind: 'settings-unreadable'; backupFile: string }
  /** Some values were refused (over a size cap, or wrong): those fields took their defaults, the rest was kept. */
  | { kind: 'settings-repaired'; backupFile: string; fields: string[] }
  | { kind: 'data-folder-readonly'; dataDir: string };

export interface SettingsView {
  settings: Settings;
  notice?: SettingsNotice;
}

/** Top-level fields replace; `profiles` replaces the whole list (the result is validated as a whole). */
export type SettingsPatch = Partial<Omit<Settings, 'version'>>;

export interface SettingsContract {
  'settings.get': { req: void; res: SettingsView };
  'settings.update': { req: SettingsPatch; res: Settings };
  'settings.resetNotice': { req: void; res: void };
  /**
   * Removes a live profile (the built-in sandbox stays) with its tickets; its notes mirror is kept (it comes back
   * with a profile of the same endpoint, and its marks are offered to the others) or deleted. Removing the active
   * profile makes the sandbox active.
   */
  'settings.removeProfile': { req: { profileId: string; mirror: 'keep' | 'delete' }; res: Settings };
  /** Saves the reply templates to a file the seller picks (the OS save dialog). */
  'settings.exportTemplates': { req: void; res: { path?: string } };
  /**
   * Reads reply templates from a file the seller picks (the OS open dialog) and adds them (a template with the
   * same id is replaced). A file that is not a template file changes nothing and says why.
   */
  'settings.importTemplates': { req: void; res: TemplateImportResult };
}

export type TemplateImportResult =
  | { status: 'imported'; added: number; replaced: number; settings: Settings }
  | { status: 'dismissed' }
  | { status: 'invalid'; problem: 'not-json' | 'not-templates' | 'too-large' };

/** The file the templates are exported as. */
export const TEMPLATE_FILE_KIND = 'seller-desk.reply-templates';
export interface TemplateFile {
  kind: typeof TEMPLATE_FILE_KIND;
  version: 1;
  templates: ReplyTemplate[];
}

export const SETTINGS_CHANNELS = [
  'settings.get',
  'settings.update',
  'settings.resetNotice',
  'settings.removeProfile',
  'settings.exportTemplates',
  'settings.importTemplates',
] as const satisfies readonly (keyof SettingsContract)[];
