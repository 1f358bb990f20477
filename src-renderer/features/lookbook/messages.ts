// The lookbook feature's messages, merged into src-renderer/i18n/messages.ts. Korean first.
export const lookbookKo = {} as const;

export const lookbookEn: Record<keyof typeof lookbookKo, string> = {};
