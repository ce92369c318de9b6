// A spec-run --watch left running, and what it printed so far; and one editing session of
// a steps file under it, the same from this checkout and from an installed package.
import type t from 'tap';
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Watching {
  stdout: () => string;
  stderr: () => string;
  /** Resolves once COUNT runs have printed their summary line. */
  summaries: (count: number) => Promise<void>;
  /** Interrupts spec-run (SIGINT unless SIGNAL says otherwise), resolved with its exit status when it has ended. */
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
}

/** COMMAND (a spec-run --watch) started in CWD, left running until stop(). */
export function watchProcess([command, ...args]: string[], cwd: string, env: NodeJS.ProcessEnv): Watching {
  const child = spawn(command, args, { cwd, env });
  let stdout = '';
  let stderr = '';
  const waiters: (() => void)[] = [];
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
    waiters.forEach((wake) => wake());
  });
  const closed = new Promise<number | null>((r) => child.on('close', (code) => r(code)));
  return {
    stdout: () => stdout,
    stderr: () => stderr,
    summaries: (count) =>
      new Promise<void>((done) => {
        const check = () => (stderr.match(/^\d+ passed, \d+ failed, \d+ skipped, \d+ todo$/gm) ?? []).length >= count && done();
        waiters.push(check);
        check();
      }),
    stop: (signal = 'SIGINT') => {
      child.kill(signal);
      return closed;
    },
  };
}

/** Resolves once CONDITION holds, looked at every 50 ms; fails after a minute, saying WHAT it waited for. */
export const until = async (condition: () => boolean, what: string): Promise<void> => {
  for (const end = Date.now() + 60_000; !condition(); await new Promise((r) => setTimeout(r, 50))) if (Date.now() > end) throw new Error(`waited a minute for ${what}`);
};

/** Whether PROCESSES (what pgrep printed) is empty: a process stopped may take a moment to be gone on a loaded machine, so it is looked at for up to 5 s. */
export async function noneLeft(processes: () => string): Promise<boolean> {
  for (const end = Date.now() + 5000; processes() !== '' && Date.now() < end; ) await new Promise((r) => setTimeout(r, 100));
  return processes() === '';
}

const SPECIFICATION = '# Heat Specification\n\n## Requirements\n\n### Requirement: Heat\nIt SHALL heat.\n\n#### Scenario: Warm\n- **GIVEN** a temperature of 30 C\n- **THEN** it is warm\n';
const stepsFile = (warm: string) =>
  `import { Given, Then } from 'spec-run/steps';\nimport './types.mjs';\nGiven('a temperature of {celsius} C', function (c) { this.c = c; });\nThen('it is warm', function () { if (!(${warm})) throw new Error('not warm: ' + this.c); });\n`;

/** A project's files: a document, a steps file, and the module defining the parameter type it uses. */
export const WATCHED_PROJECT = {
  'specs/heat.spec.md': SPECIFICATION,
  'steps/types.mjs': "import { defineParameterType } from 'spec-run/steps';\ndefineParameterType({ name: 'celsius', regexp: /-?\\d+/, transformer: Number });\n",
  'steps/heat.steps.mjs': stepsFile('this.c > 20'),
};

/** What one editing session under `spec-run specs/ --reporter tap --watch` in DIR showed: the TAP of each run, and stderr. */
export async function editUnderWatch(dir: string, start: (args: string[]) => Watching): Promise<{ runs: string[]; stderr: string }> {
  const settle = () => new Promise((r) => setTimeout(r, 300));
  const run = start(['specs/', '--reporter', 'tap']);
  await run.summaries(1);
  await settle();
  writeFileSync(join(dir, 'steps', 'heat.steps.mjs'), stepsFile('this.c > 40'));
  await run.summaries(2);
  await settle();
  writeFileSync(join(dir, 'specs', 'heat.spec.md'), SPECIFICATION.replace('30 C', '50 C'));
  await run.summaries(3);
  await run.stop();
  return { runs: run.stdout().split(/^TAP version 14$/m).slice(1), stderr: run.stderr() };
}

type TapTest = Parameters<Parameters<typeof t.test>[0]>[0];

/**
 * What the session must have shown: the edited definition ran while the unchanged one, with
 * the parameter type of the module it imports, still bound; the document named as the
 * first run named it, in every run.
 */
export function checkWatchSession(t: TapTest, { runs, stderr }: { runs: string[]; stderr: string }): void {
  t.equal(runs.length, 3, 'three runs');
  t.match(runs[0], /^ok 1 - Heat Specification \(specs\/heat\.spec\.md\)/m, 'the first run passes');
  t.match(runs[1], /not ok 2 - THEN it is warm\n[^]*message: "not warm: 30"/, 'after the edit, the edited definition runs');
  t.match(runs[1], /ok 1 - GIVEN a temperature of 30 C\n/, 'the unchanged one, with the parameter type of the module it imports, still binds');
  t.notMatch(runs[1], /no step definition matches/);
  t.match(runs[2], /^ok 1 - Heat Specification \(specs\/heat\.spec\.md\)/m, 'the edited document passes');
  for (const [i, text] of runs.entries()) {
    const places = text.split('\n').filter((line) => /# Subtest: Heat Specification|^ *at: /.test(line));
    t.same(places.filter((line) => !/\(specs\/heat\.spec\.md\)$|at: specs\/heat\.spec\.md:\d+$/.test(line)), [], `run ${i + 1} names the document as the first did`);
  }
  t.match(stderr, /changed: specs\/heat\.spec\.md\n/);
}
