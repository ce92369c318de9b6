// A built-in step never checks a command of its own in place of the one the scenario ran: where a
// step of the user's ran the scenario's command (this.run()), or the scenario describes none, a
// built-in THEN that would run a probe (the vocabulary's, the seed steps') or an interpreted THEN
// that would run the configuration itself fails, naming the user's step and its command. Where a
// probe does stand for a described command, its point says so, with the configuration it ran with.
import t from 'tap';
import { project, runIn, type Point } from './user-project.js';

const STEPS = `import { When } from 'spec-run/steps';
When('the deploy command runs with a timeout of 30 seconds', async function () {
  this.result = await this.run('./deploy.sh', { timeout: '30s' });
});
When('the deploy is prepared', function () {});
`;

const scenario = (name: string, ...steps: string[]) => [`#### Scenario: ${name}`, ...steps, ''].join('\n');

const DOC = [
  '# Deploy',
  '',
  '### Requirement: Deploy',
  'The deploy command SHALL succeed within its timeout.',
  '',
  scenario('proceeds', '- **WHEN** the deploy command runs with a timeout of 30 seconds', '- **THEN** the command SHALL proceed normally'),
  scenario('decided by the exit code', '- **WHEN** the deploy command runs with a timeout of 30 seconds', "- **THEN** success or failure SHALL be determined by the command's exit code"),
  scenario('terminated', '- **WHEN** the deploy command runs with a timeout of 30 seconds', '- **THEN** the process SHALL be terminated'),
  scenario('announced timeout', '- **WHEN** the deploy command runs with a timeout of 30 seconds', '- **THEN** the timeout SHALL come from the command'),
  scenario(
    'seed step with a block',
    '```yaml',
    'stop:',
    '  commands:',
    '    - run: ./deploy.sh',
    '      timeout: null',
    '```',
    '- **WHEN** the deploy command runs with a timeout of 30 seconds',
    '- **THEN** command termination based on completion only',
  ),
  scenario(
    'interpreted then with a block',
    '```yaml',
    'stop:',
    '  commands:',
    '    - run: echo deployed',
    '```',
    '- **WHEN** the deploy command runs with a timeout of 30 seconds',
    '- **THEN** the output SHALL contain `deployed`',
  ),
  scenario('nothing described', '- **WHEN** the deploy is prepared', '- **THEN** the command SHALL proceed normally'),
  scenario('described by the built-ins', '- **WHEN** a command completes within the configured timeout', '- **THEN** the command SHALL proceed normally'),
].join('\n');

t.test("a built-in THEN after a user's step that ran the scenario's command fails, naming that step; a probe for a described command says so", async (t) => {
  const dir = project({ 'deploy.md': DOC, 'steps.mjs': STEPS, 'deploy.sh': '#!/bin/sh\necho "deploy failed" >&2\nexit 3\n' });
  const result = await runIn(dir, ['deploy.md', '--steps', 'steps.mjs', '--executor-steps', '--reporter', 'json']);
  const thens = result.points.filter((p) => p.name.startsWith('THEN'));
  const lines = DOC.split('\n');
  /** The THEN of the scenario named NAME: the first after its heading's line. */
  const then = (name: string): Point | undefined => {
    const heading = lines.indexOf(`#### Scenario: ${name}`) + 1;
    return thens.find((p) => (p.at?.line ?? 0) > heading);
  };
  t.equal(thens.length, 8, 'every THEN ran');
  for (const name of ['proceeds', 'decided by the exit code', 'terminated', 'announced timeout', 'seed step with a block', 'interpreted then with a block']) {
    const point = then(name);
    t.equal(point?.ok, false, `${name}: fails`);
    t.match(point?.diagnostics?.message, /the scenario's command was run by your step "WHEN the deploy command runs with a timeout of 30 seconds" \(line \d+\) \(`\.\/deploy\.sh`\)/, `${name}: names the user's step and its command`);
  }
  t.match(then('nothing described'), { ok: false, diagnostics: { message: /the scenario states no command and no configuration/ } }, 'a scenario that describes no command has no probe stand for one');
  const described = then('described by the built-ins');
  t.equal(described?.ok, true, 'a probe stands for a command the built-in WHEN steps describe');
  t.match(described?.attachments, [{ name: "probe in place of the scenario's command", value: /a probe, `echo done`, ran in place of the command the scenario describes, with the configuration \{"timeout":"30s"\}/ }], 'its point says it checked a probe, and with what configuration');
  t.equal(result.exitCode, 1, 'the run fails');
});
