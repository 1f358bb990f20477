// Team mode's links to a note and the per-member figures. Merged in ./index.ts.
//
// A link is `sellerdesk://note/<connection>/<SeqNo>` (src-shared/note-link.ts). Main makes it (the connection's id
// is the team database's) and puts it on the clipboard itself. A link the OS hands the app (a second instance's
// argv, macOS's open-url, the first launch's argv) or the test bridge hands the host is routed in main
// (host/note-link-route.ts); the outcome waits there until the window takes it (`links.take`), told by the event
// `links.arrived`, so a link that came before the window was ready is not lost.
import type { NoteLinkRefusal } from '../../src-shared/note-link';
import type { NoteDay } from './notes';

/** Why a link delivered to the app opens nothing (the window words each in Korean and English). */
export type NoteLinkOutcomeRefusal =
  /** Not a note link of the app's shape (parseNoteLink's reason beside it). */
  | 'malformed'
  /** No profile of this desktop names a team database. */
  | 'no-team'
  /** No team database of this desktop's profiles has a connection with that id. */
  | 'unknown-connection'
  /** The team knows the connection but holds no note with that SeqNo. */
  | 'unknown-note'
  /** The team's connection is not the endpoint of any profile on this desktop. */
  | 'no-profile'
  /** The note is in the team database but not yet in this desktop's copy (the pull brings it). */
  | 'not-in-copy'
  /** The team database could not be asked. */
  | 'unreachable';

export type NoteLinkOutcome =
  | {
      ok: true;
      /** The profile whose inbox shows the note (made active if it was not). */
      profileId: string;
      seqNo: number;
      /** The note's marketplace day: the inbox widens to it when its period does not hold it. */
      day: NoteDay;
      /** The active profile was switched to open it. */
      switched: boolean;
    }
  | {
      ok: false;
      reason: NoteLinkOutcomeRefusal;
      /** parseNoteLink's reason, for 'malformed'. */
      detail?: NoteLinkRefusal;
      /** The link as received, cut to 120 characters (shown so the seller sees what was refused). */
      link: string;
    };

/** One member's figures for a period (history instants in it). */
export interface TeamMemberFiguresRow {
  login: string;
  /** Notes assigned to them (by themselves or another). */
  taken: number;
  /** Notes they marked handled. */
  handled: number;
  /** Notes answered on the marketplace (as a sync saw it) after they took them. */
  answeredAfterTaking: number;
  /** Median time from a note's receipt to their marking it handled (ms); absent when they handled none. */
  medianReceiptToHandledMs?: number;
}

export interface TeamLinksContract {
  /** The open note's link, put on the clipboard by main; refused for a single-desktop profile. */
  'links.copy': { req: { seqNo: number }; res: { link: string } };
  /** The outcome of the last link delivered to the app, taken once (absent when none waits). */
  'links.take': { req: void; res: { outcome?: NoteLinkOutcome } };
  /** Per-member figures of the active team profile's connection over whole days [from, to]. */
  'team.memberFigures': { req: { from: NoteDay; to: NoteDay }; res: { members: TeamMemberFiguresRow[] } };
}

export const TEAM_LINKS_CHANNELS = [
  'links.copy',
  'links.take',
  'team.memberFigures',
] as const satisfies readonly (keyof TeamLinksContract)[];

/** Pushed when a link was delivered and its outcome waits for `links.take`. */
export interface LinksArrivedEvent {
  ok: boolean;
}
