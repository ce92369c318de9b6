// Locates the shared seed documents from the compiled test file: the repository root is the
// nearest ancestor with a package.json, and the seeds stand next to it in ../shared/seed-specs.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

function repositoryRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('no package.json above the test files');
    dir = parent;
  }
  return dir;
}

export const SEED_DIR = resolve(repositoryRoot(), '..', 'shared', 'seed-specs');

export const SEEDS = [
  'command-timeouts.spec.md',
  'configure-limits-tool.test.md',
  'timeout-handling.test.md',
  'timeout-protection.test.md',
  'timing-isolation.md',
] as const;

export function seedPath(name: (typeof SEEDS)[number]): string {
  return join(SEED_DIR, name);
}

export function seedLines(name: (typeof SEEDS)[number]): string[] {
  return readFileSync(seedPath(name), 'utf8').split('\n');
}

/** 1-based line of the first line containing `needle` at or after line `from`. */
export function lineOf(lines: string[], needle: string, from = 1): number {
  const index = lines.findIndex((line, i) => i >= from - 1 && line.includes(needle));
  if (index < 0) throw new Error(`"${needle}" not found in the seed`);
  return index + 1;
}
