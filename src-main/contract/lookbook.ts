// The lookbook domain's channels. Owned by the lookbook feature; merged in ./index.ts.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LookbookContract {}

export const LOOKBOOK_CHANNELS = [] as const satisfies readonly (keyof LookbookContract)[];
