import { describe, expect, it } from 'vitest';
import { answerPageUrl, emptyAnswerPageValues, isAnswerPageTemplate } from '../../../src-shared/answer-page';
import { settingsPatchSchema, defaultSettings } from '../../../src-main/storage/settings-schema';
import { checkField } from '../../../src-renderer/features/settings/model/profile-form';
import { fieldIssues } from '../../../src-main/storage/field-issues';

const values = { SeqNo: '101861', OrderNo: '3099999582', ItemNo: '2161345404', SellerID: 'seoul_mart' };

describe('answer-page address templates', () => {
  it('fills every placeholder, URL-encoded', () => {
    expect(
      answerPageUrl(
        'https://soho.market.example/notes/{SeqNo}/reply?order={OrderNo}&item={ItemNo}&s={SellerID}',
        values,
      ),
    ).toBe('https://soho.market.example/notes/101861/reply?order=3099999582&item=2161345404&s=seoul_mart');
    expect(
      answerPageUrl('https://m.example/r?s={SellerID}&o={OrderNo}', {
        ...values,
        SellerID: '강남/스타일&x=1',
        OrderNo: '',
      }),
    ).toBe('https://m.example/r?s=%EA%B0%95%EB%82%A8%2F%EC%8A%A4%ED%83%80%EC%9D%BC%26x%3D1&o=');
  });

  it('names the placeholders the template uses that are empty for the note, once each', () => {
    const t = 'https://m.example/notes/{SeqNo}?o={OrderNo}&again={OrderNo}&s={SellerID}';
    expect(emptyAnswerPageValues(t, values)).toEqual([]);
    expect(emptyAnswerPageValues(t, { ...values, OrderNo: '' })).toEqual(['OrderNo']);
    expect(emptyAnswerPageValues(t, { ...values, OrderNo: ' ', SellerID: '' })).toEqual([
      'OrderNo',
      'SellerID',
    ]);
    // Not named by the template: not reported, whatever the note lacks.
    expect(emptyAnswerPageValues('https://m.example/notes/{SeqNo}', { ...values, OrderNo: '' })).toEqual([]);
  });

  it('accepts only http(s) addresses with known placeholders outside the host', () => {
    for (const bad of [
      'javascript:alert(1)//{SeqNo}',
      'file:///etc/passwd',
      'ftp://m.example/{SeqNo}',
      'https://user:pw@m.example/{SeqNo}',
      'https://{SellerID}.m.example/',
      'https://m.example/{Unknown}',
      '/relative/{SeqNo}',
      'not a url',
      `https://m.example/${'a'.repeat(2100)}`,
    ]) {
      expect(isAnswerPageTemplate(bad), bad).toBe(false);
      expect(answerPageUrl(bad, values), bad).toBeUndefined();
    }
    expect(isAnswerPageTemplate('http://127.0.0.1:8080/answer/{SeqNo}')).toBe(true);
  });

  it('is checked by the host schema and the profile form alike', () => {
    const profile = defaultSettings().profiles[0]!;
    const patch = (answerPageUrl: string) =>
      settingsPatchSchema.safeParse({ profiles: [{ ...profile, answerPageUrl }] }).success;
    expect(patch('https://m.example/{SeqNo}')).toBe(true);
    expect(patch('')).toBe(true);
    expect(patch('javascript:alert(1)')).toBe(false);
    for (const bad of [
      'javascript:alert(1)',
      'https://{SellerID}.m.example/',
      'https://m.example:{SeqNo}/',
    ]) {
      expect(patch(bad), bad).toBe(false);
      // Its own rule, which says where placeholders may stand (not "must start with http(s)://").
      expect(checkField('answerPageUrl', { ...profile, answerPageUrl: bad }), bad).toEqual({
        rule: 'answer-page',
      });
    }
    const refused = settingsPatchSchema.safeParse({
      profiles: [{ ...profile, answerPageUrl: 'https://{SellerID}.m.example/' }],
    });
    expect(refused.success ? [] : fieldIssues(refused.error)).toEqual([
      { path: ['profiles', 0, 'answerPageUrl'], rule: 'answer-page' },
    ]);
    expect(
      checkField('answerPageUrl', { ...profile, answerPageUrl: 'https://m.example/{SeqNo}' }),
    ).toBeUndefined();
  });
});
