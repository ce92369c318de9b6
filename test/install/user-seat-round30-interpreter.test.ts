// From a user's seat, round 30's readings of the executor interpreter through the packed package in a fresh
// project: an interrupt placed by what a command is doing, and a Then about running the configuration again with
// the same log. A true claim passes, a false copy of it fails.
import t from 'tap';
import { userProject } from '../support/installed.js';

const spec = (linesAfterTwoRuns: number) => `# gate Specification

## Requirements

### Requirement: Interrupts stop the gate
The gate SHALL stop at an interrupt.

#### Scenario: Interrupted while the first check sleeps
When spec-run exec receives SIGINT while the first command is sleeping:
\`\`\`yaml
stop:
  commands:
    - run: "echo begun; sleep 30"
    - run: "echo later"
\`\`\`
Then:
1. spec-run exec exits with status 130

### Requirement: The log is appended to
Each run SHALL append its events to the log.

#### Scenario: The same log twice
When the configuration runs with \`--log events.jsonl --log-failures\`:
\`\`\`yaml
stop:
  commands:
    - run: "exit 3"
\`\`\`
Then:
1. running it a second time with the same log leaves ${linesAfterTwoRuns} lines
`;

t.test('an interrupt placed by what a command does, and a second run with the same log: read and checked for real', async (t) => {
  const project = userProject({ 'specs/gate.spec.md': spec(2), 'specs/wrong.spec.md': spec(3) });
  const dry = await project.specRun(['specs/gate.spec.md', '--executor-steps', '--dry-run']);
  t.equal(dry.code, 0, dry.stdout);
  t.equal(dry.stdout.match(/# SKIP dry run: bound, not run/g)?.length, 2, 'both steps are bound');
  const run = await project.specRun(['specs/gate.spec.md', '--executor-steps']);
  t.equal(run.code, 0, run.stdout);
  t.match(run.stderr, /\n2 passed, 0 failed, 0 skipped, 0 todo\n/);
  const wrong = await project.specRun(['specs/wrong.spec.md', '--executor-steps']);
  t.equal(wrong.code, 1, 'a false count of the log lines fails');
  t.match(wrong.stdout, /not ok \d+ - Then running it a second time with the same log leaves 3 lines/);
});
