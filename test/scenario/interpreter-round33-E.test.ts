// Round 33's part E: facts of the executor's domain said in words the lexicon had none for (domain-facts.ts), each
// read as the fact it names: an announcement's timeout and its source in words, the engine's listing of the run's
// containers said other ways, a time against the command's own sleep, a file's text in the project directory after
// the run, a variable of the command's environment holding a directory of the run or nothing. Sentences written for
// these tests (none from a batch), read both ways through real runs: a true sentence passes, a false copy fails, an
// unreadable neighbour stays undefined.
import t from 'tap';
import { blockScenario, expectBoundVerdicts, scenariosRunner, sectionScenario } from './cli-points.js';

const run = scenariosRunner('Round 33 E');
const IMAGE = 'spec-run/busybox:local';

t.test("an announcement's timeout and its source, said in words", async (t) => {
  const section = ['defaultTimeout: "3s"', 'commands:', '  - run: "echo one"', '  - run: "echo two"', '    timeout: "2s"', '  - run: "echo three"', '    timeout: null'];
  const scenario = (title: string, then: string) => sectionScenario(title, 'spec-run exec runs', section, then);
  await expectBoundVerdicts(t, run, 'round33e-announced', [
    scenario('both', 'The first command is announced with a timeout of 3s taken from `defaultTimeout`, and the second with 2s taken from the command.'),
    scenario('both probe', 'The first command is announced with a timeout of 2s taken from `defaultTimeout`, and the second with 2s taken from the command.'),
    scenario('source', 'The second command is announced with timeout 2s, from defaultTimeout.'),
    scenario('none', 'The third command is announced with a timeout of `none`, taken from the command itself.'),
    scenario('none probe', 'The third command is announced with a timeout of `none`, taken from `defaultTimeout`.'),
  ], 'announced with', [
    [true, 'each command announced with its own timeout and source'],
    [false, 'a changed number fails'],
    [false, 'a changed source fails'],
    [true, 'none, from the command'],
    [false, 'none, from the wrong source, fails'],
  ]);
  const { points } = await run('round33e-announced-unread', [scenario('unread', 'The first command is announced with a timeout of 3s borrowed from `defaultTimeout`.')]);
  t.ok(points.some((p) => p.todo !== undefined && p.name.includes('borrowed')), 'a source in words not read stays undefined', { points });
});

t.test("a time against the command's own sleep", async (t) => {
  const scenario = (title: string, then: string) => blockScenario(title, 'spec-run exec runs', ['- run: "echo start; sleep 30"', '  timeout: "1s"'], then);
  await expectBoundVerdicts(t, run, 'round33e-sleep', [
    scenario('true', 'spec-run exec exits with status 124 well before the 30 seconds of the sleep are over'),
    scenario('other sleep', 'spec-run exec exits with status 124 well before the 40 seconds of the sleep are over'),
    scenario('far below', 'the duration is at least 1 second but far below the 30 seconds of the sleep'),
    scenario('far below probe', 'the duration is at least 1 second but far below the 20 seconds of the sleep'),
  ], 'sleep', [
    [true, 'stopped at its timeout, long before its sleep would end'],
    [false, 'a sleep the configuration does not have is no bound'],
    [true, 'a duration far below the sleep'],
    [false, 'another sleep fails'],
  ]);
  const { points } = await run('round33e-sleep-unread', [scenario('unread', 'spec-run exec exits with status 124 well before the 30 seconds of the nap are over')]);
  t.ok(points.some((p) => p.todo !== undefined && p.name.includes('nap')), 'a time against something else stays undefined', { points });
});

t.test('a file in the project directory and its text after the run', async (t) => {
  const scenario = (title: string, then: string, image = false) =>
    blockScenario(title, 'spec-run exec runs', [image ? '- run: "echo from-box > box.txt"' : '- run: "echo made-here > out.txt"', ...(image ? [`  image: ${IMAGE}`] : [])], then);
  await expectBoundVerdicts(t, run, 'round33e-file', [
    scenario('after', 'After the run, the file `out.txt` in the project directory contains `made-here`.'),
    scenario('after probe', 'After the run, the file `out.txt` in the project directory contains `made-there`.'),
    scenario('other file', 'the file `other.txt` in the project directory contains `made-here` after the run'),
    scenario('holds', 'after the run the project directory holds the file `out.txt` containing `made-here`'),
    scenario('container', 'The file `box.txt` exists in the project directory on the host afterwards, containing `from-box`.', true),
    scenario('container probe', 'The file `box.txt` exists in the project directory on the host afterwards, containing `from-host`.', true),
  ], 'contain', [
    [true, 'the file the command wrote, with its text'],
    [false, 'another text fails'],
    [false, 'another file fails'],
    [true, 'the project directory as the subject'],
    [true, 'a file a container wrote through the mount'],
    [false, 'another text fails'],
  ]);
  const { points } = await run('round33e-file-unread', [scenario('no time', 'the file `out.txt` in the project directory contains `made-here`')]);
  t.ok(points.some((p) => p.todo !== undefined && p.name.includes('out.txt')), 'said of no time after the run (a setup): stays undefined', { points });
});

t.test("a variable of the command's environment: a directory of the run, or nothing", async (t) => {
  const scenario = (title: string, then: string, extra: string[] = []) => blockScenario(title, 'spec-run exec runs', ['- run: "pwd"', ...extra], then);
  await expectBoundVerdicts(t, run, 'round33e-variable', [
    scenario('config dir', '`SPEC_RUN_CONFIG_DIR` holds the absolute path of the config file\'s directory'),
    scenario('config dir probe', '`SPEC_RUN_CONFIG_DIR` holds the absolute path of the config file\'s directory', ['  env:', '    SPEC_RUN_CONFIG_DIR: /elsewhere']),
    scenario('container', '`SPEC_RUN_CONFIG_DIR` holds the absolute path of the config file\'s directory', [`  image: ${IMAGE}`]),
    scenario('empty', '`SPEC_RUN_CONFIG_DIR` is empty', ['  env:', '    SPEC_RUN_CONFIG_DIR: ""']),
    scenario('empty probe', '`SPEC_RUN_CONFIG_DIR` is empty'),
    scenario('with another clause', 'the exit code is 0, and `SPEC_RUN_CONFIG_DIR` is empty', ['  env:', '    SPEC_RUN_CONFIG_DIR: ""']),
  ], 'SPEC_RUN_CONFIG_DIR', [
    [true, "the configuration's directory on the host"],
    [false, 'a value env: set in its place fails'],
    [true, 'in a container, the directory as the container sees it'],
    [true, 'set to nothing'],
    [false, 'the executor gives it a value: not empty'],
    [true, 'beside another clause'],
  ]);
  const { points } = await run('round33e-variable-unread', [scenario('unread', '`SPEC_RUN_CONFIG_DIR` holds the absolute path of the scratch area')]);
  t.ok(points.some((p) => p.todo !== undefined && p.name.includes('scratch area')), 'a directory the run does not name stays undefined', { points });
});

t.test("the engine's listing of the run's containers, said other ways", async (t) => {
  const scenario = (title: string, then: string) => blockScenario(title, 'spec-run exec runs', ['- run: "echo boxed"', `  image: ${IMAGE}`], then);
  await expectBoundVerdicts(t, run, 'round33e-listing', [
    scenario('left', 'no `spec-run-…` container is left in `docker ps -a` once the run\'s over'),
    scenario('absent', 'the container is absent from `docker ps -a` afterwards'),
    scenario('named in the note', 'After `spec-run exec` has ended, `docker ps -a` lists no container of the name given in that note.'),
  ], 'docker ps -a', [
    [true, 'no container of the run left'],
    [true, 'the container absent'],
    [true, 'the container a note named'],
  ]);
  const { points } = await run('round33e-listing-unread', [scenario('unread', 'no `web-1` container remains in `docker ps -a`')]);
  t.ok(points.some((p) => p.todo !== undefined && p.name.includes('web-1')), 'a container of a name of its own stays undefined', { points });
});

t.test("a text owned by the command's own process: the shell's, the handler's", async (t) => {
  const shell = (title: string, then: string) => blockScenario(title, 'spec-run exec runs', ['- run: "echo before; no-such-tool-r33e"'], then);
  const trap = (title: string, then: string) =>
    blockScenario(title, 'spec-run exec runs', ['- run: "echo first"', `- run: "trap 'echo tidying; exit 0' TERM; echo waiting; sleep 30 & wait"`, '  timeout: "1s"'], then);
  await expectBoundVerdicts(t, run, 'round33e-owner', [
    shell('shell', "the exit code is 127 and the output shows the shell's `no-such-tool-r33e: not found`"),
    shell('shell probe', "the exit code is 127 and the output shows the shell's `other-tool-r33e: not found`"),
    trap('handler', "the partial output of the second command contains both `waiting` and the handler's `tidying`"),
    trap('handler probe', "the partial output of the second command contains both `waiting` and the handler's `cleaning`"),
  ], "'s ", [
    [true, "what the shell printed is the command's output"],
    [false, 'another text fails'],
    [true, "what the handler printed is the command's partial output"],
    [false, 'another text fails'],
  ]);
  const { points } = await run('round33e-owner-unread', [trap('status', "the second command's exit code is 124 rather than the handler's `0`")]);
  t.ok(points.some((p) => p.todo !== undefined && p.name.includes("handler's")), "the handler's exit status, which the executor's replaces, stays undefined", { points });
});
