// One run of the real CLI on a corpus of documents (`spec-run <documents> --strict
// --reporter json --jobs N`), replayed as node-tap assertions: every point of the run
// is one assertion, so the suite's count holds each check of the documents; then what
// a passing run must also show (shape.ts). Used by the end-to-end test files, one run
// per corpus: the only run of these documents in the suite.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Extra } from 'tap';
import type t from 'tap';
import { buildPlan } from '../../src/cli/run-command.js';
import type { RunEvent } from '../../src/model/events.js';
import type { DocumentPlan } from '../../src/model/plan.js';
import { documentShape } from './shape.js';

export type Point = Extract<RunEvent, { type: 'point' }>;
/** A node-tap test, as subtests receive it. */
export type TapTest = Parameters<Parameters<typeof t.test>[0]>[0];

export const root = resolve(fileURLToPath(new URL('../../..', import.meta.url)));
const cli = join(root, 'dist/src/cli/main.js');

export interface CorpusRun {
  code: number;
  events: RunEvent[];
  stderr: string;
}

export interface CorpusOptions {
  /** Files and directories, relative to the repository root, in the order the run takes them. */
  paths: string[];
  /** Documents run at the same time (`--jobs`); the run's quiet gate gives its measurements the machine. */
  jobs: number;
  /** More `--reporter name:file` reports the run writes. */
  reports?: string[];
  /** Called with each event as the run emits it (events come in plan order). */
  onEvent?: (event: RunEvent) => void;
  /**
   * For a failing point, why this machine makes it fail though the software does what the
   * document asks, from the point's own diagnostics (its real numbers), or undefined. Such a
   * point stays `not ok`, marked TODO with the reason: counted apart, not as a pass.
   */
  explain?: (point: Point) => string | undefined;
}

function runCorpus({ paths, jobs, reports = [], onEvent }: CorpusOptions): Promise<CorpusRun> {
  const args = [cli, ...paths, '--strict', '--jobs', String(jobs), '--reporter', 'json', ...reports.flatMap((report) => ['--reporter', report])];
  const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, GITHUB_ACTIONS: '' } });
  const events: RunEvent[] = [];
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  createInterface({ input: child.stdout }).on('line', (line) => {
    if (line === '') return;
    const event = JSON.parse(line) as RunEvent;
    events.push(event);
    onEvent?.(event);
  });
  return new Promise((done) => child.on('close', (code) => done({ code: code ?? 1, events, stderr })));
}

/** One assertion per point of the run, in subtests per document and unit as the run reported them. */
async function replay(t: TapTest, events: RunEvent[], explain: CorpusOptions['explain']): Promise<void> {
  const documents = new Map<string, Map<string, { name: string; points: Point[] }>>();
  const names = new Map<string, string>();
  for (const event of events) {
    if (event.type === 'document-start') {
      documents.set(event.file, new Map());
      names.set(event.file, event.name);
    }
    if (event.type === 'unit-start') documents.get(event.file)!.set(event.unitId, { name: event.name, points: [] });
    if (event.type === 'point') documents.get(event.file)!.get(event.unitId)!.points.push(event);
  }
  for (const [file, units] of documents) {
    await t.test(`${names.get(file)} (${file})`, async (t) => {
      for (const unit of units.values()) {
        await t.test(unit.name, async (t) => {
          for (const point of unit.points) {
            // `where` is the point's place in its document; this file's own call site (`at`) would say nothing.
            const extra: Extra = { at: null, where: point.at && `${point.at.file}:${point.at.line}`, diagnostics: point.diagnostics };
            if (point.skip !== undefined) extra.skip = point.skip;
            if (point.todo !== undefined) extra.todo = point.todo;
            const explained = point.ok || point.skip !== undefined || point.todo !== undefined ? undefined : explain?.(point);
            if (explained !== undefined) extra.todo = `machine-dependent: ${explained}`;
            t.ok(point.ok, point.name, extra);
          }
        });
      }
    });
  }
}

/** What a passing run of `plans` must show beyond its points passing (see shape.ts). */
function checkShapes(t: TapTest, plans: DocumentPlan[], events: RunEvent[]): void {
  for (const plan of plans) {
    const shape = documentShape(plan, events, (eventFile, planFile) => resolve(root, eventFile) === planFile);
    const { document } = shape;
    t.same(shape.reportedUnits, shape.plannedUnits, `${document}: every planned unit reported once, in document order`);
    t.same(shape.misplaced, [], `${document}: every point is placed in its own document`);
    t.same(shape.skippedOutsideFuture, [], `${document}: nothing skipped outside scenarios marked future`);
    if (shape.minPoints !== undefined) t.ok(shape.points >= shape.minPoints, `${document}: ${shape.points} points, at least ${shape.minPoints}`);
    if (shape.perUnit) t.same(shape.perUnit.points, shape.perUnit.steps, `${document}: one point per scenario step (one for a scenario without steps)`);
  }
}

/** Runs the corpus once and asserts every point of the run, its closing, and the shape of each document; the run is returned for more checks. */
export async function checkCorpusRun(t: TapTest, options: CorpusOptions): Promise<CorpusRun> {
  const run = await runCorpus(options);
  await replay(t, run.events, options.explain);
  const end = run.events.at(-1);
  t.equal(end?.type, 'run-end', 'the run closed its event stream');
  const failed = end?.type === 'run-end' ? end.counts.failed : -1;
  t.equal(run.code, failed === 0 ? 0 : 1, `exit status ${run.code} for ${failed} failed points`);
  t.match(run.stderr, /^\d+ passed, \d+ failed, \d+ skipped, \d+ todo$/m, 'the closing summary line');
  const plans = (await buildPlan(options.paths.map((path) => resolve(root, path)))).documents;
  t.ok(plans.length > 0, `${plans.length} documents`);
  checkShapes(t, plans, run.events);
  return run;
}
