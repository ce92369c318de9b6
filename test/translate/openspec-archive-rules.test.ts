// A change's delta spec checked as OpenSpec archives it (requirement-blocks.ts and
// specs-apply.ts): RENAMED read line by line and applied in order before REMOVED, MODIFIED
// and ADDED, each on the names the operations before it left; scenarios of a MODIFIED
// requirement compared within that requirement; a duplicate FROM or TO refused; what
// OpenSpec reads otherwise than markdown headings say (a second section of one kind,
// `###Requirement:`, a delta with nothing in it) refused at its line.
import t from 'tap';
import { parseMarkdown } from '../../src/parse/index.js';
import { translate } from '../../src/translate/index.js';
import { applyChange, deltaProblems } from '../../src/translate/openspec-change.js';
import { renameChains } from '../../src/translate/openspec-layout.js';

const SPEC_PATH = 'openspec/specs/auth/spec.md';
const DELTA_PATH = 'openspec/changes/c1/specs/auth/spec.md';
const scenario = (name: string, n = 2) => `#### Scenario: ${name}\n- **WHEN** x is ${n}\n- **THEN** x SHALL be ${n}\n`;
const SPEC = `# auth Specification\n\n## Requirements\n\n### Requirement: Login\nThe system SHALL log in.\n\n${scenario('Success')}\n### Requirement: Logout\nThe system SHALL log out.\n\n${scenario('Success', 3)}`;
const current = translate(parseMarkdown(SPEC_PATH, SPEC));
const delta = (text: string) => translate(parseMarkdown(DELTA_PATH, text));
/** Each problem of the delta as `line: message`. */
const problems = (text: string) => deltaProblems(delta(text), current).map((p) => `${p.line}: ${p.message}`);
const rename = (from: string, to: string) => `- FROM: \`### Requirement: ${from}\`\n- TO: \`### Requirement: ${to}\`\n`;
/** The requirement names of the capability once the change is applied, or why it is refused. */
const after = (text: string) => {
  const applied = applyChange([current, delta(text)], 'c1');
  return typeof applied === 'string' ? applied : applied[0].requirements!.map((r) => r.name);
};

t.test('a MODIFIED requirement keeping its scenario is accepted where another requirement has a scenario of that name; a scenario really left out is still refused', async (t) => {
  t.same(problems(`## MODIFIED Requirements\n\n### Requirement: Logout\nThe system SHALL log out twice.\n\n${scenario('Success', 3)}`), []);
  t.same(after(`## MODIFIED Requirements\n\n### Requirement: Logout\nThe system SHALL log out twice.\n\n${scenario('Success', 3)}`), ['Login', 'Logout']);
  t.same(problems(`## MODIFIED Requirements\n\n### Requirement: Logout\nThe system SHALL log out twice.\n\n${scenario('Other', 3)}`), [
    "3: MODIFIED requirement 'Logout' leaves out scenario the current spec still has ('Success'): a MODIFIED requirement replaces the whole requirement; copy it in, or remove it on purpose",
  ]);
});

t.test('RENAMED that OpenSpec refuses is refused at its line: a duplicate TO, a duplicate FROM, a name given to itself', async (t) => {
  t.same(problems(`## RENAMED Requirements\n${rename('Login', 'Session')}${rename('Logout', 'Session')}`), [
    "4: RENAMED gives the name 'Session' twice (line 2, and here): OpenSpec refuses a duplicate TO, two requirements cannot have one name",
  ]);
  t.same(problems(`## RENAMED Requirements\n${rename('Login', 'Sign In')}${rename('Login', 'Log In')}`), [
    "4: RENAMED gives requirement 'Login' a new name twice (line 2, and here): OpenSpec refuses a duplicate FROM; keep one",
  ]);
  t.same(problems(`## RENAMED Requirements\n${rename('Login', 'Login')}`), ["2: RENAMED gives requirement 'Login' the name it has: OpenSpec refuses it (its new name is taken); remove the rename"]);
  t.match(after(`## RENAMED Requirements\n${rename('Login', 'Session')}${rename('Logout', 'Session')}`), /cannot be applied as OpenSpec would apply it:\n {2}openspec\/changes\/c1\/specs\/auth\/spec\.md:4: RENAMED gives the name 'Session' twice/);
});

t.test('RENAMED is read in every form OpenSpec reads, and a line it would drop is refused', async (t) => {
  for (const [form, text] of [
    ['canonical', rename('Login', 'Sign In')],
    ['no dash, no backticks', 'FROM: ### Requirement: Login\nTO: ### Requirement: Sign In\n'],
    ["TO on the FROM bullet's next line", '- FROM: `### Requirement: Login`\n  TO: `### Requirement: Sign In`\n'],
    ['indented, no space after ###', '  - FROM: `###Requirement: Login`\n  - TO: `###Requirement: Sign In`\n'],
  ]) {
    t.same(problems(`## RENAMED Requirements\n${text}`), [], form);
    t.same(after(`## RENAMED Requirements\n${text}`), ['Sign In', 'Logout'], `${form}: applied`);
  }
  t.same(problems('## RENAMED Requirements\n- FROM: Login\n- TO: Sign In\n'), [
    "2: 'FROM: Login' is no rename OpenSpec reads, so it would not be archived: write '- FROM: `### Requirement: <name>`'",
    "3: 'TO: Sign In' is no rename OpenSpec reads, so it would not be archived: write '- TO: `### Requirement: <name>`'",
  ]);
  t.same(problems(`## RENAMED Requirements\n- FROM: \`### Requirement: Login\`\n\n${rename('Logout', 'Sign Out')}`), [
    "2: FROM 'Login' has no TO before the next FROM: OpenSpec pairs each '- FROM: `### Requirement: Old`' with the '- TO: `### Requirement: New`' right after it, and drops what it cannot pair, so this rename would not be archived",
  ]);
});

t.test('RENAMED applies first and in order: a chain of renames is applied, and the old name is free for ADDED', async (t) => {
  t.same(renameChains([{ from: 'A', to: 'B', line: 2 }, { from: 'B', to: 'C', line: 4 }, { from: 'X', to: 'Y', line: 6 }]), [{ from: 'A', to: 'C', line: 2 }, { from: 'X', to: 'Y', line: 6 }]);
  const chained = `## RENAMED Requirements\n${rename('Login', 'Sign In')}${rename('Sign In', 'Log In')}`;
  t.same(problems(chained), []);
  t.same(after(chained), ['Log In', 'Logout']);
  const readded = `## RENAMED Requirements\n${rename('Logout', 'Legacy Logout')}\n## ADDED Requirements\n\n### Requirement: Logout\nThe system SHALL log out anew.\n\n${scenario('New')}`;
  t.same(problems(readded), []);
  t.same(after(readded), ['Login', 'Legacy Logout', 'Logout']);
  t.same(problems(`## ADDED Requirements\n\n### Requirement: Logout\nThe system SHALL log out anew.\n\n${scenario('New')}`), [
    "3: ADDED requirement 'Logout' is already in openspec/specs/auth/spec.md: change it with MODIFIED",
  ], 'without the rename, still refused');
});

t.test('one requirement under two operations OpenSpec cannot both apply is refused at the later', async (t) => {
  const modified = `## MODIFIED Requirements\n\n### Requirement: Login\nThe system SHALL log in.\n\n${scenario('Success')}\n`;
  const added = `## ADDED Requirements\n\n### Requirement: Login\nThe system SHALL log in.\n\n${scenario('Success')}\n`;
  const removed = '## REMOVED Requirements\n\n### Requirement: Login\n**Reason**: gone.\n';
  t.same(problems(modified + added), ["12: requirement 'Login' is both MODIFIED (line 3) and ADDED by this delta: OpenSpec cannot apply both; keep one"]);
  t.same(problems(removed + '\n' + added), ["8: requirement 'Login' is both REMOVED (line 3) and ADDED by this delta: OpenSpec cannot apply both; keep one"]);
  t.same(problems(`## RENAMED Requirements\n${rename('Login', 'Sign In')}\n${removed}`), ["7: REMOVED requirement 'Login' is renamed to 'Sign In' by this delta (line 2): OpenSpec cannot apply both; keep one"]);
});

t.test('what OpenSpec reads otherwise than the headings say is refused at its line', async (t) => {
  const added = (name: string) => `## ADDED Requirements\n\n### Requirement: ${name}\nThe system SHALL ${name}.\n\n${scenario(name)}\n`;
  t.same(problems(added('First') + added('Second')), [
    "10: a second '## ADDED Requirements' section (the first at line 1): OpenSpec reads one ADDED section per delta spec and loses the requirements of the other when it archives the change; put them all under one",
  ]);
  t.same(problems(`## MODIFIED Requirements\n\n###Requirement: Login\nThe system SHALL log in thrice.\n\n${scenario('Success')}`), [
    "3: '###Requirement: Login' is a paragraph, not a heading (markdown needs a space after the #s), but OpenSpec reads it as requirement 'Login': write '### Requirement: Login'",
  ]);
  t.same(problems('## MODIFIED Requirements\n\n'), [
    "1: this delta spec holds no requirement to add, modify, remove or rename: OpenSpec refuses to archive a change with one ('Delta parsing found no operations'); write them under its sections, or delete the file",
  ]);
  const spec = translate(parseMarkdown(SPEC_PATH, SPEC.replace('### Requirement: Logout', '###Requirement: Logout')));
  t.match(spec.problems, [{ line: 12, severity: 'error', message: /^'###Requirement: Logout' is a paragraph, not a heading/ }], "in a capability's spec too");
});
