// The executor vocabulary can fail: a WHEN/THEN document stating what the executor
// does not do gets a failing point for each false claim, with the reason.
import t from 'tap';
import { OFFLINE_IMAGES } from '../support/images.js';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { RunEvent } from '../../src/model/events.js';
import { parseFile } from '../../src/parse/index.js';
import { runScenarioDocument } from '../../src/run/scenario/index.js';
import type { RunOptions } from '../../src/run/types.js';
import { translate } from '../../src/translate/index.js';
import { markExecutorSteps } from '../../src/run/scenario/executor-steps.js';
import { scratchDirectory } from '../support/scratch.js';

const dir = scratchDirectory('spec-run-vocabulary-');
const options: RunOptions = { seed: 1, unitTimeoutMs: 300_000, bail: false, strict: false, runtimeCommand: [], imageAliases: OFFLINE_IMAGES, projectRoot: dir, vocabularyFiles: [] };

const FALSE_CLAIMS = `# Wrong claims

### Requirement: Wrong
The executor SHALL do what it does not.

#### Scenario: Wrong timeout
- **WHEN** the global defaultTimeout is set to 10 minutes
- **AND** a stop command does not include a timeout field
- **THEN** the timeout SHALL be 7m

#### Scenario: Wrong source
- **WHEN** a stop command has a timeout of 30 seconds
- **THEN** the timeout SHALL come from the built-in default

#### Scenario: Wrong place
- **WHEN** a stop command runs on the host
- **THEN** the command SHALL run in a container

#### Scenario: Wrong line limit
- **WHEN** a stop command includes maxOutputLines field set to 10
- **THEN** stdout and stderr SHALL each be limited to 12 lines maximum

#### Scenario: Wrong rejection
- **WHEN** a stop command has maxOutputLines set to 50
- **THEN** the configuration SHALL be rejected

#### Scenario: Wrong environment
- **WHEN** a stop command has the environment variable GREETING set to "hello"
- **THEN** the environment variable GREETING SHALL be "bye"

#### Scenario: A variable nobody sets
- **WHEN** a command references $DATABASE_URL
- **THEN** the environment variable DATABASE_URL SHALL be set

#### Scenario: The directory of a file that is no configuration
- **WHEN** a command references $SPEC_RUN_CONFIG_DIR
- **THEN** its value SHALL be the absolute path to the directory containing /etc/passwd

#### Scenario: Terminated though it completes in time
- **WHEN** a command completes within the configured timeout
- **THEN** the process SHALL be terminated

#### Scenario: Blocked though it completes in time
- **WHEN** a command completes within the configured timeout
- **THEN** the hook SHALL be blocked with a timeout error message

#### Scenario: Proceeds normally though it runs past its timeout
- **WHEN** a command's execution time exceeds the configured timeout
- **THEN** the command SHALL proceed normally

#### Scenario: Preserved, with no field left out
- **WHEN** a stop command includes a timeout field set to 30 seconds
- **THEN** existing behavior SHALL be preserved for backward compatibility

#### Scenario: Identical to before, with no case stated
- **WHEN** a stop command includes a timeout field set to 30 seconds
- **THEN** behavior SHALL be identical to previous implementation for this case
`;

/** A sentence whose words after what a seed step checks would be dropped by that step. */
const UNREAD_TAILS = `# Unread tails

### Requirement: Containers
The container SHALL be removed.

#### Scenario: A claim after the removal
- **WHEN** a command runs in Docker with image "alpine"
- **THEN** the container SHALL be removed and the exit code SHALL be 3
`;

t.test('every false claim fails, with its reason', async (t) => {
  const file = path.join(dir, 'wrong.md');
  writeFileSync(file, FALSE_CLAIMS);
  const events: RunEvent[] = [];
  const [plan] = markExecutorSteps([translate(await parseFile(file))], { everywhere: true, documents: new Set(), source: 'this test' });
  await runScenarioDocument(plan, options, (e) => events.push(e));
  const thens = events.filter((e): e is Extract<RunEvent, { type: 'point' }> => e.type === 'point' && e.name.startsWith('THEN'));
  t.equal(thens.length, 13);
  for (const p of thens) t.match(p, { ok: false, diagnostics: { message: String } }, p.name);
  t.match(thens[0].diagnostics, { expected: '7m', actual: '10m' });
  t.match(thens[1].diagnostics, { expected: 'built-in default', actual: 'command' });
  t.match(thens[3].diagnostics, { expected: 12, actual: 10 });
});

t.test('a sentence with words after what a seed step checks is read whole, not by that step', async (t) => {
  const file = path.join(dir, 'tails.md');
  writeFileSync(file, UNREAD_TAILS);
  const events: RunEvent[] = [];
  const [plan] = markExecutorSteps([translate(await parseFile(file))], { everywhere: true, documents: new Set(), source: 'this test' });
  await runScenarioDocument(plan, { ...options, dryRun: true }, (e) => events.push(e));
  const then = events.find((e): e is Extract<RunEvent, { type: 'point' }> => e.type === 'point' && e.name.startsWith('THEN'));
  t.match(then?.diagnostics, { interpretation: /container.*removed.*exit code == 3/ }, 'the claim about the exit code is part of what is checked');
});
