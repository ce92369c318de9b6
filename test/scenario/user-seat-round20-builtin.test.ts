// User-seat round 20 (built-in expressions, check and tables). Each class is tested both ways:
// - a THEN of the user's after the scenario's YAML block (no Given or When before it), which the
//   executor's steps run, cannot see that run: refused at its line, as after their WHEN; where a
//   step of the user's runs the command, or no step of theirs reads the scenario, it is the user's;
// - a block of a shape the executor's loader refuses (`stop:` a list, a command that is no
//   mapping) is that refusal, in the executor's words, whichever model reads the THEN, and the
//   scenario that expects the refusal passes on it;
// - `check` (so the editor) reports each value the executor refuses where the built-in
//   expressions run the block, as the run fails on it; not where a THEN expects the refusal;
// - a table refused for uneven rows is not run: its scenario fails at the row, its steps skipped.
import t from 'tap';
import { execa } from 'execa';
import { cli, project, runIn } from './user-project.js';
import { expectVerdicts, scenariosRunner } from './cli-points.js';

const run = scenariosRunner('Hooks');

const STEPS = `import assert from 'node:assert/strict';
import { When, Then } from 'spec-run/steps';
When('my smoke test runs', async function () {
  this.result = await this.run('echo smoke ok', { timeout: '10s' });
});
Then('my output SHALL NOT contain {string}', function (text) {
  assert.ok(!String(this.result?.stdout ?? '').includes(text), 'output holds ' + text);
});
Then('every region SHALL be named:', function (table) {
  for (const row of table.hashes()) assert.ok(row.env !== undefined, JSON.stringify(row));
});
`;

/** A document of one requirement holding SCENARIOS (each its lines). */
const document = (...scenarios: string[][]) => ['# Hooks', '', '### Requirement: Clean hook', 'The hook SHALL NOT print FAILED.', '', ...scenarios.flatMap((lines) => [...lines, ''])].join('\n');

/** A scenario whose condition paragraph introduces a YAML block of YAML (its lines), then STEPS. */
const blockScenario = (name: string, yaml: string[], ...steps: string[]) => [`#### Scenario: ${name}`, 'When the deploy hook is configured as:', '', '```yaml', ...yaml, '```', '', ...steps];

const ECHO_FAILED = ['stop:', '  commands:', '    - run: "echo FAILED"'];

t.test("a THEN of the user's after the scenario's YAML block, which the executor's steps run, is refused at its line; after a step of the user's, or with no step of the executor's, it is theirs", async (t) => {
  const doc = document(
    blockScenario('built-in reads', ECHO_FAILED, '- **THEN** the exit code SHALL be 0', '- **AND** my output SHALL NOT contain "FAILED"'),
    blockScenario('interpreter reads', ECHO_FAILED, '- **THEN** the exit code SHALL be 0 (the output contains "FAILED")', '- **AND** my output SHALL NOT contain "FAILED"'),
    blockScenario('own step runs', ECHO_FAILED, '- **WHEN** my smoke test runs', '- **THEN** my output SHALL NOT contain "FAILED"'),
    blockScenario('own steps alone', ECHO_FAILED, '- **THEN** my output SHALL NOT contain "FAILED"'),
  );
  const dir = project({ 'hook.md': doc, 'hook.steps.mjs': STEPS });
  const lines = doc.split('\n');
  // A block's line is its first line inside the fence.
  const blockLines = lines.flatMap((line, i) => (line === '```yaml' ? [i + 2] : []));
  const result = await runIn(dir, ['hook.md', '--executor-steps', '--reporter', 'json']);
  const own = result.points.filter((p) => p.name === 'AND my output SHALL NOT contain "FAILED"' || p.name === 'THEN my output SHALL NOT contain "FAILED"');
  t.equal(own.length, 4, { points: result.points });
  t.match(own[0], { ok: false, diagnostics: { reason: new RegExp(`is set up by its YAML block \\(line ${blockLines[0]}\\), which the built-in executor steps run \\(THEN at line \\d+: "the exit code SHALL be 0"\\), and this step's definition is yours \\(hook\\.steps\\.mjs:6\\): it cannot see that run`) } }, 'refused, not passed on a world nobody set');
  t.match(own[1], { ok: false, diagnostics: { reason: new RegExp(`is set up by its YAML block \\(line ${blockLines[1]}\\), which the executor interpreter runs`) } }, 'refused where the interpreter reads the scenario too');
  t.equal(own[2].ok, true, "after the user's own step ran a command, the THEN checks what that step saw");
  t.equal(own[3].ok, true, 'with no step of the executor\'s, the block is data for the user\'s steps: nothing refused');
  t.notMatch(JSON.stringify(own.slice(2)), /cannot see that run/);

  const check = await execa(process.execPath, [cli, 'check', 'hook.md', '--executor-steps'], { cwd: dir, reject: false });
  const refusedLines = [...check.stdout.matchAll(/^hook\.md:(\d+):1: error: step 'my output SHALL NOT contain "FAILED"': the scenario's command is set up by its YAML block/gm)].map((m) => Number(m[1]));
  t.same(refusedLines, [own[0].at?.line, own[1].at?.line], 'check refuses the same two steps, at their lines');
});

t.test('a block of a shape the executor refuses is that refusal, in its words, at its line, whichever model reads the THEN; a THEN expecting the refusal holds', async (t) => {
  const list = ['stop:', '  - run: "echo hi"', '    image: alpine'];
  const bare = ['stop:', '  commands:', '    - "echo hi"'];
  const scenarios = [
    blockScenario('list, built-in THEN', list, '- **THEN** the command SHALL run as user 1234'),
    blockScenario('list, interpreted THEN', list, '- **THEN** the exit code SHALL be 0 (the output contains "hi")'),
    blockScenario('bare command, built-in THEN', bare, '- **THEN** the command SHALL run on the host'),
    blockScenario('list, refusal expected', list, '- **THEN** the configuration SHALL fail'),
    blockScenario('mapping, refusal expected', ['stop:', '  commands:', '    - run: "echo hi"'], '- **THEN** the configuration SHALL fail'),
  ];
  const { points } = await run('shapes', scenarios);
  const thens = points.filter((p) => /^THEN /.test(p.name));
  t.equal(thens.length, 5, { points });
  for (const [i, said] of [
    [0, /the executor rejects the scenario's configuration, so no command runs: stop: must be a mapping with `commands:` and optionally `defaultTimeout:` and `failFast:`, not a list \(\S*shapes\.spec\.md:\d+:3\)/],
    [1, /stop: must be a mapping with `commands:` and optionally `defaultTimeout:` and `failFast:`, not a list/],
    [2, /the executor rejects the scenario's configuration, so no command runs: stop\.commands\[0\]: must be a mapping with at least `run:`, not "echo hi"/],
  ] as const) {
    t.equal(thens[i].ok, false, thens[i].name);
    t.match(thens[i].diagnostics?.message, said, thens[i].name);
    t.notMatch(thens[i].diagnostics?.message, /configures 0 commands|is not a mapping of fields/, 'not a count of commands the block holds');
  }
  await expectVerdicts(t, run, 'refusals', scenarios.slice(3), 'the configuration SHALL fail', [
    [true, 'a list is refused by the executor, as the scenario says'],
    [false, 'a valid block is not refused: the THEN fails'],
  ]);
});

t.test('check reports each value the executor refuses where the built-in expressions run the block, as the run fails on it; not where a THEN expects the refusal', async (t) => {
  const fortnight = ['stop:', '  commands:', '    - run: "echo hi"', '      timeout: 1 fortnight'];
  const doc = document(
    blockScenario('fortnight, built-in THEN', fortnight, '- **THEN** the command SHALL run on the host'),
    blockScenario('list, built-in THEN', ['stop:', '  - run: "echo hi"'], '- **THEN** the command SHALL run as user 1234'),
    blockScenario('fortnight, refusal expected', fortnight, '- **THEN** the configuration SHALL fail'),
    blockScenario('fine, built-in THEN', ['stop:', '  commands:', '    - run: "echo hi"', '      timeout: 5s'], '- **THEN** the command SHALL run on the host'),
  );
  const dir = project({ 'fortnight.md': doc });
  const lines = doc.split('\n');
  const fortnightLines = lines.flatMap((line, i) => (line === '      timeout: 1 fortnight' ? [i + 1] : []));
  const listLine = lines.indexOf('  - run: "echo hi"') + 1;
  for (const args of [['--executor-steps'], []]) {
    const check = await execa(process.execPath, [cli, 'check', 'fortnight.md', ...args], { cwd: dir, reject: false });
    const errors = check.stdout.split('\n').filter((line) => /: error: /.test(line));
    t.equal(errors.length, 2, `two errors (${args.join(' ') || 'the block makes the built-in steps active'})`, { stdout: check.stdout });
    t.match(errors[0], new RegExp(`^fortnight\\.md:${fortnightLines[0]}:16: error: the executor refuses the configuration of scenario 'fortnight, built-in THEN': stop\\.commands\\[0\\]\\.timeout: invalid duration "1 fortnight"`));
    t.match(errors[1], new RegExp(`^fortnight\\.md:${listLine}:3: error: the executor refuses the configuration of scenario 'list, built-in THEN': stop: must be a mapping`));
    t.equal(check.exitCode, 1);
  }
  const result = await runIn(dir, ['fortnight.md', '--executor-steps', '--reporter', 'json']);
  const verdicts = result.points.filter((p) => p.name.startsWith('THEN')).map((p) => p.ok);
  t.same(verdicts, [false, false, true, true], 'the run fails the two scenarios check reports, and passes the other two');
});

t.test('a table refused for uneven rows is not run: its scenario fails at the row and skips its steps; an even table runs', async (t) => {
  const table = (last: string) => ['- **THEN** every region SHALL be named:', '  | env     | region |', '  |---------|--------|', '  | staging | eu-1   |', `  ${last}`];
  const outline = (row: string) => ['#### Scenario Outline: Region of <env>', '- **THEN** every region SHALL be named:', '  | env   | region   |', '  |-------|----------|', '  | <env> | <region> |', '', 'Examples:', '', '| env  | region |', '|------|--------|', '| dev  | eu-2   |', row];
  const doc = document(['#### Scenario: short row', ...table('| prod    |')], ['#### Scenario: even rows', ...table('| prod    |        |')], outline('| prod |'));
  const dir = project({ 'regions.md': doc, 'regions.steps.mjs': STEPS });
  const lines = doc.split('\n');
  const result = await runIn(dir, ['regions.md', '--reporter', 'json']);
  const ofUnit = (name: string) => {
    const start = result.events.find((e) => e.type === 'unit-start' && e.kind === 'scenario' && e.name.includes(name));
    return result.points.filter((p) => start?.type === 'unit-start' && p.unitId === start.unitId);
  };
  const short = ofUnit('short row');
  t.match(short[0], { ok: false, at: { line: lines.indexOf('  | prod    |') + 1 }, diagnostics: { reason: /the scenario is refused as written: the row at line \d+ of the data table of step 'every region SHALL be named:' has 1 cell, and its header \(line \d+\) 2 cells/ } });
  t.match(short[1], { ok: true, skip: /the scenario is refused as written/ }, 'its step does not run on the refused table');
  t.same(ofUnit('even rows').map((p) => p.ok), [true], 'an even table, an empty cell written, runs and passes');
  t.same(ofUnit('env: dev').map((p) => p.ok), [true], 'an even Examples row runs');
  const prod = ofUnit('env: prod');
  t.match(prod[0], { ok: false, at: { line: lines.indexOf('| prod |') + 1 }, diagnostics: { reason: /the row at line \d+ of the Examples table has 1 cell/ } }, "the uneven Examples row's unit fails at its row");
  t.equal(prod.filter((p) => p.ok && p.skip === undefined).length, 0, 'none of its steps ran');
  t.equal(result.exitCode, 1);
});
