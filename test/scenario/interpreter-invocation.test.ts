// Round 9, the When side: how `spec-run exec` itself is started, said in a When or a condition
// paragraph (its command line, options given to it, its configuration file's name and place,
// the directory it starts from, variables its shell exported, the project around it); unquoted
// prose after "the command" never a command line; "the command never ran" of a command the run
// reports. Paraphrases written for these tests (none from a batch), read both ways, and true and
// false against real runs.
import t from 'tap';
import { conditionUse } from '../../src/run/scenario/interpreter/condition.js';
import { markCommands } from '../../src/run/scenario/interpreter/lexicon.js';
import { emptySetup, type Setup } from '../../src/run/scenario/interpreter/when.js';
import { runSpecLines } from './cli-points.js';
import { readSetup } from './when-readings.js';

const setupOf = (sentence: string) => readSetup(sentence)?.setup ?? null;
const use = (text: string, yaml: string) => conditionUse({ text: text.replace(/`/g, ''), code: [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]), yaml });
const block = 'stop:\n  commands:\n    - run: "echo hi"\n';
const setupOfUse = (text: string): Setup | null => {
  const u = use(text, block);
  if (u.kind !== 'read') return null;
  const setup = emptySetup();
  for (const p of u.parts) p.apply(setup);
  return setup;
};

t.test("spec-run exec's command line and options, in a condition paragraph: each part of how the run is made", (t) => {
  t.match(setupOfUse('When `cfg/hook.yaml` is started as `spec-run exec cfg/hook.yaml --project . --config-dir-env HOOK_DIR`:'), { invocation: { config: 'cfg/hook.yaml', project: '.', configDirEnv: 'HOOK_DIR' } });
  t.match(setupOfUse('When the hook runs (started with `--image-alias busybox=spec-run/busybox:local`):'), { invocation: { imageAliases: { busybox: 'spec-run/busybox:local' } } });
  t.match(setupOfUse('When the run uses `--log trace/run.jsonl` and `--image-alias ubuntu=spec-run/busybox:local`:'), { invocation: { log: 'trace/run.jsonl', imageAliases: { ubuntu: 'spec-run/busybox:local' } } });
  t.match(setupOfUse('When the executor is launched with `--log out.jsonl` from a shell that has exported `COLOR=blue` and `SIZE=3`:'), { invocation: { log: 'out.jsonl', exported: { COLOR: 'blue', SIZE: '3' } } });
  // The variable in the environment spec-run exec is started with: what its host commands inherit, as exported.
  t.match(setupOfUse('When spec-run exec is started with `TERM_CODE=X42` in its environment:'), { invocation: { exported: { TERM_CODE: 'X42' } } });
  t.match(setupOfUse('When `conf/x.yaml`, in a project that has a `work/` directory but no `gone/`, is run as `spec-run exec conf/x.yaml --project .` from the project directory:'), {
    invocation: { config: 'conf/x.yaml', project: '.' },
    files: [{ name: 'work', directory: true }],
  });
  t.match(setupOfUse('When the file lives at `deep/er/c.yaml` and spec-run exec is started with `--log l.jsonl`:'), { invocation: { config: 'deep/er/c.yaml', log: 'l.jsonl' } });
  // --log-failures, a flag without a value, beside the --log it needs: in its own code marks or on the command line.
  t.match(setupOfUse('When spec-run exec is run with `--log logs/run.jsonl` and `--log-failures`:'), { invocation: { log: 'logs/run.jsonl', logFailures: true } });
  t.match(setupOfUse('When `hook.yaml` is started as `spec-run exec hook.yaml --log-failures --log l.jsonl`:'), { invocation: { config: 'hook.yaml', log: 'l.jsonl', logFailures: true } });
  t.notOk(setupOfUse('When spec-run exec is run with `--log logs/run.jsonl`:')?.invocation?.logFailures, '--log alone: no --log-failures');
  // The configuration file's name alone, where only the configuration stands: the file written so.
  t.match(setupOfUse('When every command of `typos.yaml` misspells a key:'), { invocation: { config: 'typos.yaml' } });
  t.match(setupOfUse('When `hook.yaml` lists a command with an odd limit:'), { invocation: { config: 'hook.yaml' } });
  // The rest is narration of the block, read as such.
  t.match(use('When the only command prints a greeting, and spec-run exec is run with `--log g.jsonl`:', block), { kind: 'read', parts: [{ text: 'spec-run exec --log g.jsonl' }, { text: /^the rest restates the YAML block/ }] });
  t.end();
});

t.test('what spec-run exec would not take, or a place not described, is not read', (t) => {
  // An option it does not have, a malformed alias, two configuration files.
  t.not(use('When the hook is run with `--verbose-mode x`:', block).kind, 'read');
  t.not(use('When the run uses `--image-alias busybox` and `--log a.jsonl`:', block).kind, 'read');
  // --log-failures without --log, which spec-run exec refuses.
  t.not(use('When the hook is run with `--log-failures`:', block).kind, 'read');
  t.not(use('When `one.yaml` is run as `spec-run exec two.yaml`:', block).kind, 'read');
  // "from the project root" of a project the sentence does not describe.
  t.not(use('When spec-run exec is run with `--project .` from the project root:', block).kind, 'read');
  // A name said absent that the sentence also says the project holds.
  t.not(use('When `c.yaml`, in a project that has a `keep/` directory but no `keep/`, is run as `spec-run exec c.yaml --project .`:', block).kind, 'read');
  // With --project given, the configuration's directory is not the project.
  t.equal(setupOf("spec-run exec is run with `--project elsewhere`, and the configuration's directory holds a file `n.txt`"), null);
  // A yaml file the project holds is no configuration.
  t.notOk(setupOfUse('When the project holds a file `data.yaml` and the command reads it:')?.invocation?.config, 'a file the project holds');
  t.end();
});

t.test('a When bullet: spec-run exec pointed at a file that does not exist, options after a command', (t) => {
  t.match(setupOf('spec-run exec is pointed at `absent.yaml`, which does not exist'), { invocation: { config: 'absent.yaml', configMissing: true } });
  t.match(setupOf('a command `echo a` runs under `--log ev.jsonl`'), { run: 'echo a', invocation: { log: 'ev.jsonl' } });
  t.equal(setupOf('spec-run exec is pointed at `--log x.jsonl`, which does not exist'), null, 'only a configuration file is said not to exist');
  t.end();
});

t.test('prose after "the command" is never its command line', (t) => {
  t.equal(markCommands('the command swallows far more memory than allowed and the run is given `--log x`'), 'the command swallows far more memory than allowed and the run is given `--log x`');
  t.equal(markCommands('the command tries hard and is given a limit'), 'the command tries hard and is given a limit');
  t.equal(markCommands('the command sleep 30 runs on the host'), 'the command `sleep 30` runs on the host');
  t.equal(markCommands('a command running ./build.sh --fast has a timeout'), 'a command running `./build.sh --fast` has a timeout');
  const u = use('When the command hogs memory and the run is given `--log m.jsonl`:', block);
  t.ok(u.kind !== 'read' || u.parts.every((p) => !p.text.startsWith('run `')), 'the block keeps its run:', { u });
  t.end();
});

t.test('through the CLI: the configuration written where said, its directory, the options, the exported variables; "the command never ran"', async (t) => {
  const { points, stderr, byName, passes } = await runSpecLines('invocation', [
      '# Invocation', '', '### Requirement: Invocation', 'The executor SHALL run them.', '',
      '#### Scenario: a configuration in a subdirectory of the project',
      'When `etc/h.yaml`, in a project that has a `box/` directory, is run as `spec-run exec etc/h.yaml --project .` from a shell that has exported `GREETING=salut`:', '',
      '```yaml', 'stop:', '  commands:', '    - run: "ls; echo dir=$SPEC_RUN_CONFIG_DIR; echo g=$GREETING"', '```', '',
      'Then:', '1. the command prints `box`', '2. the command prints `g=salut`', '3. the command prints `g=hello`', '4. the command prints `etc`', '',
      '#### Scenario: a missing configuration',
      '- **WHEN** spec-run exec is pointed at `nothing-here.yaml`, which does not exist',
      "- **THEN** the report contains `Error: cannot read nothing-here.yaml: ENOENT: no such file or directory, open 'nothing-here.yaml'`", '- **AND** spec-run exec exits with status 0', '',
      '#### Scenario: an image nobody has',
      '- **WHEN** a command `echo never-seen` with `image: spec-run-r9-none/ghost:2` runs',
      '- **THEN** the report has no `never-seen` line, since the command never ran', '- **AND** the command succeeds', '',
      '#### Scenario: a variable in the environment spec-run exec is started with',
      'When spec-run exec is started with `COURSE=C17` in its environment:', '',
      '```yaml', 'stop:', '  commands:', '    - run: "echo course=$COURSE"', '```', '',
      'Then:', '1. the output is `course=C17`', '2. the output is `course=C18`', '',
      '#### Scenario: a configuration given its name',
      'When spec-run exec is invoked on the following configuration, named `gate.yml`:', '',
      '```yaml', 'stop:', '  commands:', '    - run: "ls *.yml"', '```', '',
      'Then:', '1. the output is `gate.yml`', '2. the output is `stop.yml`', '',
  ]);
  t.ok(passes('the output is `gate.yml`') || passes('the output is gate.yml'), 'the configuration is written under the name the condition gives it', { points });
  t.notOk((byName('the output is `stop.yml`') ?? byName('the output is stop.yml'))?.ok, 'not under another');
  t.ok(passes('course=C17'), "the variable in spec-run exec's environment reaches its host command", { points });
  t.notOk(byName('course=C18')?.ok, 'not another value');
  t.ok(passes('prints `box`') || passes('prints box'), 'the project holds box, and the command runs in it', { points, stderr });
  t.ok(passes('g=salut'), 'the exported variable reaches the host command', { points });
  t.notOk(byName('g=hello')?.ok, 'not another value');
  t.ok(passes('prints `etc`') || passes('prints etc'), 'the configuration was written at etc/h.yaml in the project', { points });
  t.ok(passes("open 'nothing-here.yaml'"), 'the missing file is named as given', { points });
  t.notOk(byName('exits with status 0')?.ok, 'and spec-run exec does not succeed');
  t.ok(passes('since the command never ran'), 'a command whose image could not be had never ran its line', { points });
  t.notOk(byName('the command succeeds')?.ok, 'and did not succeed');
});
