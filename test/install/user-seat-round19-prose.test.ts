// OpenSpec's prose from a user's seat: a capability's openspec/specs/<capability>/design.md (OpenSpec's
// optional file of technical decisions beside spec.md) holding a JSON example failed the tree's run and
// `check` as "no checks found", while the same file as a change's design.md was prose. Both are prose now.
import t from 'tap';
import { userProject } from '../support/installed.js';

const DESIGN = '# todo Design\n\nThe store is one JSON file:\n\n```json\n{ "items": [{ "id": 1, "title": "milk" }] }\n```\n';
const SPEC = '# todo Specification\n\n## Purpose\nA todo list.\n\n## Requirements\n\n### Requirement: Adding\nThe list SHALL keep what is added.\n\n#### Scenario: one item\n- **WHEN** I add "milk"\n- **THEN** the list holds 1 item\n';
const STEPS = `import { When, Then } from 'spec-run/steps';
import assert from 'node:assert/strict';
When('I add {string}', function (title) { this.items = [...(this.items ?? []), title]; });
Then('the list holds {int} item(s)', function (n) { assert.equal(this.items.length, n); });
`;

t.test("a capability's design.md with a JSON example is prose: the tree runs green, check is clean, --list says so", async (t) => {
  const project = userProject({
    'openspec/specs/todo/spec.md': SPEC,
    'openspec/specs/todo/design.md': DESIGN,
    'openspec/changes/add-x/design.md': DESIGN,
    'openspec/changes/add-x/proposal.md': '# Add x\n\nWhy.\n',
    'openspec/changes/add-x/specs/todo/spec.md': '## ADDED Requirements\n\n### Requirement: Adding twice\nThe list SHALL keep both.\n\n#### Scenario: two items\n- **WHEN** I add "milk"\n- **AND** I add "eggs"\n- **THEN** the list holds 2 items\n',
    'steps/todo.steps.mjs': STEPS,
  });
  const run = await project.specRun(['openspec/']);
  t.equal(run.code, 0, `the tree passes (stderr: ${run.stderr.slice(-400)})`);
  t.match(run.stderr, /requirements: 2 verified, 0 failing, 0 untested\n\d+ passed, 0 failed, 0 skipped, 0 todo/, 'the requirements of the spec and of the change ran and were verified');
  t.notMatch(run.stdout, /no checks found/, 'no design.md fails');
  const checked = await project.specRun(['check', 'openspec/']);
  t.equal(checked.code, 0, `check is clean (${checked.stdout.slice(-300)})`);
  const listed = await project.specRun(['--list', 'openspec/']);
  t.match(listed.stdout, /the design\.md of capability 'todo': prose, nothing to run/, '--list names it as prose');
  // The other side: a design.md out of the tree that holds a block still fails, looking meant to run.
  const elsewhere = userProject({ 'docs/design.md': DESIGN });
  const loose = await elsewhere.specRun(['docs/design.md']);
  t.equal(loose.code, 1, 'outside an OpenSpec tree a JSON block in markdown of no family fails');
  t.match(loose.stdout, /no checks found: 1 Lisp\/JSON\/YAML block/, 'and says why');
});
