// Where a command looks for documents when given none, from a user's seat: with a configuration
// found above the working directory that names no paths, `npx spec-run` from specs/ (an editor's
// terminal opened there) looked for specs/specs/ and exited 2. The project's specs/ beside its
// configuration is the default wherever in the project the command runs.
import t from 'tap';
import { join } from 'node:path';
import { userProject } from '../support/installed.js';

const lisp = (name: string, sum: string) => `---\ntype: verification\nname: ${name}\n---\n# ${name}\n\n## Sum\n\n\`\`\`lisp\n(assert (= ${sum} (+ 1 2)))\n\`\`\`\n`;

t.test('no paths given, a configuration above without paths: the project\'s specs/ is run, checked and listed', async (t) => {
  const project = userProject({
    'spec-run.config.json': JSON.stringify({ reporter: ['tap'] }),
    'specs/top.test.md': lisp('top', '3'),
    'specs/nested/deeper.test.md': lisp('deeper', '4'),
    'src/index.js': '',
  });
  for (const from of ['specs/nested', 'src']) {
    const run = await project.specRun([], { cwd: join(project.dir, from) });
    t.match(run.stderr, /found above the working directory/, `from ${from}: the configuration above is named`);
    t.match(run.stdout, /# Subtest: top \(\.\.\/(specs\/)?top\.test\.md\)/, `from ${from}: the document outside the working directory ran`);
    t.match(run.stdout, /# Subtest: deeper \(/, `from ${from}: the nested one ran`);
    t.match(run.stderr, /1 passed, 1 failed/, `from ${from}: both ran, the false one failed`);
    t.equal(run.code, 1, `from ${from}: exit 1 for the failure`);
  }
  const listed = await project.specRun(['--list'], { cwd: join(project.dir, 'specs') });
  t.equal(listed.code, 0, '--list exits 0');
  t.match(listed.stdout, /top\.test\.md[^]*deeper\.test\.md|deeper\.test\.md[^]*top\.test\.md/, '--list lists both');
  const checked = await project.specRun(['check'], { cwd: join(project.dir, 'specs', 'nested') });
  t.match(checked.stdout + checked.stderr, /2 documents?/, 'check reads both');
});

t.test('no configuration anywhere: specs/ under the working directory, as before', async (t) => {
  const project = userProject({ 'specs/top.test.md': lisp('top', '3') });
  const fromRoot = await project.specRun([], {});
  t.equal(fromRoot.code, 0, 'from the root: specs/ runs');
  const fromSpecs = await project.specRun([], { cwd: join(project.dir, 'specs') });
  t.equal(fromSpecs.code, 2, 'nothing to find under specs/specs');
  t.match(fromSpecs.stderr, /specs\/: no such file or directory .*; this directory is itself a specs\/: run from the project's root, or name the documents \(spec-run \.\)/, 'the hint says why and what to do');
});
