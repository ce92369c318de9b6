// The executor's output limits from the installed package, as a team writing stop hooks
// meets them: `spec-run exec --help` describes the configuration file, keepOutput: tail
// keeps the verdict a test runner prints last (in `spec-run exec`, in the team's own
// steps through this.run(), and in an executor specification the built-in steps read),
// and a word keepOutput does not take is refused with its place in the file.
import t from 'tap';
import { parseTap } from '../cli/spec-run.js';
import { userProject } from '../support/installed.js';

const RUNNER = "seq 1 40; echo 'FAILED: login rejects an empty password'; echo '1 failed, 40 passed'; exit 1";

t.test('exec --help describes every key of the configuration file', async (t) => {
  const project = userProject();
  const help = await project.specRun(['exec', '--help']);
  t.equal(help.code, 0);
  for (const key of ['stop:', 'defaultTimeout:', 'commands:', 'run:', 'timeout:', 'maxOutputLines:', 'keepOutput:', 'showStdout:', 'message:', 'workdir:', 'env:', 'image:', 'memory:', 'cpus:', 'network:', 'user:']) {
    t.match(help.stdout, new RegExp(`^ +(- )?${key}`, 'm'), `${key} described`);
  }
  t.match(help.stdout, /Exit status: 0 when all succeed/);
});

t.test('keepOutput: tail keeps the last lines in exec, in the team\'s steps and in an executor specification', async (t) => {
  const project = userProject({
    'hooks.yaml': `stop:\n  commands:\n    - run: "${RUNNER}"\n      maxOutputLines: 2\n      keepOutput: tail\n    - run: "seq 1 9"\n      maxOutputLines: 2\n`,
    'typo.yaml': 'stop:\n  commands:\n    - run: "make test"\n      keepOutput: end\n',
    'specs/verdict.spec.md': [
      '# Verdict',
      '',
      '### Requirement: Verdict',
      'The test command SHALL show its verdict.',
      '',
      '#### Scenario: The last lines',
      '- **WHEN** the test runner runs keeping its last 2 lines',
      '- **THEN** the lines shown are "FAILED: login rejects an empty password" and "1 failed, 40 passed"',
      '',
      '#### Scenario: The executor keeps the tail',
      'When the runner prints its verdict last:',
      '```yaml',
      'stop:',
      '  commands:',
      `    - run: "${RUNNER}"`,
      '      maxOutputLines: 1',
      '      keepOutput: tail',
      '```',
      '',
      'Then:',
      '1. The exit code is 1',
      '2. Its output is, line by line, `1 failed, 40 passed`',
      '3. The report shows `(Showing the last 1 of 42 output lines)`',
      '',
    ].join('\n'),
    'steps.mjs': [
      "import { When, Then } from 'spec-run/steps';",
      "import assert from 'node:assert/strict';",
      `When('the test runner runs keeping its last {int} lines', async function (lines) { this.result = await this.run(${JSON.stringify(RUNNER)}, { maxOutputLines: lines, keepOutput: 'tail' }); });`,
      "Then('the lines shown are {string} and {string}', function (a, b) { assert.equal(this.result.stdout, `${a}\\n${b}`); });",
    ].join('\n'),
  });
  const exec = await project.specRun(['exec', 'hooks.yaml']);
  t.equal(exec.code, 1, 'the first failure\'s exit code');
  t.match(exec.stdout, /Output:\nstdout: \.\.\. \(40 lines omitted\)\nFAILED: login rejects an empty password\n1 failed, 40 passed\n\(Showing the last 2 of 42 output lines\)/, exec.stdout);
  t.match(exec.stdout, /Output:\n1\n2\nstdout: \.\.\. \(7 lines omitted\)\n\(Showing 2 of 9 output lines\)/, 'the head stays the default');

  const typo = await project.specRun(['exec', 'typo.yaml']);
  t.equal(typo.code, 2);
  t.match(typo.stdout, /typo\.yaml:4:\d+: stop\.commands\[0\]\.keepOutput: must be head .* or tail .*, not "end"/);

  const run = await project.specRun(['specs/', '--steps', 'steps.mjs', '--reporter', 'tap']);
  t.equal(run.code, 0, run.stdout.slice(-1500));
  const tap = await parseTap(run.stdout);
  t.ok(tap.ok, 'valid TAP, every point ok');
  const steps = run.stdout.split('\n').filter((line) => /^ {8}(not )?ok \d+ - /.test(line));
  t.equal(steps.length, 5, 'every step is a point');
  t.notOk(steps.some((line) => /^ *not ok|# (SKIP|TODO)/.test(line)), 'each ran and passed');
  t.match(run.stderr, /5 passed, 0 failed/);
});
