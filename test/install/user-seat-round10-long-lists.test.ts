// What the tenth round of user-seat sessions found in reading long lists, from a user's
// seat: spec-run packed, installed into a fresh project outside the repository, and run
// through its bin. A document of 10 000 list items with a sub-item each took 43 s to
// check (20 000: 132 s), its markdown parse growing with the square of the items; it is
// read whole now, in time growing with its size (figures in bench/lists.ts).
import t from 'tap';
import { userProject } from '../support/installed.js';

const ITEMS = 10_000;
const HEAD = '### Requirement: R\nThe thing SHALL work.\n\n#### Scenario: s\n- **GIVEN** a thing\n- **THEN** it works\n\nNotes:\n\n';
/** The report's document: a scenario, then notes of ITEMS items with a sub-item each; a scenario after them. */
const DOCUMENT = `${HEAD}${'- a\n  - b\n'.repeat(ITEMS)}\n#### Scenario: after the notes\n- **GIVEN** a thing\n- **THEN** it is not defined\n`;
const STEPS = "import { Given, Then } from 'spec-run/steps';\nGiven('a thing', function () {});\nThen('it works', function () { if (!this.scenario) throw new Error(); this.held = true; });\n";
const UNDEFINED_LINE = DOCUMENT.split('\n').indexOf('- **THEN** it is not defined') + 1;
/** Each run parses the document afresh, as after an edit. */
const afresh = { env: { SPEC_RUN_DOCUMENT_CACHE: 'off' } };

t.test('a document of 10 000 list items with a sub-item each is checked and run whole, the scenario after the list at its lines', async (t) => {
  const project = userProject({ 'specs/notes.md': DOCUMENT, 'steps.mjs': STEPS });
  const check = await project.specRun(['check', 'specs/notes.md'], afresh);
  t.match(check.stdout + check.stderr, /1 documents checked: 1 errors, 0 warnings/, 'read whole: one error, the undefined step');
  t.match(check.stdout + check.stderr, new RegExp(`specs/notes\\.md:${UNDEFINED_LINE}:1: error: undefined step 'it is not defined'`), `the undefined step after the list, at its line ${UNDEFINED_LINE}`);
  const run = await project.specRun(['specs/notes.md', '--reporter', 'tap'], afresh);
  t.match(run.stdout, /ok 1 - R \/ s #/, 'the scenario before the list ran and passed');
  t.match(run.stdout, /not ok 2 - THEN it is not defined/, 'the scenario after the list ran, and fails on its undefined step');
  t.equal(run.code, 1);
});
