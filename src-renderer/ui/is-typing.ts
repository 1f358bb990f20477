// Whether a key went to a text field: every page's shortcuts (and the shell's) step aside while one is typed in.

/** Typing a '?' into a field is text, not a shortcut. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}
