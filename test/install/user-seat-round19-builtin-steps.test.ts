// What a team running its OpenSpec tree found from a user's seat: once the run had passed
// through a document for which the built-in executor steps were loaded (one the configuration
// enables them for, or one with an undefined step they would bind), every later document was
// bound by them too. A document of sentences only they define passed in the tree run though
// undefined alone (false green); the team's own definition was ambiguous against theirs
// (false red); verdicts changed with --grep and shards. And a command its timeout stopped
// failed "completes within 5 seconds" with only the elapsed time, which held, as what it got.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { userProject } from '../support/installed.js';

const CONFIG = JSON.stringify({ paths: ['specs/'], executorSteps: ['specs/a/*.md'] });
const EXEC = '### Requirement: True exits zero\nThe shell SHALL exit 0 for true.\n\n#### Scenario: true\n- **WHEN** the command `true` runs\n- **THEN** the exit code is 0\n';
const STEPS = `import assert from 'node:assert/strict';
import { When, Then } from 'spec-run/steps';
When('the program exits with {int}', function (n) { this.code = n; });
Then('the exit code SHALL be {int}', function (n) { assert.equal(this.code, n); });
`;
const WORDS = `### Requirement: Config accepted
The configuration SHALL be accepted.

#### Scenario: accepted
- **GIVEN** a command is configured with a timeout of 5s
- **THEN** the configuration SHALL be accepted

#### Scenario: normal
- **GIVEN** a command completes within the configured timeout
- **THEN** the command SHALL proceed normally
`;
const TEAM = '### Requirement: Exit code\nThe program SHALL exit with 3.\n\n#### Scenario: exit three\n- **WHEN** the program exits with 3\n- **THEN** the exit code SHALL be 3\n';

const UNDEFINED = /not ok \d+ - GIVEN a command is configured with a timeout of 5s\n\s+---\n\s+at: specs\/b\/user\.md:5\n\s+reason: "no step definition matches this step/;

t.test('a document of sentences only the built-in steps define is undefined in the tree run, under --grep and in its shard, as alone', async (t) => {
  const project = userProject({ 'spec-run.config.json': CONFIG, 'specs/a/exec.md': EXEC, 'specs/b/user.md': WORDS, 'steps.mjs': STEPS });
  const tree = await project.specRun(['run', 'specs/', '--require-verified', '--reporter', 'tap']);
  t.equal(tree.code, 1, 'the tree run fails');
  t.match(tree.stdout, UNDEFINED, 'undefined in the tree run, after the executor document');
  t.match(tree.stdout, /ok \d+ - THEN the exit code is 0/, 'the executor document is bound by the built-in steps');
  t.match(tree.stderr, /requirements: 1 verified, 1 failing/);
  const alone = await project.specRun(['run', 'specs/b/user.md', '--reporter', 'tap']);
  t.equal(alone.code, 1);
  t.match(alone.stdout, UNDEFINED, 'undefined alone');
  const grep = await project.specRun(['run', 'specs/', '--grep', 'Config accepted|True exits', '--reporter', 'tap']);
  t.equal(grep.code, 1, '--grep: the same verdict');
  t.match(grep.stdout, UNDEFINED);
  const shards = [];
  for (const index of [1, 2]) {
    const shard = await project.specRun(['run', 'specs/', '--shard', `${index}/2`, '--reporter', 'json']);
    writeFileSync(join(project.dir, `shard-${index}.jsonl`), shard.stdout);
    shards.push(shard);
  }
  const holding = shards.filter((shard) => shard.stdout.includes('"file":"specs/b/user.md"'));
  t.equal(holding.length, 1, 'one shard holds user.md');
  t.equal(holding[0]?.code, 1, 'that shard fails');
  t.equal(shards.find((shard) => !holding.includes(shard))?.code, 0, 'the shard of the executor document passes');
  const merged = await project.specRun(['merge', 'shard-1.jsonl', 'shard-2.jsonl', '--reporter', 'tap']);
  t.equal(merged.code, 1, 'the merge fails');
  t.match(merged.stdout, UNDEFINED);
  const check = await project.specRun(['check', 'specs/']);
  t.equal(check.code, 1, 'check agrees');
  t.equal(check.stdout.match(/^specs\/b\/user\.md:\d+:1: error: undefined step /gm)?.length, 4, 'its four steps, undefined');
});

t.test("the team's own definition binds its document alone after a document the built-in steps were loaded for, with or without the configuration", async (t) => {
  for (const [name, config, code] of [['enabled for specs/a/', { 'spec-run.config.json': CONFIG }, 0], ['no configuration: specs/a/ undefined', {}, 1]] as const) {
    const project = userProject({ ...config, 'specs/a/exec.md': EXEC, 'specs/b/user.md': TEAM, 'steps.mjs': STEPS });
    for (const jobs of ['1', '2']) {
      const tree = await project.specRun(['run', 'specs/', '--jobs', jobs, '--reporter', 'tap']);
      t.match(tree.stdout, /# Subtest: Exit code \/ exit three\n\s+ok 1 - WHEN the program exits with 3\n\s+ok 2 - THEN the exit code SHALL be 3\n/, `${name}, --jobs ${jobs}: not ambiguous`);
      t.notMatch(tree.stdout, /ambiguous step/);
      t.equal(tree.code, code, `${name}, --jobs ${jobs}: exit ${code}`);
    }
  }
});

t.test('a command its timeout stopped fails "completes within 5 seconds" naming the timeout and exit code 124 beside the time', async (t) => {
  const project = userProject({
    'spec.md': '### Requirement: Timing\nThe command SHALL complete quickly.\n\n#### Scenario: completes\n- **WHEN** the command `sleep 10` runs with a timeout of 1 second\n- **THEN** the command completes within 5 seconds\n',
  });
  const run = await project.specRun(['run', 'spec.md', '--executor-steps', '--reporter', 'tap']);
  t.equal(run.code, 1);
  t.match(run.stdout, /not ok 2 - THEN the command completes within 5 seconds\n[^]*?message: "expected outcome == completed, elapsed ≤ 5 s [^"]*; got timeout \(exit code 124\), elapsed \d+ ms"/);
});
