// What writers of executor specifications for pipelines and pre-deploy checks asked of the
// executor, from a user's seat (the packed package, its real CLI): an opt-in stop at the first
// failure (`failFast: true`), and, opted into with --log-failures, a --log line for every failed
// command, not only for its limits; --log alone writes what it did before (and a failFast stop).
import t from 'tap';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { userProject } from '../support/installed.js';

const COMMANDS = `  commands:
    - run: "echo checking; exit 3"
    - run: "touch deployed"
    - run: "echo done"
`;

t.test('failFast: true: the commands after the failure are not started, each said not run and why; without it every command runs; the exit status is the failure\'s', async (t) => {
  const project = userProject({ 'fast.yaml': `stop:\n  failFast: true\n${COMMANDS}`, 'all.yaml': `stop:\n${COMMANDS}` });
  const fast = await project.specRun(['exec', 'fast.yaml', '--log', 'logs/fast.jsonl']);
  t.equal(fast.code, 3, "the failure's exit code");
  t.notOk(existsSync(join(project.dir, 'deployed')), 'the command after the failure was not started');
  t.match(fast.stdout, '[2/3] host: touch deployed (not run)\n  note: not run: failFast is true and [1/3] failed (exit code 3)\n');
  t.match(fast.stdout, '[3/3] host: echo done (not run)\n');
  const logged = readFileSync(join(project.dir, 'logs/fast.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
  t.match(logged, [{ event: 'fail-fast', command: 'echo checking; exit 3', exitStatus: 3, commandNumber: 1, commandsNotRun: 2, commandsTotal: 3 }]);
  t.equal(logged.length, 1, '--log alone: the stop, no line for the plain failure');

  const all = await project.specRun(['exec', 'all.yaml']);
  t.equal(all.code, 3, 'without failFast: the first failure\'s exit code too');
  t.ok(existsSync(join(project.dir, 'deployed')), 'without failFast: the later command ran');
  t.notMatch(all.stdout, 'not run', 'without failFast: nothing said not run');
});

t.test('--log with --log-failures: a line for a command that failed, one that could not run, and output cut at the cap of a command that succeeded; none for a clean run; --log alone: none of them; --log-failures alone: a usage error', async (t) => {
  const project = userProject({
    'hooks.yaml': `stop:
  commands:
    - run: "exit 2"
    - run: "no-such-program-xyz"
    - run: "true"
      workdir: no-such-dir
    - run: "seq 1 300000"
`,
    'clean.yaml': 'stop:\n  commands:\n    - run: "echo fine"\n',
  });
  const run = await project.specRun(['exec', 'hooks.yaml', '--log', 'hooks.jsonl', '--log-failures']);
  t.equal(run.code, 2);
  const logged = readFileSync(join(project.dir, 'hooks.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
  t.match(logged, [
    { event: 'failed', command: 'exit 2', exitCode: 2, context: 'host', partialOutput: [] },
    { event: 'could-not-run', command: 'no-such-program-xyz', exitCode: 127, error: /could not start no-such-program-xyz/ },
    { event: 'could-not-run', command: 'true', exitCode: 125, error: /no-such-dir does not exist/ },
    { event: 'output-capped', command: 'seq 1 300000', exitCode: 0, totalOutputLines: 300000 },
  ]);
  t.equal(logged.length, 4, 'one line each');
  const clean = await project.specRun(['exec', 'clean.yaml', '--log', 'clean.jsonl', '--log-failures']);
  t.equal(clean.code, 0);
  t.notOk(existsSync(join(project.dir, 'clean.jsonl')), 'a clean run creates no log');

  const plain = await project.specRun(['exec', 'hooks.yaml', '--log', 'plain.jsonl']);
  t.equal(plain.code, 2);
  t.notOk(existsSync(join(project.dir, 'plain.jsonl')), '--log alone: no line for any of them, no file');

  const alone = await project.specRun(['exec', 'clean.yaml', '--log-failures']);
  t.equal(alone.code, 2, '--log-failures alone: a usage error');
  t.match(alone.stdout + alone.stderr, '--log-failures needs --log FILE');
  t.notMatch(alone.stdout, 'OK: command succeeded', 'no command ran');

  const help = await project.specRun(['exec', '--help']);
  t.match(help.stdout, /--log-failures\s+with --log: a line too for each command/);
});
