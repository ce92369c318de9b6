// A claim of what a command printed, read where the executor did not show every line it printed:
// where the cap of stored output (or a line's length) cut lines nobody asked to cut, a denial
// never holds on the lines shown alone, and a claim that fails says which lines were cut. A
// command's output is what its configuration shows (its line limit, a stream it hides); what
// the command printed ("never prints") is every line, shown or not. Said of what the report
// shows ("is not shown", "the output shown"), the lines shown decide it. Each both ways, on real runs.
import t from 'tap';
import { observe } from '../../src/run/scenario/interpreter/observation.js';
import { emptySetup } from '../../src/run/scenario/interpreter/when.js';
import { reading, verdictsOn } from './then-readings.js';

const config = (...command: string[]) => ['stop:', '  commands:', ...command.map((l) => `    ${l}`), ''].join('\n');
// 40 000 lines of 60 bytes pass the 1 MiB cap of stored output: the last one, `FINALWORD`, is counted, never kept.
const capped = config('- run: "yes xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx | head -n 40000; echo FINALWORD"');
const limited = config('- run: "seq 1 20; echo FINALWORD"', '  maxOutputLines: 5');
const hidden = config('- run: "echo shown; echo FINALWORD >&2"', '  showStderr: false');
const whole = config('- run: "seq 1 20; echo FINALWORD"');

const printDenials = ['the command never prints "FINALWORD"', 'the command SHALL NOT print "FINALWORD"'];
const outputDenials = ['the output SHALL NOT contain "FINALWORD"', 'the output does not show "FINALWORD"', 'stdout does not contain "FINALWORD"', 'the output does not contain "absent"'];
const claims = ['the output contains "FINALWORD"', 'the command prints "FINALWORD"'];

t.test('cut at the cap of stored output: a denial of printed text is undecided, a failure; a claim fails saying lines were cut', async (t) => {
  const holds = await verdictsOn(capped);
  for (const sentence of [...printDenials, ...outputDenials, ...claims]) t.equal(await holds(sentence), false, `"${sentence}" fails`);
  // Found among the lines shown, a text decides it either way.
  t.equal(await holds('the output contains "xxxx"'), true, 'a text shown was printed');
  t.equal(await holds('the output SHALL NOT contain "xxxx"'), false, 'and is no denial that holds');
  const o = await observe({ text: capped, line: 1 }, emptySetup(), {});
  for (const sentence of ['the output SHALL NOT contain "FINALWORD"', 'the output contains "FINALWORD"', 'stdout does not contain "FINALWORD"', 'the output is, line by line, `x` and `y`']) {
    const [check] = reading(sentence);
    const v = await check.evaluate(o);
    t.match(v.actual, /^undecided: .*, and stdout printed 40001 line\(s\), \d+ not shown: \d+ cut at the cap of stored output/, `"${sentence}" names the lines not shown`);
  }
  t.end();
});

t.test('cut at the line limit the configuration set, or a stream it hid: the output is what it shows; what the command printed stays undecided', async (t) => {
  for (const [name, cut] of [['a line limit', limited], ['a hidden stream', hidden]] as const) {
    const holds = await verdictsOn(cut);
    for (const sentence of [...printDenials, ...claims]) t.equal(await holds(sentence), false, `${name}: "${sentence}" fails`);
    for (const sentence of outputDenials.filter((x) => !x.startsWith('stdout') || cut === limited)) t.equal(await holds(sentence), true, `${name}: "${sentence}" holds of the output as configured`);
  }
  t.end();
});

t.test('every line shown: denials and claims are decided by the lines; what the report shows is decided by what it shows', async (t) => {
  const holds = await verdictsOn(whole);
  for (const sentence of ['the output SHALL NOT contain "absent"', 'the command never prints "absent"', 'the output contains "FINALWORD"', 'the output contains "20"']) t.equal(await holds(sentence), true, `"${sentence}" holds`);
  for (const sentence of ['the output SHALL NOT contain "FINALWORD"', 'the output contains "absent"']) t.equal(await holds(sentence), false, `"${sentence}" fails`);
  // Said of the report's display, a line cut is one not shown: true.
  const shown = await verdictsOn(capped);
  t.equal(await shown('"FINALWORD" is not shown'), true, 'a text the cap cut is not shown');
  t.equal(await shown('the output shown does not contain "FINALWORD"'), true, 'the output shown does not hold it');
  t.end();
});

t.test('the whole output, line for line: known only where no cut nobody asked for lost lines', async (t) => {
  // stderr's flood fills the cap: the `4` printed on stdout after it is counted, never kept, so the lines shown read 1 to 3.
  const cut = await verdictsOn(config('- run: "seq 1 3; yes xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx | head -n 40000 >&2; echo 4"'));
  t.equal(await cut('stdout contains "3"'), true, 'the lines before the cap are shown');
  t.equal(await cut('the command prints 1 to 3 on stdout'), false, 'the cap cut a line it printed after them');
  t.equal(await cut('its standard output is, line by line, `1`, `2` and `3`'), false, 'the cap cut a line it printed after them');
  const limited = await verdictsOn(config('- run: "seq 1 9"', '  maxOutputLines: 3'));
  t.equal(await limited('the command prints 1 to 3'), true, 'the lines the configuration shows');
  t.equal(await limited('its output is, line by line, `1`, `2` and `3`'), true, 'the lines the configuration shows');
  const all = await verdictsOn(config('- run: "seq 1 3"'));
  t.equal(await all('the command prints 1 to 3'), true);
  t.equal(await all('its output is, line by line, `1`, `2` and `3`'), true);
  t.end();
});
