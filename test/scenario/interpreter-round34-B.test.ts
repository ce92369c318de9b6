// Round 34's part B: Thens of a test record's register and of spec-run exec's own streams. A test record's label of what
// was seen ("Observation: …") is a frame taken off as "Verify:" is (register.ts); a stream of exec said to hold nothing
// ("nothing is written on standard error (stderr)", "the report (stdout) is empty", "…, with nothing on standard error") is
// exec's own, as are its streams said line by line ("stderr consists of exactly the two lines …"), and an output block said
// to consist of its lines is that block line by line (command-line-refused.ts, shapes.ts). Documents written for these tests
// (none from a batch), read both ways through real runs: a true sentence passes, a false copy fails, an unreadable
// neighbour stays undefined.
import t from 'tap';
import { runSpecLines, specDocument } from './cli-points.js';

const document = (scenarios: string[][]) => specDocument('Gate runs', ['What the executor prints, and where.'], scenarios);
const scenario = (title: string, when: string, runs: string[], ...thens: string[]) => [
  `#### Scenario: ${title}`,
  `- **WHEN** ${when}`,
  '',
  '```yaml',
  'stop:',
  '  commands:',
  ...runs.map((run) => `    - run: ${JSON.stringify(run)}`),
  '```',
  '',
  ...thens.map((then, i) => `- **${i === 0 ? 'THEN' : 'AND'}** ${then}`),
];
const thenVerdicts = (points: { name: string; ok: boolean; todo?: unknown }[]) => points.filter((p) => /^(THEN|AND) /.test(p.name)).map((p) => p.ok);
const unbound = (points: { name: string; todo?: unknown }[]) => points.filter((p) => p.todo !== undefined).map((p) => p.name);

const FAILURES = '`error: --log-failures needs --log FILE: it adds failed, could-not-run and output-capped lines to that log`';
const HINT = '`(run spec-run exec --help for usage)`';

t.test('through real runs: a stream of spec-run exec said to hold nothing, both ways', async (t) => {
  const { points } = await runSpecLines('round34b-empty', document([
    scenario('quiet', 'the team runs `spec-run exec gate.yaml`', ['echo fine'], 'the exit status is 0 and nothing is written on standard error (stderr)'),
    scenario('quiet probe', 'the team runs `spec-run exec gate.yaml --log-failures`', ['echo fine'], 'the exit status is 2 and nothing is written on standard error (stderr)'),
    scenario('bare', 'the team runs `spec-run exec gate.yaml`', ['echo fine'], 'stderr is empty'),
    scenario('bare probe', 'the team runs `spec-run exec gate.yaml --log-failures`', ['echo fine'], 'stderr is empty'),
    // A command's stderr is shown in the report, never written on exec's.
    scenario('command stderr', 'the team runs `spec-run exec gate.yaml`', ['echo oops >&2'], 'the exit status is 0, with nothing on standard error'),
    scenario('command stderr probe', 'the team runs `spec-run exec gate.yaml --log-failures`', ['echo oops >&2'], 'the exit status is 2, with nothing on standard error'),
    scenario('report empty', 'the team runs `spec-run exec gate.yaml --log-failures`', ['echo fine'], 'the exit status is 2 and the report (stdout) is empty'),
    scenario('report empty probe', 'the team runs `spec-run exec gate.yaml`', ['echo fine'], 'the exit status is 0 and the report (stdout) is empty'),
    scenario('should have been', 'the team runs `spec-run exec gate.yaml`', ['exit 4'], 'the exit status should be 4, and nothing should have been written on standard error'),
    scenario('should have been probe', 'the team runs `spec-run exec gate.yaml --log-failures`', ['exit 4'], 'the exit status should be 2, and nothing should have been written on standard error'),
  ]));
  t.same(unbound(points), [], 'every step bound', { points });
  t.same(thenVerdicts(points), [true, false, true, false, true, false, true, false, true, false], 'true sentences pass, false copies fail', { points });
});

t.test('a stream said empty beside a command named, of two streams, or the diagnostics, stays unread', async (t) => {
  const { points } = await runSpecLines('round34b-empty-unread', document([
    scenario('beside a command', 'the team runs `spec-run exec gate.yaml`', ['echo fine'], 'the first command prints `fine`, and stderr is empty'),
    scenario('two streams', 'the team runs `spec-run exec gate.yaml`', ['echo fine'], 'stderr (stdout) is empty'),
    scenario('diagnostics', 'the team runs `spec-run exec gate.yaml`', ['echo fine'], 'the exit status is 0, and the diagnostics are empty'),
  ]));
  t.same(unbound(points).length, 3, 'each stays undefined', { points });
});

t.test('through real runs: a test record\'s "Observation:" label, both ways', async (t) => {
  const { points } = await runSpecLines('round34b-observation', document([
    scenario('status', 'the team runs `spec-run exec gate.yaml`', ['exit 3'], 'Observation: the exit status is 3.'),
    scenario('status probe', 'the team runs `spec-run exec gate.yaml`', ['exit 3'], 'Observation: the exit status is 0.'),
    scenario('mark', 'the team runs `spec-run exec gate.yaml`', ['echo one', 'echo two'], 'Observation: `[2/2]` reports `OK: command succeeded` and the output `two`.'),
    // The mark's count is checked after the label as at the head: a run of one command has no [2/2].
    scenario('mark probe', 'the team runs `spec-run exec gate.yaml`', ['echo one'], 'Observation: `[1/2]` reports `OK: command succeeded` and the output `one`.'),
    scenario('actual', 'the team runs `spec-run exec gate.yaml`', ['echo one'], 'Actual result: the output shows `one`'),
    scenario('actual probe', 'the team runs `spec-run exec gate.yaml`', ['echo one'], 'Actual result: the output shows `two`'),
  ]));
  t.same(unbound(points), [], 'every step bound', { points });
  t.same(thenVerdicts(points), [true, false, true, false, true, false], 'true sentences pass, false copies fail', { points });
});

t.test('a label that is no frame of a record stays unread', async (t) => {
  const { points } = await runSpecLines('round34b-observation-unread', document([
    scenario('not a label', 'the team runs `spec-run exec gate.yaml`', ['exit 3'], 'Observational note: the exit status is 3.'),
    scenario('label mid-sentence', 'the team runs `spec-run exec gate.yaml`', ['exit 3'], 'the exit status, Observation: is 3.'),
  ]));
  t.same(unbound(points).length, 2, 'both stay undefined', { points });
});

t.test('through real runs: streams and blocks said line by line, both ways', async (t) => {
  const { points } = await runSpecLines('round34b-lines', document([
    scenario('stderr lines', 'the team runs `spec-run exec gate.yaml --log-failures`', ['echo fine'], `stderr consists of exactly the two lines ${FAILURES} and ${HINT}`),
    scenario('stderr lines probe', 'the team runs `spec-run exec gate.yaml --log-failures`', ['echo fine'], `stderr consists of exactly the two lines ${HINT} and ${FAILURES}`),
    scenario('block', 'the team runs `spec-run exec gate.yaml`', ['echo one', 'printf "a\\nb\\n"'], 'the output block of `[2/2]` consists of exactly `a` and `b`'),
    scenario('block probe', 'the team runs `spec-run exec gate.yaml`', ['echo one', 'printf "a\\nb\\nc\\n"'], 'the output block of `[2/2]` consists of exactly `a` and `b`'),
    scenario('block by place', 'the team runs `spec-run exec gate.yaml`', ['echo one', 'printf "a\\nb\\n"'], 'the output block of the first command consists of `one`'),
    scenario('block by place probe', 'the team runs `spec-run exec gate.yaml`', ['echo one', 'printf "a\\nb\\n"'], 'the output block of the second command consists of `one`'),
  ]));
  t.same(unbound(points), [], 'every step bound', { points });
  t.same(thenVerdicts(points), [true, false, true, false, true, false], 'true sentences pass, false copies fail', { points });
});

t.test('standard output said line by line is exec\'s only where it opens as exec does when it runs no command', async (t) => {
  const { points } = await runSpecLines('round34b-stdout-lines', document([
    scenario('own', 'the team runs `spec-run exec gate.yaml --log-failures`', ['echo fine'], 'standard output consists of exactly the two lines `Error: invalid configuration gate.yaml:` and `  gate.yaml:1:1: x`'),
    scenario('count', 'the team runs `spec-run exec gate.yaml`', ['echo fine'], 'standard output consists of exactly the three lines `Error: invalid configuration gate.yaml:` and `x`'),
  ]));
  const [own, count] = points.filter((p) => /^(THEN|AND) /.test(p.name));
  t.equal(own?.todo, undefined, "exec's own opening: read", { points });
  t.equal(own?.ok, false, "and false of a run whose stdout is empty (the command line refused)", { points });
  t.not(count?.todo, undefined, 'a count the texts do not bear out: unread', { points });
});

t.test('through real runs: "the line after `Partial Output:` is `x`" is the line right under the heading, both ways', async (t) => {
  const { points } = await runSpecLines('round34b-line-after', document([
    scenario('silent', 'the team runs `spec-run exec gate.yaml`', ['sleep 0.2; exit 3'], 'the line after `Output:` is `(no output)`'),
    scenario('silent probe', 'the team runs `spec-run exec gate.yaml`', ['echo said; exit 3'], 'the line after `Output:` is `(no output)`'),
    scenario('first line', 'the team runs `spec-run exec gate.yaml`', ['printf "a\\nb\\n"; exit 3'], 'the line after `Output:` is `a`'),
    scenario('first line probe', 'the team runs `spec-run exec gate.yaml`', ['printf "a\\nb\\n"; exit 3'], 'the line after `Output:` is `b`'),
  ]));
  t.same(unbound(points), [], 'every step bound', { points });
  t.same(thenVerdicts(points), [true, false, true, false], 'true sentences pass, false copies fail', { points });
});

t.test('through real runs: a shell line with a redirection is never run as spec-run exec\'s refused argv; a line it refuses still is', async (t) => {
  const redirected = await runSpecLines('round34b-redirected', document([
    scenario('redirected', 'the hook below prints far too much and is run with `spec-run exec gate.yaml > report.txt`', ['seq 1 5'], 'the exit status is 0'),
  ]));
  t.same(redirected.points.filter((p) => !p.ok && p.todo === undefined).map((p) => p.name), [], 'read as a shell\'s line, or not read: never refused for its `>`', { points: redirected.points });
  const refused = await runSpecLines('round34b-refused', document([
    scenario('refused', 'the team runs `spec-run exec gate.yaml --bogus`', ['seq 1 5'], 'the exit status is 2'),
    scenario('refused probe', 'the team runs `spec-run exec gate.yaml --bogus`', ['seq 1 5'], 'the exit status is 0'),
  ]));
  t.same(thenVerdicts(refused.points), [true, false], 'the refused line is run through the CLI, both ways', { points: refused.points });
});
