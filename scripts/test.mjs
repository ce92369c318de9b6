// The whole test suite: the project's node-tap tests, spec-run on its own specs/,
// and spec-run on the seed documents when ../shared/seed-specs is present. Every
// stream is TAP, read back with tap-parser; the closing line counts leaf assertions
// ("N passed, N failed, N skipped"), so a run that executed nothing cannot pass.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Parser } from 'tap-parser';

const seeds = '../shared/seed-specs';

/** The compiled test files; named explicitly, since tap skips git-ignored paths such as dist/. */
function testFiles(directory) {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    return entry.isDirectory() ? testFiles(path) : entry.name.endsWith('.test.js') ? [path] : [];
  });
}

// Everything runs one at a time: the seeds time evaluations to half a millisecond, and
// a neighbour test starting containers or servers on the other core can push them past it.
const suites = [
  { name: 'unit and integration tests (node-tap)', command: ['npx', ['tap', '--reporter=tap', ...testFiles('dist/test').sort()]] },
  { name: 'spec-run specs/', command: [process.execPath, ['dist/src/cli/main.js', 'specs/', '--reporter', 'tap']] },
];
if (existsSync(seeds)) {
  // One run of the seeds writes TAP (read here), an HTML page and JUnit XML; the check after it looks at those two files.
  const [html, junit] = ['.tap/artefacts/seeds-report.html', '.tap/artefacts/seeds-junit.xml'];
  const reports = ['--reporter', `html:${html}`, '--reporter', `junit:${junit}`];
  suites.push({ name: `spec-run ${seeds}`, command: [process.execPath, ['dist/src/cli/main.js', seeds, '--reporter', 'tap', ...reports]] });
  suites.push({ name: 'the seeds run\'s HTML page and JUnit file', command: [process.execPath, ['dist/test/reporters/seeds-report-check.js', html, junit]] });
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
  const counts = await runSuite(suite);
  console.log(`# ${suite.name}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped, ${counts.todo} todo`);
  for (const key of Object.keys(total)) total[key] += counts[key];
}
// TODO points (undefined steps) are neither passes nor failures; they are shown per suite above.
console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exitCode = total.failed > 0 || total.passed === 0 ? 1 : 0;
