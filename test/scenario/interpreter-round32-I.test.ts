// Round 32's part I: spec-run exec's command line said in words (invocation-line.ts): written bare in the prose,
// started through the package's bin, with variables assigned before it ("A=1 npx spec-run exec c.yaml"), and
// variables the calling shell is said to export written bare. Sentences and documents written for these tests
// (none from a batch), read both ways through real runs: the variables reach the commands as the environment
// spec-run exec is started with (a command's env: still wins), the options are the run's, and a sentence that says
// another process tree, an option spec-run exec lacks, two runs, or one variable two ways stays unread.
import t from 'tap';
import { invocationLinesRewritten } from '../../src/run/scenario/interpreter/invocation-line.js';
import { blockScenario, expectBoundVerdicts, reading, scenariosRunner } from './cli-points.js';

const runScenarios = scenariosRunner('Round 32 part I');

t.test('a command line written out is how spec-run exec is started, in several writers\' words', async (t) => {
  for (const [said, meant] of [
    ['called as STAGE=qa npx spec-run exec hook.yaml', /configuration file hook\.yaml, started from a shell that exported STAGE=qa$/],
    ['the pipeline is launched as REGION=eu TIER=2 spec-run exec --project . ci/hook.yaml', /configuration file ci\/hook\.yaml, --project \., started from a shell that exported REGION=eu, TIER=2/],
    ['we start ./node_modules/.bin/spec-run exec hooks/stop.yaml --log out/run.jsonl', /configuration file hooks\/stop\.yaml, --log out\/run\.jsonl/],
    ['spec-run exec is invoked as npx spec-run exec gate.yaml --config-dir-env GATE_HOME', /configuration file gate\.yaml, --config-dir-env GATE_HOME/],
    ['the runner is started with BUILD_ID=77 in its environment', /started from a shell that exported BUILD_ID=77/],
    ['the executor is started with OWNER=ops and LANE=fast in its env', /started from a shell that exported OWNER=ops, LANE=fast/],
    ['the configuration is executed from a shell that exports LANE=slow, by the invocation LANE=slow npx spec-run exec lane.yaml', /configuration file lane\.yaml, started from a shell that exported LANE=slow/],
    ['run with `MODE=ci node_modules/.bin/spec-run exec m.yaml`', /configuration file m\.yaml, started from a shell that exported MODE=ci/],
  ] as const) t.match(reading('When', said), meant, said);
});

t.test('what is not such a command line, or says it ambiguously, stays unread', async (t) => {
  t.equal(reading('When', 'called as setsid npx spec-run exec hook.yaml'), null, 'through setsid: another process group than the one read');
  t.equal(reading('When', 'called as timeout 5 spec-run exec hook.yaml'), null, 'through another program');
  // A command line spec-run exec refuses is run as the CLI, its status and streams observed (round 33, K).
  t.match(reading('When', 'spec-run exec is invoked as spec-run exec hook.yaml --verbose'), /which spec-run exec's parser refuses: run as the CLI/, 'an option spec-run exec does not have: the CLI refuses it');
  t.match(reading('When', 'spec-run exec is invoked as spec-run exec hook.yaml --log-failures'), /which spec-run exec's parser refuses: run as the CLI/, 'a usage error: the CLI refuses it, and that is what is observed');
  t.equal(reading('When', 'we run `spec-run exec a.yaml` and then X=1 npx spec-run exec b.yaml'), null, 'two command lines: two runs');
  t.equal(reading('When', 'the configuration is executed from a shell that exports LANE=slow, by the invocation LANE=fast npx spec-run exec lane.yaml'), null, 'one variable, two values');
  t.equal(reading('When', 'spec-run exec is started with `A=1` and `A=2` in its environment'), null, 'one variable exported twice otherwise');
  t.equal(invocationLinesRewritten('the command prints spec-run exec and exits'), null, 'the name alone is no command line');
  t.equal(invocationLinesRewritten('the output names `spec-run exec` once'), null, 'the name in code marks alone is no command line');
});

const printsVariables = ['- run: "echo \\"$STAGE/$REGION/${UNSET_HERE:-unset}\\""'];

t.test('through real runs: variables assigned before the command line reach host commands, both ways', async (t) => {
  const scenario = (title: string, when: string, then: string) => blockScenario(title, when, printsVariables, then);
  await expectBoundVerdicts(
    t,
    runScenarios,
    'round32i-assigned',
    [
      scenario('held', 'called as STAGE=qa REGION=eu npx spec-run exec stop.yaml', 'the output is `qa/eu/unset`'),
      scenario('probe', 'called as STAGE=qa REGION=eu npx spec-run exec stop.yaml', 'the output is `qa/us/unset`'),
      scenario('exported held', 'spec-run exec is started with STAGE=prod REGION=ap in its environment', 'the output is `prod/ap/unset`'),
      scenario('exported probe', 'spec-run exec is started with STAGE=prod REGION=ap in its environment', 'the output is `prod/ap/set`'),
    ],
    'output is',
    [
      [true, 'both variables arrive'],
      [false, 'a probe: REGION is eu'],
      [true, 'the environment said in words arrives'],
      [false, 'a probe: UNSET_HERE was never given'],
    ],
  );
});

t.test('through real runs: a command\'s env: wins over the environment spec-run exec is started with, both ways', async (t) => {
  const commands = ['- run: "echo \\"tier=$TIER lane=$LANE\\""', '  env:', '    TIER: config'];
  await expectBoundVerdicts(
    t,
    runScenarios,
    'round32i-env-wins',
    [
      blockScenario('held', 'the pipeline runs TIER=outer LANE=fast node_modules/.bin/spec-run exec stop.yaml', commands, 'the output is `tier=config lane=fast`'),
      blockScenario('probe', 'the pipeline runs TIER=outer LANE=fast node_modules/.bin/spec-run exec stop.yaml', commands, 'the output is `tier=outer lane=fast`'),
    ],
    'output is',
    [
      [true, 'env: wins, the other variable is inherited'],
      [false, 'a probe: the caller\'s TIER does not win'],
    ],
  );
});

t.test('through real runs: options on a bare command line are the run\'s, both ways', async (t) => {
  const commands = ['- run: "echo \\"h=${GATE_HOME:-unset} s=${SPEC_RUN_CONFIG_DIR:-unset}\\""'];
  await expectBoundVerdicts(
    t,
    runScenarios,
    'round32i-options',
    [
      blockScenario('held', 'spec-run exec is invoked as npx spec-run exec stop.yaml --config-dir-env GATE_HOME', commands, 'the output contains `s=unset`'),
      blockScenario('probe', 'spec-run exec is invoked as npx spec-run exec stop.yaml --config-dir-env GATE_HOME', commands, 'the output contains `h=unset`'),
    ],
    'output contains',
    [
      [true, 'the directory is under the name given, the default name unset'],
      [false, 'a probe: GATE_HOME is set'],
    ],
  );
});
