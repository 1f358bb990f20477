// The inbox feature's messages, merged into src-renderer/i18n/messages.ts. Korean first.
export const inboxKo = {} as const;

export const inboxEn: Record<keyof typeof inboxKo, string> = {};
