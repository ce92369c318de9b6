// spec-run's version: package.json states it, everything else reads it from there.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** package.json of this installation, two levels above this module once compiled (dist/src/version.js). */
const packageJson = fileURLToPath(new URL('../../package.json', import.meta.url));

export const VERSION: string = (JSON.parse(readFileSync(packageJson, 'utf8')) as { version: string }).version;
