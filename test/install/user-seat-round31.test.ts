// From a user's seat, this round's changes through the packed package in a fresh project: spec-run exec's mistakes
// of its command line on stderr, a memory-limit event whose command went on carrying the kill's signal, and round
// 31's readings of the executor interpreter (a name the document defines in capitals, an outcome with a qualifier,
// a set of output lines in order): a true claim passes, a false copy of it fails.
import t from 'tap';
import { existsSync, readFileSync } from 'node:fs';
import { userProject } from '../support/installed.js';

t.test('spec-run exec: a mistake in its command line is an error on stderr, exit 2, nothing on stdout, nothing run', async (t) => {
  const project = userProject({ 'stop.yaml': 'stop:\n  commands:\n    - run: "touch ran.txt"\n' });
  for (const [args, said] of [
    [['--log-failures'], 'error: --log-failures needs --log FILE'],
    [['--image-alias', 'alpine'], 'error: --image-alias wants NAME=IMAGE, got alpine'],
    [['--config-dir-env', '1x'], 'error: --config-dir-env wants a variable name, got 1x'],
  ] as const) {
    const run = await project.specRun(['exec', 'stop.yaml', ...args]);
    t.same([run.code, run.stdout], [2, ''], `${args.join(' ')}: exit 2, nothing on stdout`);
    const [error, ...after] = run.stderr.split('\n');
    t.ok(error.startsWith(said), `${args.join(' ')}: ${said}`);
    t.same(after, ['(run spec-run exec --help for usage)', ''], `${args.join(' ')}: then where to read the usage, and nothing more`);
  }
  t.notOk(existsSync(`${project.dir}/ran.txt`), 'no command ran');
  const right = await project.specRun(['exec', 'stop.yaml', '--log', 'events.jsonl', '--log-failures']);
  t.equal(right.code, 0, 'the same configuration runs when the command line is right');
  t.ok(existsSync(`${project.dir}/ran.txt`), 'and its command ran');
});

t.test('spec-run exec: a process killed at the memory limit, the command going on to exit 0: the log line says SIGKILL beside 137', async (t) => {
  const project = userProject({
    'stop.yaml': 'stop:\n  commands:\n    - run: "(echo 1000 > /proc/self/oom_score_adj; x=$(yes | head -c 300000000)); echo survived"\n      image: spec-run/busybox:local\n      memory: 16m\n',
  });
  const run = await project.specRun(['exec', 'stop.yaml', '--log', 'events.jsonl']);
  t.equal(run.code, 137, run.stdout);
  t.match(run.stdout, /^Exit Status: Memory limit \(a process of the command OOM killed, signal 9: SIGKILL; the command exited with 0\)$/m);
  const [line] = readFileSync(`${project.dir}/events.jsonl`, 'utf8').trim().split('\n').map((text) => JSON.parse(text) as Record<string, unknown>);
  t.same([line.event, line.exitCode, line.signal, line.commandWentOn, line.commandExitCode], ['memory-limit', 137, 'SIGKILL', true, 0]);
});

const document = (exitStatus: number, lastLine: number) => `# Release gate

## Purpose
THE TOOL (\`spec-run exec\`) runs the release gate's checks before a tag is pushed.

## Requirements

### Requirement: A configuration THE TOOL cannot run is refused whole
THE TOOL SHALL refuse a configuration with a mistake in any command, and run none of it.

#### Scenario: A container setting on a host command
When the configuration asks for cpus on a command without an image:
\`\`\`yaml
stop:
  commands:
    - run: "touch ran.txt"
    - run: "echo b"
      cpus: 2
\`\`\`
Then:
1. THE TOOL exits with status ${exitStatus} without running anything

### Requirement: Output in order
THE TOOL SHALL show a command's lines in the order printed.

#### Scenario: Three lines
When a command prints three numbers:
\`\`\`yaml
stop:
  commands:
    - run: "seq 1 ${lastLine}"
\`\`\`
Then:
1. the output shows the lines 1 to 3, in that order, and nothing after them
`;

t.test("round 31's readings: a name defined in capitals, an outcome with a qualifier, lines in order: read and checked for real", async (t) => {
  const project = userProject({ 'specs/gate.spec.md': document(2, 3), 'specs/wrong-status.spec.md': document(0, 3), 'specs/wrong-lines.spec.md': document(2, 4) });
  const dry = await project.specRun(['specs/gate.spec.md', '--executor-steps', '--dry-run']);
  t.equal(dry.code, 0, dry.stdout);
  t.match(dry.stdout, /interpretation: .*read through the document: \\?"TOOL\\?" = spec-run exec/, 'THE TOOL read through the Purpose');
  const run = await project.specRun(['specs/gate.spec.md', '--executor-steps']);
  t.equal(run.code, 0, run.stdout);
  t.match(run.stdout, /ok \d+ - Then THE TOOL exits with status 2 without running anything/);
  t.match(run.stdout, /ok \d+ - Then the output shows the lines 1 to 3, in that order, and nothing after them/);
  const status = await project.specRun(['specs/wrong-status.spec.md', '--executor-steps']);
  t.equal(status.code, 1, 'a false status fails');
  t.match(status.stdout, /not ok \d+ - Then THE TOOL exits with status 0 without running anything/);
  const lines = await project.specRun(['specs/wrong-lines.spec.md', '--executor-steps']);
  t.equal(lines.code, 1, 'a fourth line after them fails');
  t.match(lines.stdout, /not ok \d+ - Then the output shows the lines 1 to 3, in that order, and nothing after them/);
});
