// Round 26's classes (the layout of the report): positions of lines and commands' announcements named by their place,
// each read both ways on sentences and commands written for these tests (none from a batch). "the next line reads `x`"
// is the whole line right after what the step before quoted; a heading or title placed by an ordinal, in a sentence
// quoting an announcement, is that command's announcement; progress marks from one to another are every mark between;
// "is announced `[1/2] …`" quoting a whole announcement is that line.
import t from 'tap';
import { blockScenario, expectVerdicts, reading, scenariosRunner } from './cli-points.js';

const runScenarios = scenariosRunner('Round 26 layout');

t.test('"the next line reads `x`" is the whole line right after the text the step before quoted', async (t) => {
  t.match(reading('Then', 'the next line reads `beta`') ?? '', /"beta" is the line right after the last text the step before quoted/);
  t.match(reading('Then', 'the next line is `beta`') ?? '', /"beta" is the line right after/);
  // A verb of saying or holding: the line holds the text, no more.
  t.match(reading('Then', 'the next line says `beta`') ?? '', /"beta" stands in the report on the line right after/);
  // "the line after it", "the line right below that": the next line, said by where it stands.
  t.match(reading('Then', 'the line after it reads `beta`') ?? '', /"beta" is the line right after/);
  t.match(reading('Then', 'the line right below that is `beta`') ?? '', /"beta" is the line right after/);
  // "the line after `a`" names its own text: not the line after what the step before quoted.
  t.notMatch(reading('Then', 'the line after `alpha` is `beta`') ?? '', /the step before quoted/);
  const next = (...lines: string[]) => blockScenario(lines.join(' '), 'the configuration is', [`- run: "${lines.map((l) => `echo ${l}`).join('; ')}"`], 'the output shows `alpha`', 'the next line reads `beta`');
  await expectVerdicts(t, runScenarios, 'round26-next-line', [next('alpha', 'beta'), next('alpha', 'gamma', 'beta'), next('alpha', 'beta gamma')], 'next line reads', [
    [true, '`beta` is printed on the line right after `alpha`'],
    [false, 'a line stands between them'],
    [false, 'the next line holds more than `beta`: it does not read `beta`'],
  ]);
  const says = (...lines: string[]) => blockScenario(lines.join(' '), 'the configuration is', [`- run: "${lines.map((l) => `echo ${l}`).join('; ')}"`], 'the output shows `alpha`', 'the line after it says `beta`');
  await expectVerdicts(t, runScenarios, 'round26-next-says', [says('alpha', 'beta gamma'), says('alpha', 'gamma', 'beta')], 'line after it says', [
    [true, 'the next line holds `beta`'],
    [false, '`beta` is two lines down'],
  ]);
});

t.test("a heading or title placed by an ordinal, quoting an announcement, is that command's announcement line", async (t) => {
  t.match(reading('Then', 'the second heading reads `[2/2] host: echo b (timeout 5m, from built-in default)`') ?? '', /the command 2: the announcement line is "\[2\/2\] host: echo b/);
  t.match(reading('Then', 'the last title is `[3/3] host: echo c (timeout 5m, from built-in default)`') ?? '', /the last( command)?: the announcement line (is|==) "\[3\/3\] host: echo c/);
  t.match(reading('Then', 'the first block is announced as `[1/2] host: echo a (timeout 5m, from built-in default)`') ?? '', /the command 1: the announcement line == /);
  // No announcement quoted: "the second heading" may be one of a report's headings (`To fix:`), not read as a command's.
  t.notMatch(reading('Then', 'the second heading is `To fix:`') ?? '', /announcement/);
  const heading = (second: string) => blockScenario(second, 'the configuration is', ['- run: "echo a"', `- run: "${second}"`], 'the second heading reads `[2/2] host: echo b (timeout 5m, from built-in default)`');
  await expectVerdicts(t, runScenarios, 'round26-heading', [heading('echo b'), heading('echo c')], 'second heading', [
    [true, 'the second command is announced so'],
    [false, 'the second command is another'],
  ]);
});

t.test('progress marks from one to another are the marks of every command between, one a command', async (t) => {
  const listed = reading('Then', 'the commands are announced as `[1/3]`, `[2/3]` and `[3/3]`');
  t.ok(listed);
  t.equal(reading('Then', 'the commands are announced as `[1/3]` through `[3/3]`'), listed);
  // Marks with the words after them (`[1/3] host:`) are each another command's too, never all in one announcement line.
  t.match(reading('Then', 'the commands are announced `[1/3] host:` to `[3/3] host:`') ?? '', /every command's announcement line contains one of "\[1\/3\] host:", "\[2\/3\] host:", "\[3\/3\] host:"/);
  t.equal(reading('Then', 'the commands are announced `[1/3] host:` to `[3/3] host:`'), reading('Then', 'the commands are announced `[1/3] host:`, `[2/3] host:` and `[3/3] host:`'));
  // Marks said "in this order" are each another command's: never one announcement line holding them all in order.
  t.notMatch(reading('Then', 'the commands are announced as `[1/3]`, `[2/3]` and `[3/3]`, in this order') ?? '', /the announcement line contains "\[1\/3\]" and/);
  t.match(reading('Then', 'the announcement line holds `[1/1] host:`, followed by `echo a`') ?? '', /in this order/);
  // Marks of different counts are no marks of one run counted up.
  t.notOk(reading('Then', 'the commands are announced as `[1/3]` to `[2/2]`')?.includes('[2/3]'));
  const marks = (n: number) => blockScenario(`${n} commands`, 'the configuration is', Array.from({ length: n }, (_, k) => `- run: "echo ${k}"`), 'the commands are announced as `[1/3]` through `[3/3]`');
  await expectVerdicts(t, runScenarios, 'round26-marks', [marks(3), marks(4)], 'through', [
    [true, 'three commands, announced [1/3] to [3/3]'],
    [false, 'four commands: their marks count to 4'],
  ]);
});

t.test('"is announced `[1/2] host: …`" quoting a whole announcement is that line', async (t) => {
  t.match(reading('Then', 'the first command is announced `[1/2] host: echo a (timeout 5m, from built-in default)`') ?? '', /the command 1: the announcement line == "\[1\/2\] host: echo a/);
  // A part of the line quoted stays a part.
  t.match(reading('Then', 'the second command is announced with `(timeout 5m, from built-in default)`') ?? '', /the announcement line contains/);
  const announced = (timeout: string) => blockScenario(timeout, 'the configuration is', ['- run: "echo a"', `  timeout: ${timeout}`, '- run: "echo b"'], 'the first step is announced `[1/2] host: echo a (timeout 3s, from command)`');
  await expectVerdicts(t, runScenarios, 'round26-announced', [announced('3s'), announced('4s')], 'is announced', [
    [true, 'announced with its own 3s timeout'],
    [false, 'its timeout is 4s'],
  ]);
});

t.test("in a sentence naming the list of fixes, a point or entry placed by an ordinal is an item of that list", async (t) => {
  t.match(reading('Then', 'a `To fix:` list whose first point is `1. Raise the limit`') ?? '', /part 1 of the items under `To fix:` is "1. Raise the limit"/);
  t.match(reading('Then', 'a `To fix:` list whose second entry is `2. Lower it`') ?? '', /part 2 of the items under `To fix:` is/);
  // Never the command by its place ("the command 1"), which "first entry" alone could be.
  t.notMatch(reading('Then', 'a `To fix:` list whose first entry is `1. Raise the limit`') ?? '', /command 1/);
  // With no list of fixes named, "the first entry" is not made an item.
  t.notMatch(reading('Then', 'the first entry of the log has `"event":"timeout"`') ?? '', /items under/);
  const fixes = (which: string) => blockScenario(which, 'the configuration is', ['- run: "sleep 5"', '  timeout: 1s'], `a \`To fix:\` list whose ${which} point begins with \`1. Increase timeout\``);
  await expectVerdicts(t, runScenarios, 'round26-fix-point', [fixes('first'), fixes('second')], 'point begins', [
    [true, 'a timeout: the first fix is to increase it'],
    [false, 'the second fix is another'],
  ]);
});
