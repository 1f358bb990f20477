import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readJsonResource, resourcePath } from '../../../src-main/sandbox/resources';

describe('resourcePath', () => {
  it('resolves under the repo resources folder from source', () => {
    expect(resourcePath('sandbox/keywords.json')).toBe(resolve('resources/sandbox/keywords.json'));
    expect(existsSync(resourcePath('sandbox/keywords.json'))).toBe(true);
  });

  it('reads every sandbox data file as JSON', () => {
    for (const f of ['keywords', 'suggest-extras', 'note-templates', 'lookbook']) {
      expect(readJsonResource<object>(`sandbox/${f}.json`)).toBeTypeOf('object');
    }
  });
});
