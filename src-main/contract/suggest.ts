// The suggest domain's channels. Owned by the suggest feature; merged in ./index.ts.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface SuggestContract {}

export const SUGGEST_CHANNELS = [] as const satisfies readonly (keyof SuggestContract)[];
