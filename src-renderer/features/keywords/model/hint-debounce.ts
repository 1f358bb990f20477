// When the search box's text becomes a query: a pure state machine, so the timing rules are testable without a
// DOM. The hook in use-debounced-hint.ts feeds it the input's events and runs the timer it asks for.
//
// - Typing outside an IME composition queries after TYPING_DELAY_MS of quiet.
// - While a Korean syllable is being composed (compositionstart..compositionend) every keystroke rewrites the
//   last syllable (나 -> 낭 -> 나이), so it waits COMPOSING_DELAY_MS instead: a seller who pauses mid-syllable
//   still gets results for '나잌' (the matcher understands half-typed syllables), a fast typist sends nothing
//   until the syllable settles.
// - compositionend commits the syllable and falls back to the short delay.
// - Enter queries at once; Esc clears at once. Only a text different from the last query is ever emitted.

export const TYPING_DELAY_MS = 150;
export const COMPOSING_DELAY_MS = 400;

export interface HintState {
  /** The text in the box. */
  text: string;
  composing: boolean;
  /** The hint last handed to the queries (trimmed). */
  emitted: string;
}

export type HintEvent =
  | { type: 'input'; text: string; composing: boolean }
  | { type: 'compositionstart' }
  | { type: 'compositionend'; text: string }
  /** The timer the previous step asked for ran out. */
  | { type: 'timer' }
  /** Enter, or a hint picked from history: query now. */
  | { type: 'submit'; text?: string }
  /** Esc. */
  | { type: 'clear' };

export type HintEffect =
  | { kind: 'none' }
  /** (Re)start the single timer; any earlier one is void. */
  | { kind: 'wait'; ms: number }
  /** Stop the timer and query this hint now ('' = no query). */
  | { kind: 'emit'; hint: string };

export const INITIAL_HINT_STATE: HintState = { text: '', composing: false, emitted: '' };

const normalize = (text: string) => text.trim().replace(/\s+/g, ' ');

function emit(state: HintState, text: string): [HintState, HintEffect] {
  const hint = normalize(text);
  if (hint === state.emitted) return [{ ...state, text }, { kind: 'none' }];
  return [
    { ...state, text, emitted: hint },
    { kind: 'emit', hint },
  ];
}

export function stepHint(state: HintState, event: HintEvent): [HintState, HintEffect] {
  switch (event.type) {
    case 'input': {
      const composing = state.composing || event.composing;
      const next = { ...state, text: event.text, composing };
      // Deleting everything needs no pause: the panels empty at once.
      if (normalize(event.text) === '') return emit(next, event.text);
      return [next, { kind: 'wait', ms: composing ? COMPOSING_DELAY_MS : TYPING_DELAY_MS }];
    }
    case 'compositionstart':
      return [
        { ...state, composing: true },
        { kind: 'wait', ms: COMPOSING_DELAY_MS },
      ];
    case 'compositionend':
      return [
        { ...state, text: event.text, composing: false },
        { kind: 'wait', ms: TYPING_DELAY_MS },
      ];
    case 'timer':
      return emit(state, state.text);
    case 'submit':
      return emit({ ...state, composing: false }, event.text ?? state.text);
    case 'clear':
      return emit({ ...state, composing: false }, '');
  }
}
