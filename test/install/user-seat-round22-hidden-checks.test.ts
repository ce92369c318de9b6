// Round 22 from a user's seat (spec-run packed, installed into a fresh project outside the
// repository): checks that passed without deciding anything. A denial of the output passed on
// the lines shown while the cap of stored output had cut the line holding the text; a Lisp block
// fenced in fullwidth letters (`ｌｉｓｐ`) or put in a footnote was never run, the document green
// and `check` clean. Each both ways: the defect's case fails, its legitimate neighbour passes.
import t from 'tap';
import { userProject } from '../support/installed.js';

const flood = 'yes xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx | head -n 40000; echo FINALWORD';
const scenario = (title: string, run: string, then: string) => [`#### Scenario: ${title}`, 'When the command runs:', '```yaml', 'stop:', '  commands:', `    - run: "${run}"`, '```', '', 'Then:', `1. ${then}`, ''];
const spec = ['### Requirement: Quiet command', 'The command SHALL NOT print its secret word.', '', ...scenario('cut', flood, 'The output SHALL NOT contain "FINALWORD"'), ...scenario('whole', 'seq 1 5', 'The output SHALL NOT contain "FINALWORD"')].join('\n');
const lisp = (hostile: string) => `---\ntype: verification\nname: fences\n---\n# Fences\n\n## Real\n\n\`\`\`lisp\n(assert (= 1 1))\n\`\`\`\n\n## Hostile\n\n${hostile}\n`;

t.test('a denial of output the cap cut is undecided, a failure naming the lines cut; with every line shown it holds', async (t) => {
  const project = userProject({ 'quiet/cut.spec.md': spec });
  const run = await project.specRun(['quiet/', '--executor-steps', '--reporter', 'tap']);
  t.match(run.stdout, /# Subtest: Quiet command \/ cut\n(?:(?! {4}# Subtest).*\n)*? {8}not ok 1 - Then The output SHALL NOT contain "FINALWORD"\n(?:.*\n)*? {10}message: .*undecided: not among the lines shown, and stdout printed 40001 line\(s\)/, 'the cut one fails, naming the lines cut');
  t.match(run.stdout, /# Subtest: Quiet command \/ whole\n(?:(?! {4}# Subtest).*\n)*? {8}ok 1 - Then The output SHALL NOT contain "FINALWORD"/, 'the whole one holds');
  t.equal(run.code, 1);
});

t.test('a Lisp block fenced in letters that read as lisp, or in a footnote: an error at its fence, or run; `lisp` itself runs', async (t) => {
  const project = userProject({
    'fullwidth/a.test.md': lisp('```\uff4c\uff49\uff53\uff50\n(assert (= 1 2))\n```'),
    'mathbold/a.test.md': lisp('```\u{1d425}\u{1d422}\u{1d42c}\u{1d429}\n(assert (= 1 2))\n```'),
    'footnote/a.test.md': lisp('[^1]\n\n[^1]: note\n\n    ```lisp\n    (assert (= 1 2))\n    ```'),
    'plain/a.test.md': lisp('```lisp\n(assert (= 2 2))\n```'),
  });
  for (const dir of ['fullwidth', 'mathbold']) {
    const check = await project.specRun(['check', `${dir}/`]);
    t.match(check.stdout, new RegExp(`^${dir}/a\\.test\\.md:15:1: error: a code block of language '.+' is not run: did you mean 'lisp'\\?`, 'mu'), `${dir}: check names the fence`);
    t.equal(check.code, 1);
    t.not((await project.specRun([`${dir}/`])).code, 0, `${dir}: the run fails`);
  }
  const footnote = await project.specRun(['footnote/', '--reporter', 'tap']);
  t.match(footnote.stdout, /not ok \d+ - \(= 1 2\)/, 'the footnote block runs, and its false check fails');
  t.not(footnote.code, 0);
  t.equal((await project.specRun(['check', 'plain/'])).code, 0, 'a plain lisp fence is no error');
  t.equal((await project.specRun(['plain/'])).code, 0, 'and runs green');
});
