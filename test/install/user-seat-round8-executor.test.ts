// What the eighth round's user-seat session found in the built-in executor steps, from a
// user's seat: spec-run packed, installed into a fresh project outside the repository, run
// through its bin with --executor-steps. Each scenario below passed before, though what its
// sentence states was not what was checked.
import t from 'tap';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { userProject } from '../support/installed.js';

const spec = (requirement: string, scenarios: string) => `# Hook Specification\n\n## Purpose\nThe stop hook.\n\n## Requirements\n\n### Requirement: ${requirement}\nThe hook SHALL do what it says.\n\n${scenarios}`;

t.test('built-in executor steps check the command the scenario states, run its When, and refuse what contradicts or checks nothing', async (t) => {
  const project = userProject({
    'stated/stated.spec.md': spec(
      'Stated',
      '#### Scenario: exit code of the configured command\n- **GIVEN** the command "exit 3" is configured\n- **THEN** the exit code SHALL be 0\n\n' +
        '#### Scenario: a quick command is not stopped\n- **GIVEN** the command "sleep 0.2" is configured\n- **THEN** the command SHALL be stopped at its timeout\n\n' +
        '#### Scenario: an aside naming another code\n- **WHEN** a command runs on the host\n- **THEN** exit code indicates timeout (exit code 7)\n',
    ),
    'mine/done.steps.mjs': "import { Then } from 'spec-run/steps';\nThen('the hook is done', function () { if (!this.scenario) throw new Error(); this.held = true; });\n",
    'only-when/only-when.spec.md': spec('Unchecked', '#### Scenario: nothing checked\n- **WHEN** the command `touch marker-only; exit 1` runs on the host\n'),
    'conflict/conflict.spec.md': spec(
      'Conflict',
      '#### Scenario: the timeout said twice\n```yaml\nstop:\n  commands:\n    - run: "sleep 3"\n      timeout: 1s\n```\n- **WHEN** the command runs with a timeout of 5 seconds\n- **THEN** the command succeeds\n\n' +
        '#### Scenario: the command said twice\n```yaml\nstop:\n  commands:\n    - run: "exit 3"\n```\n- **WHEN** the command `echo ok` runs on the host\n- **THEN** the command succeeds\n',
    ),
    'words/words.spec.md': spec(
      'Words',
      '#### Scenario: exactly\n- **WHEN** the command `sleep 0.3` runs on the host\n- **THEN** it took exactly 1 second\n\n' +
        '#### Scenario: the default said in the vocabulary\'s words\n- **WHEN** a command runs on the host\n- **THEN** default timeout of 5 minutes applied\n',
    ),
  });

  const stated = await project.specRun(['stated/', '--executor-steps', '--reporter', 'tap']);
  t.equal(stated.code, 1, 'each scenario states what its command does not do');
  t.match(stated.stdout, /not ok \d+ - THEN the exit code SHALL be 0\n[^]*?Exit Code: 0/, 'the exit code is the configured command\'s (3), not a probe\'s');
  t.notMatch(stated.stdout, /echo finished/, 'no probe stood in for the configured command');
  t.match(stated.stdout, /not ok \d+ - THEN the command SHALL be stopped at its timeout\n[^]*?stopped by its timeout, spec-run exec exits 124 \(it exited 0\)/);
  t.match(stated.stdout, /not ok \d+ - THEN exit code indicates timeout \(exit code 7\)\n[^]*?exit code == 7/, 'the aside is checked (by the interpreter), not swallowed');
  t.match(stated.stderr, /3 passed, 3 failed, 0 skipped/);

  const marker = join(project.dir, 'marker-mine');
  project.write({ 'mine/mine.spec.md': spec('Marker', `#### Scenario: marker\n- **WHEN** the command \`touch ${marker}; exit 1\` runs on the host\n- **THEN** the hook is done\n`) });
  const mine = await project.specRun(['mine/', '--executor-steps', '--reporter', 'tap']);
  t.ok(existsSync(marker), "the When ran its command, before the user's own Then");
  // That Then cannot see the interpreter's run (it reads `this`): refused rather than passing on a world nothing set (one-world.ts).
  t.equal(mine.code, 1, mine.stderr.slice(-400));
  t.match(mine.stdout, /not ok \d+ - THEN the hook is done\n[^]*?it cannot see that run/);

  const onlyWhen = await project.specRun(['only-when/', '--executor-steps', '--require-verified']);
  t.equal(onlyWhen.code, 1, 'a scenario of Whens alone checks nothing: it fails');
  t.match(onlyWhen.stdout, /the scenario checks nothing/);

  const conflict = await project.specRun(['conflict/', '--executor-steps', '--reporter', 'tap']);
  t.equal(conflict.code, 1);
  t.match(conflict.stdout, /the When gives it a timeout of 5 s, the block timeout: 1s/);
  t.match(conflict.stdout, /the When runs `echo ok`, the block `exit 3`/);

  const words = await project.specRun(['words/', '--executor-steps', '--reporter', 'tap']);
  t.match(words.stdout, /not ok \d+ - THEN it took exactly 1 second\n[^]*?no step definition matches this step/, '"exactly" a measured time is not read as "about"');
  t.match(words.stdout, /ok \d+ - THEN default timeout of 5 minutes applied\n/, 'one built-in definition binds it, not two');
  t.notMatch(words.stdout, /ambiguous/);
});

t.test('re-checked: no built-in step observes a probe where the scenario quotes its command, a YAML block the steps contradict fails, an aside in brackets is no negation, a rejected configuration says why at its line', async (t) => {
  const project = userProject({
    'probes/probes.spec.md': spec(
      'Probes',
      '#### Scenario: terminated\n- **GIVEN** the command "true" is configured\n- **THEN** the process SHALL be terminated\n\n' +
        '#### Scenario: blocked\n- **GIVEN** the command "exit 0" is configured\n- **THEN** the hook SHALL be blocked with a timeout error message\n\n' +
        '#### Scenario: where it runs\n- **GIVEN** the command "exit 0" is configured\n- **THEN** the command SHALL run on the host\n',
    ),
    'block/block.spec.md': spec('Block', '#### Scenario: the steps and the block\n- **GIVEN** the command "exit 0" is configured\n\n```yaml\nstop:\n  commands:\n    - run: "exit 7"\n```\n\n- **THEN** the exit code SHALL be 0\n'),
    'aside/aside.spec.md': spec('Aside', '#### Scenario: success\n- **GIVEN** the command "exit 5" is configured\n- **WHEN** the stop hook runs\n- **THEN** the exit code SHALL be 0 [it must not be 1]\n'),
    'rejected/rejected.spec.md': spec('Rejected', '#### Scenario: R1\n- **WHEN** the stop hook runs with this configuration:\n\n```yaml\nstop:\n  commands:\n    - run: "exit 0"\n      timout: 5s\n```\n\n- **THEN** the exit code SHALL be 0\n'),
  });
  const probes = await project.specRun(['probes/', '--executor-steps', '--reporter', 'tap']);
  t.match(probes.stdout, /not ok \d+ - THEN the process SHALL be terminated\n[^]*?this step observes a command of its own \(`echo started; sleep [\d.]+`\)[^\n]*the scenario quotes its command \(`true`\)/);
  t.match(probes.stdout, /not ok \d+ - THEN the hook SHALL be blocked with a timeout error message\n/);
  t.match(probes.stdout, /\n {8}ok \d+ - THEN the command SHALL run on the host\n/, 'where the command runs holds for any command: observed');
  const block = await project.specRun(['block/', '--executor-steps', '--reporter', 'tap']);
  t.equal(block.code, 1);
  t.match(block.stdout, /the steps and the scenario's YAML block \(line \d+\) say different things of the command: [^\n]*`exit 0`[^\n]*`exit 7`/);
  const aside = await project.specRun(['aside/', '--executor-steps', '--reporter', 'tap']);
  t.equal(aside.code, 1, 'exit 5 is not 0: never green');
  t.notMatch(aside.stdout, /not \(exit code/, 'the aside is not read as a negation of the claim');
  const rejected = await project.specRun(['rejected/', '--executor-steps', '--reporter', 'tap']);
  t.match(rejected.stdout, /the executor rejected the configuration, so no command ran: [^\n]*unknown key 'timout'[^\n]*\(rejected\/rejected\.spec\.md:\d+:\d+\)/);
});
