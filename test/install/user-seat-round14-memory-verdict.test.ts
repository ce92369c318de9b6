// From a user's seat (spec-run packed, installed into a fresh project, run through its bin):
// a Docker command killed at its memory limit, the fifth of a run, on a loaded machine, was
// twice reported as "Command failed with exit code 137", with no memory-limit line and nothing
// in --log: the engine had lost its record of the kill. Here several runs at once beside busy
// loops provoke that load for real; each must tell the kill as the memory limit, and log it.
import t from 'tap';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { userProject } from '../support/installed.js';

const CONFIG = `stop:
  commands:
    - run: echo one
    - run: echo two
      image: spec-run/busybox:local
    - run: echo three
    - run: echo four
      image: spec-run/busybox:local
    - run: dd if=/dev/zero of=/dev/null bs=64M count=1
      image: spec-run/busybox:local
      memory: 8m
`;

t.test('a kill at the memory limit under load is the memory limit, in the report and the log, every time', async (t) => {
  if ((await execa('docker', ['image', 'inspect', 'spec-run/busybox:local'], { reject: false })).exitCode !== 0) {
    t.fail('no Docker engine with spec-run/busybox:local: this check did not run');
    return;
  }
  const project = userProject({ 'stop.yaml': CONFIG });
  const busy = Array.from({ length: 4 }, () => spawn('sh', ['-c', 'while :; do :; done'], { stdio: 'ignore' }));
  t.teardown(() => busy.forEach((loop) => loop.kill('SIGKILL')));
  const runs = await Promise.all(Array.from({ length: 6 }, (_, i) => project.specRun(['exec', 'stop.yaml', '--log', `limits-${i}.jsonl`])));
  runs.forEach((run, i) => {
    t.equal(run.code, 137, `run ${i}: exit 137`);
    t.match(run.stdout, /^\[5\/5\][^\n]*\n(?:  note: [^\n]*\n)*Error: Command exceeded its memory limit \(8m\)$/m, `run ${i}: the memory limit said`);
    t.notMatch(run.stdout, /Command failed with exit code 137/);
    const logged = readFileSync(join(project.dir, `limits-${i}.jsonl`), 'utf8').trim().split('\n').map((line) => JSON.parse(line));
    t.same(logged.map((event) => event.event), ['memory-limit'], `run ${i}: logged`);
  });
});
