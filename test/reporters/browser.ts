// Debian's chromium, headless, for the tests that look at report pages.
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import puppeteer, { type Browser } from 'puppeteer-core';

/** The first Chromium on PATH; CI installs Debian's chromium (scripts/setup.sh). */
export function findChromium(): string | null {
  for (const directory of (process.env.PATH ?? '').split(delimiter)) {
    for (const name of ['chromium', 'chromium-browser', 'google-chrome']) {
      if (existsSync(join(directory, name))) return join(directory, name);
    }
  }
  return null;
}

export const NO_CHROMIUM = "no chromium binary on PATH (scripts/setup.sh installs Debian's chromium)";

export function launchChromium(executablePath: string): Promise<Browser> {
  return puppeteer.launch({ executablePath, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
}
