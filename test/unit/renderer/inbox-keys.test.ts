// The inbox's one-letter keys come from one table: two actions on one letter (team mode's take once shared `t` with
// the reply template's fill-and-copy, so taking a note also copied a reply) fail here, and the list's key handler
// and the pane's listeners read the letters from that table.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { INBOX_KEYS } from '../../../src-renderer/features/inbox/model/inbox-keys';

describe('the inbox keys', () => {
  it('gives every action its own letter', () => {
    const letters = Object.values(INBOX_KEYS);
    expect(new Set(letters).size).toBe(letters.length);
  });

  it('are read from the table by the list and the pane, never written as a letter of their own', () => {
    const files = ['use-inbox-keys.ts', 'ReplyTemplatePicker.tsx', 'NoteLinkButton.tsx', 'TeamParts.tsx'];
    for (const file of files) {
      const text = readFileSync(`src-renderer/features/inbox/${file}`, 'utf8');
      expect(text, file).not.toMatch(/case '[a-z]':|e\.key !== '[a-z]'|aria-keyshortcuts="[a-z]"/);
      expect(text, file).toContain('INBOX_KEYS.');
    }
  });
});
