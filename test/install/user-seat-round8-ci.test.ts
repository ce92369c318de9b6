// What the eighth round of user-seat sessions found in a CI set-up, from a user's seat:
// spec-run packed, installed into a fresh project outside the repository, run through its bin.
import t from 'tap';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { userEnvironment, userProject } from '../support/installed.js';
import { watchProcess } from '../support/watching.js';

const summary = (stderr: string) => stderr.trim().split('\n').at(-1);
const spec = (name: string, scenarios: [string, number][]) =>
  `# ${name}\n\n## Requirements\n\n### Requirement: ${name}\nThe number SHALL be kept.\n${scenarios.map(([scenario, n]) => `\n#### Scenario: ${scenario}\n- **WHEN** the number 1 is taken\n- **THEN** it SHALL equal ${n}\n`).join('')}`;
const STEPS = "import assert from 'node:assert/strict';\nimport { When, Then } from 'spec-run/steps';\nWhen('the number {int} is taken', function (n) { this.n = n; });\nThen('it SHALL equal {int}', function (n) { assert.equal(this.n, n); });\n";

t.test('merge in CI: a shard that ran only some of its share is refused, a narrowed run says so, a refused merge leaves no report; a --require-verified failure is at its line', async (t) => {
  const project = userProject({
    'specs/a.spec.md': spec('A', [['keep', 1]]),
    'specs/b.spec.md': spec('B', [['keep', 1], ['broken', 2]]),
    'steps.mjs': STEPS,
    'gate/u.spec.md': `${spec('Kept', [['keep', 1]])}\n### Requirement: No scenario\nThe system SHALL do more.\n`,
  });
  const whole = await project.specRun(['specs/']);
  t.equal(whole.code, 1);
  t.equal(summary(whole.stderr), '5 passed, 1 failed, 0 skipped, 0 todo');
  const shard = async (file: string, args: string[]) => writeFileSync(join(project.dir, file), (await project.specRun([...args, '--reporter', 'json'])).stdout);
  await shard('s1.jsonl', ['specs/', '--shard', '1/2']);
  await shard('s2.jsonl', ['specs/', '--shard', '2/2']);
  await shard('s2-keep.jsonl', ['specs/', '--shard', '2/2', '--grep', 'keep']);
  // The same documents, b's "keep" scenario alone (line 8) of b.
  await shard('s2-line.jsonl', ['specs/a.spec.md', 'specs/b.spec.md:8', '--shard', '2/2']);

  const grepped = await project.specRun(['merge', 's1.jsonl', 's2-keep.jsonl', '--reporter', 'junit']);
  t.equal(grepped.code, 2, 'the unrun "broken" scenario is no green');
  t.match(grepped.stderr, /s2-keep\.jsonl \(shard 2\/2\) ran only the units selected by --grep keep, but s1\.jsonl \(shard 1\/2\) ran every unit of its share/);
  t.equal(grepped.stdout, '');
  const lined = await project.specRun(['merge', 's1.jsonl', 's2-line.jsonl']);
  t.equal(lined.code, 2);
  t.match(lined.stderr, /s2-line\.jsonl \(shard 2\/2\) ran only the units selected by specs\/b\.spec\.md:8/);

  await project.specRun(['specs/', '--shard', '1/1']);
  writeFileSync(join(project.dir, 'rerun.jsonl'), (await project.specRun(['--shard', '1/1', '--only-failures', '--reporter', 'json'])).stdout);
  const rerun = await project.specRun(['merge', 'rerun.jsonl', '--reporter', 'junit']);
  t.match(rerun.stderr, /a narrowed run: every shard ran only the units selected by --only-failures; the counts are of those units, not of every unit/);
  t.match(rerun.stdout, /<property name="selection" value="--only-failures"\/>/, "the report says the run was narrowed, not an unsharded run's counts");

  const merged = await project.specRun(['merge', 's1.jsonl', 's2.jsonl', '--reporter', 'junit:merged.xml', '--reporter', 'html:merged.html']);
  t.equal(merged.code, 1);
  t.equal(summary(merged.stderr), '5 passed, 1 failed, 0 skipped, 0 todo', 'the whole set merges to the counts of the unsharded run');
  t.ok(existsSync(join(project.dir, 'merged.xml')) && existsSync(join(project.dir, 'merged.html')));
  rmSync(join(project.dir, 's2.jsonl'));
  const refused = await project.specRun(['merge', 's1.jsonl', '--reporter', 'junit:merged.xml', '--reporter', 'html:merged.html']);
  t.equal(refused.code, 2);
  t.notOk(existsSync(join(project.dir, 'merged.xml')), "a refused merge leaves no earlier merge's JUnit to upload");
  t.notOk(existsSync(join(project.dir, 'merged.html')), 'nor its HTML');

  const gated = await project.specRun(['gate/u.spec.md', '--require-verified', '--reporter', 'junit:u.xml', '--reporter', 'tap'], { env: { GITHUB_ACTIONS: 'true' } });
  t.equal(gated.code, 1);
  const output = gated.stdout + gated.stderr;
  t.match(output, /::error file=gate\/u\.spec\.md,line=12,title=spec-run::--require-verified: gate\/u\.spec\.md#No scenario is untested/);
  t.match(gated.stdout, /not ok 2 - --require-verified: gate\/u\.spec\.md\\#No scenario is untested[^\n]*\n {2}---\n {2}at: gate\/u\.spec\.md:12\n/);
  t.match(readFileSync(join(project.dir, 'u.xml'), 'utf8'), /<testcase name="--require-verified: gate\/u\.spec\.md#No scenario[^"]*" classname="spec-run" file="gate\/u\.spec\.md" line="12">/);
});

t.test('--watch: a steps file that gets a syntax error while watched is reported as it is in a run started with it', async (t) => {
  const project = userProject({ 'wr/a.spec.md': spec('A', [['keep', 1]]), 'wr/a.steps.mjs': STEPS });
  const started = await project.specRun(['wr/']);
  t.equal(started.code, 0, started.stdout.slice(-600));
  const bin = join(project.dir, 'node_modules', '.bin', 'spec-run');
  const watching = watchProcess([bin, 'wr/', '--reporter', 'tap', '--watch'], project.dir, userEnvironment());
  t.teardown(() => watching.stop());
  await watching.summaries(1);
  await new Promise((r) => setTimeout(r, 300));
  project.write({ 'wr/a.steps.mjs': `${STEPS}Then(((( broken\n` });
  await watching.summaries(2);
  const rerun = watching.stdout().split('TAP version 14').at(-1)!;
  t.match(rerun, /cannot load steps file: ParseError: [^\n]*wr\/a\.steps\.mjs:\d+:\d+/, 'the load error, at its place');
  t.match(rerun, /no definition of this step is loaded: a steps file could not be loaded, and may define this step: wr\/a\.steps\.mjs/);
  t.notMatch(rerun, /no step definition matches this step/, 'no snippet for a step the broken file defines');
  const fresh = await project.specRun(['wr/', '--reporter', 'tap']);
  t.match(fresh.stdout, /cannot load steps file: ParseError: [^\n]*wr\/a\.steps\.mjs:\d+:\d+/, 'as a run started with the broken file says it');
});
