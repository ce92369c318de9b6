// The built-in expressions of the executor vocabulary and the scenario's YAML block: the block
// is the scenario's configuration whatever steps follow it (Thens alone too), and a value the
// executor refuses is said at the document's line that wrote it, never at a file spec-run wrote.
import t from 'tap';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { RunEvent } from '../../src/model/events.js';
import { parseFile } from '../../src/parse/index.js';
import { runScenarioDocument } from '../../src/run/scenario/index.js';
import type { RunOptions } from '../../src/run/types.js';
import { translate } from '../../src/translate/index.js';
import { markExecutorSteps } from '../../src/run/scenario/executor-steps.js';
import { OFFLINE_IMAGES } from '../support/images.js';
import { scratchDirectory } from '../support/scratch.js';

const dir = scratchDirectory('spec-run-vocabulary-blocks-');
const options: RunOptions = { seed: 1, unitTimeoutMs: 300_000, bail: false, strict: false, runtimeCommand: [], imageAliases: OFFLINE_IMAGES, projectRoot: dir, vocabularyFiles: [] };

type Point = Extract<RunEvent, { type: 'point' }>;

/** The step points of DOCUMENT run with the built-in executor steps. */
async function points(name: string, document: string): Promise<Point[]> {
  const file = path.join(dir, name);
  writeFileSync(file, document);
  const events: RunEvent[] = [];
  const [plan] = markExecutorSteps([translate(await parseFile(file))], { everywhere: true, documents: new Set(), source: 'this test' });
  await runScenarioDocument(plan, options, (e) => events.push(e));
  return events.filter((e): e is Point => e.type === 'point');
}

const block = (fields: string) => `\`\`\`yaml\nstop:\n  commands:\n    - run: "exit 0"\n${fields}\`\`\`\n`;

t.test('Thens alone check the configuration of the YAML block before them', async (t) => {
  const thens = await points(
    'block.md',
    `# Block only\n\n### Requirement: Block only\nThe hook SHALL run as configured.\n\n` +
      `#### Scenario: on the host\n${block('')}\n- **THEN** the command SHALL run in a container\n\n` +
      `#### Scenario: bad timeout\n${block('      timeout: banana\n')}\n- **THEN** the configuration SHALL be accepted\n\n` +
      `#### Scenario: exit code\n${block('')}\n- **THEN** the exit code SHALL be 3\n\n` +
      `#### Scenario: the exit code it has\n${block('')}\n- **THEN** the exit code SHALL be 0\n\n` +
      `#### Scenario: a key said twice\n${block('      timeout: 5s\n      timeout: 6s\n')}\n- **THEN** the configuration SHALL be accepted\n\n` +
      `#### Scenario: several commands\n\`\`\`yaml\nstop:\n  commands:\n    - run: "exit 0"\n    - run: "exit 1"\n\`\`\`\n\n- **THEN** the exit code SHALL be 0\n`,
  );
  t.equal(thens.length, 6);
  t.match(thens[0], { ok: false, diagnostics: { expected: 'docker', actual: 'host' } }, 'the block gives no image: the host, not the container claimed');
  // The second scenario's block: its fence on line 16, the timeout on line 20.
  t.match(thens[1], { ok: false, diagnostics: { message: /invalid duration "banana"[^]*\(.*block\.md:20:16\)/ } }, "the block's invalid timeout, at its line in the document");
  t.match(thens[2], { ok: false, diagnostics: { actual: /^Exit Code: 0$/m } }, "the block's command ran, and exited 0");
  t.notMatch(thens[2].diagnostics?.message, /states no command/);
  t.match(thens[3], { ok: true }, "the block's command exits 0, as claimed");
  t.match(thens[4], { ok: false, diagnostics: { message: /timeout[^\n]*block\.md:\d+:\d+/ } }, 'a key the block repeats is refused, as the executor refuses it');
  t.match(thens[5], { ok: false, diagnostics: { message: /YAML block \(line \d+\) is its configuration, and it configures 2 commands/ } }, 'a block of two commands is not run as one');
});

t.test("a value the executor refuses is placed at the step that set it, and said with that step", async (t) => {
  const [given, setting, then] = await points('m1.md', `# M1\n\n### Requirement: M1\nThe executor SHALL reject bad values.\n\n#### Scenario: banana\n- **GIVEN** the command "exit 0" is configured\n- **AND** a command has a timeout of banana\n- **THEN** the exit code SHALL be 0\n`);
  t.match(given, { ok: true });
  t.match(setting, { ok: true, attachments: [{ name: 'the executor rejects this value', value: /invalid duration "banana".*\(.*m1\.md:8\)/ }] }, 'the step setting the value says the executor refuses it');
  t.match(then, { ok: false, diagnostics: { message: /the executor rejects the scenario's configuration, so no command runs: [^\n]*invalid duration "banana"[^\n]*\(.*m1\.md:8\)/ } });
  t.notMatch(then.diagnostics?.message, /\.spec-run\.yaml/, 'not a place in the file spec-run wrote');
});

// "a command has a defaultTimeout of 30s" had written it under the command, where the executor
// refuses it as an unknown key: it is the configuration's own field, and a block saying
// otherwise is a contradiction, named with both values.
t.test("a defaultTimeout a step sets is the configuration's, never the command's", async (t) => {
  const scenario = (name: string, before: string, value: string) => `#### Scenario: ${name}\n${before}- **GIVEN** a command has a defaultTimeout of ${value}\n- **WHEN** the command "exit 0" is configured\n- **THEN** the exit code SHALL be 0\n\n`;
  const blockWith = (value: string) => `\`\`\`yaml\nstop:\n  defaultTimeout: ${value}\n  commands:\n    - run: "exit 0"\n\`\`\`\n`;
  const steps = await points(
    'default-timeout.md',
    `# Default\n\n### Requirement: Default\nThe executor SHALL apply the default timeout.\n\n` +
      scenario('set by a step', '', '30s') + scenario('the block says 1s', blockWith('1s'), '30s') + scenario('the block agrees', blockWith('30s'), '30s') + scenario('refused', '', 'banana'),
  );
  const thens = steps.filter((p) => /THEN/.test(p.name));
  t.match(thens[0], { ok: true }, 'the configuration loads, and its command runs');
  t.match(thens[1], { ok: false, diagnostics: { message: /a default timeout of 30 s is said, the block's defaultTimeout: 1s/ } }, 'a block that says otherwise is a conflict naming both');
  t.match(thens[2], { ok: true }, 'a block that says the same');
  t.match(thens[3], { ok: false, diagnostics: { message: /stop\.defaultTimeout[^\n]*invalid duration "banana"[^\n]*\(.*default-timeout\.md:\d+\)/ } }, 'an invalid value is the configuration\'s field, placed at its step');
  t.notMatch(thens.map((p) => p.diagnostics?.message ?? '').join('\n'), /unknown key/);
});

/** A scenario of BLOCK (a stop: configuration of one command) and the THEN steps after it. */
const scenarioOf = (name: string, block: string, ...thens: string[]) => `#### Scenario: ${name}\n\`\`\`yaml\n${block}\`\`\`\n\n${thens.map((s) => `- **THEN** ${s}\n`).join('')}\n`;
const oneCommand = (fields: string) => `stop:\n  commands:\n${fields}`;

// "the command SHALL execute successfully regardless of working directory" ran a probe of its own
// (`node -e "process.exit(0)"`) beside a block whose command exits 3, and passed.
t.test('a built-in Then claiming success observes the command the block configures; only a command described and not configured has a probe', async (t) => {
  const regardless = 'the command SHALL execute successfully regardless of working directory';
  const steps = await points(
    'regardless.md',
    `# Any directory\n\n### Requirement: Any directory\nThe executor SHALL run a command from any working directory.\n\n` +
      scenarioOf('the configured command fails', oneCommand('    - run: "exit 3"\n'), regardless) +
      scenarioOf('the configured command succeeds', oneCommand('    - run: "test -f .spec-run.yaml"\n'), regardless) +
      '#### Scenario: described, not configured\n- **WHEN** a command uses an absolute path (e.g., `/usr/bin/custom-linter`)\n' + `- **THEN** ${regardless}\n- **AND** the working directory SHALL still be set to the config directory\n`,
  );
  t.match(steps[0], { ok: false, diagnostics: { expected: 0, actual: 3, message: /`exit 3` with spec-run exec started from/ } }, "the block's command ran, and exited 3");
  t.notMatch(JSON.stringify(steps[0].attachments), /process\.exit|node -e/, 'no probe of its own');
  t.match(steps[1], { ok: true }, "the block's command succeeds from both directories: it runs in the configuration's");
  t.match(steps.slice(2), [{ ok: true }, { ok: true }, { ok: true }], 'a probe by an absolute path stands for the command described');
});

// In a container these steps compared host paths with container paths, ran the host's node, and
// one wrote its file into a directory not made yet (always ENOENT, on the host too).
t.test("in a container the built-in Thens judge the container's facts in its terms, and the relative-path step can hold", async (t) => {
  const inAlpine = (run: string, more = '') => oneCommand(`    - run: "${run}"\n      image: alpine\n${more}`);
  const steps = await points(
    'container.md',
    `# Containers\n\n### Requirement: Containers\nThe executor SHALL run a command in its image with the project at /workspace.\n\n` +
      scenarioOf('cwd', inAlpine('pwd'), 'the command SHALL execute with cwd set to /workspace') +
      scenarioOf('cwd claimed elsewhere', inAlpine('pwd'), 'the command SHALL execute with cwd set to /project') +
      scenarioOf('workdir', inAlpine('pwd', '      workdir: /tmp\n'), 'the working directory SHALL be /tmp') +
      scenarioOf('any directory', inAlpine('pwd'), 'the command SHALL execute successfully regardless of working directory') +
      scenarioOf('configuration directory', inAlpine('true'), 'the environment variable SPEC_RUN_CONFIG_DIR SHALL be set', 'its value SHALL be the absolute path to the directory containing hooks.yaml') +
      scenarioOf('relative files', inAlpine('true'), 'the command SHALL have access to project files relative to the config directory') +
      scenarioOf('on the host', oneCommand('    - run: "true"\n'), 'its value SHALL be the absolute path to the directory containing hooks.yaml', 'the command SHALL have access to project files relative to the config directory', 'the command SHALL execute with cwd set to /project') +
      '#### Scenario: no block\n- **GIVEN** a command executes\n- **THEN** the command SHALL have access to project files relative to the config directory\n',
  );
  const thens = steps.filter((p) => /^(THEN|AND) /.test(p.name));
  t.equal(thens.length, 11);
  t.match(thens[0], { ok: true }, 'the container starts it at /workspace');
  t.match(thens[1], { ok: false, diagnostics: { expected: '/project', actual: '/workspace', message: /started in \/workspace in its container/ } }, "a host directory of the scenario is no container's");
  t.match(thens[2], { ok: true }, 'its workdir, as the container has it');
  t.match(thens[3], { ok: true }, "the block's command, in its image");
  t.match(thens.slice(4, 6), [{ ok: true }, { ok: true }], "$SPEC_RUN_CONFIG_DIR is the configuration's directory as the container sees it");
  t.match(thens[5].attachments, [{ name: "probe in place of the scenario's command", value: /^a probe, `echo "\$SPEC_RUN_CONFIG_DIR"`, ran in place of `true`, with the configuration .+: the step observes what the configuration gives any command/ }], 'the probe says whose configuration it runs with, and which');
  t.match(thens[6], { ok: true }, 'a file beside the configuration, read by a relative path in the container');
  t.match(thens.slice(7, 10), [{ ok: true }, { ok: true }, { ok: true }], 'the same on the host');
  t.match(thens[10], { ok: true }, 'without a block too');
  t.notMatch(JSON.stringify(thens), /ENOENT|\/usr\/bin\/node/);
});

// A tab-indented block read as zero commands ("configures 0 commands"), and the yaml library's
// warning about a collection key reached stderr.
t.test('a block that is not valid YAML is said as such, at its line and column, and no library warning is emitted', async (t) => {
  const warnings: string[] = [];
  const listener = (warning: Error) => warnings.push(warning.message);
  process.on('warning', listener);
  t.teardown(() => process.off('warning', listener));
  const tab = 'stop:\n  commands:\n\t- run: "echo hi"\n';
  const steps = await points(
    'tab.md',
    `# Tabs\n\n### Requirement: Tabs\nThe executor SHALL run the configured command.\n\n` +
      scenarioOf('a tab', tab, 'the exit code SHALL be 0') +
      scenarioOf('a tab refused', tab, 'the configuration SHALL fail') +
      scenarioOf('a list as a key', oneCommand('    - run: "true"\n      ? [x]\n      : y\n'), 'the configuration SHALL be accepted'),
  );
  // The first block's fence is on line 7: the tab on line 10.
  t.match(steps[0], { ok: false, diagnostics: { message: /^the scenario's YAML block is not valid YAML: Tabs are not allowed as indentation \(.*tab\.md:10:1\)$/ } });
  t.notMatch(steps[0].diagnostics?.message, /0 commands/);
  t.match(steps[1], { ok: true }, 'spec-run exec refuses the text as written');
  t.match(steps[2], { ok: false, diagnostics: { message: /unknown key '\[ x \]'/ } }, 'a list as a key is an unknown key, said by the executor');
  t.same(warnings.filter((w) => /collection values/.test(w)), [], "the yaml library's warning is not emitted");
});
