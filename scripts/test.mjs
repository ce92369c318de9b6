// The whole test suite: the project's node-tap tests, among them the one run of
// spec-run on its own specs/ (test/e2e/specs.test.ts) and on the seed documents
// (test/e2e/seeds.test.ts). Every stream is TAP, read back with tap-parser; the closing
// line counts leaf assertions ("N passed, N failed, N skipped"), so a run that executed
// nothing cannot pass.
//
// The order, so that what measures time has the machine to itself and the waiting does not add up:
// 1. the SBCL core images, built once here rather than by the first files that need them;
// 2. the test files that measure time, one at a time, with nothing of this suite beside them;
// 3. the seeds' run, alone until its load-sensitive documents have ended (the test file
//    says so through SPEC_RUN_SUITE_QUIET_DONE); from then on the tests that do not
//    measure time run in parallel beside the rest of it, which times out in seconds: two files
//    a core, and up to four a core while a core stays idle (they mostly wait);
// 4. the seeds run's HTML page and JUnit file, in a browser;
// 5. a short run of the benchmarks' side-by-side comparisons, alone, its table kept in .tap/artefacts.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Parser } from 'tap-parser';

/**
 * Test files that measure time (a grace period to the tenth of a second, timeouts fired
 * to the tenth of a second, containers that must start within a probe's timeout): they
 * run one at a time, before the rest, with nothing of this suite beside them. runtime/limits is
 * one: beside the parallel tests, partial output written before a worker that blocks
 * interrupts is replaced did not arrive within the grace, and a 2 s bound was met by 31 ms.
 * scenario/heldout is one: its batches' steps check when signals were sent (SIGTERM at 1 s ± 0.5 s
 * was sent at 1.55 s beside the parallel tests); it runs only the held-out scenarios that state time,
 * scenario/heldout-untimed the others, beside the parallel tests (heldout.test.ts).
 * install/user-seat-round16-executor is one: a container command's Duration, which the engine stamps
 * when it learns the process started and ended, was 551 ms for an `echo` beside the parallel tests.
 * Not here, a comparison that load does not move: run/lisp/concurrent-requests (the wall
 * time of overlapping 0.5 s sleeps against their sum: 0.3 of it, where 0.8 is allowed).
 */
const MEASURES_TIME = [
  'cli/interrupts',
  'e2e/specs',
  'executor/docker',
  'executor/exec-command',
  'executor/host',
  'install/user-seat-round16-executor',
  'run/lisp/runner',
  'run/lisp/warm-servers',
  'runtime/interrupts',
  'runtime/limits',
  'runtime/timing',
  'scenario/corpus',
  'scenario/heldout',
  'scenario/seed',
  'scenario/vocabulary',
];
/** The seeds' run: it measures time in its first documents only (see the file). */
const SEEDS_RUN = 'e2e/seeds';
/**
 * The test files that do not measure time and take the longest (alone, on a machine with a load
 * average near 14: scenario/heldout-untimed 262 s, lsp/server 172 s, scenario/openspec-changes 106 s, install/package's install
 * from git alone 136 s, install/project 51 s, cli/failures-and-shards 48 s, install/user-seat-round2 45 s,
 * scenario/cucumber-habits 36 s; most others take seconds): they start first in the parallel phase, so
 * that none of them is left running alone at its end while the other core idles.
 */
const LONGEST = [
  'scenario/heldout-untimed',
  'lsp/server',
  'install/package',
  'scenario/openspec-changes',
  'install/project',
  'cli/failures-and-shards',
  'install/user-seat-round2',
  'scenario/cucumber-habits',
];

/** The test files, by their TypeScript sources: a compiled file whose source is gone is not run. */
function testFiles(directory, prefix = '') {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const name = `${prefix}${entry.name}`;
    if (entry.isDirectory()) return testFiles(join(directory, entry.name), `${name}/`);
    return entry.name.endsWith('.test.ts') ? [name.slice(0, -'.test.ts'.length)] : [];
  });
}

const all = testFiles('test').sort();
const unknown = [...MEASURES_TIME, SEEDS_RUN, ...LONGEST].filter((name) => !all.includes(name));
if (unknown.length > 0) throw new Error(`scripts/test.mjs names test files that do not exist: ${unknown.join(', ')}`);
if (LONGEST.some((name) => MEASURES_TIME.includes(name))) throw new Error('scripts/test.mjs lists a test file that measures time among the longest of those that do not');
const untimed = [...LONGEST, ...all.filter((name) => !MEASURES_TIME.includes(name) && name !== SEEDS_RUN && !LONGEST.includes(name))];
const compiled = (names) => names.map((name) => `dist/test/${name}.test.js`);
// Each file a plain Node process (scripts/test-files.mjs says why not tap's runner), its TAP as tap's runner writes it;
// JOBS at a time, and up to MAX_JOBS while the machine has a core idle (test-files.mjs).
const tap = (jobs, names, maxJobs = jobs) => [process.execPath, ['scripts/test-files.mjs', `--jobs=${jobs}`, `--max-jobs=${maxJobs}`, ...compiled(names)]];

/**
 * What a failed point found against what it wanted, on one short line: CI shows the log's
 * tail, and a name alone ("no bound step fails but the recorded ones") does not say which.
 */
function shortDiagnostic(diag) {
  if (!diag || typeof diag !== 'object') return '';
  const parts = ['found', 'wanted', 'message']
    .filter((key) => diag[key] !== undefined)
    .map((key) => `${key}: ${JSON.stringify(diag[key])}`);
  // t.same and its kin give a diff instead: its changed lines, squeezed onto one.
  if (typeof diag.diff === 'string') {
    const changed = diag.diff.split('\n').filter((line) => /^[-+](?![-+]{2} )/.test(line));
    parts.push(`diff: ${changed.map((line) => line.replace(/\s+/g, ' ').trim()).join(' ')}`);
  }
  const line = parts.join('; ');
  return line.length > 400 ? `${line.slice(0, 400)}…` : line;
}

/**
 * Counts the leaves of a TAP stream; a failing subtest with no failing leaf (a crash) counts
 * as one failure. Each failure's path of test names, and its short diagnostic, is kept for
 * the closing list.
 */
function countLeaves(parser, failures) {
  const counts = { passed: 0, failed: 0, skipped: 0, todo: 0 };
  let child = null;
  let childFailures = [];
  parser.on('child', (p) => {
    childFailures = [];
    child = countLeaves(p, childFailures);
  });
  parser.on('assert', (result) => {
    if (child) {
      const sub = child;
      child = null;
      if (!result.ok && !result.todo && sub.failed === 0) {
        counts.failed += 1;
        failures.push([result.name]);
      }
      failures.push(...childFailures.map((path) => [result.name, ...path]));
      for (const key of Object.keys(counts)) counts[key] += sub[key];
      return;
    }
    if (result.skip) counts.skipped += 1;
    else if (result.todo) counts.todo += 1;
    else if (result.ok) counts.passed += 1;
    else {
      counts.failed += 1;
      const diagnostic = shortDiagnostic(result.diag);
      failures.push(diagnostic ? [`${result.name} (${diagnostic})`] : [result.name]);
    }
  });
  return counts;
}

const total = { passed: 0, failed: 0, skipped: 0, todo: 0 };
/** Every failed point of the whole suite, by suite and path of test names: listed again at the end, where a CI log's tail shows it. */
const failedPoints = [];

/**
 * Runs one suite and counts its leaves. Its TAP goes to stdout as it comes, or, for a
 * suite that runs beside another, is kept and written by `flush` once that one is done.
 */
function runSuite({ name, command: [program, args], env = {} }, { live = true } = {}) {
  const started = performance.now();
  const kept = [];
  const write = (text) => (live ? process.stdout.write(text) : kept.push(text));
  write(`\n# ${name}\n`);
  const parser = new Parser();
  const failures = [];
  const counts = countLeaves(parser, failures);
  const child = spawn(program, args, { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env } });
  child.stdout.on('data', (chunk) => {
    write(chunk);
    parser.write(chunk);
  });
  const done = new Promise((resolve) =>
    child.on('close', (code) => {
      parser.end();
      if (code !== 0 && counts.failed === 0) {
        counts.failed += 1; // a non-zero exit with no failing point is still a failure
        failures.push([`exited with code ${code} and no failing point`]);
      }
      failedPoints.push(...failures.map((path) => `${name}: ${path.join(' > ')}`));
      const seconds = ((performance.now() - started) / 1000).toFixed(0);
      write(`# ${name}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped, ${counts.todo} todo (${seconds} s)\n`);
      for (const key of Object.keys(total)) total[key] += counts[key];
      resolve();
    }),
  );
  return { done, flush: () => process.stdout.write(kept.join('')) };
}

const since = (started) => `${((performance.now() - started) / 1000).toFixed(0)} s`;
const suiteStarted = performance.now();

// 1. Built here once: test files started in parallel on a fresh machine would each build them.
{
  const started = performance.now();
  const { defaultLisp } = await import('../dist/src/lisp-image/core-image.js');
  const { workerImage } = await import('../dist/src/runtime/worker.js');
  const { driverImage } = await import('../dist/src/run/lisp/driver.js');
  await Promise.all([workerImage(defaultLisp()), driverImage()]);
  console.log(`# the SBCL core images are ready (${since(started)})`);
}
// The package as a user installs it, packed and installed once for every test file that uses it
// from a user's project (each would otherwise pack and install its own, about half a minute each).
{
  const started = performance.now();
  const { newInstallation, SHARED_INSTALLATION } = await import('../dist/test/support/installed.js');
  const installation = newInstallation();
  process.env[SHARED_INSTALLATION] = installation;
  process.once('exit', () => rmSync(installation, { recursive: true, force: true }));
  console.log(`# spec-run packed and installed into a project outside the repository (${since(started)})`);
}

// 2.
await runSuite({ name: 'tests that measure time (node-tap, one at a time)', command: tap(1, MEASURES_TIME) }).done;

// 3.
{
  const started = performance.now();
  const signals = mkdtempSync(join(tmpdir(), 'spec-run-suite-'));
  const quietDone = join(signals, 'seeds-quiet-done');
  const seeds = runSuite(
    { name: "the seeds' run (its load-sensitive documents alone)", command: tap(1, [SEEDS_RUN]), env: { SPEC_RUN_SUITE_QUIET_DONE: quietDone } },
    { live: false },
  );
  let seedsEnded = false;
  seeds.done.then(() => (seedsEnded = true));
  // The seeds' file writes the file when its load-sensitive documents have ended; a run that ends without it (a crash) frees the machine too.
  await new Promise((resolve) => {
    const poll = setInterval(() => {
      if (!existsSync(quietDone) && !seedsEnded) return;
      clearInterval(poll);
      resolve();
    }, 100);
  });
  console.log(`# the seeds' load-sensitive documents ended after ${since(started)}: the tests that do not measure time start beside the rest of the run`);
  // Two files a core, and more while a core is idle: most of these files spend most of their time
  // waiting (their CPU is about half their summed wall time). A tenth of them, run both ways back to
  // back on 2 cores under a load of 13 to 20: 726 s a file a core, 446 s two a core, none failing.
  const cores = availableParallelism();
  await runSuite({ name: 'tests that do not measure time (node-tap, in parallel)', command: tap(2 * cores, untimed, 4 * cores) }).done;
  await seeds.done;
  seeds.flush();
  rmSync(signals, { recursive: true, force: true });
  console.log(`# the seeds' run and the tests beside it: ${since(started)}`);
}

// 4. The seeds' run also wrote an HTML page and a JUnit file: check them in a browser.
if (existsSync('../shared/seed-specs')) {
  const files = ['.tap/artefacts/seeds-report.html', '.tap/artefacts/seeds-junit.xml'];
  await runSuite({ name: "the seeds run's HTML page and JUnit file", command: [process.execPath, ['dist/test/reporters/seeds-report-check.js', ...files]] }).done;
}

// 5. Last, on the machine the suite has left idle: the benchmarks' side-by-side comparisons, short
// (about two minutes). The table is kept as an artefact; the points say that each figure was produced,
// and a figure past its aim is a TODO point that says so (neither a pass nor a failure).
await runSuite({ name: 'benchmarks side by side (short)', command: [process.execPath, ['dist/bench/index.js', '--short', '--tap', '--table', '.tap/artefacts/bench.md']] }).done;

// TODO points (undefined steps) are neither passes nor failures; they are shown per suite above.
console.log(`# the whole suite: ${since(suiteStarted)}`);
if (failedPoints.length > 0) console.log(['# failed:', ...failedPoints.map((point) => `#   ${point}`)].join('\n'));
console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exitCode = total.failed > 0 || total.passed === 0 ? 1 : 0;
