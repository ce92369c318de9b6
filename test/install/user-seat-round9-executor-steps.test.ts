// What the ninth round's user-seat session found in the built-in executor steps, from a user's
// seat: spec-run packed, installed into a fresh project outside the repository, run through its
// bin with --executor-steps. Each scenario below passed, or failed for an untrue reason, before.
import t from 'tap';
import { LOCAL_IMAGE } from '../../src/executor/local-image.js';
import { userProject } from '../support/installed.js';

const spec = (requirement: string, scenarios: string) => `# ${requirement}\n\n### Requirement: ${requirement}\nThe hook SHALL do what it says.\n\n${scenarios}`;
const block = (fields: string) => `\`\`\`yaml\nstop:\n  commands:\n    - run: "exit 0"\n${fields}\`\`\`\n`;

t.test('the YAML block is the configuration of built-in Thens alone, a When contradicting its image is refused, asides in brackets are clauses of their own, a refused value is placed at its step', async (t) => {
  const project = userProject({
    // alpine stands for the local image, as a project without a registry maps it.
    'spec-run.config.json': JSON.stringify({ images: { alpine: LOCAL_IMAGE }, executorSteps: true }),
    'block/block.spec.md': spec(
      'Block only',
      `#### Scenario: in a container\n${block(`      image: ${LOCAL_IMAGE}\n`)}\n- **THEN** the command SHALL run on the host\n\n` +
        `#### Scenario: bad timeout\n${block('      timeout: banana\n')}\n- **THEN** the configuration SHALL be accepted\n\n` +
        `#### Scenario: exit code\n${block('')}\n- **THEN** the exit code SHALL be 3\n`,
    ),
    'image/image.spec.md': spec(
      'Image',
      `#### Scenario: image disagrees\n- **WHEN** the command \`exit 0\` runs in Docker with image ${LOCAL_IMAGE}\n\n${block('      image: alpine:3.19\n')}\n- **THEN** the exit code SHALL be 0\n\n` +
        `#### Scenario: docker vs host block\n- **WHEN** the command \`exit 0\` runs in a Docker container\n\n${block('')}\n- **THEN** the exit code SHALL be 0\n`,
    ),
    'asides/asides.spec.md': spec(
      'Asides',
      '#### Scenario: brace aside\n- **GIVEN** the command `echo zzz; exit 5` is configured\n- **THEN** the exit code SHALL be 0 {the output contains "zzz"}\n\n' +
        '#### Scenario: bracket aside\n- **GIVEN** the command `exit 0` is configured\n- **THEN** the exit code SHALL be 0 [it must not be 1]\n',
    ),
    'rejected/rejected.spec.md': spec('Rejected', '#### Scenario: banana\n- **GIVEN** the command "exit 0" is configured\n- **AND** a command has a timeout of banana\n- **THEN** the exit code SHALL be 0\n'),
  });

  const blocks = await project.specRun(['run', 'block/', '--executor-steps', '--reporter', 'tap']);
  t.equal(blocks.code, 1, 'each scenario states what its block does not do');
  t.match(blocks.stderr, /0 passed, 3 failed/);
  t.match(blocks.stdout, /not ok \d+ - THEN the command SHALL run on the host\n[^]*?where spec-run exec ran the command: docker /, "the command ran in the block's image");
  t.match(blocks.stdout, /not ok \d+ - THEN the configuration SHALL be accepted\n[^]*?invalid duration \\?"banana\\?"[^\n]*\(block\/block\.spec\.md:21:16\)/, "the block's invalid timeout, at its line");
  t.match(blocks.stdout, /not ok \d+ - THEN the exit code SHALL be 3\n[^]*?Exit Code: 0/, "the block's command ran");
  t.notMatch(blocks.stdout, /states no command/);

  const images = await project.specRun(['run', 'image/', '--executor-steps', '--reporter', 'tap']);
  t.equal(images.code, 1);
  t.match(images.stdout, /the When runs it in the image spec-run\/busybox:local, the block in the image alpine:3\.19/);
  t.match(images.stdout, /the When runs it in a container, the block on the host \(it gives no image\)/);

  const asides = await project.specRun(['run', 'asides/', '--executor-steps', '--reporter', 'tap']);
  t.equal(asides.code, 1);
  t.match(asides.stdout, /not ok \d+ - THEN the exit code SHALL be 0 \{the output contains "zzz"\}\n[^]*?interpretation: exit code == 0 ∧ the lines the command printed in the output shown contains "zzz"/, 'the claim and the aside, each its own check');
  t.match(asides.stdout, /not ok \d+ - THEN the exit code SHALL be 0 \[it must not be 1\]\n[^]*?did not understand: "it", "not", "1"'\n/, "undefined, naming the aside's words alone");

  const rejected = await project.specRun(['run', 'rejected/', '--executor-steps', '--reporter', 'tap']);
  t.equal(rejected.code, 1);
  t.match(rejected.stdout, /ok \d+ - AND a command has a timeout of banana\n[^]*?the executor rejects this value[^]*?invalid duration \\?"banana\\?"[^\n]*\(rejected\/rejected\.spec\.md:8\)/, 'the step setting the value says the executor refuses it');
  t.match(rejected.stdout, /not ok \d+ - THEN the exit code SHALL be 0\n[^]*?the executor rejects the scenario's configuration, so no command runs: [^\n]*\(rejected\/rejected\.spec\.md:8\)/);
  t.notMatch(rejected.stdout, /\.spec-run\.yaml/, 'no place in a file spec-run wrote');
});
