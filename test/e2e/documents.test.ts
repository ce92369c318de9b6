// The project's own specs and the seed documents, end to end: one run of the real
// CLI per corpus (`spec-run <corpus> --strict --reporter json`), the only run of
// these documents in the suite. Every point of the run is one assertion here, so
// the suite's count holds each check of the documents; then what a passing run
// must also show (shape.ts). Times are measured by the documents
// (timing-isolation compares to half a millisecond): this file runs alone.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import t, { type Extra } from 'tap';
import { buildPlan } from '../../src/cli/run-command.js';
import type { RunEvent } from '../../src/model/events.js';
import type { DocumentPlan } from '../../src/model/plan.js';
import { documentShape } from './shape.js';

type Point = Extract<RunEvent, { type: 'point' }>;
/** A node-tap test, as subtests receive it. */
type TapTest = Parameters<Parameters<typeof t.test>[0]>[0];

const root = resolve(fileURLToPath(new URL('../../..', import.meta.url)));
const cli = join(root, 'dist/src/cli/main.js');

interface CorpusRun {
  code: number;
  events: RunEvent[];
  stderr: string;
}

function runCorpus(path: string, reports: string[]): Promise<CorpusRun> {
  return new Promise((done) => {
    const args = [cli, path, '--strict', '--reporter', 'json', ...reports.flatMap((report) => ['--reporter', report])];
    execFile(process.execPath, args, { cwd: root, maxBuffer: 256 * 1024 * 1024, env: { ...process.env, GITHUB_ACTIONS: '' } }, (error, stdout, stderr) =>
      done({
        code: error ? Number((error as { code?: number }).code ?? 1) : 0,
        events: stdout.split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as RunEvent),
        stderr,
      }),
    );
  });
}

/** One assertion per point of the run, in subtests per document and unit as the run reported them. */
async function replay(t: TapTest, events: RunEvent[]): Promise<void> {
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

// The seeds' run also writes an HTML page and a JUnit file, which scripts/test.mjs
// hands to test/reporters/seeds-report-check.js once this file is done.
const corpora = [
  { path: 'specs/', present: true, reports: [] },
  {
    path: '../shared/seed-specs',
    present: existsSync(join(root, '../shared/seed-specs')),
    reports: ['html:.tap/artefacts/seeds-report.html', 'junit:.tap/artefacts/seeds-junit.xml'],
  },
];

for (const corpus of corpora) {
  t.test(`spec-run ${corpus.path}`, { skip: corpus.present ? false : `${corpus.path} is not beside the project` }, async (t) => {
    const run = await runCorpus(corpus.path, corpus.reports);
    await replay(t, run.events);
    const end = run.events.at(-1);
    t.equal(end?.type, 'run-end', 'the run closed its event stream');
    const failed = end?.type === 'run-end' ? end.counts.failed : -1;
    t.equal(run.code, failed === 0 ? 0 : 1, `exit status ${run.code} for ${failed} failed points`);
    t.match(run.stderr, /^\d+ passed, \d+ failed, \d+ skipped, \d+ todo$/m, 'the closing summary line');
    const plans = (await buildPlan([resolve(root, corpus.path)])).documents;
    t.ok(plans.length > 0, `${plans.length} documents`);
    checkShapes(t, plans, run.events);
  });
}
