// What the eighth round of user-seat sessions found in OpenSpec trees, from a user's seat:
// spec-run packed, installed into a fresh project outside the repository, run through its bin.
import t from 'tap';
import { userProject } from '../support/installed.js';

const STEPS = `import assert from 'node:assert/strict';
import { When, Then } from 'spec-run/steps';
When('I add {int} and {int}', function (a, b) { this.r = a + b; });
When('I subtract {int} from {int}', function (a, b) { this.r = b - a; });
Then('the result is {int}', function (n) { assert.equal(this.r, n); });
`;
const ADDITION = '### Requirement: Addition\nThe calculator SHALL add.\n\n#### Scenario: small\n- **WHEN** I add 2 and 3\n- **THEN** the result is 5\n';
const SPEC = `# calc Specification\n\n## Requirements\n\n${ADDITION}\n### Requirement: Subtraction\nThe calculator SHALL subtract.\n\n#### Scenario: minus\n- **WHEN** I subtract 3 from 5\n- **THEN** the result is 2\n`;
const MODIFIED = `## MODIFIED Requirements\n\n${ADDITION}`;

t.test('an OpenSpec tree: requirements where OpenSpec reads none fail at the file, prose never runs, a line of a delta with no scenario selects nothing', async (t) => {
  const project = userProject({
    'openspec/project.md': `# Project\n\n${ADDITION}`,
    'openspec/specs/calc/spec.md': SPEC,
    'openspec/specs/calc/delta.md': '## ADDED Requirements\n\n### Requirement: Doubling\nThe calculator SHALL double.\n\n#### Scenario: twice\n- **WHEN** I add 2 and 2\n- **THEN** the result is 4\n',
    'openspec/changes/add-neg/proposal.md': '# Add negatives\n',
    'openspec/changes/add-neg/spec.md': MODIFIED,
    'openspec/changes/add-neg/delta/calc/spec.md': MODIFIED,
    'openspec/changes/spec.md': MODIFIED,
    'openspec/changes/add-x/design.md': `# Design\n\n${ADDITION}`,
    'openspec/changes/add-x/specs/calc/spec.md': '## RENAMED Requirements\n- FROM: `### Requirement: Subtraction`\n- TO: `### Requirement: Minus`\n',
    'openspec/changes/rm-x/specs/calc/spec.md': '## REMOVED Requirements\n\n### Requirement: Subtraction\n**Reason**: unused.\n**Migration**: none.\n',
    'steps.mjs': STEPS,
  });

  const check = await project.specRun(['check', 'openspec/']);
  t.equal(check.code, 1, check.stdout);
  const errors = check.stdout.split('\n').filter((line) => / error: /.test(line));
  t.match(errors, [
    /^openspec\/changes\/add-neg\/proposal\.md:1:1: error: change 'add-neg' has no delta/,
    /^openspec\/changes\/add-neg\/delta\/calc\/spec\.md:1:1: error: OpenSpec reads a change's delta specs only as specs\/<capability>\/spec\.md, .*: name it changes\/add-neg\/specs\/calc\/spec\.md$/,
    /^openspec\/changes\/add-neg\/spec\.md:1:1: error: .*name it changes\/add-neg\/specs\/<capability>\/spec\.md$/,
    /^openspec\/changes\/spec\.md:1:1: error: OpenSpec reads delta sections only in a change's delta spec, openspec\/changes\/<change>\/specs\/<capability>\/spec\.md/,
    /^openspec\/specs\/calc\/delta\.md:1:1: error: OpenSpec reads delta sections only .*move it to changes\/<change>\/specs\/calc\/spec\.md$/,
  ]);
  t.equal(errors.length, 5, errors.join('\n'));
  t.match(check.stdout, /openspec\/changes\/add-x\/design\.md:3:1: note: '### Requirement: Addition' is in an OpenSpec change's design\.md, prose that is not run/);

  const run = await project.specRun(['openspec/', '--require-verified']);
  t.equal(run.code, 1, 'the tree fails while the misplaced files are where OpenSpec reads nothing');
  for (const file of ['openspec/changes/add-neg/spec.md', 'openspec/changes/add-neg/delta/calc/spec.md', 'openspec/changes/spec.md', 'openspec/specs/calc/delta.md']) {
    t.match(run.stdout, new RegExp(`not ok \\d+ - [^\\n]*\\(${file.replaceAll('.', '\\.')}\\)`), `${file} fails`);
  }
  t.notMatch(run.stdout, /design\.md|project\.md|proposal\.md/, 'prose is neither run nor reported');
  t.notMatch(run.stderr, /design\.md|project\.md/, 'nor are its requirements counted');

  const prose = await project.specRun(['openspec/changes/add-x/design.md']);
  t.equal(prose.code, 2);
  t.match(prose.stderr, /1 markdown file \(it is OpenSpec's prose, .*never run whatever it holds\)/);

  for (const [change, line] of [['add-x', 2], ['rm-x', 4]] as const) {
    const one = await project.specRun(['--change', change, `openspec/changes/${change}/specs/calc/spec.md:${line}`]);
    t.equal(one.code, 2, `${change}: ${one.stderr.slice(-300)}`);
    t.match(one.stderr, new RegExp(`openspec/changes/${change}/specs/calc/spec\\.md:${line} selects no unit of the 1 document`));
  }
});
