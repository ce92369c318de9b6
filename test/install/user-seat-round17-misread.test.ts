// Two false failures of round 20's fresh measurement, from a user's seat (spec-run packed, installed
// into a fresh project outside the repository, a specification run through its bin with the
// executor's steps): a command whose word holds a digit (`echo never2`) refused as holding a
// duration the time scaling cannot see, and "as an operator I run …" read as `user: I`.
import t from 'tap';
import { userProject } from '../support/installed.js';

const spec = (scenario: string[]) => ['# Stop hooks', '', '### Requirement: As said', 'The executor SHALL do what its scenarios say.', '', ...scenario, ''].join('\n');

t.test('a long sleep beside `echo step2` is scaled and run; beside `timeout 30` it is refused at its line', async (t) => {
  const scenario = (second: string) =>
    spec(['#### Scenario: Long', 'When the configuration is:', '```yaml', 'stop:', '  commands:', '    - run: "echo waiting; sleep 40"', '      timeout: 20s', `    - run: "${second}"`, '```', '', 'Then:', '1. spec-run exec exits with code 124']);
  const project = userProject({ 'word.spec.md': scenario('echo step2'), 'number.spec.md': scenario('timeout 30 sleep 100') });
  const word = await project.specRun(['word.spec.md', '--executor-steps', '--no-strict']);
  t.equal(word.code, 0, word.stdout + word.stderr);
  t.match(word.stdout + word.stderr, /1 passed, 0 failed/);
  const number = await project.specRun(['number.spec.md', '--executor-steps', '--no-strict']);
  t.equal(number.code, 1, 'a standalone number beside the sleeps is still refused');
  t.match(number.stdout, /beside its sleeps the command `timeout 30 sleep 100` holds \\?"30\\?"/);
  t.match(number.stdout, /at: number\.spec\.md:17/);
});

t.test('"as an operator I run the host command …" sets no user: the command runs and is killed after its grace', async (t) => {
  const project = userProject({
    'operator.spec.md': spec(['#### Scenario: Deaf to TERM', "- **WHEN** as an operator I run the host command `trap '' TERM; sleep 30` with `timeout: 2s`", '- **THEN** the executor kills it and exits with code 137']),
  });
  const run = await project.specRun(['operator.spec.md', '--executor-steps', '--no-strict']);
  t.equal(run.code, 0, run.stdout + run.stderr);
  t.match(run.stdout + run.stderr, /2 passed, 0 failed/);
  t.notMatch(run.stdout + run.stderr, /user:/);
});

t.test('"the first line" is the announcement printed, a list "in order" allows a further line, a spelling remark leaves the When the interpreter\'s', async (t) => {
  const project = userProject({
    'readings.spec.md': spec([
      '#### Scenario: Announced',
      'When the configuration is:',
      '```yaml',
      'stop:',
      '  commands:',
      '    - run: "echo a; echo b; echo 0"',
      '```',
      '',
      'Then:',
      '1. the first line is "[1/1] host: echo a; echo b; echo 0 (timeout 5m, from built-in default)"',
      '2. the output lines are, in order, `a`, `b`',
      '',
      '#### Scenario: Spaced',
      '- **WHEN** a command has `timeout: " 30s"`, with a space before the number',
      '- **THEN** the configuration is refused with exit code 2',
    ]),
  });
  const run = await project.specRun(['readings.spec.md', '--executor-steps', '--no-strict']);
  t.equal(run.code, 0, run.stdout + run.stderr);
  t.match(run.stdout + run.stderr, /4 passed, 0 failed/);
});
