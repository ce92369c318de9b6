// The held-out executor specifications (test/fixtures/executor-heldout/) as the held-out
// test reads them: the batches, the rates recorded for each, and their points as the
// CLI reports them.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import type { Test } from 'tap';
import type { RunEvent } from '../../src/model/events.js';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const fixtures = path.join(root, 'test/fixtures/executor-heldout');
const cli = path.join(root, 'dist/src/cli/main.js');

/** Floors: how many steps there are, how many are bound at least, how many of those pass for real at least. */
export interface Floors {
  steps: number;
  bound: number;
  passed: number;
}
export interface RecordedRate extends Floors {
  /**
   * The floors of each part the batch runs in (Part), each from a real run of it: each part is
   * its own test file. They never say less than the batch's floors together.
   */
  parts: Record<Part, Floors>;
  knownFailures: Record<string, string>;
  /** A document's problems (its point fails the document, no step's), by place, with why: a writer's text the run refuses as a user's run does. */
  documentProblems?: Record<string, string>;
}
export const rates = JSON.parse(readFileSync(path.join(fixtures, 'rates.json'), 'utf8')) as Record<string, RecordedRate>;
export const batches = readdirSync(fixtures).filter((name) => /^batch\d+$/.test(name)).sort();

/** The two parts each batch runs in, by what its scenarios state (statesTiming): each its own test file, with its own floors. */
export type Part = 'untimed' | 'timed';

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

/** How a recorded failure that is a race of the engine or the kernel, not a reading, is said in rates.json. */
const INTERMITTENT = /^not the interpreter's, intermittent:/;

/**
 * The engine's OOM race (README, "Races of the Docker engine"), by its evidence in a step's
 * failure: a kill at the memory limit was checked for, and the executor saw an ordinary exit
 * 137 by SIGKILL, the engine's flag and event not there. The reading is right, the engine
 * late; seen in rehearsals on one memory-limit scenario or another, each alone passing.
 */
function engineOomRace(message: unknown): boolean {
  const text = String(message ?? '');
  const [expected, got] = text.split(/; got /);
  return got !== undefined && /memory[- ]limit|OOM/i.test(expected) && /exit code 137|signal 9: SIGKILL/.test(got) && !/exceeded its memory limit|Exit Status: Memory limit|outcome memory-limit|OOM killed/i.test(got);
}

/** Runs `task`s with at most `limit` of them at a time, in the order they were given. */
function pool(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await task();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
}

/**
 * The held-out test of PART: every batch's scenarios of that part run for real, AT_ONCE batches at
 * a time, and each batch's points checked against the part's floors (rates.json): no bound step
 * fails but those recorded with the reason the executor really does otherwise, the part's steps
 * are all points, at least its recorded number bound and passing, every step the interpreter
 * bound showing its interpretation.
 */
export function testPart(t: Test, part: Part, atOnce: number): void {
  const wanted = (scenario: HeldoutScenario) => statesTiming(scenario) === (part === 'timed');
  const turn = pool(atOnce);
  const targets = new Map(batches.map((batch) => [batch, scenarioTargets(batch, wanted)]));
  // Started together, each in its turn; each batch's test below awaits its own run.
  const runs = new Map(batches.map((batch) => [batch, turn(() => (targets.get(batch)!.length === 0 ? Promise.resolve([]) : stepPoints(targets.get(batch)!)))]));

  for (const batch of batches) {
    t.test(`${batch}, its scenarios that ${part === 'timed' ? 'state' : 'state nothing of'} time: the recorded binding rate holds, each bound reading is shown, and no bound step fails where the executor does what it says`, async (t) => {
      const recorded = rates[batch];
      t.ok(recorded?.parts?.[part], `${batch} has a recorded rate in rates.json, with its ${part} part's floors`);
      if (!recorded?.parts?.[part]) return;
      const floors = recorded.parts[part];
      const { untimed, timed } = recorded.parts;
      t.ok(
        untimed.steps + timed.steps === recorded.steps && untimed.bound + timed.bound >= recorded.bound && untimed.passed + timed.passed >= recorded.passed,
        `the parts' floors together are the batch's steps and at least its floors (${JSON.stringify(recorded.parts)})`,
      );
      const points = await runs.get(batch)!;
      const real = points.filter((p) => !isDocumentProblem(p));
      // A document's problems come with any run of a part of it: those of the documents this part runs.
      const documents = new Set(targets.get(batch)!.map((target) => path.basename(target.split(':')[0])));
      const problems = Object.keys(recorded.documentProblems ?? {}).filter((place) => documents.has(place.split(':')[0]));
      t.same([...new Set(points.filter(isDocumentProblem).map(where))].sort(), problems.sort(), "the documents' problems are the recorded ones");
      t.equal(real.length, floors.steps, 'every step of the part is a point');
      t.same([...new Set(real.map(batchOf))], real.length === 0 ? [] : [batch], 'every point is of a document of the batch');
      const boundSteps = real.filter(bound);
      t.ok(boundSteps.length >= floors.bound, `bound ${boundSteps.length} of ${real.length}, recorded ${floors.bound}`);
      const interpreted = boundSteps.filter((p) => String(p.diagnostics?.definition).startsWith('executor interpreter:'));
      t.ok((floors.bound === 0 || interpreted.length > 0) && interpreted.every((p) => typeof p.diagnostics?.interpretation === 'string'), `each of the ${interpreted.length} steps the interpreter bound shows its interpretation (the others: a definition)`);
      const failed = real.filter((p) => !p.ok && p.todo === undefined && bound(p));
      const raced = failed.filter((p) => !(where(p) in recorded.knownFailures) && engineOomRace(p.diagnostics?.message));
      for (const p of raced) t.comment(`${where(p)}: the engine's OOM race, not a reading (${String(p.diagnostics?.message).split('\n')[0]})`);
      // A race falls on one step now and then; the executor no longer seeing any kill at the limit would fail them all.
      t.ok(raced.length <= 1, `at most one memory-limit step of a batch lost to the engine's race (${raced.length}: ${raced.map(where).join(', ') || 'none'})`);
      t.same(
        failed.filter((p) => !(where(p) in recorded.knownFailures) && !raced.includes(p)).map((p) => [where(p), p.name, p.diagnostics?.message]),
        [],
        "no bound step fails but the recorded ones (and the engine's OOM race)",
      );
      const passed = real.filter((p) => p.ok && p.skip === undefined).length;
      // A recorded failure that is a race (the engine's OOM flag, the kernel's choice of what to
      // kill) fails in some runs and passes in others, where it counts among the passed; the
      // bound steps after it in its scenario then do not run either. Both counted apart: they
      // could not pass in this run, and the failure itself is accounted for above.
      const intermittent = failed.filter((p) => INTERMITTENT.test(recorded.knownFailures[where(p)] ?? '') || raced.includes(p));
      const afterIntermittent = new Set(intermittent.map((p) => p.unitId));
      const blocked = real.filter((p) => p.skip !== undefined && bound(p) && afterIntermittent.has(p.unitId)).length;
      t.ok(
        passed + intermittent.length + blocked >= floors.passed,
        `${passed} bound steps ran and passed${intermittent.length + blocked ? `, ${intermittent.length} failed by a recorded race and ${blocked} did not run after it in their scenario` : ''}, recorded ${floors.passed} (a bound step after an undefined one in its scenario does not run)`,
      );
    });
  }
}
