// A CI machine without SBCL: the run's stderr, the log a CI job shows, said only the counts;
// what was missing and the fix were in the report files alone (round 12's user seat). From a
// user's seat: spec-run packed, installed into a fresh project outside the repository, run
// with a PATH that holds node and the programs spec-run starts, but no SBCL.
import t from 'tap';
import { existsSync, mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { userProject } from '../support/installed.js';

const document = (name: string) => `---\ntype: verification\nname: ${name}\n---\n# ${name}\n\n## Adds\n\n\`\`\`lisp\n(assert (= 2 (+ 1 1)))\n\`\`\`\n`;

t.test('without SBCL, stderr says once what is missing and the fix, as doctor does', async (t) => {
  const user = userProject({ 'specs/a.test.md': document('a'), 'specs/b.test.md': document('b') });
  const bin = join(user.dir, 'bin-without-sbcl');
  mkdirSync(bin);
  for (const program of ['node', 'sh', 'env', 'setpriv', 'unshare']) {
    const found = [process.execPath, ...(process.env.PATH ?? '').split(':').map((d) => join(d, program))].find((p) => p.endsWith(`/${program}`) && existsSync(p));
    if (found) symlinkSync(found, join(bin, program));
  }
  const env: NodeJS.ProcessEnv = { PATH: bin, SPEC_RUN_SBCL: undefined };
  const run = await user.specRun(['specs/', '--reporter', 'junit:junit.xml'], { env });
  t.equal(run.code, 1, run.stderr);
  const lines = run.stderr.split('\n').filter((line) => /apt-get install sbcl/.test(line));
  t.equal(lines.length, 1, `once:\n${run.stderr}`);
  t.match(lines[0], /^spec-run: the Lisp documents cannot run here: cannot run SBCL \(sbcl\)/);
  const doctor = await user.specRun(['doctor'], { env });
  t.equal(doctor.code, 1, 'doctor finds the same lack');
  t.match(doctor.stdout + doctor.stderr, /SBCL/);
});
