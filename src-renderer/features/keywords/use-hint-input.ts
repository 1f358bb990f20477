// Binds the search box to the hint state machine (model/hint-debounce.ts) and runs the one timer it asks for.
import { useEffect, useState } from 'react';
import type { ChangeEvent, CompositionEvent } from 'react';
import { INITIAL_HINT_STATE, stepHint } from './model/hint-debounce';
import type { HintEvent } from './model/hint-debounce';

function createHintController(setText: (text: string) => void, setHint: (hint: string) => void) {
  let state = INITIAL_HINT_STATE;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const dispatch = (event: HintEvent): void => {
    const [next, effect] = stepHint(state, event);
    state = next;
    setText(next.text);
    if (effect.kind === 'none') return;
    clearTimeout(timer);
    timer = undefined;
    if (effect.kind === 'emit') setHint(effect.hint);
    else timer = setTimeout(() => dispatch({ type: 'timer' }), effect.ms);
  };
  return { dispatch, dispose: () => clearTimeout(timer) };
}

export function useHintInput() {
  const [text, setText] = useState('');
  const [hint, setHint] = useState('');
  const [{ dispatch, dispose }] = useState(() => createHintController(setText, setHint));
  useEffect(() => dispose, [dispose]);

  return {
    text,
    hint,
    submit: (value?: string) =>
      dispatch(value === undefined ? { type: 'submit' } : { type: 'submit', text: value }),
    clear: () => dispatch({ type: 'clear' }),
    inputProps: {
      value: text,
      onChange: (e: ChangeEvent<HTMLInputElement>) =>
        dispatch({
          type: 'input',
          text: e.target.value,
          composing: (e.nativeEvent as InputEvent).isComposing === true,
        }),
      onCompositionStart: () => dispatch({ type: 'compositionstart' }),
      onCompositionEnd: (e: CompositionEvent<HTMLInputElement>) =>
        dispatch({ type: 'compositionend', text: e.currentTarget.value }),
    },
  };
}
