// From a user's seat (spec-run packed, installed into a fresh project, run through its
// bin): bad values in a scenario's stop-hook YAML block (`timeout: 1 fortnight`, an unknown
// key, a wrong type). check and the editor said nothing of them, and a run passed the When
// that carries the block and failed its Then. Now check and the editor report each at its
// line in the executor's words, and a run fails that When; a scenario whose Then expects the
// configuration refused (a specification of validation) keeps passing, with nothing said.
import t from 'tap';
import { join } from 'node:path';
import { userEnvironment, userProject } from '../support/installed.js';
import { startLspClient } from '../support/lsp-client.js';

const BLOCK = '```yaml\nstop:\n  commands:\n    - run: sleep 1\n      timeout: 1 fortnight\n      max_output_lines: -3\n      image: 3\n```\n';

const MISTAKEN = `# Timeouts\n\n### Requirement: Timeout\nThe executor SHALL stop a command at its timeout.\n\n#### Scenario: A long timeout\n- **WHEN** the configuration is run\n\n${BLOCK}\n- **THEN** the exit code is 0\n`;

const MEANT = `# Validation\n\n### Requirement: Validation\nThe executor SHALL refuse a bad timeout.\n\n#### Scenario: A timeout in weeks\n- **WHEN** the configuration is run\n\n${BLOCK}\n- **THEN** the configuration is rejected with a message naming \`stop.commands[0].timeout\`\n`;

/** Each bad value of BLOCK, at its line and column in either document, and what the executor says of it. */
const REFUSED = [
  [13, 16, /stop\.commands\[0\]\.timeout: invalid duration "1 fortnight": no spaces are allowed between the number and its unit/],
  [14, 7, /stop\.commands\[0\]\.max_output_lines: unknown key 'max_output_lines' \(allowed here: run, timeout, image, maxOutputLines,/],
  [15, 14, /stop\.commands\[0\]\.image: must be a non-empty string, not 3/],
] as const;

t.test("check and the editor report each value the executor refuses at its line of the block, where no THEN expects the refusal; a run fails the When that carries the block", async (t) => {
  const project = userProject({ 'specs/timeouts.spec.md': MISTAKEN, 'specs/validation.spec.md': MEANT });

  const check = await project.specRun(['check', 'specs/']);
  t.equal(check.code, 1, `check fails: ${check.stderr.trim()}`);
  const said = check.stdout.trim().split('\n').filter((line) => line.startsWith('specs/'));
  t.equal(said.length, REFUSED.length, `one error per refused value, none of the scenario about validation: ${said.join(' | ')}`);
  for (const [i, [line, column, words]] of REFUSED.entries()) {
    t.match(said[i], `specs/timeouts.spec.md:${line}:${column}: error: the executor refuses the configuration of scenario 'A long timeout': `);
    t.match(said[i], words);
  }

  const client = await startLspClient(['env', '-u', 'NODE_OPTIONS', join(project.dir, 'node_modules/.bin/spec-run'), 'lsp', '--stdio'], project.dir, userEnvironment());
  t.teardown(() => client.close().catch(() => undefined));
  const mistaken = await client.diagnostics(client.open(join(project.dir, 'specs/timeouts.spec.md')));
  t.same(mistaken.map((d) => [d.range.start.line + 1, d.range.start.character + 1, d.severity]), REFUSED.map(([line, column]) => [line, column, 1]), 'the editor: an error at each value');
  for (const [i, [, , words]] of REFUSED.entries()) t.match(mistaken[i].message, words, 'in the executor\'s words, as check says it');
  const meant = await client.diagnostics(client.open(join(project.dir, 'specs/validation.spec.md')));
  t.same(meant, [], 'nothing where the THEN expects the refusal');

  const run = await project.specRun(['specs/', '--reporter', 'tap']);
  t.equal(run.code, 1, 'the run fails');
  t.match(run.stdout, /^        not ok 1 - WHEN the configuration is run$/m, 'on the When that carries the block');
  t.match(run.stdout, /the executor rejected the configuration, so no command ran: stop\.commands\[0\]\.timeout: invalid duration "1 fortnight".* \(specs\/timeouts\.spec\.md:13:16\)/);
  t.match(run.stdout, /^        ok 2 - THEN the exit code is 0 # SKIP an earlier step failed \(line 7\)$/m, 'its Then skipped, as after any failed step');
  t.match(run.stdout, /^    ok 1 - Validation \/ A timeout in weeks/m, 'the scenario about validation passes');
  t.equal(run.stderr.trim().split('\n').at(-1), '2 passed, 1 failed, 1 skipped, 0 todo', 'the two steps about validation pass; the mistaken When fails, its Then skipped');
});
