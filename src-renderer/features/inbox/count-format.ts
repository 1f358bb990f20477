// Counts grouped in the UI's language by the shared number formatter (src-renderer/format/numbers.ts). The shell
// writes the UI's language on <html lang>, so counts drawn outside a component's hooks still follow it.
import { formatNumber } from '../../format/numbers';
import type { Lang } from '../../i18n/lang';

const uiLang = (): Lang => (globalThis.document?.documentElement.lang === 'en' ? 'en' : 'ko');

export const formatCount = (n: number, lang: Lang = uiLang()): string => formatNumber(n, lang);
