// The held-out executor specifications (test/fixtures/executor-heldout/) as the held-out
// test reads them: the batches, the rates recorded for each, and their points as the
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
  /** A document's problems (its point fails the document, no step's), by place, with why: a writer's text the run refuses as a user's run does. */
  documentProblems?: Record<string, string>;
}
export const rates = JSON.parse(readFileSync(path.join(fixtures, 'rates.json'), 'utf8')) as Record<string, RecordedRate>;
export const batches = readdirSync(fixtures).filter((name) => /^batch\d+$/.test(name)).sort();

export type Point = Extract<RunEvent, { type: 'point' }>;

/**
 * The points of a run of TARGETS (its steps, and any document's problem: isDocumentProblem) (one process) through the CLI (the repository's configuration maps image names to the local image):
 * batches, or documents of them with the lines of the scenarios to run (`batch1/doc.spec.md:16:28`, as the CLI takes them).
 */
export async function stepPoints(targets: string[]): Promise<Point[]> {
  const result = await execa(process.execPath, [cli, ...targets.map((target) => path.join(fixtures, target)), '--executor-steps', '--no-strict', '--reporter', 'json'], { cwd: root, reject: false });
  const events = result.stdout.split('\n').filter((line) => line.trim() !== '').map((line) => JSON.parse(line) as RunEvent);
  return events.filter((e): e is Point => e.type === 'point' && !e.unitId.endsWith('#steps'));
}

/** A point of a document's problem (a table no step takes), no step: each run of a part of the document gives it again. */
export const isDocumentProblem = (p: Point) => /#problem-\d+$/.test(p.unitId);

/** The batch a point's document belongs to. */
export const batchOf = (p: Point): string => path.relative(fixtures, path.resolve(root, p.file)).split(path.sep)[0];
export const bound = (p: Point) => typeof p.diagnostics?.definition === 'string';
export const where = (p: Point) => `${path.basename(p.at?.file ?? '')}:${p.at?.line}`;

/** A scenario of a held-out document: the document (relative to the fixtures), the line of its heading, and its text up to the next heading. */
export interface HeldoutScenario {
  document: string;
  line: number;
  text: string;
}

/**
 * The scenarios of BATCH's documents, in order: each `Scenario:` heading with its text up to the next heading
 * outside a fenced block (the held-out documents are OpenSpec specifications, one unit a scenario).
 */
export function scenariosOf(batch: string): HeldoutScenario[] {
  const documents = readdirSync(path.join(fixtures, batch)).filter((name) => name.endsWith('.md')).sort();
  return documents.flatMap((name) => {
    const document = `${batch}/${name}`;
    const scenarios: HeldoutScenario[] = [];
    let current: HeldoutScenario | null = null;
    let fenced = false;
    readFileSync(path.join(fixtures, document), 'utf8').split('\n').forEach((text, index) => {
      if (/^\s*(```|~~~)/.test(text)) fenced = !fenced;
      const heading = !fenced && /^#{1,6}\s/.test(text);
      if (heading) current = /^#{1,6}\s+Scenario:/i.test(text) ? { document, line: index + 1, text: '' } : null;
      if (heading && current) scenarios.push(current);
      if (current) current.text += `${text}\n`;
    });
    return scenarios;
  });
}

/**
 * Whether what a scenario states involves time: a span of time (a figure with its unit, a word of
 * time, a timeout, a sleep, a wait), a signal, an interrupt or a kill, or a memory limit (the
 * engine's kill at the limit races under load). Its checks may then depend on when things happen,
 * so it runs with the machine quiet; a scenario that states none of these holds whatever the load.
 * Wide on purpose: a false "yes" costs only its place in the quiet stage.
 */
export function statesTiming(scenario: HeldoutScenario): boolean {
  return TIMING_WORDS.test(scenario.text);
}
const TIMING_WORDS =
  /\d\s*(ms|s|m|h|secs?|seconds?|minutes?|hours?|milliseconds?)\b|\b(second|minute|hour|millisecond|msec)s?\b|time|duration|elapsed|grace|deadline|sleep|wait|hang|forever|long|quick|fast|slow|prompt|immediate|at once|late|early|soon|SIG[A-Z]+|signal|ctrl-c|\^C|interrupt|kill|memory|oom|concurren|parallel|background/i;

/** The targets that run, of BATCH, the scenarios WANTED says: each document with their lines (none when no scenario is). */
export function scenarioTargets(batch: string, wanted: (scenario: HeldoutScenario) => boolean): string[] {
  const lines = new Map<string, number[]>();
  for (const scenario of scenariosOf(batch).filter(wanted)) lines.set(scenario.document, [...(lines.get(scenario.document) ?? []), scenario.line]);
  return [...lines].map(([document, at]) => `${document}:${at.join(':')}`);
}
