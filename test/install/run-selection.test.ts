// What a run selects and what its reports then claim, from a user's seat: spec-run
// packed, installed into a fresh project, run through node_modules/.bin/spec-run. A
// filter that selects nothing, a merge of some of the shards, a --bail run and a step
// that attaches megabytes must never read as a whole, green run.
import t from 'tap';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Parser } from 'tap-parser';
import type { FinalResults } from 'tap-parser';
import { execFile } from 'node:child_process';
import { userEnvironment, userProject } from '../support/installed.js';

const specification = (name: string, scenarios: Record<string, string[]>, frontmatter = '') => `${frontmatter}# ${name} Specification

## Requirements

### Requirement: ${name} works
The system SHALL work.

${Object.entries(scenarios)
  .map(([scenario, steps]) => `#### Scenario: ${scenario}\n${steps.map((step) => `- **THEN** ${step}`).join('\n')}\n`)
  .join('\n')}`;

const STEPS = `import { Then } from 'spec-run/steps';
Then('it works', function () { if (!this.scenario) throw new Error(); this.held = true; });
Then('it breaks', function () { throw new Error('broken'); });
Then('it attaches {int} characters', function (n) { this.attach('big', 'x'.repeat(n)); throw new Error('and fails'); });
`;

const files = {
  'steps.mjs': STEPS,
  'specs/alpha.spec.md': specification('alpha', { 'First alpha': ['it works'], 'Second alpha': ['it works'] }, '---\ntags: [fast]\nlevel: scenario\n---\n'),
  'specs/beta.spec.md': specification('beta', { 'Only beta': ['it works'] }),
  'specs/gamma.spec.md': specification('gamma', { 'Only gamma': ['it works'] }),
};

const summary = (stderr: string) => stderr.trim().split('\n').at(-1);
const parseTap = (text: string) => new Promise<FinalResults>((done) => new Parser(done).end(text));

t.test('a --grep, --tag or --level that selects no unit is a usage error naming the filter and what there was', async (t) => {
  const project = userProject(files);
  for (const [args, shown] of [
    [['--grep', 'nomatch'], /--grep 'nomatch' selects no unit of the 3 documents with 4 units/],
    [['--tag', 'slow'], /--tag slow selects no unit of the 3 documents with 4 units; tags: fast/],
    [['--level', 'property'], /--level property selects no unit of the 3 documents with 4 units; levels: scenario/],
  ] as const) {
    const run = await project.specRun(['specs/', ...args]);
    t.equal(run.code, 2, `${args.join(' ')}: exit 2`);
    t.match(run.stderr, shown);
    t.equal(run.stdout, '', 'no report of a run that did not happen');
  }
  const selected = await project.specRun(['specs/', '--tag', 'fast', '--grep', 'second']);
  t.equal(selected.code, 0, 'a filter that selects something runs it');
  t.equal(summary(selected.stderr), '1 passed, 0 failed, 0 skipped, 0 todo');
  const cucumberWritten = await project.specRun(['specs/', '--tag', '@fast', '--grep', 'second']);
  t.equal(summary(cucumberWritten.stderr), '1 passed, 0 failed, 0 skipped, 0 todo', '@fast, as cucumber-js writes a tag, is the same tag');
});

t.test('merge refuses a set of shards with one missing or one twice; the whole set merges; an empty share passes as a SKIP', async (t) => {
  const project = userProject(files);
  const shard = async (i: number, n: number) => {
    const run = await project.specRun(['specs/', '--shard', `${i}/${n}`, '--reporter', 'json', '--seed', '3']);
    writeFileSync(join(project.dir, `shard-${i}-of-${n}.jsonl`), run.stdout);
    return run;
  };
  await shard(1, 2);
  await shard(2, 2);
  const alone = await project.specRun(['merge', 'shard-2-of-2.jsonl', '--reporter', 'junit']);
  t.equal(alone.code, 2, 'one shard of two: exit 2');
  t.match(alone.stderr, /incomplete: shard 1\/2 missing; \d of the run's 3 documents in no stream: specs\//);
  const twice = await project.specRun(['merge', 'shard-2-of-2.jsonl', 'shard-2-of-2.jsonl']);
  t.equal(twice.code, 2);
  t.match(twice.stderr, /shard 2\/2 is given twice/);
  const whole = await project.specRun(['merge', 'shard-1-of-2.jsonl', 'shard-2-of-2.jsonl', '--reporter', 'tap']);
  t.equal(whole.code, 0, whole.stderr);
  t.equal(summary(whole.stderr), '4 passed, 0 failed, 0 skipped, 0 todo', 'every document of the run, once');

  const empty = await project.specRun(['specs/', '--shard', '4/4', '--reporter', 'tap']);
  t.equal(empty.code, 0, 'a matrix larger than the documents: the empty share passes');
  t.match(empty.stderr, /--shard 4\/4: this share holds none of the 3 documents of the run/);
  const parsed = await parseTap(empty.stdout);
  t.equal(parsed.plan.skipAll, true);
  t.match(parsed.plan.skipReason, /shard 4\/4 holds none of the 3 documents/);
  for (const i of [1, 2, 3, 4]) await shard(i, 4);
  const four = await project.specRun(['merge', ...[1, 2, 3, 4].map((i) => `shard-${i}-of-4.jsonl`)]);
  t.equal(four.code, 0, 'with the empty share, the set of four is whole');
  const three = await project.specRun(['merge', ...[1, 2, 3].map((i) => `shard-${i}-of-4.jsonl`)]);
  t.equal(three.code, 2, 'without it, incomplete, though it held no document');
  t.match(three.stderr, /incomplete: shard 4\/4 missing; 0 of the run's 3 documents in no stream/);
});

t.test('--bail stops at the first failing check and its TAP bails out; a shard that bailed is refused by merge', async (t) => {
  const project = userProject({ ...files, 'specs/beta.spec.md': specification('beta', { 'Breaks first': ['it breaks'], 'Never reached': ['it works'] }) });
  const run = await project.specRun(['specs/', '--bail', '--reporter', 'tap', '--jobs', '1']);
  t.equal(run.code, 1);
  const tap = await parseTap(run.stdout);
  t.equal(tap.ok, false);
  t.match(tap.bailout, /^--bail: stopped at the first failing check at specs\/beta\.spec\.md:\d+ \(THEN it breaks\): 1 of 3 documents not run$/);
  t.notMatch(run.stdout, /gamma/, 'the document after it never started');
  const shard = await project.specRun(['specs/', '--bail', '--shard', '1/1', '--reporter', 'json']);
  writeFileSync(join(project.dir, 'bailed.jsonl'), shard.stdout);
  const merged = await project.specRun(['merge', 'bailed.jsonl']);
  t.equal(merged.code, 2);
  t.match(merged.stderr, /bailed\.jsonl: the run stopped before it ran every document \(--bail: stopped at the first failing check/);
});

t.test('an attachment of megabytes is cut in TAP as in JSON, saying how long it was', async (t) => {
  const size = 3_000_000;
  const project = userProject({ 'steps.mjs': STEPS, 'specs/huge.spec.md': specification('huge', { Huge: [`it attaches ${size} characters`] }) });
  const run = await project.specRun(['specs/', '--reporter', 'tap', '--reporter', 'json:run.jsonl']);
  t.equal(run.code, 1);
  t.ok(run.stdout.length < 200_000, `the TAP stays small: ${run.stdout.length} characters`);
  t.match(run.stdout, new RegExp(`truncated: true\\n\\s+totalChars: ${size}\\n\\s+preview: x+\\n`));
  t.ok(readFileSync(join(project.dir, 'run.jsonl'), 'utf8').length < 200_000, 'as the JSON stream');
  t.equal((await parseTap(run.stdout)).fail, 1);
});

t.test('a document gets the same step definitions, so the same verdict, whichever documents are run with it', async (t) => {
  const works = (name: string) => specification(name, { [`S${name}`]: ['it works'] });
  const project = userProject({ 'specs/a/doc.spec.md': works('a'), 'specs/a/steps.mjs': STEPS, 'specs/b/doc.spec.md': works('b') });
  const verdicts = async (args: string[]) => {
    const run = await project.specRun([...args, '--reporter', 'tap']);
    return Object.fromEntries([...run.stdout.matchAll(/^(ok|not ok) \d+ - \w+ Specification \((specs\/\w)\/doc\.spec\.md\)/gm)].map((m) => [m[2], m[1]]));
  };
  t.same(await verdicts(['specs/']), { 'specs/a': 'ok', 'specs/b': 'not ok' }, 'steps beside specs/a/ do not bind specs/b/');
  t.same(await verdicts(['specs/b']), { 'specs/b': 'not ok' }, 'run alone, b fails the same');
  t.same(await verdicts(['specs/a/doc.spec.md']), { 'specs/a': 'ok' });
  t.same(await verdicts(['specs/', '--grep', 'Sb']), { 'specs/b': 'not ok' });
  for (const paths of [['specs/'], ['specs/b']]) {
    const check = await project.specRun(['check', ...paths]);
    t.match(check.stdout, /specs\/b\/doc\.spec\.md:\d+:1: error: 1 step has no definition yet/, `check ${paths.join(' ')} finds b's step undefined, as the run`);
  }
  const steps = await project.specRun(['steps', 'specs/']);
  t.match(steps.stdout, /Then\(it works\) +specs\/a\/steps\.mjs:2\n +used at specs\/a\/doc\.spec\.md:\d+\n/);
  t.match(steps.stdout, /Undefined steps:\n +specs\/b\/doc\.spec\.md:\d+ +THEN it works/);

  project.write({ 'specs/shared.steps.mjs': "import { Then } from 'spec-run/steps';\nThen('it is shared', function () { if (!this.scenario) throw new Error(); this.held = true; });\n", 'specs/b/doc.spec.md': specification('b', { Sb: ['it is shared'] }) });
  t.same(await verdicts(['specs/b']), { 'specs/b': 'ok' }, 'steps in a directory above bind the documents below it');
  t.same(await verdicts(['specs/']), { 'specs/a': 'ok', 'specs/b': 'ok' });
});

t.test('on a terminal the counts and the requirements line are said once, the closing line last', async (t) => {
  const project = userProject(files);
  const bin = join(project.dir, 'node_modules', '.bin', 'spec-run');
  // script(1) gives the run a terminal for stdout and stderr both, as a user's shell does.
  const output = await new Promise<string>((done, fail) =>
    execFile('script', ['-qec', `${bin} specs/`, '/dev/null'], { cwd: project.dir, env: userEnvironment() }, (error, stdout) => (error ? fail(error) : done(stdout))),
  );
  // Coloured or not (FORCE_COLOR, NO_COLOR and TERM as the test's environment has them), the text without its colours.
  const plain = output.replace(/\u001b\[[\d;]*m/g, '');
  const lines = plain.split(/\r?\n/).filter((line) => line.trim() !== '');
  t.equal(lines.filter((line) => /^requirements: /.test(line)).length, 1, 'the requirements line once');
  t.equal(lines.filter((line) => /^\d+ passed/.test(line)).length, 1, 'the counts once');
  t.equal(lines.at(-1), '4 passed, 0 failed, 0 skipped, 0 todo', 'the closing line last');
  t.match(plain, /Requirements\r?\n.*✔ alpha works/, 'each requirement is still shown');
});

t.test('doc.md:LINE runs the unit at that line, as cucumber-js runs file:line (in a Lisp document after the units before it), two units of one heading apart; a line before any unit selects none', async (t) => {
  const project = userProject({
    'specs/twice.test.md': '---\ntype: verification\nname: twice\n---\n# Twice\n\n## Check\n\n```lisp\n(assert (= 1 1))\n```\n\n## Check\n\n```lisp\n(assert (= 1 2))\n```\n',
  });
  const first = await project.specRun(['specs/twice.test.md:10']);
  t.equal(first.code, 0, 'the unit at line 10, as --list shows it');
  t.equal(summary(first.stderr), '1 passed, 0 failed, 0 skipped, 0 todo');
  const second = await project.specRun(['specs/twice.test.md:17']);
  t.equal(second.code, 1, 'the other unit of the same heading: a line inside its block');
  t.equal(summary(second.stderr), '1 passed, 1 failed, 0 skipped, 0 todo', 'after the unit before it, whose Lisp environment it shares');
  const none = await project.specRun(['specs/twice.test.md:2']);
  t.equal(none.code, 2);
  t.match(none.stderr, /specs\/twice\.test\.md:2 selects no unit of the 1 document with 2 units/);
  const past = await project.specRun(['specs/twice.test.md:999']);
  t.equal(past.code, 2, 'a line past the end (a stale line) runs nothing, not the last unit');
  t.match(past.stderr, /specs\/twice\.test\.md:999: line 999 is past the end of specs\/twice\.test\.md \(17 lines\); nothing to run/);
});

t.test("--only-failures with the configuration's paths reruns the last run's failures wherever they are; failures outside the paths given are a usage error", async (t) => {
  const project = userProject({
    'spec-run.config.json': '{ "paths": ["specs/"] }',
    'specs/pass.test.md': '---\ntype: verification\nname: pass\n---\n# Pass\n\n## Check\n\n```lisp\n(assert (= 1 1))\n```\n',
    'other/fail.test.md': '---\ntype: verification\nname: fail\n---\n# Fail\n\n## Check\n\n```lisp\n(assert (= 1 2))\n```\n',
  });
  t.equal((await project.specRun(['other/'])).code, 1);
  const rerun = await project.specRun(['--only-failures']);
  t.equal(rerun.code, 1, 'the failure ran again, and fails');
  t.equal(summary(rerun.stderr), '0 passed, 1 failed, 0 skipped, 0 todo');
  const elsewhere = await project.specRun(['--only-failures', 'specs/']);
  t.equal(elsewhere.code, 2);
  t.match(elsewhere.stderr, /--only-failures: the last run's failures are in other\/fail\.test\.md, none among the documents given; nothing to run/);
});
