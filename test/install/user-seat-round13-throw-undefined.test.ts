// A defect a user met in round 16's release candidate, from a user's seat: spec-run packed,
// installed into a fresh project outside the repository, run through its bin. A steps file
// whose top level threw undefined or null was reported with spec-run's own TypeError
// ("Cannot destructure property 'code' of 't' as it is undefined") at line 1; it is said
// to throw that value, at the line of its throw.
import t from 'tap';
import { userProject } from '../support/installed.js';

const SPEC = `### Requirement: Good
The thing SHALL work.

#### Scenario: One
- **GIVEN** the API is configured
`;

for (const value of ['undefined', 'null']) {
  t.test(`a steps file that throws ${value} at load: check and the run say so at the throw's line`, async (t) => {
    const project = userProject({
      'specs/good.spec.md': SPEC,
      'steps/env.steps.mjs': `import { Given } from 'spec-run/steps';\nGiven('the API is configured', function () {});\n\nif (!process.env.SPEC_RUN_TEST_UNSET_URL) throw ${value};\n`,
    });
    const said = `cannot load steps file: its top level threw ${value}, not an Error`;
    const check = await project.specRun(['check', 'specs/']);
    t.equal(check.code, 1, 'check fails');
    t.match(check.stdout + check.stderr, `steps/env.steps.mjs:4:1: error: ${said}`);
    t.notMatch(check.stdout + check.stderr, /Cannot destructure/);
    const run = await project.specRun(['specs/']);
    t.equal(run.code, 1, 'the run fails');
    t.match(run.stdout, new RegExp(`not ok 1 - ${said}.*\\n\\s+---\\n\\s+at: steps/env\\.steps\\.mjs:4\\n`));
  });
}
