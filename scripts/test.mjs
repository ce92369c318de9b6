// The whole test suite: the project's node-tap tests, among them the one run of
// spec-run on its own specs/ and on the seed documents (test/e2e/documents.test.ts).
// Every stream is TAP, read back with tap-parser; the closing line counts leaf
// assertions ("N passed, N failed, N skipped"), so a run that executed nothing cannot pass.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Parser } from 'tap-parser';

/**
 * Test files that measure time (a 0.5 ms comparison in the seeds, timeouts fired to
 * the tenth of a second, containers that must start within a probe's timeout): they
 * run one at a time, after the rest, with nothing of this suite beside them.
 */
const MEASURES_TIME = [
  'cli/interrupts',
  'e2e/documents',
  'executor/docker',
  'executor/exec-command',
  'executor/host',
  'run/lisp/concurrent-requests',
  'run/lisp/runner',
  'run/lisp/warm-servers',
  'runtime/limits',
  'runtime/timing',
  'scenario/corpus',
  'scenario/seed',
  'scenario/vocabulary',
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
const unknown = MEASURES_TIME.filter((name) => !all.includes(name));
if (unknown.length > 0) throw new Error(`scripts/test.mjs names test files that do not exist: ${unknown.join(', ')}`);
// Named explicitly, since tap skips git-ignored paths such as dist/.
const compiled = (names) => names.map((name) => `dist/test/${name}.test.js`);
const tap = (jobs, names) => ['npx', ['tap', '--reporter=tap', `--jobs=${jobs}`, ...compiled(names)]];

const suites = [
  { name: 'tests that do not measure time (node-tap, in parallel)', command: tap(availableParallelism(), all.filter((name) => !MEASURES_TIME.includes(name))) },
  { name: 'tests that measure time (node-tap, one at a time)', command: tap(1, MEASURES_TIME) },
];
// The seeds' run in e2e/documents also wrote an HTML page and a JUnit file: check them in a browser.
const [seedsHtml, seedsJunit] = ['.tap/artefacts/seeds-report.html', '.tap/artefacts/seeds-junit.xml'];
if (existsSync('../shared/seed-specs')) {
  suites.push({ name: "the seeds run's HTML page and JUnit file", command: [process.execPath, ['dist/test/reporters/seeds-report-check.js', seedsHtml, seedsJunit]] });
}

/** Counts the leaves of a TAP stream; a failing subtest with no failing leaf (a crash) counts as one failure. */
function countLeaves(parser) {
  const counts = { passed: 0, failed: 0, skipped: 0, todo: 0 };
  let child = null;
  parser.on('child', (p) => (child = countLeaves(p)));
  parser.on('assert', (result) => {
    if (child) {
      const sub = child;
      child = null;
      if (!result.ok && !result.todo && sub.failed === 0) counts.failed += 1;
      for (const key of Object.keys(counts)) counts[key] += sub[key];
      return;
    }
    if (result.skip) counts.skipped += 1;
    else if (result.todo) counts.todo += 1;
    else if (result.ok) counts.passed += 1;
    else counts.failed += 1;
  });
  return counts;
}

function runSuite({ name, command: [program, args] }) {
  return new Promise((resolve) => {
    process.stdout.write(`\n# ${name}\n`);
    const parser = new Parser();
    const counts = countLeaves(parser);
    const child = spawn(program, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      parser.write(chunk);
    });
    child.on('close', (code) => {
      parser.end();
      if (code !== 0 && counts.failed === 0) counts.failed += 1; // a non-zero exit with no failing point is still a failure
      resolve(counts);
    });
  });
}

const total = { passed: 0, failed: 0, skipped: 0, todo: 0 };
for (const suite of suites) {
  const started = performance.now();
  const counts = await runSuite(suite);
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  console.log(`# ${suite.name}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped, ${counts.todo} todo (${seconds} s)`);
  for (const key of Object.keys(total)) total[key] += counts[key];
}
// TODO points (undefined steps) are neither passes nor failures; they are shown per suite above.
console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exitCode = total.failed > 0 || total.passed === 0 ? 1 : 0;
