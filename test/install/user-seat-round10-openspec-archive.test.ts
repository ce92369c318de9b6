// What the eleventh user-seat session found in OpenSpec's change model, from a user's seat:
// spec-run packed, installed into a fresh project outside the repository, and run through
// its bin on an openspec/ tree: `check`, a plain run and `--change` hold a change to what
// OpenSpec's archive applies or refuses.
import t from 'tap';
import { userProject } from '../support/installed.js';

const STEPS = `import assert from 'node:assert/strict';
import { Given, When, Then } from 'spec-run/steps';
Given('x is {int}', function (n) { this.x = n; });
When('x is doubled', function () { this.x *= 2; });
When('x is tripled', function () { this.x *= 3; });
Then('x SHALL be {int}', function (n) { assert.equal(this.x, n); });
`;
const scenario = (name: string, verb: string, result: number) => `#### Scenario: ${name}\n- **GIVEN** x is 5\n- **WHEN** x is ${verb}\n- **THEN** x SHALL be ${result}\n`;
const SPEC = `# auth Specification\n\n## Requirements\n\n### Requirement: Login\nThe system SHALL log in.\n\n${scenario('Success', 'doubled', 10)}\n### Requirement: Logout\nThe system SHALL log out.\n\n${scenario('Success', 'tripled', 15)}`;
const DELTA = 'openspec/changes/c1/specs/auth/spec.md';
const rename = (from: string, to: string) => `- FROM: \`### Requirement: ${from}\`\n- TO: \`### Requirement: ${to}\`\n`;

/** A project with the auth capability and change c1 holding DELTA_TEXT. */
const tree = (deltaText: string) => userProject({ 'openspec/specs/auth/spec.md': SPEC, 'openspec/changes/c1/proposal.md': '# c1\n', [DELTA]: deltaText, 'steps/app.steps.mjs': STEPS });

t.test('changes OpenSpec archives run as it applies them: a MODIFIED keeping a scenario name another requirement shares, RENAMED without dash or backticks, a chain of renames, ADDED under a name a rename freed', async (t) => {
  const cases: [string, string, RegExp][] = [
    ['MODIFIED keeps Success', `## MODIFIED Requirements\n\n### Requirement: Logout\nThe system SHALL log out, tripling.\n\n${scenario('Success', 'tripled', 15)}`, /✔ Logout \/ Success/],
    ['RENAMED as paragraph lines', '## RENAMED Requirements\nFROM: ### Requirement: Login\nTO: ### Requirement: Sign In\n', /✔ Sign In \/ Success/],
    ['RENAMED TO on the continuation line', '## RENAMED Requirements\n- FROM: `### Requirement: Login`\n  TO: `### Requirement: Sign In`\n', /✔ Sign In \/ Success/],
    ['a chain of renames', `## RENAMED Requirements\n${rename('Login', 'Sign In')}${rename('Sign In', 'Log In')}`, /✔ Log In \/ Success/],
    ['ADDED under the old name', `## RENAMED Requirements\n${rename('Logout', 'Legacy Logout')}\n## ADDED Requirements\n\n### Requirement: Logout\nThe system SHALL log out anew.\n\n${scenario('Anew', 'doubled', 10)}`, /✔ Logout \/ Anew/],
  ];
  for (const [what, deltaText, shown] of cases) {
    const user = tree(deltaText);
    const check = await user.specRun(['check', 'openspec/']);
    t.equal(check.code, 0, `${what}: check accepts it\n${check.stdout}`);
    const run = await user.specRun(['--change', 'c1', 'openspec/', '--reporter', 'spec']);
    t.equal(run.code, 0, `${what}: --change runs it\n${run.stderr}`);
    t.match(run.stdout, shown, `${what}: as it will be after the change`);
  }
});

t.test('changes OpenSpec refuses to archive are refused at their line: by check (exit 1), by --change (exit 2, nothing run) and in a plain run (failing)', async (t) => {
  const added = (name: string) => `## ADDED Requirements\n\n### Requirement: ${name}\nThe system SHALL ${name}.\n\n${scenario(name, 'doubled', 10)}\n`;
  const cases: [string, string, number, RegExp][] = [
    ['one new name twice', `## RENAMED Requirements\n${rename('Login', 'Session')}${rename('Logout', 'Session')}`, 4, /RENAMED gives the name 'Session' twice/],
    ['one requirement renamed twice', `## RENAMED Requirements\n${rename('Login', 'Sign In')}${rename('Login', 'Log In')}`, 4, /RENAMED gives requirement 'Login' a new name twice/],
    ['renamed to itself', `## RENAMED Requirements\n${rename('Login', 'Login')}`, 2, /the name it has/],
    ['two ADDED sections', added('First') + added('Second'), 11, /a second '## ADDED Requirements' section \(the first at line 1\)/],
    ['###Requirement: with no space', `## MODIFIED Requirements\n\n###Requirement: Login\nThe system SHALL log in, tripling.\n\n${scenario('Success', 'tripled', 15)}`, 3, /'###Requirement: Login' is a paragraph, not a heading/],
    ['an empty delta', '## MODIFIED Requirements\n\n', 1, /holds no requirement to add, modify, remove or rename/],
  ];
  for (const [what, deltaText, line, message] of cases) {
    const user = tree(deltaText);
    const check = await user.specRun(['check', 'openspec/']);
    t.equal(check.code, 1, `${what}: check refuses it`);
    t.match(check.stdout, new RegExp(`${DELTA}:${line}:1: error: .*${message.source}`), `${what}: at its line`);
    const change = await user.specRun(['--change', 'c1', 'openspec/', '--reporter', 'spec']);
    t.equal(change.code, 2, `${what}: --change refuses it`);
    t.match(change.stderr, new RegExp(`${DELTA}:${line}: .*${message.source}`));
    t.notMatch(change.stdout, /✔/, `${what}: nothing ran`);
    const plain = await user.specRun(['openspec/']);
    t.equal(plain.code, 1, `${what}: a plain run of the tree fails`);
  }
});

t.test("two active changes meeting at a rename's new name: check warns at each", async (t) => {
  const user = userProject({
    'openspec/specs/auth/spec.md': SPEC,
    'openspec/changes/add-audit/proposal.md': '# add audit\n',
    'openspec/changes/add-audit/specs/auth/spec.md': `## ADDED Requirements\n\n### Requirement: Audit\nThe system SHALL audit.\n\n${scenario('Audited', 'doubled', 10)}`,
    'openspec/changes/rename-logout/proposal.md': '# rename logout\n',
    'openspec/changes/rename-logout/specs/auth/spec.md': `## RENAMED Requirements\n${rename('Logout', 'Audit')}`,
    'steps/app.steps.mjs': STEPS,
  });
  const check = await user.specRun(['check', 'openspec/']);
  t.equal(check.code, 0);
  t.match(check.stdout, /add-audit\/specs\/auth\/spec\.md:3:1: warning: requirement auth#Audit is ADDED here and RENAMED by change 'rename-logout'/);
  t.match(check.stdout, /rename-logout\/specs\/auth\/spec\.md:2:1: warning: requirement auth#Audit is RENAMED here and ADDED by change 'add-audit'/);
});
