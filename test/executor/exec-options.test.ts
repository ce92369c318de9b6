// spec-run exec's places (--log, --project) checked before anything runs, a log that fails
// later costing neither the report nor the commands, and every usage error pointing to exec's
// own help. Real processes, through the built CLI.
import t from 'tap';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { checkExecPlaces } from '../../src/executor/cli.js';
import { unusableLogFile } from '../../src/executor/log.js';
import { recordText } from '../../src/executor/record.js';

const cli = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/cli/main.js');
const HINT = '(run spec-run exec --help for usage)';

const TWO_COMMANDS = 'stop:\n  commands:\n    - run: "touch first-ran; sleep 5"\n      timeout: 1s\n    - run: "touch second-ran; echo second"\n';

function specRun(cwd: string, args: string[]) {
  return execa(process.execPath, [cli, ...args], { cwd, reject: false });
}

t.test('unusableLogFile: a directory, a path under a file, an empty name; a missing file in directories to be made is fine, and nothing is made', async (t) => {
  const dir = t.testdir({ adir: {}, afile: 'x', 'old.jsonl': '' });
  t.match(unusableLogFile(path.join(dir, 'adir')), /adir is a directory: it names the file the events are appended to, such as .*adir\/events\.jsonl$/);
  t.match(unusableLogFile(path.join(dir, 'afile', 'x.jsonl')), /afile\/x\.jsonl lies under .*afile, which is a file, not a directory/);
  t.match(unusableLogFile(path.join(dir, 'afile', 'deeper', 'x.jsonl')), /lies under .*afile, which is a file, not a directory/);
  t.match(unusableLogFile(''), /^is empty: it names no file/);
  t.equal(unusableLogFile(path.join(dir, 'old.jsonl')), null, 'an existing file');
  t.equal(unusableLogFile(path.join(dir, 'new', 'deep', 'events.jsonl')), null, 'a file in directories still to be made');
  t.notOk(existsSync(path.join(dir, 'new')), 'the check makes no directory');
});

t.test('checkExecPlaces: a --project that is missing or a file is refused, naming it and why', async (t) => {
  const dir = t.testdir({ afile: 'x', project: {} });
  t.throws(() => checkExecPlaces({ projectRoot: path.join(dir, 'missing') }), { message: /^--project .*missing does not exist: it names the project's directory, where host commands run and which containers mount at \/workspace$/ });
  t.throws(() => checkExecPlaces({ projectRoot: path.join(dir, 'afile') }), { message: /^--project .*afile is a file, not a directory: / });
  t.throws(() => checkExecPlaces({ projectRoot: '' }), { message: /^--project is empty: / });
  t.doesNotThrow(() => checkExecPlaces({ projectRoot: path.join(dir, 'project'), log: path.join(dir, 'logs', 'x.jsonl') }));
});

t.test('an unusable --log is an option error: exit 2, error and exec\'s usage hint on stderr, nothing on stdout, nothing run', async (t) => {
  for (const [log, said] of [
    ['adir', /^error: --log adir is a directory: it names the file the events are appended to, such as adir\/events\.jsonl$/],
    ['afile/x.jsonl', /^error: --log afile\/x\.jsonl lies under .*afile, which is a file, not a directory: the file cannot be made there$/],
    ['', /^error: --log is empty: it names no file/],
  ] as const) {
    // A quiet configuration too: it would log nothing, and ran to exit 0 with a log it could never write.
    for (const config of [TWO_COMMANDS, 'stop:\n  commands:\n    - run: "touch first-ran"\n']) {
      const dir = t.testdir({ 'hooks.yaml': config, adir: {}, afile: 'x' });
      const run = await specRun(dir, ['exec', 'hooks.yaml', '--log', log]);
      t.same([run.exitCode, run.stdout], [2, ''], `--log '${log}': exit 2, nothing on stdout`);
      const [error, ...after] = run.stderr.split('\n');
      t.match(error, said, `--log '${log}': says which path and why`);
      t.same(after, [HINT], `--log '${log}': then exec's usage hint, nothing more`);
      t.notOk(existsSync(path.join(dir, 'first-ran')), `--log '${log}': no command ran`);
    }
  }
});

t.test('a --project that does not exist or is a file is an option error: exit 2 before anything runs', async (t) => {
  for (const [project, said] of [
    ['nosuchdir', /^error: --project nosuchdir \(.*nosuchdir\) does not exist: it names the project's directory/],
    ['afile', /^error: --project afile \(.*afile\) is a file, not a directory: /],
  ] as const) {
    const dir = t.testdir({ 'stop.yaml': 'stop:\n  commands:\n    - run: "touch ran"\n    - run: "pwd"\n      image: "spec-run/busybox:local"\n', afile: 'x' });
    const run = await specRun(dir, ['exec', 'stop.yaml', '--project', project]);
    t.same([run.exitCode, run.stdout], [2, ''], `--project ${project}: exit 2, nothing on stdout`);
    const [error, ...after] = run.stderr.split('\n');
    t.match(error, said);
    t.same(after, [HINT]);
    t.notOk(existsSync(path.join(dir, 'ran')), `--project ${project}: nothing ran`);
  }
});

t.test("every usage error of exec points to exec's own help: an unknown option, a missing argument, exec's own checks", async (t) => {
  const dir = t.testdir({ 'stop.yaml': 'stop:\n  commands:\n    - run: "touch ran"\n' });
  for (const [args, said] of [
    [['exec', 'stop.yaml', '--verbose'], "error: unknown option '--verbose'"],
    [['exec'], "error: missing required argument 'config'"],
    [['exec', 'stop.yaml', '--log'], "error: option '--log <file>' argument missing"],
    [['exec', 'stop.yaml', 'other.yaml'], 'error: too many arguments'],
    [['exec', 'stop.yaml', '--log-failures'], 'error: --log-failures needs --log FILE'],
  ] as const) {
    const run = await specRun(dir, [...args]);
    t.same([run.exitCode, run.stdout], [2, ''], `${args.join(' ')}: exit 2, nothing on stdout`);
    const [error, ...after] = run.stderr.split('\n');
    t.ok(error.startsWith(said), `${args.join(' ')}: ${error}`);
    t.same(after, [HINT], `${args.join(' ')}: then exec's usage hint`);
  }
  t.notOk(existsSync(path.join(dir, 'ran')));
});

t.test('a log that fails later (its directory replaced by a file) loses neither the report nor the commands after it, and keeps the exit code', async (t) => {
  const dir = t.testdir({
    'hooks.yaml': 'stop:\n  commands:\n    - run: "rm -rf logs && touch logs; echo replaced; sleep 5"\n      timeout: 1s\n    - run: "echo second"\n',
    logs: {},
  });
  const run = await specRun(dir, ['exec', 'hooks.yaml', '--log', 'logs/events.jsonl']);
  t.equal(run.exitCode, 124, 'the timeout\'s exit code, as the commands earned it');
  t.match(run.stdout, /Error: Command execution timed out after 1s[\s\S]*Partial Output:\nreplaced\n/, 'the timeout\'s report is there');
  t.match(run.stdout, /\[2\/2\] host: echo second[\s\S]*OK: command succeeded[\s\S]*Output:\nsecond/, 'the second command ran');
  t.match(run.stderr, /^spec-run: could not append to the log logs\/events\.jsonl \(timeout event lost\): logs\/events\.jsonl lies under .*logs, which is a file, not a directory: the file cannot be made there; the commands go on$/m);
  t.notMatch(run.stderr, /EEXIST/, 'no bare mkdir error');
});

t.test('a fail-fast line that cannot be written is said on stderr; the run ends as failFast ends it', async (t) => {
  const dir = t.testdir({
    'hooks.yaml': 'stop:\n  failFast: true\n  commands:\n    - run: "rm -rf logs && touch logs; exit 3"\n    - run: "touch never"\n',
    logs: {},
  });
  const run = await specRun(dir, ['exec', 'hooks.yaml', '--log', 'logs/events.jsonl']);
  t.equal(run.exitCode, 3);
  t.match(run.stdout, /\[2\/2\] host: touch never \(not run\)/);
  t.match(run.stderr, /^spec-run: could not append to the log logs\/events\.jsonl \(fail-fast event lost\): /m);
  t.notOk(existsSync(path.join(dir, 'never')));
});

t.test('a usable --log still gets its lines, in directories made for it', async (t) => {
  const dir = t.testdir({ 'hooks.yaml': TWO_COMMANDS });
  const run = await specRun(dir, ['exec', 'hooks.yaml', '--log', 'new/dir/events.jsonl']);
  t.equal(run.exitCode, 124);
  t.equal(run.stderr, '');
  const lines = readFileSync(path.join(dir, 'new', 'dir', 'events.jsonl'), 'utf8').trim().split('\n');
  t.match(JSON.parse(lines[0]), { event: 'timeout', exitCode: 124 });
  writeFileSync(path.join(dir, 'quiet.yaml'), 'stop:\n  commands:\n    - run: "true"\n');
  const quiet = await specRun(dir, ['exec', 'quiet.yaml', '--log', 'other/events.jsonl']);
  t.equal(quiet.exitCode, 0);
  t.notOk(existsSync(path.join(dir, 'other')), 'a run with no event makes no file, nor its directory');
});

t.test("the record of a run keeps a log's failed write among its warnings, told to the caller's warn, and never among the report's messages", async (t) => {
  const dir = t.testdir({ logs: {} });
  const told: string[] = [];
  const record = await recordText('stop:\n  commands:\n    - run: "rm -rf logs && touch logs; sleep 5"\n      timeout: 1s\n    - run: "echo second"\n', {
    configDir: dir,
    log: path.join(dir, 'logs', 'events.jsonl'),
    warn: (text) => told.push(text),
  });
  t.equal(record.exitStatus, 124);
  t.equal(record.commands.length, 2, 'both commands ran');
  t.equal(record.warnings?.length, 1);
  t.match(record.warnings?.[0], /^spec-run: could not append to the log .*events\.jsonl \(timeout event lost\): .*lies under .*logs, which is a file, not a directory/);
  t.same(told, record.warnings, 'told to the caller as it happened');
  t.notOk(record.messages.some((m) => m.includes('could not append')), 'not a message of the report');
});
