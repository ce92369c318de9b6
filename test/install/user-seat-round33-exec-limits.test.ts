// From a user's seat, round 33's findings on exec's limits, through the packed package in a fresh
// project: a line cut at 64 KiB accounted one way (shown, not omitted; the bytes the cut took said
// by its stream, by the note and by the log's cut and cutBytes, the log's counts adding up), and a
// cpus: above what the engine offers refused before anything runs, at its place, with the
// engine's range, instead of docker create's exit 125.
import t from 'tap';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { userProject } from '../support/installed.js';

t.test('spec-run exec: a line cut at 64 KiB is shown, not omitted; report and log say the same bytes not kept', async (t) => {
  const project = userProject({ 'stop.yaml': `stop: {commands: [{run: "head -c 100000 /dev/zero | tr '\\\\0' 'x'; echo; echo short; exit 1"}]}\n` });
  const run = await project.specRun(['exec', 'stop.yaml', '--log', 'z.log', '--log-failures']);
  t.equal(run.code, 1, run.stderr);
  const lines = run.stdout.split('\n');
  const output = lines.indexOf('Output:');
  t.same(lines.slice(output + 1, output + 6), [
    `${'x'.repeat(65536)} [line cut at 65536 bytes]`,
    'short',
    'stdout: ... (1 line cut at 65536 bytes: 34464 bytes of it not kept)',
    '(1 line longer than 65536 bytes was cut at that length and shown in part: the rest, 34464 bytes, was not kept)',
    '',
  ]);
  t.notMatch(run.stdout, /omitted/, 'nothing said omitted, nor counted so');
  const logged = readFileSync(join(project.dir, 'z.log'), 'utf8').trim().split('\n').map((line) => JSON.parse(line));
  t.equal(logged.length, 1);
  t.equal(logged[0].event, 'failed');
  t.same(logged[0].streams.stdout, { printed: 2, shown: 2, omitted: 0, hidden: false, cut: 1, cutBytes: 34464 }, 'printed = shown + omitted; the cut part in its own fields');
  t.same(logged[0].streams.stderr, { printed: 0, shown: 0, omitted: 0, hidden: false });
});

t.test("spec-run exec: cpus above the engine's CPUs is refused before anything runs, at its place, with the engine's range", async (t) => {
  const cpus = Number(execFileSync('docker', ['info', '--format', '{{.NCPU}}'], { encoding: 'utf8' }).trim());
  t.ok(cpus > 0, 'the engine says its CPUs');
  const project = userProject({
    'stop.yaml': `stop:\n  commands:\n    - run: "touch ran"\n    - run: "echo many"\n      image: spec-run/busybox:local\n      cpus: 64.5\n`,
    'fits.yaml': `stop:\n  commands:\n    - run: "echo fits"\n      image: spec-run/busybox:local\n      cpus: ${cpus}\n`,
  });
  const run = await project.specRun(['exec', 'stop.yaml']);
  t.equal(run.code, 2, run.stderr);
  t.same(run.stdout.split('\n'), [
    'Error: invalid configuration stop.yaml:',
    `  stop.yaml:6:13: stop.commands[1].cpus: must be at most ${cpus}, the CPUs the Docker engine offers (its range is from 0.01 to ${cpus}), not 64.5`,
    '',
  ]);
  t.notOk(existsSync(join(project.dir, 'ran')), 'no command ran, not even the first');
  const fits = await project.specRun(['exec', 'fits.yaml']);
  t.equal(fits.code, 0, fits.stdout);
  t.match(fits.stdout, /Output:\nfits\n/, 'all the CPUs the engine has: accepted, and run');
});
