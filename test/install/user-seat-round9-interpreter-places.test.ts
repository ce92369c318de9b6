// What the ninth round's user-seat session found of places in executor scenarios, from a user's
// seat: spec-run packed, installed into a fresh project outside the repository, run through its
// bin with --executor-steps. A column said of an error is checked as the error's column; a value
// a step set, which the executor refuses, is placed at that step; a defaultTimeout a built-in step
// sets is the configuration's.
import t from 'tap';
import { userProject } from '../support/installed.js';

const HEAD = '# Stop hooks Specification\n\n## Requirements\n\n';
const BANANA = '```yaml\nstop:\n  commands:\n    - run: "true"\n      timeout: banana\n```\n';
const column = (n: number) =>
  `${HEAD}### Requirement: Places\nThe executor SHALL place its errors.\n\n#### Scenario: Column only\n${BANANA}- **THEN** the configuration is refused with an error at column ${n} that says "invalid duration"\n`;
const VALUES = `${HEAD}### Requirement: Values
The executor SHALL refuse bad values.

#### Scenario: Quoted duration refused
- **WHEN** the command \`true\` runs with a timeout of "10 minutes"
- **THEN** it succeeds

#### Scenario: Given a banana
- **GIVEN** the command \`exit 0\` with a timeout of "banana"
- **THEN** it succeeds
`;
const defaults = (block: string) => `${HEAD}### Requirement: Default timeout
The executor SHALL apply the default timeout.

#### Scenario: defaultTimeout set by step
${block}- **GIVEN** a command has a defaultTimeout of 30s
- **WHEN** the command "exit 0" is configured
- **THEN** the exit code SHALL be 0
`;
const lineOf = (text: string, needle: string) => text.split('\n').findIndex((line) => line.includes(needle)) + 1;

t.test('places in executor scenarios: a column alone, a refused value at its step, a defaultTimeout under stop:', async (t) => {
  const project = userProject({
    'wrong-column.spec.md': column(2),
    'right-column.spec.md': column(16),
    'values.spec.md': VALUES,
    'default.spec.md': defaults(''),
    'default-conflict.spec.md': defaults('```yaml\nstop:\n  defaultTimeout: 1s\n  commands:\n    - run: "exit 0"\n```\n'),
  });
  const wrong = await project.specRun(['wrong-column.spec.md', '--executor-steps', '--reporter', 'tap']);
  t.equal(wrong.code, 1, 'the error is at column 16: "column 2" fails, never green for a "2" in the message');
  t.match(wrong.stdout, /an error naming "invalid duration" and column 2/);
  const right = await project.specRun(['right-column.spec.md', '--executor-steps', '--reporter', 'tap']);
  t.equal(right.code, 0, 'the error is at column 16');

  const values = await project.specRun(['values.spec.md', '--executor-steps', '--reporter', 'tap']);
  t.equal(values.code, 1);
  t.match(values.stdout, new RegExp(`invalid duration "10 minutes"[^\\n]*\\(values\\.spec\\.md:${lineOf(VALUES, 'timeout of "10 minutes"')}\\)`), 'at the When that set it');
  t.match(values.stdout, new RegExp(`invalid duration "banana"[^\\n]*\\(values\\.spec\\.md:${lineOf(VALUES, 'timeout of "banana"')}\\)`), 'at the Given that set it');
  t.notMatch(values.stdout, /of the configuration\)/, 'never in the configuration spec-run wrote');

  const set = await project.specRun(['default.spec.md', '--executor-steps', '--reporter', 'tap']);
  t.equal(set.code, 0, 'stop.defaultTimeout: the configuration loads and its command runs');
  t.notMatch(set.stdout, /unknown key 'defaultTimeout'/);
  const conflict = await project.specRun(['default-conflict.spec.md', '--executor-steps', '--reporter', 'tap']);
  t.equal(conflict.code, 1);
  t.match(conflict.stdout, /a default timeout of 30 s is said, the block's defaultTimeout: 1s/, 'a contradiction naming both');
});
