// Round 33's part S: how a When says whom a signal goes to and when (signal-said.ts), and spec-run exec's command
// line said as the signal's recipient or started by a clipped "run is …" / "… runs and" (invocation.ts). Sentences
// written for these tests (none from a batch), read both ways through real runs, and neighbours that stay unread.
import t from 'tap';
import { reading, scenariosRunner, blockScenario } from './cli-points.js';

t.test('whom a signal goes to and when, said as the interrupt the rules read', async (t) => {
  t.match(reading('When', 'SIGTERM is sent to its process group some three seconds after spec-run exec was started') ?? '', /spec-run exec is sent SIGTERM 3 s after it started$/, "its process group: spec-run exec's");
  t.match(reading('When', 'SIGHUP goes to the node process of spec-run about 2 s after it started') ?? '', /spec-run exec is sent SIGHUP 2 s after it started$/, 'goes to its node process');
  t.match(reading('When', 'SIGINT is sent only to the entire process group (npx, sh and node) 1.5 s after spec-run exec started') ?? '', /spec-run exec is sent SIGINT 1\.5 s after it started$/, 'the group, with an aside naming its processes');
  t.match(reading('When', 'spec-run exec is sent SIGINT ~2s after line `[2/3] …` is printed') ?? '', /spec-run exec is sent SIGINT 2 s after command 2 started$/, 'after an announcement: after that command started');
  t.match(reading('When', 'spec-run exec is sent SIGTERM while the second of three commands is sleeping') ?? '', /while command 2 of 3 sleeps/, '"of three commands" with no article');
  t.match(reading('When', 'SIGINT reaches spec-run exec some seconds into the third of four commands') ?? '', /while command 3 of 4 runs/, 'some seconds into a command: while it runs, checked so');
  t.match(reading('When', 'spec-run exec receives SIGINT while command 2 sleeps') ?? '', /while command 2 sleeps/, 'a command by its number');
  t.match(reading('When', 'the CI job sends SIGTERM to npx spec-run exec gate.yaml --log ev.jsonl two seconds after it started') ?? '', /configuration file gate\.yaml, --log ev\.jsonl; spec-run exec is sent SIGTERM 2 s after it started$/, 'the command line as the recipient');
  t.match(reading('When', 'spec-run exec gate.yaml runs and SIGINT is sent to the process group 2 s after npx spec-run exec gate.yaml started') ?? '', /configuration file gate\.yaml; spec-run exec is sent SIGINT 2 s after it started$/, 'the command line said twice: one run');
  t.match(reading('When', 'the file is started as npx spec-run exec gate.yaml and, 2 seconds later, SIGTERM is sent to spec-run exec') ?? '', /spec-run exec is sent SIGTERM 2 s after it started$/, '"later" after the start');
});

t.test('neighbours that stay unread', async (t) => {
  t.equal(reading('When', 'spec-run exec is sent SIGINT, and 2 seconds later SIGTERM is sent'), null, '"later" after another signal: two signals');
  t.equal(reading('When', 'SIGINT goes to the shell\'s process group 2 s after spec-run exec started'), null, "a shell's process group is not spec-run exec's");
  t.equal(reading('When', 'SIGINT goes to the command\'s process group 2 s after spec-run exec started'), null, "the command's process group is not spec-run exec's");
  t.equal(reading('When', 'spec-run exec is sent SIGINT a few seconds after it started'), null, 'a few seconds after the start: no time, no command');
  t.equal(reading('When', 'the command runs and SIGINT is sent to its process group 2 s after spec-run exec started'), null, '"its" after a command: the command\'s');
  t.equal(reading('When', 'spec-run exec is sent SIGINT while command 7 sleeps'), null, 'a number past the places read');
});

const run = scenariosRunner('Signals said in words');
const twoLong = ['- run: "echo first; sleep 20"', '- run: "echo second; sleep 20"'];

t.test('through real runs: the recipient and the moment, both ways', async (t) => {
  const { points } = await run('round33s-signals', [
    blockScenario('group', 'spec-run exec runs and SIGTERM is sent to its whole process group (npx, sh and node) about one second after it started', ['- run: "echo working; sleep 20"', '- run: "echo never"'], 'spec-run exec exits with status 143'),
    blockScenario('group probe', 'spec-run exec runs and SIGINT is sent to its whole process group (npx, sh and node) about one second after it started', ['- run: "echo working; sleep 20"', '- run: "echo never"'], 'spec-run exec exits with status 143'),
    blockScenario('announced', 'npx spec-run exec stop.yaml runs and ~0.5s after `[2/2] …` is printed SIGHUP goes only to the node process of spec-run (not to npx)', twoLong, 'the last line is `interrupted by SIGHUP`'),
    blockScenario('announced probe', 'npx spec-run exec stop.yaml runs and ~0.5s after `[1/2] …` is printed SIGHUP goes only to the node process of spec-run (not to npx)', twoLong, 'the last line is `interrupted by SIGHUP`'),
    blockScenario('named', 'the operator sends SIGINT to spec-run exec gate.yaml about one second after it starts, while the first of three commands is sleeping', ['- run: "echo working; sleep 20"', '- run: "echo b"', '- run: "echo c"'], 'the last line is `interrupted by SIGINT: 2 of 3 commands not run`'),
    blockScenario('named probe', 'the operator sends SIGINT to spec-run exec gate.yaml about one second after it starts, while the first of three commands is sleeping', ['- run: "echo working; sleep 20"', '- run: "echo b"', '- run: "echo c"'], 'the last line is `interrupted by SIGINT: 1 of 3 commands not run`'),
    blockScenario('into', 'spec-run exec is sent SIGTERM a few seconds into the second of three commands', ['- run: "echo a"', '- run: "echo b; sleep 20"', '- run: "echo c"'], 'the last line is `interrupted by SIGTERM: 1 of 3 commands not run`'),
    blockScenario('into probe', 'spec-run exec is sent SIGTERM a few seconds into the second of three commands', ['- run: "echo a"', '- run: "echo b; sleep 20"', '- run: "echo c"'], 'the last line is `interrupted by SIGTERM: 2 of 3 commands not run`'),
    blockScenario('later', 'the configuration is started as npx spec-run exec stop.yaml and, 1 second later, SIGTERM is sent to the node process of spec-run', ['- run: "echo working; sleep 20"'], 'spec-run exec exits with status 143'),
    blockScenario('later probe', 'the configuration is started as npx spec-run exec stop.yaml and, 1 second later, SIGTERM is sent to the node process of spec-run', ['- run: "echo working; sleep 20"'], 'spec-run exec exits with status 130'),
  ]);
  t.same(points.filter((p) => p.todo !== undefined).map((p) => p.name), [], 'every step bound', { points });
  const thens = points.filter((p) => /exits with status|the last line is/.test(p.name));
  t.same(thens.map((p) => p.ok), [true, false, true, false, true, false, true, false, true, false], 'true sentences pass, false variants fail', { points });
});

t.test('when the run ended, timed from the signal, and a contrast with the sleep its bound entails', async (t) => {
  t.match(reading('Then', 'the run ends within 2 s of the signal') ?? '', /^the time from the interrupt to the end of spec-run exec ≤ 2 s/, 'no status said');
  t.match(reading('Then', 'spec-run exec exits within 1 s after the signal, and does not wait for the 20s sleep') ?? '', /^the time from the interrupt to the end of spec-run exec ≤ 1 s/, 'the contrast entailed: taken out');
  t.match(reading('Then', 'spec-run exec exits with status 143 within 3 s of the signal rather than after the 40-second sleep') ?? '', /exit status == 143, the time from the interrupt to its end ≤ 3 s/, 'with a status');
  t.equal(reading('Then', 'spec-run exec exits within 5 s of the signal, not after the 2 s sleep'), null, 'a sleep shorter than the bound: the contrast says something, unread');
  t.equal(reading('Then', 'the command ends within 1 s of the signal'), null, "a command's end, not the run's");
  t.equal(reading('Then', 'spec-run exec does not exit within 1 s of the signal'), null, 'denied');
});

t.test('through real runs: the time from the signal to the end, both ways', async (t) => {
  const { points } = await run('round33s-since-signal', [
    blockScenario('soon', 'spec-run exec is sent SIGTERM while the first command is sleeping', ['- run: "echo working; sleep 20"'], 'spec-run exec ends within 1 s of the signal, not after the 20 s sleep'),
    blockScenario('soon probe', 'spec-run exec is sent SIGTERM while the first command is sleeping', ["- run: \"trap '' TERM; echo deaf; sleep 20\""], 'spec-run exec ends within 1 s of the signal, not after the 20 s sleep'),
  ]);
  t.same(points.filter((p) => p.todo !== undefined).map((p) => p.name), [], 'every step bound', { points });
  t.same(points.filter((p) => /of the signal/.test(p.name)).map((p) => p.ok), [true, false], 'true passes, the grace period waited out fails', { points });
});

t.test('setsid before the command line, and an option said absent with "any"', async (t) => {
  t.match(reading('When', 'the file is started as setsid npx spec-run exec gate.yaml and, 1 second later, SIGTERM is sent to spec-run exec') ?? '', /configuration file gate\.yaml; .*spec-run exec is sent SIGTERM 1 s after it started$/, 'setsid: the same process tree, a group of its own');
  t.equal(reading('When', 'the file is started as timeout 5 npx spec-run exec gate.yaml'), null, 'another program before it: another process tree, unread');
  t.equal(reading('When', 'spec-run exec is started as setsid npx spec-run exec gate.yaml and, 3 seconds later, while command 2 sleeps, SIGINT is sent to its whole process group'), null, '"its" after a command named: whose group is not said');
  const { points } = await run('round33s-alias-absent', [
    ['#### Scenario: aliased', 'When the configuration below is executed with `npx spec-run exec stop.yaml --image-alias alpine=spec-run/busybox:local`:', '```yaml', 'stop:', '  commands:', '    - run: "echo boxed"', '      image: alpine', '```', '', 'Then:', '1. the output is `boxed`'],
    ['#### Scenario: not aliased', 'When the configuration below is executed with npx spec-run exec stop.yaml, without any', '--image-alias:', '```yaml', 'stop:', '  commands:', '    - run: "echo boxed"', '      image: alpine', '```', '', 'Then:', '1. the output is `boxed`'],
  ]);
  t.same(points.filter((p) => p.todo !== undefined).map((p) => p.name), [], 'every step bound', { points });
  t.same(points.filter((p) => /the output is/.test(p.name)).map((p) => p.ok), [true, false], 'with the alias the image runs; without any, it is not there', { points });
});

t.test('the --log file said only by its directory not existing yet', async (t) => {
  t.match(reading('When', '--log is given a file in a folder that does not exist yet') ?? '', /--log unnamed-log-dir\/unnamed-log\.jsonl; unnamed-log-dir does not exist before the run/, 'a file of no name, in a directory of no name');
  t.equal(reading('When', '--log is given a file in a directory that exists'), null, 'a directory said to exist: which one is not said');
  const when = 'spec-run exec --log is given a file in a folder that does not exist yet, and runs';
  const { points } = await run('round33s-log-place', [
    blockScenario('timed out', when, ['- run: "echo tock; sleep 20"', '  timeout: 1s'], 'that line is a JSON object with "event":"timeout", "command":"echo tock; sleep 20" and "timeout":"1s"'),
    blockScenario('timed out probe', when, ['- run: "echo tock; sleep 20"', '  timeout: 1s'], 'that line is a JSON object with "event":"timeout", "command":"echo tock; sleep 20" and "timeout":"2s"'),
  ]);
  t.same(points.filter((p) => p.todo !== undefined).map((p) => p.name), [], 'every step bound', { points });
  t.same(points.filter((p) => /JSON object/.test(p.name)).map((p) => p.ok), [true, false], 'the log written where said, both ways', { points });
});
