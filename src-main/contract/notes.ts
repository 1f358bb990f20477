// The notes domain's channels. Owned by the notes feature; merged in ./index.ts.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface NotesContract {}

export const NOTES_CHANNELS = [] as const satisfies readonly (keyof NotesContract)[];
