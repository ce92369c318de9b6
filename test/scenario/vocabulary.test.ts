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
`;

t.test('every false claim fails, with its reason', async (t) => {
  const file = path.join(dir, 'wrong.md');
  writeFileSync(file, FALSE_CLAIMS);
  const events: RunEvent[] = [];
  const [plan] = markExecutorSteps([translate(await parseFile(file))], { everywhere: true, documents: new Set(), source: 'this test' });
  await runScenarioDocument(plan, options, (e) => events.push(e));
  const thens = events.filter((e): e is Extract<RunEvent, { type: 'point' }> => e.type === 'point' && e.name.startsWith('THEN'));
  t.equal(thens.length, 6);
  for (const p of thens) t.match(p, { ok: false, diagnostics: { message: String } }, p.name);
  t.match(thens[0].diagnostics, { expected: '7m', actual: '10m' });
  t.match(thens[1].diagnostics, { expected: 'built-in default', actual: 'command' });
  t.match(thens[3].diagnostics, { expected: 12, actual: 10 });
});
