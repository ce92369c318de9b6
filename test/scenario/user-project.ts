// A user's project for the scenario tests: files written into a fresh directory, and
// spec-run run there as a child process, as a new user would run it.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import type { RunEvent } from '../../src/model/events.js';
import { scratchDirectory } from '../support/scratch.js';

export const cli = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/cli/main.js');

export type Point = Extract<RunEvent, { type: 'point' }>;

/** A fresh directory holding FILES (names may have folders). */
export function project(files: Record<string, string>, prefix = 'spec-run-user-project-'): string {
  const dir = scratchDirectory(prefix);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

/** spec-run with ARGS in DIR; the events of a JSON report, when it printed one. */
export async function runIn(dir: string, args: string[]) {
  const result = await execa(process.execPath, [cli, ...args], { cwd: dir, reject: false });
  const events = result.stdout.includes('"type"') ? result.stdout.split('\n').filter(Boolean).map((l) => JSON.parse(l) as RunEvent) : [];
  return { ...result, events, points: events.filter((e): e is Point => e.type === 'point') };
}
