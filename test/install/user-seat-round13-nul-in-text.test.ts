// A silent substitution a user met in round 16's release candidate, from a user's seat:
// spec-run packed, installed into a fresh project outside the repository, run through its
// bin. A NUL byte inside an OpenSpec step's text (or a Lisp string literal) was read as
// U+FFFD, and the step passed on a value the file does not hold; check said nothing. It is
// now an error at its line and column, in check and the run.
import t from 'tap';
import { userProject } from '../support/installed.js';

t.test('a NUL byte inside a step is an error at its line:column in check and the run', async (t) => {
  const project = userProject({
    'specs/nul.spec.md': '### Requirement: Text\nThe text SHALL be kept.\n\n#### Scenario: Nul\n- **THEN** the text "a\0b" SHALL have 3 characters\n',
    'steps/s.steps.mjs': `import assert from 'node:assert/strict';\nimport { Then } from 'spec-run/steps';\nThen('the text {string} SHALL have {int} characters', function (s, n) { assert.equal(s.length, n); });\n`,
  });
  const check = await project.specRun(['check', 'specs/']);
  t.equal(check.code, 1, 'check fails');
  t.match(check.stdout + check.stderr, /specs\/nul\.spec\.md:5:23: error: a NUL byte \(U\+0000\) stands in the text/);
  const run = await project.specRun(['specs/']);
  t.equal(run.code, 1, 'the run fails, not green on a value the file does not hold');
  t.match(run.stdout, /not ok 1 - a NUL byte \(U\+0000\) stands in the text/);
});
