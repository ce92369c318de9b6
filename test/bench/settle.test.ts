// The benchmarks' wait for a settled machine (bench/settle.ts): bounded, and it names what
// kept the machine busy, read from /proc while a real process spins beside it.
import t from 'tap';
import { execFileSync } from 'node:child_process';
import { cpus } from 'node:os';
import { settle, settledNote } from '../../bench/settle.js';

t.test('a process spinning on a core keeps the machine from settling: the wait ends at its limit and names it', async (t) => {
  // Not in this process's tree (settle leaves the bench's own work out): started by a shell that exits at once.
  const spinning = Number(execFileSync('sh', ['-c', `"${process.execPath}" -e 'for (;;);' >/dev/null 2>&1 & echo $!`], { encoding: 'utf8' }).trim());
  t.teardown(() => process.kill(spinning, 'SIGKILL'));
  // Half a core's share: the spinner alone, on any number of cores, is above it.
  const settled = await settle({ limitMs: 2000, windowMs: 500, quietShare: 0.5 / cpus().length });
  t.equal(settled.quiet, false);
  t.ok(settled.waitedMs >= 1500 && settled.waitedMs < 4000, `waited ${settled.waitedMs} ms, about its limit`);
  const named = settled.busy.find((p) => p.pid === spinning);
  t.ok(named, 'the spinning process is among the busy ones');
  t.match(settledNote(settled), /^the machine did not settle within \d+\.\d s \(\d+% of \d+ cores busy\), measured all the same; busy meanwhile: .*node/);
});

t.test('the note of a quiet machine says how long it took, and groups what was busy by name', async (t) => {
  const note = settledNote({
    quiet: true,
    waitedMs: 3200,
    busyShare: 0.1,
    busy: [
      { pid: 10, name: 'sbcl', cores: 0.5 },
      { pid: 11, name: 'dockerd', cores: 0.2 },
      { pid: 12, name: 'sbcl', cores: 0.25 },
    ],
  });
  t.equal(note, `the machine settled after 3.2 s (10% of ${cpus().length} cores busy); busy meanwhile: sbcl (2 processes) 0.75 cores, dockerd 0.20 cores`);
  t.equal(settledNote({ quiet: true, waitedMs: 1000, busyShare: 0.02, busy: [] }), `the machine settled after 1.0 s (2% of ${cpus().length} cores busy)`);
});
