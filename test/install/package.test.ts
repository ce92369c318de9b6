// The package as a user installs it: packed from this checkout, installed into a fresh
// project outside the repository, run from that project's node_modules/.bin.
import t from 'tap';
import { installedFiles, userProject } from '../support/installed.js';

t.test('the packed package holds what users need and nothing of the repository', async (t) => {
  const files = installedFiles();
  t.ok(files.includes('LICENSE'), 'a LICENSE file');
  t.ok(files.includes('README.md'), 'the README');
  t.ok(files.includes('dist/src/cli/main.js'), 'the command');
  t.ok(files.includes('dist/src/steps/index.d.ts'), 'the steps API types');
  t.ok(files.some((f) => f.endsWith('.lisp')), 'the Lisp sources the runtime loads');
  t.same(files.filter((f) => /(^|\/)test\/|\.map$|\.tgz$|^\.ci\/|^src\/|^bench\//.test(f)), [], 'no tests, sources, maps, tarballs, CI or benchmarks');
  t.ok(files.length < 400, `a few hundred files at most (${files.length})`);
});

t.test('an installed spec-run runs a user OpenSpec document with the user steps', async (t) => {
  const project = userProject({
    'specs/greeting.spec.md': '# Greeting\n\n### Requirement: Greeting\nThe system SHALL greet.\n\n#### Scenario: Hello\n- **WHEN** the user says "hello"\n- **THEN** the answer is "hello, world"\n',
    'steps.mjs': [
      "import { When, Then } from 'spec-run/steps';",
      "import assert from 'node:assert/strict';",
      'let answer;',
      "When('the user says {string}', (word) => { answer = `${word}, world`; });",
      "Then('the answer is {string}', (expected) => assert.equal(answer, expected));",
    ].join('\n'),
  });
  const version = await project.specRun(['--version']);
  t.equal(version.code, 0, 'spec-run --version exits 0');
  t.match(version.stdout, /^\d+\.\d+\.\d+/, 'and prints a version');
  const run = await project.specRun(['--steps', 'steps.mjs', 'specs/', '--reporter', 'tap']);
  t.equal(run.code, 0, `the run passes: ${run.stderr.slice(-400)}`);
  t.match(run.stderr, /\b2 passed, 0 failed\b/, 'both steps ran and passed');
});

t.test('a missing Lisp library is named once, with its Debian package, and doctor says the same', async (t) => {
  const lisp = (name: string) => `---\ntype: verification\nname: ${name}\n---\n# ${name}\n\n## one\n\n\`\`\`lisp\n(assert t)\n\`\`\`\n\n## two\n\n\`\`\`lisp\n(assert t)\n\`\`\`\n`;
  const project = userProject({ 'specs/a.test.md': lisp('a'), 'specs/b.test.md': lisp('b') });
  // ASDF told to look nowhere: as on a machine without cl-fiveam and cl-bordeaux-threads.
  const env = { CL_SOURCE_REGISTRY: '(:source-registry :ignore-inherited-configuration)', SPEC_RUN_CACHE: `${project.dir}/.cache` };
  const run = await project.specRun(['specs/', '--reporter', 'tap'], { env });
  t.equal(run.code, 1);
  const full = run.stdout.match(/are not installed where ASDF looks: apt-get install cl-fiveam cl-bordeaux-threads/g) ?? [];
  t.equal(full.length, 1, 'the full message once');
  t.equal((run.stdout.match(/the driver could not start: the problem reported at specs\/a\.test\.md:10/g) ?? []).length, 3, 'the other units point to it');
  const doctor = await project.specRun(['doctor'], { env });
  t.equal(doctor.code, 1);
  t.match(doctor.stdout, /MISSING +Lisp library fiveam: ASDF does not find it\n +fix: apt-get install cl-fiveam/);
  t.match(doctor.stdout, /MISSING +Lisp library bordeaux-threads: ASDF does not find it\n +fix: apt-get install cl-bordeaux-threads/);
});

t.test('npm i -D git+file:// of this repository gives a working spec-run (the prepare script builds it)', async (t) => {
  const { execFileSync } = await import('node:child_process');
  const { writeFileSync, chmodSync } = await import('node:fs');
  const { join } = await import('node:path');
  const { repositoryRoot } = await import('../support/installed.js');
  const { scratchDirectory } = await import('../support/scratch.js');
  // Removed when the file ends: the install holds some 200 packages, and every run left one in /tmp.
  const dir = scratchDirectory('spec-run-git-');
  chmodSync(dir, 0o755);
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'from-git', private: true }));
  // npm clones the repository's committed HEAD, installs its dev dependencies and runs prepare.
  execFileSync('env', ['-u', 'NODE_OPTIONS', 'npm', 'install', '--no-audit', '--no-fund', '--loglevel=error', '--save-dev', `git+file://${repositoryRoot}`], { cwd: dir, stdio: 'pipe' });
  const version = execFileSync('env', ['-u', 'NODE_OPTIONS', join(dir, 'node_modules/.bin/spec-run'), '--version'], { cwd: dir, encoding: 'utf8' });
  t.match(version, /^\d+\.\d+\.\d+/, `spec-run --version: ${version.trim()}`);
});
