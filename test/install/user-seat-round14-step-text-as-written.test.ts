// A defect users met in round 14's release candidate, from a user's seat: spec-run packed,
// installed into a fresh project outside the repository, run through its bin. A step
// `**WHEN** I compute "2*3*4"` reached the user's definition `I compute {string}` as "234":
// markdown's emphasis was rendered away. A step's text is its sentence as written, the
// keyword's own bold marks left out; code spans lose their backquotes, as before.
import t from 'tap';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { userProject } from '../support/installed.js';

const SPEC = `### Requirement: Arithmetic
The calculator SHALL compute products.

#### Scenario: A product
- **WHEN** I compute "2*3*4"
- **AND** I compute "a_b_c" and \`x*y*z\`
- **THEN** the answer is "[24](#note) ~~25~~ \\*"
- **THEN** the table holds:

  | product | name |
  |---------|------|
  | 2*3     | _x_  |

- **THEN** the rows are:
  - **bold** and *em*

#### Scenario: Paragraph steps
**WHEN** I compute "1*2*3"
**THEN** the answer is "6"
`;

const STEPS = `import { When, Then } from 'spec-run/steps';
import { appendFileSync } from 'node:fs';
const seen = (kind, value) => appendFileSync('seen.txt', kind + '=' + JSON.stringify(value) + '\\n');
When('I compute {string}', (expression) => seen('compute', expression));
When('I compute {string} and {word}', (expression, code) => seen('compute-and', [expression, code]));
Then('the answer is {string}', (answer) => seen('answer', answer));
Then('the table holds:', (table) => seen('table', table.raw()));
Then('the rows are:', (table) => seen('rows', table.raw()));
`;

t.test("a step reaches its definition as written: emphasis, links, strike-through and escapes kept, the keyword's bold left out", async (t) => {
  const project = userProject({ 'specs/product.spec.md': SPEC, 'steps/product.steps.mjs': STEPS });
  const run = await project.specRun(['specs/']);
  t.equal(run.code, 0, 'every step binds and passes', { stdout: run.stdout, stderr: run.stderr });
  t.match(run.stdout, /ok \d+ - WHEN I compute "2\*3\*4"/);
  const seen = readFileSync(join(project.dir, 'seen.txt'), 'utf8').trim().split('\n');
  t.same(seen, [
    'compute="2*3*4"',
    'compute-and=["a_b_c","x*y*z"]',
    'answer="[24](#note) ~~25~~ *"',
    'table=[["product","name"],["2*3","_x_"]]',
    'rows=[["**bold** and *em*"]]',
    'compute="1*2*3"',
    'answer="6"',
  ]);
  const check = await project.specRun(['check', 'specs/']);
  t.equal(check.code, 0, 'check binds them alike', { stdout: check.stdout, stderr: check.stderr });
});
