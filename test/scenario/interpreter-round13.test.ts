// Round 13: classes of language from the analysis of all 24 batches' unbound steps (the
// held-out README, "Round 13"). Each class is tested on sentences written for these tests
// (none from a batch), read both ways, and against real runs where a reading could be
// checked wrongly.
import t from 'tap';
import { readThen } from '../../src/run/scenario/interpreter/then.js';
import { interfaceNamed, interfacesListed } from '../../src/run/scenario/interpreter/interfaces.js';
import { blockScenario, scenariosRunner, sectionScenario } from './cli-points.js';

const read = (s: string) => readThen(s);

const runScenarios = scenariosRunner('Round 13');

t.test("a duration refused for a reason said in the reader's words: the executor's own reason for it", (t) => {
  const reads = (sentence: string, field: RegExp, fault: RegExp) => t.match(read(sentence), { ok: true, parts: [{ text: field }] }, sentence) && t.match(read(sentence), { ok: true, parts: [{ text: fault }] });
  reads('`stop.commands[2].timeout` is rejected since only one unit is allowed', /about "stop\.commands\[2\]\.timeout"/, /several units/);
  reads('`stop.defaultTimeout` is refused because it has more than one unit', /about "stop\.defaultTimeout"/, /several units/);
  reads('the default timeout is refused as a plain number without a unit', /naming "defaultTimeout"/, /a number without a unit/);
  reads('`stop.commands[0].timeout` is rejected because the unit is missing', /about "stop\.commands\[0\]\.timeout"/, /a number without a unit/);
  reads('`stop.commands[1].timeout` is rejected as zero', /about "stop\.commands\[1\]\.timeout"/, /zero/);
  reads('`stop.commands[1].timeout` is invalid because the number must be positive', /about "stop\.commands\[1\]\.timeout"/, /not positive/);
  reads('`stop.commands[1].timeout` is rejected because it contains a space', /about "stop\.commands\[1\]\.timeout"/, /a space between the number and its unit/);
  reads('`stop.commands[4].timeout` is refused for its unknown unit `\'d\'`', /about "stop\.commands\[4\]\.timeout"/, /unknown unit and says "'d'"/);
  // The hint said with it is the error's words, never a notice of a command (a refused configuration runs none).
  t.match(read('`stop.commands[0].timeout` is rejected as a bare number, with the hint `(e.g. \'45s\')`'), { ok: true, parts: [{ text: /a number without a unit/ }, { text: /hints .* contains "\(e\.g\. '45s'\)"/ }] });
  // Not read: a concession said as the reason, two faults at once, a fault said of no field, a fault with no refusal said,
  // two fields, a negated refusal.
  t.match(read('`stop.commands[0].timeout` is refused, even though only a single unit is allowed'), { ok: false });
  t.match(read('`stop.commands[0].timeout` is refused because it is zero and has no unit'), { ok: false });
  t.match(read('the value is rejected because only a single unit is allowed'), { ok: false });
  t.match(read('the timeout has no unit'), { ok: false });
  t.match(read('`stop.commands[0].timeout` and `stop.commands[1].timeout` are refused as bare numbers'), { ok: false });
  t.match(read('`stop.commands[0].timeout` is not refused for a space'), { ok: false });
  t.end();
});

t.test('through the CLI: each duration fault is checked against the error of that field, and fails against another', async (t) => {
  const section = ['defaultTimeout: "1h15m"', 'commands:', '  - run: "echo a"', '    timeout: 90', '  - run: "echo b"', '    timeout: "0s"', '  - run: "echo c"', '    timeout: "4 m"', '  - run: "echo d"', '    timeout: "4w"'];
  const { points, passes, byName } = await runScenarios('round13-duration-faults', [
    sectionScenario(
      'every fault in its own words',
      'the configuration is',
      section,
      '`stop.defaultTimeout` is rejected since only one unit is allowed',
      '`stop.commands[0].timeout` is refused as a plain number without a unit',
      '`stop.commands[1].timeout` is refused because the number must be positive, not zero',
      '`stop.commands[2].timeout` is rejected because it contains a space',
      '`stop.commands[3].timeout` is refused for its unknown unit `\'w\'`',
    ),
    // Each in a scenario of its own: a step after a failing one is skipped.
    ...[
      '`stop.commands[0].timeout` is rejected since only one unit is allowed',
      '`stop.defaultTimeout` is refused as a plain number without a unit',
      '`stop.commands[2].timeout` is refused because the number must be positive, not zero',
      '`stop.commands[1].timeout` is rejected because it contains a space',
      '`stop.commands[3].timeout` is refused for its unknown unit `\'x\'`',
    ].map((then, i) => sectionScenario(`a fault said of another field, ${i + 1}`, 'the configuration is', section, then)),
  ]);
  // A point is named by its step without code marks.
  for (const part of ['stop.defaultTimeout is rejected since', 'stop.commands[0].timeout is refused as a plain', 'stop.commands[1].timeout is refused because', 'stop.commands[2].timeout is rejected because', "unknown unit 'w'"]) t.ok(passes(part), `holds: ${part}`, { points });
  for (const part of ['stop.commands[0].timeout is rejected since', 'stop.defaultTimeout is refused as a plain', 'stop.commands[2].timeout is refused because', 'stop.commands[1].timeout is rejected because', "unknown unit 'x'"]) t.equal(byName(part)?.ok, false, `fails: ${part}`);
});

t.test('through the CLI: a bare number refused "with the hint" holds where the problem line gives that hint', async (t) => {
  const { points, passes, byName } = await runScenarios('round13-hint', [
    blockScenario('a bare number', 'the only command is', ['- run: "echo a"', '  timeout: 45'], "`stop.commands[0].timeout` is rejected as a bare number, with the hint `(e.g. '45s')`"),
    blockScenario('another hint', 'the only command is', ['- run: "echo a"', '  timeout: 45'], "`stop.commands[0].timeout` is refused as a bare number, with the hint `(e.g. '90s')`"),
  ]);
  t.ok(passes("with the hint (e.g. '45s')"), 'the hint of the problem line', { points });
  t.equal(byName("with the hint (e.g. '90s')")?.ok, false, 'not a hint it does not give');
});

t.test('the only network interface a command lists', (t) => {
  const only = /of the network interfaces its output lists, "lo" alone/;
  t.match(read('the only network interface the container lists is `lo`'), { ok: true, parts: [{ text: only }] });
  t.match(read('`lo` is the only interface it shows'), { ok: true, parts: [{ text: only }] });
  t.match(read('the only interface listed by the command is `lo`'), { ok: true, parts: [{ text: only }] });
  // Not read: no "only" (a list with more), a name no interface has, a negation, "just" (a measure, not "no other").
  t.match(read('the interface `lo` is listed'), { ok: false });
  t.match(read('the only interface it lists is `localhost`'), { ok: false });
  t.match(read('the only interface it lists is not `lo`'), { ok: false });
  t.match(read('the network `none` is the only one'), { ok: false });
  t.end();
});

t.test('interface names in the output, as `ls /sys/class/net`, `ip -o link | cut -d: -f2` and `ip link` print them', (t) => {
  t.equal(interfaceNamed('lo'), 'lo');
  t.equal(interfaceNamed(' eth0@if23'), 'eth0');
  t.equal(interfaceNamed('2: eth0@if23: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1500 qdisc noqueue'), 'eth0');
  t.equal(interfaceNamed('1: lo: <LOOPBACK,UP,LOWER_UP> mtu 65536'), 'lo');
  t.equal(interfaceNamed('    link/loopback 00:00:00:00:00:00 brd 00:00:00:00:00:00'), null);
  t.equal(interfaceNamed('1000'), null);
  t.equal(interfaceNamed('/workspace'), null);
  t.equal(interfaceNamed('nobody'), null);
  t.same(interfacesListed(['1000', 'lo', ' tunl0@NONE', 'lo']), ['lo', 'tunl0']);
  t.end();
});

t.test('through the CLI: "the only interface it lists" holds of `lo` alone among other lines, and not beside another interface', async (t) => {
  const { points, passes, byName } = await runScenarios('round13-interfaces', [
    blockScenario('lo alone', 'the only command is', ['- run: "echo 1000; echo lo; echo /workspace"'], 'the only network interface it lists is `lo`'),
    blockScenario('lo and eth0', 'the only command is', ['- run: "echo lo; echo \' eth0@if9\'"'], 'the only interface the command lists is `lo`'),
    blockScenario('no interface', 'the only command is', ['- run: "echo nobody"'], '`lo` is the only interface it shows'),
  ]);
  t.ok(passes('the only network interface it lists'), 'lo among lines that name no interface', { points });
  t.equal(byName('the only interface the command lists')?.ok, false, 'not with eth0 beside it');
  t.equal(byName('lo is the only interface it shows')?.ok, false, 'not where none is listed');
});

t.test("a command's configured message, called by whose it is, and placed by the report's parts", (t) => {
  t.match(read("the team's message is printed"), { ok: true, parts: [{ text: /configured message on a line of its own$/ }] });
  t.match(read('the custom message appears below the output block'), { ok: true, parts: [{ text: /configured message on a line of its own after the output block$/ }] });
  t.match(read('the configured message is shown before the `To fix:` list and after the partial output'), { ok: true, parts: [{ text: /before the `To fix:` list and after the output block/ }] });
  t.match(read("the team's message is not shown"), { ok: true, parts: [{ text: /^not \(/ }] });
  // Not read: a word of order with no part after it, a part with no word of order, a text of the message quoted (unchecked),
  // a negation with a place, another filler word.
  t.match(read('the configured message is printed after'), { ok: false });
  t.match(read('the configured message is printed with the output'), { ok: false });
  t.match(read("the team's message `Call Dana` is printed"), { ok: false });
  t.match(read("the team's message is not printed after the output"), { ok: false });
  t.match(read("the team's message is printed as follows"), { ok: false });
  t.end();
});

t.test('through the CLI: the configured message holds where the report places it, and not where it is not shown', async (t) => {
  const timedOut = ['- run: "echo hi; sleep 5"', '  timeout: 1s', '  message: "Ask the build team"'];
  const { points, passes, byName } = await runScenarios('round13-configured-message', [
    blockScenario('placed', 'the only command is', timedOut, "the team's message appears after the output and before the `To fix:` list"),
    blockScenario('misplaced', 'the only command is', timedOut, 'the configured message is printed before the partial output'),
    blockScenario('not shown on success', 'the only command is', ['- run: "echo fine"', '  message: "Ask the build team"'], 'the custom message is printed'),
    blockScenario('denied on success', 'the only command is', ['- run: "echo fine"', '  message: "Ask the build team"'], "the team's message is not shown"),
  ]);
  t.ok(passes("the team's message appears after"), 'below the output, above To fix:', { points });
  t.equal(byName('before the partial output')?.ok, false, 'not above the output');
  t.equal(byName('the custom message is printed')?.ok, false, 'a passing command shows no message');
  t.ok(passes("the team's message is not shown"), 'and its denial holds');
});

t.test('a stream said to stay within its limit: none of its lines omitted', (t) => {
  t.match(read('stdout stayed within its limit'), { ok: true, parts: [{ text: /stdout: printed no more lines than maxOutputLines, none omitted/ }] });
  t.match(read('the first command shows all its lines, because standard error stays within its own limit'), { ok: true, parts: [{}, { text: /stderr: printed no more lines/ }] });
  // Not read: a pronoun that may be the command or a stream, a negation.
  t.match(read('it stayed within its limit'), { ok: false });
  t.match(read('stderr is not within its limit'), { ok: false });
  t.end();
});

t.test('through the CLI: a stream within its limit holds of the stream under it, and not of the one cut', async (t) => {
  const both = ['- run: "seq 1 6; seq 11 12 >&2"', '  maxOutputLines: 3'];
  const { points, passes, byName } = await runScenarios('round13-within-limit', [
    blockScenario('stderr under', 'the only command is', both, 'stderr stayed within its own limit'),
    blockScenario('stdout over', 'the only command is', both, 'stdout stayed within its own limit'),
  ]);
  t.ok(passes('stderr stayed within'), 'two stderr lines under a limit of three', { points });
  t.equal(byName('stdout stayed within')?.ok, false, 'six stdout lines are not');
});

