// The held-out executor specifications (test/fixtures/executor-heldout/) as both held-out
// test files read them: the batches, the rates recorded for each, and their points as the
// CLI reports them.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import type { RunEvent } from '../../src/model/events.js';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const fixtures = path.join(root, 'test/fixtures/executor-heldout');
const cli = path.join(root, 'dist/src/cli/main.js');

export interface RecordedRate {
  steps: number;
  bound: number;
  passed: number;
  knownFailures: Record<string, string>;
}
export const rates = JSON.parse(readFileSync(path.join(fixtures, 'rates.json'), 'utf8')) as Record<string, RecordedRate>;
export const batches = readdirSync(fixtures).filter((name) => /^batch\d+$/.test(name)).sort();

export type Point = Extract<RunEvent, { type: 'point' }>;

/** The step points of a run of BATCHES (one process) through the CLI (the repository's configuration maps image names to the local image). */
export async function stepPoints(targets: string[], extra: string[]): Promise<Point[]> {
  const result = await execa(process.execPath, [cli, ...targets.map((batch) => path.join(fixtures, batch)), '--executor-steps', '--no-strict', '--reporter', 'json', ...extra], { cwd: root, reject: false });
  const events = result.stdout.split('\n').filter((line) => line.trim() !== '').map((line) => JSON.parse(line) as RunEvent);
  return events.filter((e): e is Point => e.type === 'point' && !e.unitId.endsWith('#steps'));
}

/** The batch a point's document belongs to. */
export const batchOf = (p: Point): string => path.relative(fixtures, path.resolve(root, p.file)).split(path.sep)[0];
export const bound = (p: Point) => typeof p.diagnostics?.definition === 'string';
export const where = (p: Point) => `${path.basename(p.at?.file ?? '')}:${p.at?.line}`;
