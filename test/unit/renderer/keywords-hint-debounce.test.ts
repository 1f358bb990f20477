import { describe, expect, it } from 'vitest';
import {
  COMPOSING_DELAY_MS,
  INITIAL_HINT_STATE,
  stepHint,
  TYPING_DELAY_MS,
} from '../../../src-renderer/features/keywords/model/hint-debounce';
import type {
  HintEffect,
  HintEvent,
  HintState,
} from '../../../src-renderer/features/keywords/model/hint-debounce';

/** Runs events against a virtual clock: `{ at }` events happen at that time, pending timers fire on the way. */
function simulate(events: { at: number; event: HintEvent }[]): { at: number; hint: string }[] {
  let state: HintState = INITIAL_HINT_STATE;
  let timerAt: number | undefined;
  const emitted: { at: number; hint: string }[] = [];
  const apply = (at: number, effect: HintEffect) => {
    if (effect.kind === 'wait') timerAt = at + effect.ms;
    if (effect.kind === 'emit') {
      timerAt = undefined;
      emitted.push({ at, hint: effect.hint });
    }
  };
  for (const { at, event } of [...events, { at: Number.MAX_SAFE_INTEGER, event: undefined }]) {
    if (timerAt !== undefined && timerAt <= at) {
      const firedAt = timerAt;
      timerAt = undefined;
      const [s, effect] = stepHint(state, { type: 'timer' });
      state = s;
      apply(firedAt, effect);
    }
    if (!event) break;
    const [s, effect] = stepHint(state, event);
    state = s;
    apply(at, effect);
  }
  return emitted;
}

/** What a Korean IME sends while '나이키' is typed jamo by jamo, `gap` ms apart. */
function composeNaiki(start: number, gap: number): { at: number; event: HintEvent }[] {
  const steps = ['ㄴ', '나', '낭', '나이', '나잌', '나이키'];
  return [
    { at: start, event: { type: 'compositionstart' } },
    ...steps.map((text, i) => ({
      at: start + i * gap,
      event: { type: 'input', text, composing: true } as HintEvent,
    })),
    { at: start + steps.length * gap, event: { type: 'compositionend', text: '나이키' } },
  ];
}

describe('composition-aware hint debounce', () => {
  it('queries once, TYPING_DELAY_MS after fast typing stops', () => {
    const typed = 'nike air 1'.split('').map((_, i, all) => ({
      at: i * 30,
      event: { type: 'input', text: all.slice(0, i + 1).join(''), composing: false } as HintEvent,
    }));
    expect(simulate(typed)).toEqual([{ at: 9 * 30 + TYPING_DELAY_MS, hint: 'nike air 1' }]);
  });

  it('sends nothing for half-composed syllables typed quickly, then the committed word', () => {
    const out = simulate(composeNaiki(0, 120));
    expect(out).toEqual([{ at: 6 * 120 + TYPING_DELAY_MS, hint: '나이키' }]);
  });

  it('queries a half-composed syllable when the seller pauses during composition', () => {
    const events: { at: number; event: HintEvent }[] = [
      { at: 0, event: { type: 'compositionstart' } },
      { at: 0, event: { type: 'input', text: 'ㄴ', composing: true } },
      { at: 80, event: { type: 'input', text: '나', composing: true } },
      { at: 160, event: { type: 'input', text: '나잌', composing: true } },
      // a pause longer than the short delay but shorter than the composing one: still nothing
      { at: 160 + COMPOSING_DELAY_MS - 50, event: { type: 'input', text: '나이키', composing: true } },
      // then a real pause
      { at: 2000, event: { type: 'compositionend', text: '나이키' } },
    ];
    expect(simulate(events)).toEqual([{ at: 110 + COMPOSING_DELAY_MS + COMPOSING_DELAY_MS, hint: '나이키' }]);
  });

  it('uses the long delay for a pause mid-syllable and still queries the partial hint', () => {
    const events: { at: number; event: HintEvent }[] = [
      { at: 0, event: { type: 'compositionstart' } },
      { at: 0, event: { type: 'input', text: '나ㅇ', composing: true } },
      { at: 1000, event: { type: 'input', text: '나이', composing: true } },
    ];
    expect(simulate(events)).toEqual([
      { at: COMPOSING_DELAY_MS, hint: '나ㅇ' },
      { at: 1000 + COMPOSING_DELAY_MS, hint: '나이' },
    ]);
  });

  it('Enter queries at once, Esc clears at once, and the same hint is never sent twice', () => {
    const events: { at: number; event: HintEvent }[] = [
      { at: 0, event: { type: 'input', text: 'ㄴㅇㅋ', composing: false } },
      { at: 10, event: { type: 'submit' } },
      { at: 500, event: { type: 'input', text: 'ㄴㅇㅋ ', composing: false } },
      { at: 1000, event: { type: 'clear' } },
      { at: 1100, event: { type: 'submit', text: '원피스' } },
    ];
    expect(simulate(events)).toEqual([
      { at: 10, hint: 'ㄴㅇㅋ' },
      { at: 1000, hint: '' },
      { at: 1100, hint: '원피스' },
    ]);
  });

  it('empties the query at once when the box is erased', () => {
    const events: { at: number; event: HintEvent }[] = [
      { at: 0, event: { type: 'input', text: '원피스', composing: false } },
      { at: 400, event: { type: 'input', text: '', composing: false } },
    ];
    expect(simulate(events)).toEqual([
      { at: TYPING_DELAY_MS, hint: '원피스' },
      { at: 400, hint: '' },
    ]);
  });
});
