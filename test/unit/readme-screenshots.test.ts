// The README's pictures are the app's own screenshots (`npm run screenshots`): every image it shows is a file of
// the repository, and each page's section shows that page. The insights page's acceptance asks for its screenshot
// in the README, and for the page shot in Korean and English, light and dark.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const readme = readFileSync('README.md', 'utf8');
const images = (text: string) => [...text.matchAll(/!\[[^\]]*\]\(([^)\s]+)\)/g)].map((m) => m[1]!);

/** The text of the README's `## title` section, up to the next `## `. */
function section(title: string): string {
  const start = readme.indexOf(`\n## ${title}\n`);
  expect(start, `README has no section "${title}"`).toBeGreaterThanOrEqual(0);
  const end = readme.indexOf('\n## ', start + 1);
  return readme.slice(start, end < 0 ? undefined : end);
}

describe("the README's screenshots", () => {
  it('every image the README shows is in the repository', () => {
    const shown = images(readme);
    expect(shown.length).toBeGreaterThan(0);
    for (const path of shown) expect(existsSync(path), path).toBe(true);
  });

  it('the Insights section shows the insights page; its screenshots exist in Korean and English, light and dark', () => {
    expect(images(section('Insights'))).toContain('docs/screenshots/insights-light.png');
    for (const name of ['insights', 'insights-en'])
      for (const scheme of ['light', 'dark'])
        expect(existsSync(`docs/screenshots/${name}-${scheme}.png`), `${name}-${scheme}`).toBe(true);
  });
});
