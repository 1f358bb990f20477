// The network feature's messages, merged into src-renderer/i18n/messages.ts. Korean first.
export const networkKo = {} as const;

export const networkEn: Record<keyof typeof networkKo, string> = {};
