// A user-seat tester's false greens of stop-hook documents (spec-run packed, installed into a
// fresh project outside the repository, run through its bin): a THEN judged on a run in which
// the scenario's command never ran. A YAML block that is not valid YAML, a configuration the
// executor refuses (a typo `timout:`, `1 fortnight`, `commands:` as a mapping), a top key
// `stops:`, a program not found or not executable, a container that cannot start, two
// configuration blocks, and a script beside a scaled sleep all went green on "SHALL NOT …"; each
// now fails the run at the document's line, and `check` reports what it can know before a run.
// A scenario about the refusal or the missing command still passes.
import t, { type Test } from 'tap';
import { chmodSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { userProject } from '../support/installed.js';
import { raisedLaterScenario, stopCommand } from '../support/stop-hook-documents.js';

/** A stop-hook document of one requirement per scenario: each a YAML block introduced by a sentence, and its THENs. */
function hooks(scenarios: { name: string; block: string[]; thens: string[] }[]): string {
  return [
    '# Stop hooks',
    '',
    ...scenarios.flatMap(({ name, block, thens }) => [`### Requirement: ${name}`, 'The hook SHALL finish in time.', '', `#### Scenario: ${name}`, 'When the configuration is:', '```yaml', ...block, '```', ...thens.map((then) => `- **THEN** ${then}`), '']),
  ].join('\n');
}


/** A THEN that ran and passed (not one skipped after a failure). */
const PASSED_THEN = /^\s+ok \d+ - THEN (?!.*# SKIP).*$/m;

/** The requirements of a run's summary line. */
const requirements = (stderr: string) => /requirements: (\d+) verified, (\d+) failing/.exec(stderr)?.slice(1).map(Number);

t.test('a refused or unreadable configuration fails the run at its line, in run and check alike; a negated THEN never passes on "no command ran"', async (t) => {
  const project = userProject({
    'specs/hooks.md': hooks([
      { name: 'nested quotes', block: ['stop:', '  commands:', '    - run: "echo "linting"; sleep 5"', '      timeout: "1s"'], thens: ['the command SHALL NOT time out'] },
      { name: 'typo key', block: stopCommand('echo error; exit 3', 'timout: "1s"'), thens: ['the output SHALL NOT contain "error"', 'the exit code SHALL NOT be 3'] },
      { name: 'fortnight', block: stopCommand('sleep 5', 'timeout: "1 fortnight"'), thens: ['the command SHALL NOT time out'] },
      { name: 'mapping', block: ['stop:', '  commands:', '    run: "sleep 5"', '    timeout: "1s"'], thens: ['the command SHALL NOT time out'] },
      { name: 'wrong top key', block: ['stops:', '  commands:', '    - run: "sleep 5"', '      timeout: "1s"'], thens: ['the command SHALL NOT time out'] },
    ]),
  });
  const run = await project.specRun(['specs/', '--require-verified']);
  t.equal(run.code, 1, 'the run fails');
  t.same(requirements(run.stderr), [0, 5], 'no requirement verified', { stderr: run.stderr });
  t.notMatch(run.stdout, PASSED_THEN, 'no THEN passes');
  t.notMatch(run.stdout, /yes \(no command ran\)/, 'nothing is judged on a run that never was');
  t.match(run.stdout, /specs\/hooks\.md:11:19/, 'the unreadable block at the line and column check gives');
  t.match(run.stdout, /unknown key 'timout'/);
  t.match(run.stdout, /invalid duration "1 fortnight"/);
  t.match(run.stdout, /must be a list of commands/);
  t.match(run.stdout, /top key `stops:`, not `stop:`/);
  t.notMatch(run.stdout, /host: true → completed/, 'no stand-in command runs for the block ignored');

  const check = await project.specRun(['check', 'specs/']);
  t.equal(check.code, 1, 'check fails too');
  for (const [line, what] of [
    ['11:19', /not valid YAML/],
    ['25:7', /unknown key 'timout'/],
    ['39:16', /invalid duration "1 fortnight"/],
    ['51:5', /must be a list of commands/],
    ['62:1', /top key `stops:`/],
  ] as const) {
    t.match(check.stdout + check.stderr, new RegExp(`specs/hooks\\.md:${line}: error: .*${what.source}`), `check: ${line}`);
  }

  const list = await project.specRun(['--list', 'specs/']);
  t.equal(list.code, 1, '--list counts them as problems');
  t.match(list.stderr, /1 documents, 5 units, 5 problems/);
  t.match(list.stdout, /configuration problems \(5\), each failing its scenario:\n {4}specs\/hooks\.md:11:19 {2}error: .*not valid YAML/);
});

t.test('the WHEN-step form: a refused timeout fails its WHEN, however the THEN is negated', async (t) => {
  const project = userProject({ 'specs/w.md': ['# W', '', '### Requirement: R', 'It SHALL end in time.', '', '#### Scenario: fortnight', '- **WHEN** the command `sleep 5` runs with a timeout of "1 fortnight"', '- **THEN** the command SHALL NOT time out', ''].join('\n') });
  const run = await project.specRun(['specs/', '--executor-steps', '--require-verified']);
  t.equal(run.code, 1, run.stdout);
  t.match(run.stdout, /not ok 1 - WHEN the command sleep 5 runs with a timeout of "1 fortnight"/);
  t.notMatch(run.stdout, PASSED_THEN);
});

t.test('a program not found or not executable in the YAML block fails its THENs; a scenario stating exit 127 passes', async (t) => {
  const project = userProject({
    'lint.sh': '#!/bin/sh\necho error\n',
    'specs/hooks.md': hooks([
      { name: 'not installed', block: stopCommand('eslintx --quiet', 'timeout: "30s"'), thens: ['the output SHALL NOT contain "error"', 'the command SHALL NOT time out'] },
      { name: 'project script', block: stopCommand('$SPEC_RUN_PROJECT_DIR/lint.sh'), thens: ['the output SHALL NOT contain "error"'] },
      { name: 'missing on purpose', block: stopCommand('eslintx --quiet'), thens: ['the exit code is 127'] },
    ]),
  });
  chmodSync(join(project.dir, 'lint.sh'), 0o644);
  const run = await project.specRun(['specs/']);
  t.equal(run.code, 1);
  t.same(requirements(run.stderr), [1, 2], 'only the scenario about the missing command is verified', { stderr: run.stderr });
  t.match(run.stdout, /the command `eslintx --quiet` could not be started .*exit 127/);
  t.match(run.stdout, /the command `\$SPEC_RUN_PROJECT_DIR\/lint\.sh` could not be started .*exit 126/);
  t.match(run.stdout, /ok \d+ - THEN the exit code is 127/);
});

t.test('two configuration blocks, and a script run beside a scaled sleep: refused, never one silently winning or shrunk', async (t) => {
  const project = userProject({
    'work.sh': '#!/bin/sh\nsleep 5; echo done\n',
    'specs/stop.md': ['# Stop', '', '### Requirement: Raised', 'Slow commands SHALL be stopped.', '', ...raisedLaterScenario()].join('\n'),
    'specs/nightly.md': hooks([{ name: 'nightly job', block: stopCommand('sleep 30 && $SPEC_RUN_PROJECT_DIR/work.sh', 'timeout: "1m"'), thens: ['the command SHALL time out'] }]),
  });
  chmodSync(join(project.dir, 'work.sh'), 0o755);
  const run = await project.specRun(['specs/']);
  t.equal(run.code, 1);
  t.same(requirements(run.stderr), [0, 2], { stderr: run.stderr });
  t.match(run.stdout, /second configuration \(the YAML block at line 16\) after the one at line 9/);
  t.match(run.stdout, /runs `\$SPEC_RUN_PROJECT_DIR\/work\.sh`, whose own time the scaling cannot see or shorten/);
  const check = await project.specRun(['check', 'specs/']);
  t.match(check.stdout + check.stderr, /specs\/stop\.md:16:1: error: scenario 'raised later' gives a second configuration/);
});

/** Fails the test, rather than passing it unrun, where no Docker engine answers. */
async function engineHere(t: Test): Promise<boolean> {
  if ((await execa('docker', ['version'], { reject: false })).exitCode === 0) return true;
  t.fail('no Docker engine: this check did not run');
  return false;
}

t.test('a container that cannot start (exit 125) fails its THENs; a scenario stating 125 passes', async (t) => {
  if (!(await engineHere(t))) return;
  const project = userProject({
    'specs/h.md': hooks([
      { name: 'bad image', block: stopCommand('echo error; exit 3', 'image: "Spec-Run/NoSuch:local"'), thens: ['the output SHALL NOT contain "error"', 'the exit code SHALL NOT be 3'] },
      { name: 'bad image stated', block: stopCommand('echo error; exit 3', 'image: "Spec-Run/NoSuch:local"'), thens: ['the exit code is 125'] },
    ]),
  });
  const run = await project.specRun(['specs/']);
  t.equal(run.code, 1);
  t.same(requirements(run.stderr), [1, 1], { stderr: run.stderr });
  t.match(run.stdout, /the command `echo error; exit 3` was never run: the executor could not run it \(exit 125/);
  t.match(run.stdout, /ok \d+ - THEN the exit code is 125/);
});
