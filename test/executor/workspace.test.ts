import t from 'tap';
import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inCurrentDirectory, unusableDirectory, workdirInImage, workdirMissingInImage } from '../../src/executor/workspace.js';
import { scratchDirectory } from '../support/scratch.js';

t.test('a working directory that cannot be one is named for what it is, wherever it lies', async (t) => {
  const dir = scratchDirectory('spec-run-workdir-');
  writeFileSync(join(dir, 'notes.txt'), 'x');
  mkdirSync(join(dir, 'sub'));
  symlinkSync('nowhere', join(dir, 'dangling'));
  execFileSync('mkfifo', [join(dir, 'pipe')]);
  t.equal(unusableDirectory(join(dir, 'sub')), null);
  t.same(unusableDirectory(join(dir, 'notes.txt')), { problem: 'is a file, not a directory', fix: `set workdir: to a directory instead, such as ${dir}, which holds it` });
  t.same(unusableDirectory(join(dir, 'notes.txt', 'deeper', 'still')), {
    problem: `lies under ${join(dir, 'notes.txt')}, which is a file, not a directory`,
    fix: `set workdir: to a directory instead, such as ${dir}, which holds it`,
  });
  // Named as the configuration names it: a container's path, the holder one level above the file.
  t.equal(unusableDirectory(join(dir, 'notes.txt', 'deeper'), '/workspace/notes.txt/deeper')?.fix, 'set workdir: to a directory instead, such as /workspace, which holds it');
  t.same(unusableDirectory(join(dir, 'absent')), { problem: 'does not exist', fix: `create ${join(dir, 'absent')}, or set workdir: to a directory that exists` });
  t.same(unusableDirectory(join(dir, 'dangling')), { problem: 'is a link to nowhere, which does not exist', fix: `create ${join(dir, 'nowhere')}, or set workdir: to a directory that exists` });
  t.equal(unusableDirectory(join(dir, 'pipe'))?.problem, 'is a named pipe, not a directory');
  // A file outside any project is the same file: nothing here depends on a project.
  t.equal(unusableDirectory('/etc/passwd')?.problem, 'is a file, not a directory');
});

t.test("a container's working directory outside the project, which the engine found in the way, is said as the workdir's problem", async (t) => {
  const image = 'spec-run/busybox:local';
  t.same(workdirInImage('Error response from daemon: Cannot mkdir: /etc/passwd is not a directory\n', '/etc/passwd', image), {
    error: `working directory /etc/passwd is not a directory in the image ${image} (Cannot mkdir: /etc/passwd is not a directory)`,
    fix: 'set workdir: to a directory of the image, or to one under /workspace (the project)',
  });
  const under = workdirInImage('Error response from daemon: lstat /var/lib/docker/overlay2/0123abc/merged/etc/passwd/x: not a directory', '/etc/passwd/x', image);
  t.equal(under?.error, `working directory /etc/passwd/x is not a directory, or lies under a file, in the image ${image} (lstat /etc/passwd/x: not a directory)`);
  t.equal(workdirInImage('Error response from daemon: No such image: nope', '/etc', image), null, 'an error about something else is not the workdir');
});

t.test("a container's working directory the image lacks, told by the paths the engine added for it when it created the container", async (t) => {
  const image = 'spec-run/busybox:local';
  t.match(workdirMissingInImage('A /opt\nA /opt/scratch\n', '/opt/scratch', image), { error: `working directory /opt/scratch does not exist in the image ${image}` });
  // Through a link the engine makes the directory where the link leads: still the working directory's.
  t.match(workdirMissingInImage('C /tmp\nA /tmp/real\nA /tmp/real/zz\n', '/lnk/zz', image), { error: `working directory /lnk/zz does not exist in the image ${image}` });
  t.equal(workdirMissingInImage('', '/tmp', image), null, 'nothing added: the image has it');
  t.equal(workdirMissingInImage('C /tmp\n', '/tmp', image), null, 'a change is no directory made');
});

t.test('a relative workdir missing from the project, but something in the current directory: what it is there, and what the project is', async (t) => {
  const cwd = scratchDirectory('spec-run-cwd-');
  const project = join(cwd, 'hooks');
  mkdirSync(project);
  writeFileSync(join(cwd, 'notes.txt'), 'x');
  const before = process.cwd();
  process.chdir(cwd);
  t.teardown(() => process.chdir(before));
  t.equal(inCurrentDirectory('notes.txt', project), `${join(cwd, 'notes.txt')}, in the current directory, is a file: the project is ${project}, the configuration's directory unless --project names another`);
  t.equal(inCurrentDirectory('absent', project), null, 'nothing there either: nothing more to say');
  t.equal(inCurrentDirectory('notes.txt', cwd), null, 'the project is the current directory: nothing to add');
});
