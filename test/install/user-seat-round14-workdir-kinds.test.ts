// From a user's seat (spec-run packed, installed into a fresh project, run through its bin):
// a workdir: naming a file was said to be a file only under --project; elsewhere the same
// path was said not to exist. Whatever the path is, wherever it lies, host or Docker, the
// report says what it is.
import t from 'tap';
import { chmodSync, mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { userProject } from '../support/installed.js';

const command = (workdir: string, image?: string) => `    - run: echo started\n      workdir: ${workdir}\n${image ? `      image: ${image}\n` : ''}`;
const config = (...commands: string[]) => `stop:\n  commands:\n${commands.join('')}`;
const IMAGE = 'spec-run/busybox:local';

t.test('a workdir that is a file, under a file, a link to nothing: said so without --project, host and Docker', async (t) => {
  const project = userProject({
    'notes.txt': 'x',
    'stop.yaml': config(command('notes.txt'), command('notes.txt/deeper'), command('dangling'), command('/workspace/notes.txt', IMAGE), command('/workspace/notes.txt/deeper', IMAGE), command('/etc/passwd', IMAGE)),
  });
  symlinkSync('nowhere', join(project.dir, 'dangling'));
  const run = await project.specRun(['exec', 'stop.yaml']);
  const errors = run.stdout.split('\n').filter((line) => line.startsWith('Error:'));
  t.same(errors, [
    `Error: working directory ${join(project.dir, 'notes.txt')} is a file, not a directory`,
    `Error: working directory ${join(project.dir, 'notes.txt', 'deeper')} lies under ${join(project.dir, 'notes.txt')}, which is a file, not a directory`,
    `Error: working directory ${join(project.dir, 'dangling')} is a link to nowhere, which does not exist`,
    `Error: working directory /workspace/notes.txt is a file, not a directory: it is ${join(project.dir, 'notes.txt')} in the project mounted at /workspace`,
    `Error: working directory /workspace/notes.txt/deeper lies under ${join(project.dir, 'notes.txt')}, which is a file, not a directory: it is ${join(project.dir, 'notes.txt', 'deeper')} in the project mounted at /workspace`,
    `Error: working directory /etc/passwd is not a directory in the image ${IMAGE} (Cannot mkdir: /etc/passwd is not a directory)`,
  ]);
  t.notMatch(run.stdout, /^started$/m, 'nothing ran');
  t.equal(run.code, 125);
});

t.test('an absolute workdir that is a file outside the project, the configuration elsewhere: a file', async (t) => {
  const project = userProject({ 'elsewhere/notes.txt': 'x' });
  project.write({ 'hooks/stop.yaml': config(command(join(project.dir, 'elsewhere', 'notes.txt'))) });
  const run = await project.specRun(['exec', 'hooks/stop.yaml']);
  t.match(run.stdout, `Error: working directory ${join(project.dir, 'elsewhere', 'notes.txt')} is a file, not a directory`);
  t.equal(run.code, 125);
});

t.test('a relative workdir missing from the configuration\'s directory, a file in the current one: both said, and what the project is', async (t) => {
  const project = userProject({ 'notes.txt': 'x', 'hooks/stop.yaml': config(command('notes.txt'), command('/workspace/notes.txt', IMAGE)) });
  const run = await project.specRun(['exec', 'hooks/stop.yaml']);
  const hint = `${join(project.dir, 'notes.txt')}, in the current directory, is a file: the project is ${join(project.dir, 'hooks')}, the configuration's directory unless --project names another`;
  t.match(run.stdout, `Error: working directory ${join(project.dir, 'hooks', 'notes.txt')} does not exist`);
  t.equal(run.stdout.split('\n').filter((line) => line.endsWith(hint)).length, 2, 'host and Docker alike');
  const withProject = await project.specRun(['exec', 'hooks/stop.yaml', '--project', '.']);
  t.match(withProject.stdout, `Error: working directory ${join(project.dir, 'notes.txt')} is a file, not a directory`);
});

t.test('a workdir this user may not reach: not permitted, not missing', async (t) => {
  const project = userProject({ 'stop.yaml': config(command('closed/inner')) });
  mkdirSync(join(project.dir, 'closed', 'inner'), { recursive: true });
  chmodSync(join(project.dir, 'closed'), 0o700);
  chmodSync(project.dir, 0o755);
  const run = await project.specRun(['exec', join(project.dir, 'stop.yaml')], { asUser: 'nobody', cwd: '/' });
  t.match(run.stdout, `Error: working directory ${join(project.dir, 'closed', 'inner')} cannot be reached: ${join(project.dir, 'closed')} may not be entered by this user (permission denied)`, run.stdout + run.stderr);
  t.equal(run.code, 125);
});
