// A machine without SBCL (a CI runner): every Lisp unit fails with the fix in the report
// files, and stderr, the log a CI job shows, said only the counts. What is missing and the fix
// are said once on stderr, as doctor says them; a machine with SBCL hears nothing of it.
import t from 'tap';
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { scratchDirectory } from '../support/scratch.js';
import { cli, specRun } from './spec-run.js';

const DOCUMENT = '---\ntype: verification\nname: sums\n---\n# Sums\n\n## One\n\n```lisp\n(assert (= 2 (+ 1 1)))\n```\n\n## Two\n\n```lisp\n(assert (= 4 (+ 2 2)))\n```\n';

/** A directory for PATH holding the programs spec-run starts, SBCL left out. */
function binWithoutSbcl(dir: string): string {
  const bin = join(dir, 'bin');
  mkdirSync(bin);
  for (const program of ['sh', 'env', 'setpriv', 'unshare']) {
    const found = (process.env.PATH ?? '').split(':').map((d) => join(d, program)).find(existsSync);
    if (found) symlinkSync(found, join(bin, program));
  }
  return bin;
}

t.test('without SBCL, a run says once on stderr what is missing and the fix; with it, nothing', async (t) => {
  const dir = scratchDirectory('spec-run-no-sbcl-');
  mkdirSync(join(dir, 'specs'));
  writeFileSync(join(dir, 'specs/a.test.md'), DOCUMENT);
  writeFileSync(join(dir, 'specs/b.test.md'), DOCUMENT.replace('name: sums', 'name: more-sums'));
  const env: NodeJS.ProcessEnv = { ...process.env, PATH: binWithoutSbcl(dir), GITHUB_ACTIONS: '' };
  delete env.SPEC_RUN_SBCL;
  const run = await new Promise<{ code: number; stderr: string }>((done) =>
    execFile(process.execPath, [cli, 'specs/', '--reporter', 'junit:junit.xml'], { cwd: dir, env }, (error, _stdout, stderr) => done({ code: error ? Number((error as { code?: number }).code) : 0, stderr })),
  );
  t.equal(run.code, 1, 'every unit fails');
  const said = run.stderr.split('\n').filter((line) => line.startsWith('spec-run: the Lisp documents cannot run here: '));
  t.equal(said.length, 1, `said once:\n${run.stderr}`);
  t.match(said[0], /cannot run SBCL \(sbcl\): .*ENOENT\. Install it with: apt-get install sbcl /);
  t.match(run.stderr, /0 passed, 4 failed/);
  const withSbcl = await specRun(['specs/'], dir);
  t.equal(withSbcl.code, 0, withSbcl.stderr);
  t.notMatch(withSbcl.stderr, /cannot run here/);
});
