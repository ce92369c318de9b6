// What the eighth round of user-seat sessions found in reading documents and the
// configuration (parse2), from a user's seat: spec-run packed, installed into a fresh
// project outside the repository, run through its bin.
import t from 'tap';
import { userProject } from '../support/installed.js';

const summary = (stderr: string) => stderr.trim().split('\n').at(-1);
const definitions = (n: number) => Array.from({ length: n }, (_, i) => `[k${i}]: http://e/${i}`).join('\n');

t.test('OpenSpec: a **Verify**: bullet among the steps is an error, not a note; a thousand reference links and their definitions are read', async (t) => {
  const scenario = '### Requirement: Log\nThe system SHALL log.\n\n#### Scenario: logs\n- **WHEN** it runs\n- **THEN** it works\n';
  const links = Array.from({ length: 1500 }, (_, i) => `- [r${i}][k${i}]`).join('\n');
  const project = userProject({
    'specs/verify.spec.md': `${scenario}- **Verify**: the log has an entry for the request\n- **Note**: the log rotates daily\n`,
    'specs/links.spec.md': `${scenario}\nReferences:\n\n${links}\n\n${definitions(1500)}\n`,
    'specs/definitions.spec.md': `${scenario}\n${definitions(1200)}\n`,
    'steps.mjs': "import { When, Then } from 'spec-run/steps';\nWhen('it runs', function () {});\nThen('it works', function () { if (!this.scenario) throw new Error(); this.held = true; });\n",
  });
  const check = await project.specRun(['check', 'specs/']);
  t.equal(check.code, 1);
  t.match(check.stdout, /^specs\/verify\.spec\.md:7:1: error: '\*\*Verify\*\*: the log has an entry for the request' stands among the scenario's steps led by \*\*Verify\*\*/m);
  t.same(check.stdout.split('\n').filter((line) => / error: /.test(line) && !line.startsWith('specs/verify.spec.md:7:')), [], 'the note is a note; links and definitions are read');
  const run = await project.specRun(['specs/links.spec.md', 'specs/definitions.spec.md']);
  t.equal(run.code, 0, run.stdout.slice(-600));
  t.equal(summary(run.stderr), '4 passed, 0 failed, 0 skipped, 0 todo');
  const verify = await project.specRun(['specs/verify.spec.md']);
  t.equal(verify.code, 1, 'the check the bullet states did not run: the run is not green');
});

t.test('Lisp: a command-line option in frontmatter is an error naming it; a directory as a vocabulary file is an error at its path in check and in the run', async (t) => {
  const lisp = '# P\n\n```lisp\n(fiveam:test one (fiveam:is (= 1 1)))\n```\n';
  const project = userProject({
    'spec-run.config.json': JSON.stringify({ vocabulary: ['helpers/d2'] }),
    'helpers/d2/a.lisp': '(defun a () 1)\n',
    'specs/p.md': `---\ntype: property\nname: p\n---\n${lisp}`,
    'specs/q.md': `---\ntype: property\nname: q\nno-strict: true\ndry-run: true\n---\n${lisp}`,
  });
  const check = await project.specRun(['check', 'specs/']);
  t.equal(check.code, 1, check.stderr);
  t.notMatch(check.stderr, /EISDIR/);
  t.match(check.stdout, /^helpers\/d2:1:1: error: the configuration's vocabulary entry is a directory, not a Lisp file/m);
  t.match(check.stdout, /^specs\/q\.md:4:1: error: frontmatter 'no-strict' is no field spec-run reads, so it is ignored: --no-strict sets it for a whole run, on the command line$/m);
  t.match(check.stdout, /^specs\/q\.md:5:1: error: frontmatter 'dry-run' is no field spec-run reads, so it is ignored: --dry-run sets it for a whole run, on the command line$/m);
  const run = await project.specRun(['specs/p.md', '--reporter', 'tap']);
  t.equal(run.code, 1);
  t.notMatch(run.stderr, /EISDIR/);
  t.match(run.stdout, /reason: "helpers\/d2 is a directory, not a Lisp file/);
  t.match(run.stdout, /ok 1 - \(= 1 1\)/, 'the units still run');
});
