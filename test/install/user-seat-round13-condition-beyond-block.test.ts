// A false green a user met in round 13's release candidate, from a user's seat: spec-run packed,
// installed into a fresh project outside the repository, run through its bin. A `When …:`
// paragraph stating a timeout its YAML block lacks was dropped where the Thens were bound by
// built-in expressions: `sleep 3` ran without the timeout and "the exit code SHALL be 0" passed.
import t from 'tap';
import { userProject } from '../support/installed.js';

const scenario = (name: string, condition: string, timeout = '') => `#### Scenario: ${name}
${condition}
\`\`\`yaml
stop:
  commands:
    - run: "sleep 3"${timeout}
\`\`\`
- **THEN** the exit code SHALL be 0
`;

const SPEC = `### Requirement: Timeouts
The executor SHALL stop commands at their timeout.

${scenario('read', 'When the command runs with a timeout of 1 second:')}
${scenario('not read', 'When the frobnicator engages with a timeout of 1 second:')}
`;

t.test("a condition's setting the block lacks fails the built-in Thens, naming it; written in the block, they check the run it states", async (t) => {
  const project = userProject({ 'specs/timeouts.spec.md': SPEC });
  const run = await project.specRun(['specs/', '--executor-steps']);
  t.equal(run.code, 1, 'the run fails', { stdout: run.stdout });
  t.match(run.stdout, /the scenario's condition \(\\?"When the command runs with a timeout of 1 second:\\?"\) sets up what its YAML block \(line \d+\) does not hold \(timeout = 1 s\)/);
  t.match(run.stdout, /the scenario's condition \(\\?"When the frobnicator engages with a timeout of 1 second:\\?"\) sets up what its YAML block/);
  t.match(run.stderr, /0 passed, 2 failed/);

  project.write({ 'specs/timeouts.spec.md': `### Requirement: Timeouts\nThe executor SHALL stop commands at their timeout.\n\n${scenario('in the block', 'When the command runs with a timeout of 1 second:', '\n      timeout: 1s')}` });
  const written = await project.specRun(['specs/', '--executor-steps']);
  t.equal(written.code, 1, 'the setting applied, the false Then fails on the real exit code');
  t.match(written.stdout, /not ok 1 - THEN the exit code SHALL be 0/);
  t.notMatch(written.stdout, /sets up what its YAML block/);
});
