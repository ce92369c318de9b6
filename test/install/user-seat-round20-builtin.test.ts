// What a platform team found from a user's seat, through the installed package: after a YAML
// block set-up, their own THEN never saw the run and passed while the hook printed FAILED;
// `stop:` written as a list was "0 commands", and `check` said nothing of it nor of
// `timeout: 1 fortnight` where the built-in expressions read the THENs, though the run failed
// on both; a table refused for an uneven row ran its step anyway, and its scenario passed.
import t from 'tap';
import { userProject } from '../support/installed.js';

const HOOK = `### Requirement: Clean deploy hook
The deploy hook SHALL NOT print FAILED.

#### Scenario: Hook output
When the deploy hook is configured as:

\`\`\`yaml
stop:
  commands:
    - run: "echo FAILED"
\`\`\`

- **THEN** the exit code SHALL be 0
- **AND** the output SHALL NOT contain "FAILED"
`;

const LIST = `### Requirement: Hook placement
Hooks SHALL run where configured.

#### Scenario: A list
When the hook is configured as:

\`\`\`yaml
stop:
  - run: "echo hi"
\`\`\`

- **THEN** the command SHALL run on the host

#### Scenario: A fortnight
When the hook is configured as:

\`\`\`yaml
stop:
  commands:
    - run: "echo hi"
      timeout: 1 fortnight
\`\`\`

- **THEN** the command SHALL run on the host
`;

const TABLE = `### Requirement: Regions
Every environment SHALL name its region.

#### Scenario: Regions listed
- **THEN** every environment SHALL have a region:
  | env     | region  |
  |---------|---------|
  | staging | eu-1    |
  | prod    |
`;

const STEPS = `import assert from 'node:assert/strict';
import { Then } from 'spec-run/steps';
Then('the output SHALL NOT contain {string}', function (text) {
  assert.ok(!String(this.result?.stdout ?? '').includes(text), 'output holds ' + text);
});
Then('every environment SHALL have a region:', function (table) {
  for (const row of table.hashes()) assert.ok(row.env !== undefined, JSON.stringify(row));
});
`;

t.test('the installed CLI: a THEN of the team after the YAML block is refused; a refused block is said in the executor words by the run and by check; a refused table does not run', async (t) => {
  const project = userProject({ 'hook.spec.md': HOOK, 'list.spec.md': LIST, 'table.spec.md': TABLE, 'steps.mjs': STEPS });

  const hook = await project.specRun(['run', 'hook.spec.md', '--executor-steps', '--reporter', 'tap']);
  t.equal(hook.code, 1, 'the run fails: the team step cannot see the run');
  t.match(hook.stdout, /not ok 2 - AND the output SHALL NOT contain "FAILED"\n\s+---\n\s+at: hook\.spec\.md:14\n\s+reason: "the scenario's command is set up by its YAML block \(line 8\), which the built-in executor steps run/);
  const hookCheck = await project.specRun(['check', 'hook.spec.md', '--executor-steps']);
  t.match(hookCheck.stdout, /^hook\.spec\.md:14:1: error: step 'the output SHALL NOT contain "FAILED"': the scenario's command is set up by its YAML block/m);

  const list = await project.specRun(['run', 'list.spec.md', '--reporter', 'tap']);
  t.equal(list.code, 1);
  t.match(list.stdout, /the executor rejects the scenario's configuration, so no command runs: stop: must be a mapping with `commands:` and optionally `defaultTimeout:` and `failFast:`, not a list \(list\.spec\.md:9:3\)/);
  t.notMatch(list.stdout, /configures 0 commands/);
  t.match(list.stdout, /stop\.commands\[0\]\.timeout: invalid duration \\"1 fortnight\\"[^\n]*\(list\.spec\.md:21:16\)/);
  const listCheck = await project.specRun(['check', 'list.spec.md']);
  t.equal(listCheck.code, 1, 'check agrees with the run');
  t.match(listCheck.stdout, /^list\.spec\.md:9:3: error: the executor refuses the configuration of scenario 'A list': stop: must be a mapping/m);
  t.match(listCheck.stdout, /^list\.spec\.md:21:16: error: the executor refuses the configuration of scenario 'A fortnight': stop\.commands\[0\]\.timeout: invalid duration "1 fortnight"/m);

  const table = await project.specRun(['run', 'table.spec.md', '--reporter', 'tap']);
  t.equal(table.code, 1);
  t.match(table.stdout, /not ok 1 - Regions listed \(refused as written\)\n\s+---\n\s+at: table\.spec\.md:9\n/);
  t.match(table.stdout, /ok 2 - THEN every environment SHALL have a region: # SKIP the scenario is refused as written \(line 9\)/);
  t.match(table.stdout, /not ok \d+ - Regions \/ Regions listed/, 'the scenario is not reported passed');
});
