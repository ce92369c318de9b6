// OpenSpec changes from the seat of a team that runs spec-run beside OpenSpec (round 17):
// spec-run packed, installed into a fresh project outside the repository, and run through
// its bin. A scenario heading at a level OpenSpec does not read is an error at its line,
// in the run, --list, check and --change, never a scenario of its requirement; and a
// `--watch --change` whose save makes the change impossible to apply leaves no report green.
import t from 'tap';
import { join } from 'node:path';
import { userEnvironment, userProject } from '../support/installed.js';
import { watchProcess } from '../support/watching.js';
import { CHANGE_PROJECT, refusedUnderWatch } from '../support/change-watching.js';

const STEPS = `import assert from 'node:assert/strict';
import { When, Then } from 'spec-run/steps';
When('I add {int} and {int}', function (a, b) { this.v = a + b; });
When('I divide {int} by {int}', function (a, b) { this.v = a / b; });
Then('the result is {int}', function (n) { assert.equal(this.v, n); });
`;

/** The calculator's tree: its current spec's scenario heading written CURRENT, and a change adding Division whose scenario heading is written ADDED. */
const calculator = (current: string, added: string) =>
  userProject({
    'steps.mjs': STEPS,
    'openspec/specs/calc/spec.md': `# calc Specification\n\n## Purpose\nCalculator.\n\n## Requirements\n\n### Requirement: Addition\nThe calculator SHALL add.\n\n${current} Scenario: add two\n- **WHEN** I add 2 and 3\n- **THEN** the result is 5\n`,
    'openspec/changes/add-div/proposal.md': '# Add div\n## Why\nx\n## What Changes\n- div\n',
    'openspec/changes/add-div/specs/calc/spec.md': `## ADDED Requirements\n\n### Requirement: Division\nThe calculator SHALL divide.\n\n${added} Scenario: div\n- **WHEN** I divide 6 by 3\n- **THEN** the result is 2\n`,
  });

const DELTA = 'openspec/changes/add-div/specs/calc/spec.md';
const CURRENT = 'openspec/specs/calc/spec.md';

t.test("an ADDED requirement whose only scenario is '##### Scenario:' is refused as OpenSpec refuses it: the tree run, --list, check and --change fail, at the heading's line, saying level 4", async (t) => {
  const project = calculator('####', '#####');
  const tree = await project.specRun(['openspec/', '--require-verified']);
  t.equal(tree.code, 1, `the tree run fails: ${tree.stderr.slice(-300)}`);
  t.match(tree.stdout, /not ok \d+ - error: '\\#\\#\\#\\#\\# Scenario: div' is a level-5 heading under requirement 'Division' \(level 3\): a scenario is the heading one level below its requirement, level 4/);
  t.notMatch(tree.stdout, /^ok \d+ - THEN the result is 2/m, 'the misplaced scenario runs nothing');
  t.notMatch(tree.stderr, /requirements: 2 verified/);
  const list = await project.specRun(['openspec/', '--list']);
  t.equal(list.code, 1, '--list fails');
  const check = await project.specRun(['check', 'openspec/']);
  t.equal(check.code, 1, 'check fails');
  t.match(check.stdout, `${DELTA}:6:1: error: '##### Scenario: div' is a level-5 heading under requirement 'Division' (level 3)`);
  t.match(check.stdout, `${DELTA}:3:1: error: ADDED requirement 'Division' has no '#### Scenario:'`);
  const change = await project.specRun(['--change', 'add-div', 'openspec/']);
  t.equal(change.code, 2, '--change refuses the change');
  t.match(change.stderr, `${DELTA}:3: ADDED requirement 'Division' has no '#### Scenario:'`);
});

t.test("every other level of a scenario heading, in a delta or a capability's current spec, is an error at its line that says level 4", async (t) => {
  const cases: [string, string, string, number, string][] = [
    ['####', '###', DELTA, 6, "'### Scenario: div' is a level-3 heading at the level of the requirements (3)"],
    ['####', '##', DELTA, 6, "'## Scenario: div' is a level-2 heading above the requirements (level 3)"],
    ['#####', '####', CURRENT, 11, "'##### Scenario: add two' is a level-5 heading under requirement 'Addition' (level 3)"],
    ['##', '####', CURRENT, 11, "'## Scenario: add two' is a level-2 heading above the requirements (level 3)"],
  ];
  for (const [current, added, file, line, said] of cases) {
    const project = calculator(current, added);
    const check = await project.specRun(['check', 'openspec/']);
    t.equal(check.code, 1, `${said}: check fails`);
    t.match(check.stdout, `${file}:${line}:1: error: ${said}: a scenario is the heading one level below its requirement, level 4`);
    // The run fails on the problems check gives (one judgement): run once, for a capability's spec.
    if (file === CURRENT && current === '##') t.equal((await project.specRun(['openspec/'])).code, 1, `${said}: the tree run fails`);
  }
});

t.test('--watch --change: a save that makes the change impossible to apply removes the JUnit report until a run runs again, after Ctrl-C too; Ctrl-C closes with the summary line', async (t) => {
  const project = userProject(CHANGE_PROJECT);
  const bin = join(project.dir, 'node_modules', '.bin', 'spec-run');
  await refusedUnderWatch(t, project.dir, (args) => watchProcess([bin, ...args, '--watch'], project.dir, userEnvironment()));
});
