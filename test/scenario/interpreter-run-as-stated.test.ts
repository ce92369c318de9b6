// The interpreter's run of a scenario is the run its steps state, or none: two commands (or two
// timeouts) said by two steps are a contradiction named with both lines, not "the last one wins"
// with an ok point for the first; a command the shell could not start (127, 126) fails its When,
// saying where it was looked for and how to reach the project's files; and a run too long to wait
// for is scaled only where no number of its command but its sleeps could be a duration.
import t from 'tap';
import { project, runIn } from './user-project.js';

const scenario = (name: string, ...steps: string[]) => [`#### Scenario: ${name}`, ...steps, ''].join('\n');
const doc = (...scenarios: string[]) => ['# Exec', '', '### Requirement: Runs', 'Commands SHALL run as stated.', '', ...scenarios].join('\n');

t.test('two steps that each state a command, or a timeout: refused at the second, naming the first; neither command runs', async (t) => {
  const DOC = doc(
    scenario('two commands', '- **WHEN** the command `touch first-ran; echo BUILD FAILED; exit 1` runs with a timeout of 5 seconds', '- **AND** the command `echo check ok` runs with a timeout of 5 seconds', '- **THEN** the exit code SHALL be 0'),
    scenario('two timeouts', '- **GIVEN** the command `touch setup-ran` runs with a timeout of 5 seconds', '- **AND** a timeout of 1 second', '- **WHEN** the command `sleep 0.1` runs', '- **THEN** it SHALL complete'),
    scenario('one value said twice alike', '- **GIVEN** a timeout of 5 seconds', '- **WHEN** the command `echo once` runs with a timeout of 5 seconds', '- **THEN** the exit code SHALL be 0'),
  );
  const dir = project({ 'exec.md': DOC });
  const run = await runIn(dir, ['exec.md', '--executor-steps', '--reporter', 'json']);
  const line = (text: string) => DOC.split('\n').indexOf(text) + 1;
  const at = (text: string) => run.points.find((p) => p.at?.line === line(text));
  t.match(at('- **AND** the command `echo check ok` runs with a timeout of 5 seconds'), {
    ok: false,
    diagnostics: { message: new RegExp(`this step says the command is "echo check ok", where the step at line ${line('- **WHEN** the command `touch first-ran; echo BUILD FAILED; exit 1` runs with a timeout of 5 seconds')} said "touch first-ran; echo BUILD FAILED; exit 1"`) },
  });
  t.match(at('- **AND** a timeout of 1 second'), { ok: false, diagnostics: { message: new RegExp(`this step says its timeout is 1 s, where the step at line ${line('- **GIVEN** the command `touch setup-ran` runs with a timeout of 5 seconds')} said 5 s`) } });
  t.match(at('- **THEN** the exit code SHALL be 0'), { skip: /an earlier step failed/ }, 'the THEN is not checked on the last command alone');
  const alike = ['- **GIVEN** a timeout of 5 seconds', '- **WHEN** the command `echo once` runs with a timeout of 5 seconds'].map(at);
  t.match(alike, [{ ok: true }, { ok: true }], 'the same value said twice is no contradiction');
  t.equal(run.points.filter((p) => p.name === 'THEN the exit code SHALL be 0' && p.ok && p.skip === undefined).length, 1, "and that scenario's THEN is checked");
  t.equal(run.exitCode, 1);
});

t.test('a command the shell cannot find fails its When, naming the directory it ran in and the variable holding the project; stated, that outcome is checked', async (t) => {
  const DOC = doc(
    scenario('own tool, relative', '- **WHEN** the command `./bin/greet.sh Ann` runs with a timeout of 5 seconds', '- **THEN** it SHALL finish within 2 seconds', '- **AND** it SHALL NOT time out'),
    scenario('own tool, from the project', '- **WHEN** the command `"$SPEC_RUN_PROJECT_DIR/bin/greet.sh" Ann` runs with a timeout of 5 seconds', '- **THEN** the output SHALL contain "Hello, Ann"'),
    scenario('a missing command', '- **WHEN** the command `no-such-tool-here` runs with a timeout of 5 seconds', '- **THEN** the exit code SHALL be 127'),
    scenario('a missing file', '- **WHEN** the command `./bin/greet.sh missing.txt` runs with a timeout of 5 seconds', '- **THEN** the output SHALL contain "not found"'),
  );
  const dir = project({ 'exec.md': DOC, 'bin/greet.sh': '#!/bin/sh\necho "Hello, $1"\n' });
  const { chmodSync } = await import('node:fs');
  chmodSync(`${dir}/bin/greet.sh`, 0o755);
  const run = await runIn(dir, ['exec.md', '--executor-steps', '--reporter', 'json']);
  const relative = run.points.find((p) => p.name === 'WHEN the command ./bin/greet.sh Ann runs with a timeout of 5 seconds');
  t.match(relative, { ok: false, diagnostics: { message: /the command `\.\/bin\/greet\.sh Ann` could not be started in \/\S+: exit 127, the shell's status for a command not found\. The executor interpreter runs a scenario's commands in a fresh directory of their own[^]*"\$SPEC_RUN_PROJECT_DIR\/bin\/tool"/ } });
  t.ok(run.points.filter((p) => p.name === 'THEN it SHALL finish within 2 seconds' || p.name === 'AND it SHALL NOT time out').every((p) => p.skip !== undefined), 'the THENs about what the command did not do are not checked on a command that never ran');
  t.match(run.points.find((p) => p.name === 'THEN the output SHALL contain "Hello, Ann"'), { ok: true }, "the project's own file runs through the variable");
  t.match(run.points.find((p) => p.name === 'THEN the exit code SHALL be 127'), { ok: true }, 'a scenario about a missing command checks it');
  // "not found" about a file is no statement that the command is missing: the shell's own "not found" must not make it hold.
  t.match(run.points.find((p) => p.name === 'WHEN the command ./bin/greet.sh missing.txt runs with a timeout of 5 seconds'), { ok: false, diagnostics: { message: /could not be started/ } });
  t.match(run.points.find((p) => p.name === 'THEN the output SHALL contain "not found"'), { skip: /an earlier step failed/ });
  t.equal(run.exitCode, 1);
});

t.test('a run too long to wait for, whose command holds a number beside its sleeps: refused, never scaled into another outcome; sleeps alone are still scaled', async (t) => {
  const DOC = doc(
    scenario('an inner limit', '- **WHEN** the command `timeout 30 sleep 100` runs with a timeout of 5 minutes', '- **THEN** the exit code SHALL be 0'),
    scenario('sleeps alone', '- **WHEN** the command `sleep 100; exit 3` runs with a timeout of 5 minutes', '- **THEN** the exit code SHALL be 3'),
  );
  const dir = project({ 'exec.md': DOC });
  const run = await runIn(dir, ['exec.md', '--executor-steps', '--reporter', 'json']);
  t.match(run.points.find((p) => p.name === 'WHEN the command timeout 30 sleep 100 runs with a timeout of 5 minutes'), {
    ok: false,
    diagnostics: { message: /beside its sleeps the command `timeout 30 sleep 100` holds "30"[^]*so it is not run/ },
  });
  t.match(run.points.find((p) => p.name === 'THEN the exit code SHALL be 0'), { skip: /an earlier step failed/ }, 'the exit code of a rewritten command is not checked');
  const sleeps = run.points.find((p) => p.name === 'THEN the exit code SHALL be 3');
  t.equal(sleeps?.ok, true, 'a command of sleeps and an exit status is scaled and runs');
  t.match(JSON.stringify(sleeps?.attachments), /durations scaled by/);
  t.equal(run.exitCode, 1);
});
