// Plural keys follow i18next: `key_other` in Korean (Korean has a single form), `key_one` and `key_other` in
// English. Code asks for the base key with a numeric `count` and i18next picks the form by Intl.PluralRules.

/** A message key as code names it: the plural suffix removed. */
export type BaseKey<K> = K extends `${infer B}_other` ? B : K;

/** The English table a Korean one needs: each `x_other` there becomes `x_one` and `x_other` here. */
export type EnglishOf<KO> = {
  [K in keyof KO as K extends `${infer B}_other` ? `${B}_one` | `${B}_other` : K]: string;
};
