import { existsSync } from 'node:fs';
import { chromium } from 'playwright';
import type { Browser } from 'playwright';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** CHROMIUM_PATH, then the system browsers, then Playwright's own download. */
export function findChromium(): string | undefined {
  const candidates = [process.env['CHROMIUM_PATH'], '/usr/bin/chromium', '/usr/bin/google-chrome'];
  for (const c of candidates) if (c && existsSync(c)) return c;
  try {
    const own = chromium.executablePath();
    if (own && existsSync(own)) return own;
  } catch {
    // Playwright has no browser of its own here
  }
  return undefined;
}

export async function launchChromium(): Promise<Browser> {
  const executablePath = findChromium();
  if (!executablePath) {
    throw new Error(
      'No Chromium found for the E2E tests. Install one (Debian: `apt-get install -y chromium`), ' +
        'or point CHROMIUM_PATH at a Chromium or Chrome binary.',
    );
  }
  return chromium.launch({ executablePath, args: CHROMIUM_FLAGS, headless: true });
}
