// A run keeps nothing in the user's temporary directory: the built-in steps that read a
// session's limit log wrote it to a fresh directory there and left it (one a scenario, on
// every run, found in a contributor's /tmp by the dozen).
import { readdirSync } from 'node:fs';
import t from 'tap';
import { userProject } from '../support/installed.js';
import { scratchDirectory } from '../support/scratch.js';

const LOGGED_TIMEOUT = `# Limits log

## Purpose
A timeout leaves a log.

## Requirements

### Requirement: Timeout logging
The system SHALL log timeouts.

#### Scenario: Timeout in session logs
When command times out:
1. Timeout logged with timestamp
2. Command and timeout duration logged
`;

const INTERPRETED = `# Echo

## Purpose
A command's output is shown.

## Requirements

### Requirement: Output
The runner SHALL show output.

#### Scenario: hello
- **WHEN** a host command \`echo hello\` runs
- **THEN** the exit code is 0
`;

const LISP = '---\ntitle: sum\ntype: verification\n---\n# Sum\n\n```lisp\n(is (= 3 (+ 1 2)))\n```\n';

t.test('a run of limit-log steps, an interpreted scenario and a Lisp document leaves the temporary directory as it found it', async (t) => {
  const project = userProject({ 'specs/limits.spec.md': LOGGED_TIMEOUT, 'specs/echo.spec.md': INTERPRETED, 'specs/sum.md': LISP });
  const temporary = scratchDirectory('spec-run-tmpdir-');
  const run = await project.specRun(['specs/', '--executor-steps'], { env: { TMPDIR: temporary } });
  t.equal(run.code, 0, run.code === 0 ? 'the run passes' : `${run.stdout}\n${run.stderr}`);
  t.equal(run.stderr.trim().split('\n').at(-1), '5 passed, 0 failed, 0 skipped, 0 todo', 'every step and check ran');
  t.same(readdirSync(temporary), [], 'nothing of the run is left in TMPDIR');
});
