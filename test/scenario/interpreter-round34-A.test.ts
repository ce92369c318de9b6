// Round 34's part A: the launch of spec-run exec said in a scenario's setup in anyone's words (launch-said.ts): its command
// line with what a shell line carries (variables before it, its streams sent to files), who starts it and how, where (a
// fresh directory named, the start directory), the YAML block said under the name the line runs, and the entries the
// start directory holds. Documents written for these tests (none from a batch), read both ways through real runs: a
// true sentence passes, a false copy fails, an unreadable neighbour stays undefined.
import t from 'tap';
import { runSpecLines, specDocument } from './cli-points.js';

const document = (scenarios: string[][]) => specDocument('Launch lab', ['Each scenario starts `spec-run exec` once, in a directory of its own.'], scenarios);
/** A scenario whose condition paragraph introduces its YAML block, its checks a numbered list. */
const scenario = (title: string, condition: string, commands: string[], ...thens: string[]) => [
  `#### Scenario: ${title}`,
  condition,
  '```yaml',
  'stop:',
  '  commands:',
  ...commands.map((run) => `    - run: ${JSON.stringify(run)}`),
  '```',
  'Then:',
  ...thens.map((then, i) => `${i + 1}. ${then}`),
];

const thenVerdicts = (points: { name: string; ok: boolean; todo?: unknown }[]) => points.filter((p) => /^Then /.test(p.name)).map((p) => p.ok);
const unbound = (points: { name: string; todo?: unknown }[]) => points.filter((p) => /^Then /.test(p.name) && p.todo !== undefined).map((p) => p.name);

t.test('through real runs: a fresh directory named, the block under the line\'s name, both ways', async (t) => {
  const { points } = await runSpecLines('round34a-named', document([
    scenario('named', 'When you run `npx spec-run exec gate.yaml` in a fresh `lab/first/` with this yaml:', ['touch made.txt; exit 3'], 'The exit code is 3.', 'The file `made.txt` exists.'),
    scenario('named probe', 'When you run `npx spec-run exec gate.yaml` in a fresh `lab/first/` with this yaml:', ['touch made.txt; exit 5'], 'The exit code is 3.'),
    scenario('named file probe', 'When you run `npx spec-run exec gate.yaml` in a fresh `lab/first/` with this yaml:', ['touch other.txt; exit 3'], 'The file `made.txt` exists.'),
    // The directory's own name: its entries are read under it too.
    scenario('under its name', 'When you run `npx spec-run exec gate.yaml` in a fresh `lab/first/` with this yaml:', ['touch made.txt'], 'The file `lab/first/made.txt` exists.'),
    scenario('under its name probe', 'When you run `npx spec-run exec gate.yaml` in a fresh `lab/first/` with this yaml:', ['touch made.txt'], 'The file `lab/second/made.txt` exists.'),
    scenario('reads', 'When the tool is started in the start directory with `npx spec-run exec h.yaml` and `h.yaml` has this content (the command prints a greeting):', ['echo greeting-sent'], 'The output shows `greeting-sent`.'),
    scenario('reads probe', 'When the tool is started in the start directory with `npx spec-run exec h.yaml` and `h.yaml` has this content (the command prints a greeting):', ['echo greeting-lost'], 'The output shows `greeting-sent`.'),
  ]));
  t.same(unbound(points), [], 'every Then bound', { points });
  t.same(thenVerdicts(points), [true, true, false, false, true, false, true, false], 'true sentences pass, false copies fail', { points });
});

t.test('through real runs: the start directory\'s entries, another project, variables before the line, both ways', async (t) => {
  const { points } = await runSpecLines('round34a-entries', document([
    scenario('holds', 'When the start directory holds `k.yaml` (below) and a plain file `notes.txt`, but no `out/`, and the tool is started with `npx spec-run exec k.yaml`:', ['test -f notes.txt && echo notes-here; test -d out || echo no-out'], 'The output shows `notes-here` and `no-out`.'),
    scenario('holds probe', 'When the start directory holds `k.yaml` (below) and a plain file `notes.txt`, but no `out/`, and the tool is started with `npx spec-run exec k.yaml`:', ['test -f missing.txt && echo notes-here; test -d out || echo no-out'], 'The output shows `notes-here` and `no-out`.'),
    scenario('project', 'When the start directory holds `cfg/h.yaml` (content below) and the empty directory `app/build/`, and the tool is started from the start directory with `npx spec-run exec cfg/h.yaml --project app`:', ['test -d build && echo build-found'], 'The output shows `build-found`.'),
    scenario('project probe', 'When the start directory holds `cfg/h.yaml` (content below) and the empty directory `app/build/`, and the tool is started from the start directory with `npx spec-run exec cfg/h.yaml --project app`:', ['test -d dist && echo build-found'], 'The output shows `build-found`.'),
    scenario('variable', 'When called as `SITE=lab-7 npx spec-run exec e.yaml --log logs/ev.jsonl` (the directory `logs/` does not exist before) on:', ['echo site=$SITE'], 'The output shows `site=lab-7`.'),
    scenario('variable probe', 'When called as `SITE=lab-8 npx spec-run exec e.yaml --log logs/ev.jsonl` (the directory `logs/` does not exist before) on:', ['echo site=$SITE'], 'The output shows `site=lab-7`.'),
    scenario('stand in', 'When you make `lab/here/` with an empty `tools/` folder in it, put this yaml at `lab/here/hooks/stop.yaml`, stand in `lab/here/` and run `npx spec-run exec hooks/stop.yaml --project .`:', ['test -d tools && echo tools-found'], 'The output shows `tools-found`.'),
    scenario('stand in probe', 'When you make `lab/here/` with an empty `tools/` folder in it, put this yaml at `lab/here/hooks/stop.yaml`, stand in `lab/here/` and run `npx spec-run exec hooks/stop.yaml --project .`:', ['test -d hooks/tools && echo tools-found'], 'The output shows `tools-found`.'),
  ]));
  t.same(unbound(points), [], 'every Then bound', { points });
  t.same(thenVerdicts(points), [true, false, true, false, true, false, true, false], 'true sentences pass, false copies fail', { points });
});

t.test('through real runs: its streams sent to files, both ways', async (t) => {
  const { points } = await runSpecLines('round34a-streams', document([
    scenario('stdout', 'When we run `npx spec-run exec r.yaml > report.txt 2> diag.txt` in a fresh `lab/streams/` with this yaml:', ['echo hello-there'], 'After the run, the file `report.txt` in the project directory contains `hello-there`.', 'The file `diag.txt` exists.'),
    scenario('stdout probe', 'When we run `npx spec-run exec r.yaml > report.txt 2> diag.txt` in a fresh `lab/streams/` with this yaml:', ['echo goodbye'], 'After the run, the file `report.txt` in the project directory contains `hello-there`.'),
    scenario('stderr probe', 'When we run `npx spec-run exec r.yaml > report.txt` in a fresh `lab/streams/` with this yaml:', ['echo hello-there'], 'The file `diag.txt` exists.'),
  ]));
  t.same(unbound(points), [], 'every Then bound', { points });
  t.same(thenVerdicts(points), [true, true, false, false], 'true sentences pass, false copies fail', { points });
});

t.test('unreadable neighbours stay undefined: another name, a pipe, a background run with no signal, a stream sent to a file while a signal stops it', async (t) => {
  const { points } = await runSpecLines('round34a-unread', document([
    scenario('other name', 'When you run `npx spec-run exec a.yaml` and `b.yaml` has this content:', ['echo one'], 'The exit code is 0.'),
    scenario('pipe', 'When you run `npx spec-run exec p.yaml | head -1` in a fresh `lab/pipe/` with this yaml:', ['echo one'], 'The exit code is 0.'),
    scenario('background', 'When you start `npx spec-run exec q.yaml &` in a fresh `lab/bg/` with this yaml:', ['echo one'], 'The exit code is 0.'),
    scenario('signal and file', 'When you start `npx spec-run exec s.yaml 2> e.txt &` in a fresh `lab/sig/` with this yaml, and SIGINT is sent to it 1 s later:', ['sleep 5'], 'The exit code is 130.'),
  ]));
  t.same(unbound(points).length, 4, 'no Then bound', { points });
});

t.test('through real runs: a signal sent a time after the launch, both ways', async (t) => {
  const { points } = await runSpecLines('round34a-signal', document([
    scenario('signal', 'When the tool is started directly as `node_modules/.bin/spec-run exec s.yaml` in the start directory, and SIGINT is sent to its process 1 s later:', ['sleep 8'], 'The exit code is 130.'),
    scenario('signal probe', 'When the tool is started directly as `node_modules/.bin/spec-run exec s.yaml` in the start directory, and SIGINT is sent to its process 1 s later:', ['echo quick'], 'The exit code is 130.'),
    scenario('background', 'When you start `npx spec-run exec b.yaml &` in a fresh `lab/bg/` with this yaml, wait 1 second and `kill -TERM $!`:', ['sleep 8'], 'The exit code is 143.'),
    scenario('background probe', 'When you start `npx spec-run exec b.yaml &` in a fresh `lab/bg/` with this yaml, wait 1 second and `kill -INT $!`:', ['sleep 8'], 'The exit code is 143.'),
  ]));
  t.same(unbound(points), [], 'every Then bound', { points });
  t.same(thenVerdicts(points), [true, false, true, false], 'true sentences pass, false copies fail', { points });
});

t.test('through real runs: a progress mark alone in code marks names the command of that place, both ways', async (t) => {
  const { points } = await runSpecLines('round34a-mark', document([
    scenario('mark', 'When you run `npx spec-run exec m.yaml` with this yaml:', ['exit 4', 'echo fine'], 'The report of `[1/2]` contains `Exit Code: 4`.'),
    scenario('mark probe', 'When you run `npx spec-run exec m.yaml` with this yaml:', ['exit 4', 'echo fine'], 'The report of `[2/2]` contains `Exit Code: 4`.'),
  ]));
  t.same(unbound(points), [], 'every Then bound', { points });
  t.same(thenVerdicts(points), [true, false], 'true sentences pass, false copies fail', { points });
});
