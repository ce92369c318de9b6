// From a user's seat (spec-run packed, installed into a fresh project, run through its
// bin): hostile and odd input met by round 11's user session. Each case runs the real
// command line and reads what a user or a CI job reads: the exit status, stdout, the
// report files and the run's record.
import t from 'tap';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { userProject } from '../support/installed.js';

const summary = (stderr: string) => stderr.trim().split('\n').at(-1);
const fence = (code: string) => `\`\`\`lisp\n${code}\n\`\`\`\n`;

// The first attempt fails at once; the retry leaves a marker, then waits to be interrupted, and would fail too.
const RETRIED = `---\ntype: verification\nname: retried\n---\n# Retried\n\n## Always fails\n\n${fence(`(let ((retry (probe-file "tried.marker")))
  (with-open-file (out (if retry "retrying.marker" "tried.marker") :direction :output :if-exists :supersede) (write-line "x" out))
  (when retry (sleep 60))
  (assert (= 1 2)))`)}`;

t.test('a failing unit whose retry is interrupted (a cancelled CI job) is reported failed with its failure, never passed and flaky', async (t) => {
  const project = userProject({ 'specs/retried.md': RETRIED });
  const run = await project.specRun(['specs/retried.md', '--retries', '2', '--reporter', 'tap', '--reporter', 'junit:junit.xml'], {
    signal: { send: 'SIGINT', when: () => existsSync(join(project.dir, 'retrying.marker')) },
  });
  t.equal(run.code, 130, run.stderr);
  t.match(run.stdout, /^        not ok 1 - \(= 1 2\)$/m, "the first attempt's failing check");
  t.match(run.stdout, /# attempt 2 \(a retry\) was cut short: run interrupted by SIGINT before it finished; reported instead: attempt 1, which failed/);
  t.match(run.stdout, /^not ok 1 - retried \(specs\/retried\.md\)/m, 'the document fails');
  t.notMatch(run.stdout, /flaky/);
  t.equal(summary(run.stderr), '0 passed, 1 failed, 0 skipped, 0 todo (interrupted by SIGINT)');
  const junit = readFileSync(join(project.dir, 'junit.xml'), 'utf8');
  t.match(junit, /<testsuite name="retried" file="specs\/retried\.md" tests="1" failures="1"/, "the document's suite holds the failure");
  const record = JSON.parse(readFileSync(join(project.dir, '.spec-run', 'last-run.json'), 'utf8')) as { failures: { file: string; name: string }[] };
  t.same(record.failures.map(({ file, name }) => [file, name]), [['specs/retried.md', 'Always fails']], '--only-failures would run it again');
});

t.test("a run spec-run ends itself (a step that never returns: SIGKILL, 137) leaves no earlier run's green report and no part of its own", async (t) => {
  const project = userProject({
    'specs/a.spec.md': '### Requirement: R\nThe thing SHALL work.\n\n#### Scenario: S\n- **WHEN** the step runs\n- **THEN** the step has run\n',
    'steps/s.steps.mjs': "import { When, Then } from 'spec-run/steps';\nWhen('the step runs', function () { if (process.env.LOOP) for (;;) {} this.ran = true; });\nThen('the step has run', function () { if (!this.ran) throw new Error('it did not run'); });\n",
  });
  const reports = ['--reporter', 'tap', '--reporter', 'junit:reports/junit.xml', '--reporter', 'json:reports/run.jsonl', '--reporter', 'html:reports/index.html'];
  const green = await project.specRun(['specs/', ...reports]);
  t.equal(green.code, 0, green.stderr);
  t.same(readdirSync(join(project.dir, 'reports')).sort(), ['index.html', 'junit.xml', 'run.jsonl'], 'the green run wrote its reports');
  const looping = await project.specRun(['specs/', '--timeout', '2s', ...reports], { env: { LOOP: '1' } });
  t.equal(looping.signal, 'SIGKILL', looping.stderr);
  t.match(looping.stderr, /spec-run: step 'WHEN the step runs' \(specs\/a\.spec\.md:5, defined at steps\/s\.steps\.mjs:2\) has held the main thread/);
  t.same(readdirSync(join(project.dir, 'reports')), [], 'an upload finds no report, not the green one of the run before');
  t.match(looping.stdout.trimEnd().split('\n').at(-1), /^Bail out! spec-run ended itself \(SIGKILL, exit status 137\): step 'WHEN the step runs' .* held the main thread past its time limit$/, 'the TAP on stdout ends with Bail out!');
});

t.test('programs a step left running that ignore SIGTERM are killed after the grace, not left behind while spec-run says they were stopped', async (t) => {
  const project = userProject({
    'specs/a.spec.md': '### Requirement: R\nThe helper SHALL start.\n\n#### Scenario: S\n- **WHEN** a helper server is started\n- **THEN** the helpers have pids\n',
    'steps/o.steps.mjs': `import { spawn } from 'node:child_process';
import { When, Then } from 'spec-run/steps';
When('a helper server is started', async function () {
  this.pids = [
    spawn('sh', ['-c', 'exec sleep 871'], { stdio: 'ignore' }),
    spawn('sh', ['-c', 'trap "" TERM; exec sleep 872'], { stdio: 'ignore' }),
    spawn('sh', ['-c', 'trap "" TERM; exec sleep 873'], { detached: true, stdio: 'ignore' }),
  ].map((child) => (child.unref(), child.pid));
});
Then('the helpers have pids', function () { if (this.pids.some((pid) => !pid)) throw new Error('a helper did not start'); });
`,
  });
  const run = await project.specRun(['specs/', '--reporter', 'tap']);
  // Each program it left, not waited for, is a skipped point: the requirement is untested, the run passes.
  t.equal(run.code, 0, run.stderr);
  t.match(run.stderr, /step code left 3 processes running after the report: pid \d+ \(sleep 871\), pid (\d+) \(sleep 872\), pid (\d+) \(sleep 873\); stopped \(SIGTERM; pid \1 \(sleep 872\), pid \2 \(sleep 873\) outlived the 2 s grace and were killed, SIGKILL\)/);
  await new Promise((resolve) => setTimeout(resolve, 500));
  const left = execFileSync('ps', ['-eo', 'stat=,args='], { encoding: 'utf8' }).split('\n').filter((line) => /^[^Z]\S*\s+sleep 87[123]$/.test(line.trim()));
  t.same(left, [], 'none is still running after spec-run exited');
  t.equal(summary(run.stderr), '2 passed, 0 failed, 3 skipped, 0 todo');
});

t.test('an absurd retries count (1e308, 1000000) fails the document at its line instead of retrying without end; .inf is named as written', async (t) => {
  const withRetries = (value: string) => `---\ntype: verification\nname: r\nretries: ${value}\n---\n# T\n\n## Check\n\n${fence('(assert (= 1 2))')}`;
  const project = userProject({ 'specs/huge.md': withRetries('1e308'), 'specs/million.md': withRetries('1000000'), 'specs/inf.md': withRetries('.inf') });
  const started = Date.now();
  const run = await project.specRun(['specs/', '--reporter', 'tap']);
  t.ok(Date.now() - started < 90_000, `ended after ${Date.now() - started} ms`);
  t.equal(run.code, 1, run.stderr);
  t.match(run.stdout, /not ok 1 - frontmatter 'retries' must be at most 100 \(each retry runs a failing unit again\), got 1e\+308\n\s+---\n\s+at: specs\/huge\.md:4\n/);
  t.match(run.stdout, /not ok 1 - frontmatter 'retries' must be at most 100 \(each retry runs a failing unit again\), got 1000000\n\s+---\n\s+at: specs\/million\.md:4\n/);
  t.match(run.stdout, /not ok 1 - frontmatter 'retries' must be a non-negative integer, got \.inf\n\s+---\n\s+at: specs\/inf\.md:4\n/);
  t.notMatch(run.stdout, /flaky|failed \d+ attempts/, 'no unit was retried');
  t.equal(summary(run.stderr), '0 passed, 6 failed, 0 skipped, 0 todo', "each document's problem and its failing check");
});

t.test('markdown nested too deeply is reported at the line that nests, not at line 1', async (t) => {
  const deep = `### Requirement: R\nThe thing SHALL work.\n\n#### Scenario: S\n- **WHEN** x is 1\n- **THEN** x SHALL be 1\n\nSome prose.\n${'>'.repeat(20_000)} deep\n`;
  const project = userProject({ 'specs/deep.spec.md': deep });
  const check = await project.specRun(['check', 'specs/']);
  // Refused before the parse, which would exhaust the stack (src/parse/nesting.ts).
  t.match(check.stdout, /^specs\/deep\.spec\.md:9:\d+: error: a line nested in 20000 levels of quotes and list items/m);
  const run = await project.specRun(['specs/', '--reporter', 'tap']);
  t.equal(run.code, 1);
  t.match(run.stdout, /not ok 1 - a line nested in 20000 levels of quotes and list items[^\n]*\n\s+---\n\s+at: specs\/deep\.spec\.md:9\n/);
});
