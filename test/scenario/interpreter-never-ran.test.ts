// A check judged on a run in which the scenario's command never ran, or ran other than stated:
// "SHALL NOT time out", "SHALL NOT contain \"error\"", "the exit code SHALL NOT be 3" all hold of
// a run with no command. Whatever keeps the command from running (a configuration the executor
// refuses, a block that is not valid YAML, a program not found or not executable, a container
// that cannot start, a second configuration block, a block the executor does not read as one, a
// scaling that would change what the command does) fails the step that runs the configuration,
// the first THEN where no WHEN does, unless the scenario states that very outcome.
import t from 'tap';
import type { ScenarioUnit } from '../../src/model/plan.js';
import { configurationMistakes, statesRefusal } from '../../src/translate/refused-block.js';
import { scaled } from '../../src/run/scenario/interpreter/observation.js';
import { loadConfig } from '../../src/executor/config.js';
import { runSpecLines, type CliPoint } from './cli-points.js';
import { raisedLaterScenario, stopCommand } from '../support/stop-hook-documents.js';

/** The points of the Nth scenario (from 1) of a run. */
const scenarioPoints = (points: CliPoint[], n: number) => points.filter((p) => (p as CliPoint & { unitId?: string }).unitId?.endsWith(`#${n}`));
/** The failure of the Nth scenario: its first point that failed (not TODO). */
const failureOf = (points: CliPoint[], n: number) => scenarioPoints(points, n).find((p) => !p.ok && !p.todo);
/** Whether a THEN of the Nth scenario passed: ran and held. */
const thenPassed = (points: CliPoint[], n: number) => scenarioPoints(points, n).some((p) => /^THEN/.test(p.name) && p.ok && !p.skip && !p.todo);

const head = ['# Never ran', '', '### Requirement: As said', 'The hook SHALL finish in time.', ''];

/** A scenario whose condition paragraph introduces BLOCK (the lines of a YAML block), then its THENS as bullets. */
const blockScenario = (title: string, block: string[], ...thens: string[]) => [`#### Scenario: ${title}`, 'When the configuration is:', '```yaml', ...block, '```', ...thens.map((then) => `- **THEN** ${then}`), ''];


t.test('a refused or unreadable configuration fails the first THEN, however negated; a scenario about the refusal still holds', async (t) => {
  const lines = [
    ...head,
    ...blockScenario('nested quotes', ['stop:', '  commands:', '    - run: "echo "linting"; sleep 5"', '      timeout: "1s"'], 'the command SHALL NOT time out'),
    ...blockScenario('typo key', stopCommand('echo error; exit 3', 'timout: "1s"'), 'the output SHALL NOT contain "error"', 'the exit code SHALL NOT be 3'),
    ...blockScenario('bad duration', stopCommand('sleep 5', 'timeout: "1 fortnight"'), 'the command SHALL NOT time out'),
    ...blockScenario('commands as a mapping', ['stop:', '  commands:', '    run: "sleep 5"', '    timeout: "1s"'], 'the command SHALL NOT time out'),
    ...blockScenario('refusal stated', stopCommand('sleep 5', 'timout: "1s"'), 'the configuration is rejected'),
    ...blockScenario('refusal held by its words', stopCommand('sleep 5', 'timout: "1s"'), 'the message names "timout"'),
    ...blockScenario('valid and quick', stopCommand('echo fine', 'timeout: "5s"'), 'the command SHALL NOT time out', 'the output SHALL NOT contain "error"'),
  ];
  const { points, passes } = await runSpecLines('never-ran-refused', lines);
  t.match(failureOf(points, 1)?.diagnostics?.message ?? '', /no command ran: \(yaml\).*never-ran-refused\.spec\.md:11:19/, 'placed where check places it', { points });
  t.match(failureOf(points, 2)?.diagnostics?.message ?? '', /unknown key 'timout'.*\n.*no THEN of the scenario says the configuration is refused/);
  t.match(failureOf(points, 3)?.diagnostics?.message ?? '', /invalid duration "1 fortnight"/);
  t.match(failureOf(points, 4)?.diagnostics?.message ?? '', /must be a list of commands/);
  for (const n of [1, 2, 3, 4]) t.notOk(thenPassed(points, n), `scenario ${n}: no THEN passes`);
  t.ok(passes('the configuration is rejected'), 'a scenario about the refusal holds');
  t.ok(passes('the message names "timout"'), 'a THEN that holds of the refusal by what it quotes states it');
  t.equal(scenarioPoints(points, 7).filter((p) => p.ok && !p.skip).length, 2, 'a configuration that runs is checked as before');
});

t.test('a command that never started fails its THENs, from a YAML block as from a WHEN; a scenario stating it holds', async (t) => {
  const lines = [
    ...head,
    ...blockScenario('not found', stopCommand('eslintx-not-installed --quiet', 'timeout: "30s"'), 'the output SHALL NOT contain "error"', 'the command SHALL NOT time out'),
    ...blockScenario('no such script', stopCommand('$SPEC_RUN_PROJECT_DIR/no-such-lint.sh'), 'the output SHALL NOT contain "error"'),
    ...blockScenario('missing on purpose', stopCommand('eslintx-not-installed'), 'the exit code is 127'),
  ];
  const { points, passes } = await runSpecLines('never-ran-not-started', lines);
  t.match(failureOf(points, 1)?.diagnostics?.message ?? '', /could not be started.*exit 127/, 'not found', { points });
  t.match(failureOf(points, 2)?.diagnostics?.message ?? '', /could not be started.*exit 127/, 'a script of the project that is not there');
  for (const n of [1, 2]) t.notOk(thenPassed(points, n), `scenario ${n}: no THEN passes`);
  t.ok(passes('the exit code is 127'), 'a scenario about a missing command holds');
});

t.test('a scenario that does not give one configuration is refused, in the run and by its own judgement', async (t) => {
  const unit = (configs: string[], lang = 'yaml'): ScenarioUnit => ({ name: 's', requirement: '', steps: [], condition: null, configs: configs.map((text, i) => ({ file: 'a.md', line: 10 * (i + 1), text, lang, headingPath: [], blockIndex: i })) }) as unknown as ScenarioUnit;
  const two = configurationMistakes(unit(['stop:\n  commands:\n    - run: "sleep 3"\n      timeout: "1s"\n', 'stop:\n  commands:\n    - run: "sleep 3"\n      timeout: "30s"\n']));
  t.match(two, [{ line: 20, message: /second configuration \(the YAML block at line 20\) after the one at line 10/ }]);
  t.match(configurationMistakes(unit(['stops:\n  commands:\n    - run: "true"\n'])), [{ line: 10, message: /top key `stops:`, not `stop:`/ }]);
  t.match(configurationMistakes(unit(['Stop:\n  commands: []\n'])), [{ message: /`Stop:`/ }]);
  t.same(configurationMistakes(unit(['stop:\n  commands:\n    - run: "true"\n'])), [], 'one configuration');
  t.same(configurationMistakes(unit(['images:\n  busybox: spec-run/busybox:local\n'])), [], 'a block of other data is no slip of stop:');
  // Fenced in fullwidth or mathematical letters, `yaml` reads as YAML and is not: its configuration would go unread.
  for (const lang of ['\uff59\uff41\uff4d\uff4c', '\u{1d432}\u{1d426}\u{1d425}']) {
    t.match(configurationMistakes(unit(['stop:\n  commands:\n    - run: "true"\n'], lang)), [{ line: 10, message: new RegExp(`fenced \`${lang}\`, which reads '(yaml|yml)' but is not`, 'u') }], lang);
  }
  t.same(configurationMistakes(unit(['stop:\n  commands:\n    - run: "true"\n'], 'text')), [], 'a block of another language is shown');

  const lines = [
    ...head,
    ...raisedLaterScenario(),
    ...blockScenario('wrong top key', ['stops:', '  commands:', '    - run: "sleep 5"', '      timeout: "1s"'], 'the command SHALL NOT time out'),
    ...blockScenario('other data', ['images:', '  busybox: spec-run/busybox:local'], 'the command SHALL NOT time out'),
  ];
  const { points } = await runSpecLines('never-ran-blocks', lines);
  t.match(failureOf(points, 1)?.diagnostics?.message ?? '', /second configuration \(the YAML block at line 16\) after the one at line 9/, 'two blocks', { points });
  t.match(failureOf(points, 2)?.diagnostics?.message ?? '', /top key `stops:`/);
  t.match(failureOf(points, 3)?.diagnostics?.message ?? '', /not a stop-hook configuration.*no step says which command runs/, 'no stand-in command is run for a block that configures nothing');
  for (const n of [1, 2, 3]) t.notOk(thenPassed(points, n), `scenario ${n}: no THEN passes`);
});

t.test('statesRefusal: a negated mention of an error states no refusal; a refusal in words does', (t) => {
  const unit = (then: string): ScenarioUnit => ({ name: 's', condition: null, requirement: 'The hook SHALL report no errors.', steps: [{ keyword: 'Then', text: then, line: 1 }] }) as unknown as ScenarioUnit;
  for (const then of ['the output SHALL NOT contain "error"', 'no error is reported', 'the command SHALL NOT time out', 'it runs without an error', 'the exit code is 0 and there is no problem']) t.notOk(statesRefusal(unit(then)), then);
  for (const then of ['the configuration is rejected', 'the configuration is not valid', 'no command runs', 'spec-run exec exits with status 2', 'an error names stop.commands[0].timeout', 'the command does not run: the configuration is refused']) t.ok(statesRefusal(unit(then)), then);
  t.end();
});

t.test('scaling leaves no program whose own time it cannot shorten beside a sleep', (t) => {
  const config = (run: string) => loadConfig(`stop:\n  commands:\n    - run: ${JSON.stringify(run)}\n      timeout: "1m"\n`).config;
  for (const run of ['sleep 30 && $SPEC_RUN_PROJECT_DIR/work.sh', 'sleep 30; ./work.sh', 'sleep 30 && bash job.sh', 'sleep 30 | node build.js', 'FOO=1 /usr/local/bin/job; sleep 30']) {
    t.throws(() => scaled(config(run)), /whose own time the scaling cannot see or shorten/, run);
  }
  for (const run of ['sleep 30', 'echo started; sleep 30; echo done', "trap 'echo caught' TERM; sleep 30 & wait"]) t.ok(scaled(config(run)).scale < 1, `scaled: ${run}`);
  t.end();
});

t.test('the WHEN-step form: a refused timeout fails the WHEN, a negated THEN does not make it expected', async (t) => {
  const lines = [...head, '#### Scenario: fortnight', '- **WHEN** the command `sleep 5` runs with a timeout of "1 fortnight"', '- **THEN** the command SHALL NOT time out', ''];
  const { points } = await runSpecLines('never-ran-when', lines);
  const when = points.find((p) => p.name.includes('WHEN') && p.name.includes('fortnight'));
  t.equal(when?.ok, false, 'the WHEN fails', { points });
  t.notOk(points.some((p) => p.name.includes('SHALL NOT time out') && p.ok && !p.skip && !p.todo), 'the THEN does not pass');
});
