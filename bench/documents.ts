// Where users wait around the checks: one small document, and a tree of 100, side by side
// with the alternative in one run (medians of alternating rounds, after a round of every
// command not counted, which fills the page cache, the core images and the compiled files of
// each and keeps the documents of the rows "unchanged since the last run"). The fixtures are built
// here: 100 Lisp documents of 2 FiveAM tests x 2 checks, the same 200 tests as one file for
// plain SBCL, and 100 OpenSpec documents of 2 scenarios x 3 steps with the user's steps,
// the same 100 features for cucumber-js (installed into a scratch directory from npm, not
// a dependency of spec-run). Each figure is printed beside the alternative's, with the ratio.
// A run keeps what it parsed for the next (src/parse/cache.ts): the trees are measured both
// unchanged since the previous round and with every document parsed afresh
// (SPEC_RUN_DOCUMENT_CACHE=off), which is also how the one document is measured: the
// document a user just saved is parsed anew.
import { execFile, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { formatComparison, median, type BenchReport, type ComparisonRow } from './table.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const cli = join(root, 'dist/src/cli/main.js');
const DOCUMENTS = 100;
const ROUNDS = 5;

const lispTests = (i: number) => `(fiveam:def-suite suite-${i})
(fiveam:in-suite suite-${i})
(fiveam:test sum-${i} (fiveam:is (= ${i + 1} (+ ${i} 1))) (fiveam:is (= 4 (* 2 2))))
(fiveam:test text-${i} (fiveam:is (equal "ab" (concatenate 'string "a" "b"))) (fiveam:is (< ${i} ${i + 1})))`;

const lispDocument = (i: number) => `---\ntype: verification\n---\n# Document ${i}\n\n\`\`\`lisp\n${lispTests(i)}\n\`\`\`\n`;

const openspecDocument = (i: number) => `# Counter ${i} Specification

## Purpose
A counter.

## Requirements

### Requirement: Counting ${i}
The counter SHALL add.

#### Scenario: Adding ${i}
- **GIVEN** a counter at ${i}
- **WHEN** ${i} is added
- **THEN** the counter shows ${2 * i}

#### Scenario: Adding zero ${i}
- **GIVEN** a counter at ${i}
- **WHEN** 0 is added
- **THEN** the counter shows ${i}
`;

const feature = (i: number) => `Feature: Counter ${i}

  Scenario: Adding ${i}
    Given a counter at ${i}
    When ${i} is added
    Then the counter shows ${2 * i}

  Scenario: Adding zero ${i}
    Given a counter at ${i}
    When 0 is added
    Then the counter shows ${i}
`;

/** One steps file for both: spec-run/steps and cucumber-js take the same definitions. */
const steps = (module: string) => `import { Given, When, Then } from '${module}';
import assert from 'node:assert/strict';
Given('a counter at {int}', function (n) { this.count = n; });
When('{int} is added', function (n) { this.count += n; });
Then('the counter shows {int}', function (n) { assert.equal(this.count, n); });
`;

interface Timed {
  seconds: number;
  ok: boolean;
  /** The last line the command wrote: its summary, or why it failed. */
  tail: string;
}

function timed(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): Promise<Timed> {
  const started = performance.now();
  return new Promise((done) =>
    execFile(command, args, { cwd, env, maxBuffer: 256 * 1024 * 1024 }, (error, stdout, stderr) =>
      done({
        seconds: (performance.now() - started) / 1000,
        ok: !error,
        // How a failed run ended comes first: a CI run once showed a clean summary for one that failed.
        tail: `${error ? `${error.signal ? `killed by ${error.signal}` : `exit ${String(error.code)}`}: ` : ''}${(stderr.trim() || stdout.trim()).split('\n').at(-1) ?? ''}`,
      }),
    ),
  );
}

/** Median seconds of each command, run in alternating rounds after a warm-up round that is not counted. */
async function alternating(commands: Record<string, () => Promise<Timed>>): Promise<Record<string, Timed>> {
  for (const run of Object.values(commands)) await run();
  const runs: Record<string, Timed[]> = {};
  for (let round = 0; round < ROUNDS; round++)
    for (const [name, run] of Object.entries(commands)) (runs[name] ??= []).push(await run());
  return Object.fromEntries(
    Object.entries(runs).map(([name, list]) => [name, { seconds: median(list.map((r) => r.seconds)), ok: list.every((r) => r.ok), tail: (list.find((r) => !r.ok) ?? list.at(-1)!).tail }]),
  );
}

/** cucumber-js in a scratch directory; null when it cannot be installed here. */
function installCucumber(scratch: string): string | null {
  try {
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', '--prefix', scratch, '@cucumber/cucumber@11'], { stdio: 'ignore', timeout: 300_000 });
    return join(scratch, 'node_modules', '.bin', 'cucumber-js');
  } catch {
    return null;
  }
}

export async function runDocumentsBench(): Promise<BenchReport> {
  const scratch = mkdtempSync(join(tmpdir(), 'spec-run-bench-documents-'));
  try {
    const lisp = join(scratch, 'lisp');
    const one = join(scratch, 'one');
    const openspec = join(scratch, 'openspec');
    const features = join(scratch, 'features');
    for (const dir of [lisp, one, openspec, join(features, 'features')]) mkdirSync(dir, { recursive: true });
    for (let i = 1; i <= DOCUMENTS; i++) {
      writeFileSync(join(lisp, `doc-${i}.test.md`), lispDocument(i));
      writeFileSync(join(openspec, `counter-${i}.spec.md`), openspecDocument(i));
      writeFileSync(join(features, 'features', `counter-${i}.feature`), feature(i));
    }
    writeFileSync(join(one, 'doc.test.md'), lispDocument(1));
    const plainSbcl = join(scratch, 'plain.lisp');
    writeFileSync(
      plainSbcl,
      `(require :asdf)\n(asdf:load-system :fiveam)\n${Array.from({ length: DOCUMENTS }, (_, i) => lispTests(i + 1)).join('\n')}\n` +
        `(unless (every #'identity (list ${Array.from({ length: DOCUMENTS }, (_, i) => `(fiveam:run! 'suite-${i + 1})`).join(' ')})) (sb-ext:exit :code 1))\n`,
    );
    writeFileSync(join(openspec, 'steps.mjs'), steps('spec-run/steps'));
    writeFileSync(join(features, 'steps.mjs'), steps('@cucumber/cucumber'));
    // spec-run/steps resolves to this checkout from the fixture's directory.
    mkdirSync(join(openspec, 'node_modules'), { recursive: true });
    execFileSync('ln', ['-s', root, join(openspec, 'node_modules', 'spec-run')]);
    const cucumber = installCucumber(features);
    const specRun = (args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env) => () => timed(process.execPath, [cli, ...args, '--reporter', 'tap'], cwd, env);
    const cucumberRun = (paths: string[]) => () => timed(cucumber!, [...paths, '--import', 'steps.mjs'], features);
    const fresh = { ...process.env, SPEC_RUN_DRIVER: 'fresh' };
    // Every document parsed afresh, as on a first run or for a document just edited.
    const parsedAfresh = { ...process.env, SPEC_RUN_DOCUMENT_CACHE: 'off' };

    const figures = await alternating({
      version: () => timed(process.execPath, [cli, '--version'], root),
      one: specRun(['doc.test.md'], one, parsedAfresh),
      ...(cucumber ? { cucumberOne: cucumberRun(['features/counter-1.feature']), cucumberAll: cucumberRun(['features']) } : {}),
      lisp: specRun(['.'], lisp),
      lispAfresh: specRun(['.'], lisp, parsedAfresh),
      lispFresh: specRun(['.'], lisp, fresh),
      sbcl: () => timed('sbcl', ['--noinform', '--non-interactive', '--load', plainSbcl], scratch),
      openspec: specRun(['.'], openspec),
      openspecAfresh: specRun(['.'], openspec, parsedAfresh),
    });
    /** The median seconds of run `name`; when it failed, the line that says why instead of its summary. */
    const run = (name: string) => {
      const figure = figures[name];
      return { seconds: figure?.seconds ?? NaN, failed: figure && !figure.ok ? figure.tail || 'failed' : undefined, note: figure?.ok ? figure.tail : undefined };
    };
    const noCucumber = cucumber ? undefined : '@cucumber/cucumber could not be installed from npm here';
    /** spec-run's run `ours` beside the alternative's run `theirs`, with the aim for the ratio. */
    const beside = (metric: string, ours: string, theirs: string, aim: number, missing?: string): ComparisonRow => ({
      metric,
      unit: 's',
      ours: run(ours).seconds,
      problem: run(ours).failed,
      peer: missing ? undefined : run(theirs).seconds,
      peerProblem: missing ? undefined : run(theirs).failed,
      peerMissing: missing,
      peerRatio: aim,
      note: run(ours).note,
    });
    const sideBySide: ComparisonRow[] = [
      beside('one Lisp document (2 tests), just edited / one feature in cucumber-js', 'one', 'cucumberOne', 1, noCucumber),
      beside(`${DOCUMENTS} OpenSpec documents with the user's steps, unchanged since the last run / the same ${DOCUMENTS} features in cucumber-js`, 'openspec', 'cucumberAll', 1, noCucumber),
      beside(`${DOCUMENTS} OpenSpec documents with the user's steps, every one parsed afresh / the same ${DOCUMENTS} features in cucumber-js`, 'openspecAfresh', 'cucumberAll', 1, noCucumber),
      beside(`${DOCUMENTS} Lisp documents, unchanged since the last run / the same ${DOCUMENTS * 2} FiveAM tests in one plain sbcl`, 'lisp', 'sbcl', 3),
      beside(`${DOCUMENTS} Lisp documents, every one parsed afresh / the same ${DOCUMENTS * 2} FiveAM tests in one plain sbcl`, 'lispAfresh', 'sbcl', 3),
    ];
    const rows: ComparisonRow[] = [
      { metric: 'spec-run --version', unit: 's', ours: run('version').seconds, problem: run('version').failed },
      ...sideBySide,
      beside(`${DOCUMENTS} Lisp documents, forked drivers / a process per driver`, 'lisp', 'lispFresh', 1),
    ];
    const text = formatComparison(`Documents: start-up and trees of ${DOCUMENTS} beside the alternatives (medians of ${ROUNDS} alternating rounds)`, rows, true);
    return { text, sideBySide };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log((await runDocumentsBench()).text);
}
