// Round 26, leftovers of the last user-seat round (spec-run packed, installed into a fresh
// project outside the repository): "the report SHALL NOT contain X" passed where X stood only
// in the report's echo of the command line; check passed a character SBCL's reader does not
// know (#\nosuchchar); a When the interpreter reads only with the YAML block it introduces left
// the scenario's Thens to the seed expressions, which probe a command of their own.
import t from 'tap';
import { userProject } from '../support/installed.js';

const block = (command: string) => ['```yaml', 'stop:', '  commands:', `    - run: "${command}"`, '```', ''];
const scenario = (title: string, command: string, then: string) => [`#### Scenario: ${title}`, 'When the hook is configured as:', '', ...block(command), `- **THEN** ${then}`, ''];
const openspec = (...scenarios: string[][]) => ['# Hooks', '', '### Requirement: Deploy hook', 'The report SHALL say what the hook did.', '', ...scenarios.flat()].join('\n');

t.test('a claim that the report does not contain a token its echoed command line holds fails as undecided; one about the output holds', async (t) => {
  const token = 'true --token=hunter2 >/dev/null; echo deployed';
  const project = userProject({
    'hooks.spec.md': openspec(
      scenario('Echoed token', token, 'the report SHALL NOT contain "hunter2"'),
      scenario('Output', token, 'the output SHALL NOT contain "hunter2"'),
      scenario('Echo alone', token, 'the report SHALL contain "hunter2"'),
      scenario('Elsewhere', 'echo deployed', 'the report SHALL NOT contain "hunter2"'),
    ),
  });
  const run = await project.specRun(['hooks.spec.md', '--executor-steps', '--reporter', 'tap']);
  t.equal(run.code, 1, run.stdout);
  t.match(run.stdout, /not ok \d+ - THEN the report SHALL NOT contain "hunter2"\n[\s\S]*?undecided: the report echoes the command line `true --token=hunter2 >\/dev\/null; echo deployed`/, 'the echo makes it undecided, said');
  t.match(run.stdout, /\n\s+ok \d+ - THEN the output SHALL NOT contain "hunter2"\n/, 'what the command printed never held it');
  t.match(run.stdout, /not ok \d+ - THEN the report SHALL contain "hunter2"\n/, 'the echo alone does not meet a claim that it is there');
  t.match(run.stderr, /\b2 passed, 2 failed, 0 skipped/, 'the token held nowhere passes');
});

const lispDoc = (name: string, code: string) => `---\ntype: verification\nname: ${name}\n---\n# ${name}\n\n\`\`\`lisp\n${code}\n\`\`\`\n`;

t.test("check asks the installed SBCL for the names of characters: those it knows pass, one it does not is an error where the run fails too", async (t) => {
  const project = userProject({
    'specs/known.test.md': lispDoc('known', '(assert (equal (list #\\Space #\\Newline #\\Tab #\\Nul #\\U+41 #\\LATIN_SMALL_LETTER_A #\\a)\n               (list (code-char 32) (code-char 10) (code-char 9) (code-char 0) #\\A (code-char 97) (code-char 97))))\n#+nil (assert #\\leftout)'),
    'specs/unknown.test.md': lispDoc('unknown', '(assert (characterp #\\a))\n(assert (characterp #\\nosuchchar))'),
  });
  const known = await project.specRun(['check', 'specs/known.test.md']);
  t.equal(known.code, 0, known.stdout);
  t.equal((await project.specRun(['specs/known.test.md'])).code, 0, 'the run reads them too');
  const unknown = await project.specRun(['check', 'specs/unknown.test.md']);
  t.equal(unknown.code, 1, unknown.stdout);
  t.match(unknown.stdout, /^specs\/unknown\.test\.md:9:21: error: Lisp code cannot be read: SBCL's reader refuses #\\nosuchchar \(unrecognized character name: "nosuchchar"\)/m);
  t.equal((await project.specRun(['specs/unknown.test.md'])).code, 1, 'the run agrees: SBCL cannot read it');
});

t.test('a When read only with the YAML block it introduces makes the interpreter read its scenario, Thens included', async (t) => {
  const then = '- **THEN** the working directory SHALL be /tmp';
  const project = userProject({
    'where.spec.md': ['# Where', '', '### Requirement: Where hooks run', 'The hook SHALL run where it is configured.', '', '#### Scenario: Introduced', '- **WHEN** the first command is fine:', '', ...block('pwd'), then, '', '#### Scenario: Above', ...block('pwd'), '- **WHEN** the first command is fine', then, ''].join('\n'),
  });
  const list = await project.specRun(['where.spec.md', '--executor-steps', '--list']);
  t.match(list.stdout, /WHEN the first command is fine:\n\s+⇒ setup: the YAML block alone, which the step introduces[^\n]*\n\s+where\.spec\.md:\d+ {2}THEN the working directory SHALL be \/tmp\n\s+⇒ working directory == \/tmp\n/, "the Then is the interpreter's");
  t.match(list.stdout, /WHEN the first command is fine\n\s+undefined: [^\n]*\n\s+where\.spec\.md:\d+ {2}THEN the working directory SHALL be \/tmp\n\s+\S*vocabulary\/index\.[jt]s:\d+ /, 'where the When introduces no block, it is not read, and the Then keeps the seed expression');
});
