// From a user's seat: frontmatter and an executor configuration nested thousands deep are
// refused at their line as nested too deeply, by `check`, the run and `exec` (the run said
// "Maximum call stack size exceeded", or blamed frontmatter brackets on "a paragraph").
import t from 'tap';
import { userProject } from '../support/installed.js';

const DEEP = 20_000;
const deepFlow = `${'['.repeat(DEEP)}${']'.repeat(DEEP)}`;

t.test('check, the run and exec say a value nests too deeply, at its line', async (t) => {
  const project = userProject({
    'specs/deep.md': `---\ntype: verification\nx: ${deepFlow}\n---\n# Deep\n\n\`\`\`lisp\n(is (= 1 1))\n\`\`\`\n`,
    'deep.yaml': `stop:\n  commands:\n    - run: ${deepFlow}\n`,
  });
  const check = await project.specRun(['check', 'specs/']);
  t.equal(check.code, 1);
  t.match(check.stdout, /^specs\/deep\.md:3:\d+: error: frontmatter nests its collections too deeply to read: the YAML reader gave up here/m);
  const run = await project.specRun(['specs/']);
  t.equal(run.code, 1, 'the run fails');
  t.match(run.stdout, /frontmatter nests its collections too deeply to read/);
  const exec = await project.specRun(['exec', 'deep.yaml']);
  t.equal(exec.code, 2, 'exec refuses the configuration');
  t.match(exec.stdout + exec.stderr, /deep\.yaml:3:\d+: \(yaml\): collections nested too deeply to read/);
  for (const [name, out] of [['check', check.stdout], ['run', run.stdout], ['exec', exec.stdout + exec.stderr]]) t.notMatch(out, /Maximum call stack|paragraph/, `${name} blames neither the engine nor a paragraph`);
});
