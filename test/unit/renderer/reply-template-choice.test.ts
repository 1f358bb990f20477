// Which saved reply a note gets: the note's language (told from its own words, not the UI's), then the templates
// naming its inquiry type, then those naming none; the seller's last choice for that kind of note first.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ReplyTemplate } from '../../../src-main/contract';
import { starterTemplates } from '../../../src-main/storage/reply-templates';
import { noteLanguage, pickTemplate, rankTemplates } from '../../../src-renderer/ui/reply-template';
import { INQUIRY_TYPES } from '../../../src-shared/note-fields';

/** The sandbox's buyer questions, as its generator writes them (resources/sandbox/note-templates.json). */
const words = JSON.parse(
  readFileSync(join(__dirname, '../../../resources/sandbox/note-templates.json'), 'utf8'),
) as Record<'ko' | 'en', Record<string, { title: string; content: string }[]>>;
const KOREAN_ITEM = '[무료배송] 데일리 린넨 셔츠';
const fill = (text: string) =>
  text
    .replaceAll('{item}', KOREAN_ITEM)
    .replaceAll('{order}', '3000123456')
    .replaceAll('{size}', 'XL')
    .replaceAll('{color}', '네이비')
    .replaceAll('{days}', '3');
const questions = (lang: 'ko' | 'en') =>
  Object.entries(words[lang]).flatMap(([type, list]) =>
    list.map((q) => ({ type, title: fill(q.title), content: fill(q.content), itemName: KOREAN_ITEM })),
  );

describe('noteLanguage', () => {
  it('reads every sandbox question in the language it is written in, a Korean item name or not', () => {
    expect(questions('ko').length).toBeGreaterThan(10);
    for (const q of questions('ko')) expect(noteLanguage(q), q.title).toBe('ko');
    for (const q of questions('en')) expect(noteLanguage(q), q.title).toBe('en');
  });

  it('weighs the letters: a Korean word in an English note keeps it English, and a note of digits tells nothing', () => {
    const note = (title: string, content: string) => ({ title, content, itemName: '' });
    expect(noteLanguage(note('Color', 'Is the 네이비 one darker than the photo?'))).toBe('en');
    expect(noteLanguage(note('사이즈', 'XL 정품 맞나요? Nike 로고'))).toBe('ko');
    expect(noteLanguage(note('3000123456', '!!'))).toBeUndefined();
  });
});

describe('rankTemplates and pickTemplate', () => {
  const starters = starterTemplates();

  it('gives each inquiry type a starter for it in the note’s language', () => {
    for (const type of INQUIRY_TYPES)
      for (const lang of ['ko', 'en'] as const) {
        const first = rankTemplates(starters, type, lang)[0]!;
        expect(first.lang).toBe(lang);
        expect(first.types).toContain(type);
      }
  });

  it('answers the sandbox’s receipt question with the receipt starter, not the shipping one', () => {
    const receipt = questions('ko').find((q) => q.content.includes('현금영수증'))!;
    expect(receipt.type).toBe('Other');
    const first = rankTemplates(starters, receipt.type, noteLanguage(receipt)!)[0]!;
    expect(first.body).toContain('현금영수증');
    expect(first.body).not.toContain('출고');
  });

  it('puts the note’s language before its type, and templates naming no type before those naming others', () => {
    const t = (id: string, lang: 'ko' | 'en', types?: ReplyTemplate['types']): ReplyTemplate => ({
      id,
      name: id,
      body: id,
      lang,
      ...(types ? { types } : {}),
    });
    const list = [
      t('en-shipping', 'en', ['Shipping']),
      t('ko-refund', 'ko', ['Refund']),
      t('ko-any', 'ko'),
      t('ko-any-2', 'ko', []),
      t('ko-shipping', 'ko', ['Item', 'Shipping']),
      t('en-any', 'en'),
    ];
    expect(rankTemplates(list, 'Shipping', 'ko').map((x) => x.id)).toEqual([
      'ko-shipping',
      'ko-any',
      'ko-any-2',
      'ko-refund',
      'en-shipping',
      'en-any',
    ]);
    // A template file from before types: every template fits, in the order saved, the note's language first.
    const old = starters.map(({ types: _, ...rest }) => rest);
    expect(rankTemplates(old, 'Other', 'en').map((x) => x.id)).toEqual([
      ...old.filter((x) => x.lang === 'en').map((x) => x.id),
      ...old.filter((x) => x.lang === 'ko').map((x) => x.id),
    ]);
  });

  it('opens on the last choice for the kind of note while it exists, else the best fit', () => {
    const ranked = rankTemplates(starters, 'Item', 'ko');
    expect(pickTemplate(ranked, 'starter-shipping-ko')?.id).toBe('starter-shipping-ko');
    expect(pickTemplate(ranked, 'deleted-one')?.id).toBe('starter-item-ko');
    expect(pickTemplate(ranked, undefined)?.id).toBe('starter-item-ko');
    expect(pickTemplate([], 'starter-item-ko')).toBeUndefined();
  });
});
