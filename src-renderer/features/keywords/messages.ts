// The keywords feature's messages, merged into src-renderer/i18n/messages.ts. Korean first.
export const keywordsKo = {} as const;

export const keywordsEn: Record<keyof typeof keywordsKo, string> = {};
