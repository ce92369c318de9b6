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
