// Three gaps two writers of executor specifications found from a user's seat, checking their
// claims with `spec-run exec` (spec-run packed, installed into a fresh project outside the
// repository, run through its bin): a host workdir outside the project that was missing or a
// file got the note "the command ran there" beside its refusal; a process of a container command
// killed at its memory limit, the command going on to exit 0, was "OK: command succeeded" with
// nothing in --log; a quick container command's Duration of a few milliseconds was all a
// reader got of a container run of a second or more.
import t, { type Test } from 'tap';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { userProject } from '../support/installed.js';
import { scratchDirectory } from '../support/scratch.js';

const IMAGE = 'spec-run/busybox:local';

/** Fails the test, rather than passing it unrun, where no engine with the local image is there. */
async function imageHere(t: Test): Promise<boolean> {
  if ((await execa('docker', ['image', 'inspect', IMAGE], { reject: false })).exitCode === 0) return true;
  t.fail(`no Docker engine with ${IMAGE}: this check did not run`);
  return false;
}

/** The report of command N (from 1) of a run: from its announcement to the next one. */
function reportOf(stdout: string, n: number): string {
  return stdout.split(/^(?=\[\d+\/\d+\] )/m)[n - 1] ?? '';
}

t.test('a host workdir outside the project that is missing or a file: refused with 125, and no note says the command ran there', async (t) => {
  const outside = scratchDirectory('spec-run-round16-outside-');
  writeFileSync(join(outside, 'a-file'), '');
  const project = userProject({
    'stop.yaml': `stop:\n  commands:\n    - run: "echo ran"\n      workdir: ${join(outside, 'missing')}\n    - run: "echo ran"\n      workdir: ${join(outside, 'a-file')}\n    - run: "pwd"\n      workdir: ${outside}\n`,
  });
  const run = await project.specRun(['exec', 'stop.yaml']);
  t.equal(run.code, 125, run.stderr);
  const [missing, file, present] = [1, 2, 3].map((n) => reportOf(run.stdout, n));
  t.match(missing, `Error: working directory ${join(outside, 'missing')} does not exist`);
  t.match(file, `Error: working directory ${join(outside, 'a-file')} is a file, not a directory`);
  for (const refused of [missing, file]) {
    t.notMatch(refused, /the command ran there/, 'no note tells of a run that did not happen');
    t.notMatch(refused, /^ran$/m, 'nothing ran');
  }
  // The note is still there where the command did run outside the project.
  t.match(present, `  note: workdir ${outside} is outside the project (${project.dir}): the command ran there`);
  t.match(present, new RegExp(`^${outside}$`, 'm'));
});

t.test('a process killed at the memory limit, the command going on to exit 0: failed, the first line says it, exit 137, and --log has it', async (t) => {
  if (!(await imageHere(t))) return;
  // The hog raises its own OOM score, so the kernel kills it and never the shell that goes on.
  const project = userProject({
    'stop.yaml': `stop:\n  commands:\n    - run: "echo filling; (echo 1000 > /proc/self/oom_score_adj; x=$(yes | head -c 300000000)); echo survived"\n      image: ${IMAGE}\n      memory: 16m\n      timeout: 60s\n`,
  });
  const run = await project.specRun(['exec', 'stop.yaml', '--log', 'logs/limits.jsonl']);
  t.equal(run.code, 137, 'the kill fails the run, though the command exited 0');
  const firstLine = run.stdout.split('\n').find((line) => !/^(\[\d+\/\d+\]|  note:)/.test(line));
  t.equal(firstLine, 'Error: Command exceeded its memory limit (16m): a process of it was killed; the command went on and exited with 0');
  t.notMatch(run.stdout, /OK: command succeeded/);
  t.match(run.stdout, /^survived$/m, 'the command did go on');
  const logged = readFileSync(join(project.dir, 'logs', 'limits.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line));
  t.match(logged, [{ event: 'memory-limit', context: 'docker', exitCode: 137, commandWentOn: true, commandExitCode: 0 }]);
  t.equal(logged.length, 1, 'one event');
});

t.test("a container command's Duration is its own run, at least the 1 s it sleeps; the container's whole time is noted beside it", async (t) => {
  if (!(await imageHere(t))) return;
  const project = userProject({ 'stop.yaml': `stop:\n  commands:\n    - run: "sleep 1"\n      image: ${IMAGE}\n    - run: "echo quick"\n      image: ${IMAGE}\n` });
  const started = performance.now();
  const run = await project.specRun(['exec', 'stop.yaml']);
  const wallMs = performance.now() - started;
  t.equal(run.code, 0, run.stderr);
  const seconds = (report: string, pattern: RegExp) => Number(pattern.exec(report)?.[1] ?? NaN) * 1000;
  const [sleeper, quick] = [1, 2].map((n) => reportOf(run.stdout, n));
  const duration = (report: string) => seconds(report, /^Duration: (\d+\.\d+)s$/m);
  const container = (report: string) => seconds(report, /^  note: the container took (\d+\.\d+)s from its creation to its removal; Duration is the command's own run in it, from its start to its end$/m);
  // The engine stamps StartedAt once it learns the process runs: under load, tens of ms after it began (a CI run saw under 990 ms for `sleep 1`).
  t.ok(duration(sleeper) >= 900 && duration(sleeper) < 1500, `sleep 1 reported as ${duration(sleeper)} ms`);
  t.ok(container(sleeper) >= duration(sleeper), `its container took ${container(sleeper)} ms, its command ${duration(sleeper)} ms`);
  t.ok(duration(quick) < 500, `echo reported as ${duration(quick)} ms`);
  t.ok(container(quick) > duration(quick), `its container took ${container(quick)} ms, its command ${duration(quick)} ms`);
  t.ok(container(sleeper) + container(quick) <= wallMs, `the containers' times, ${container(sleeper) + container(quick)} ms, fit in the run's ${Math.round(wallMs)} ms`);
});
