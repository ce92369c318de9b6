// The interpreter of executor scenarios, without running anything: the lexicon reads
// durations, counts, commands, signals and streams in any common spelling; a sentence
// binds only when every word is accounted for, with the interpretation a reader can
// check; anything else stays unbound and names the words not understood.
import t from 'tap';
import fc from 'fast-check';
import { markCommands, tokenize, type Entity } from '../../src/run/scenario/interpreter/lexicon.js';
import { readThen } from '../../src/run/scenario/interpreter/then.js';
import { readWhen, emptySetup } from '../../src/run/scenario/interpreter/when.js';
import { interpret } from '../../src/run/scenario/interpreter/index.js';

const entities = (sentence: string): Entity[] => tokenize(sentence).flatMap((token) => (token.kind === 'entity' ? [token.entity] : []));
const durationOf = (text: string) => entities(text).find((e) => e.type === 'duration');

const UNITS: [string[], number][] = [
  [['ms', 'millisecond', 'milliseconds', 'msec'], 1],
  [['s', 'sec', 'secs', 'second', 'seconds'], 1000],
  [['min', 'mins', 'minute', 'minutes'], 60_000],
  [['h', 'hr', 'hrs', 'hour', 'hours'], 3_600_000],
];
const WORDS = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

t.test('durations in every spelling: "2s", "2 s", "2 seconds", "2-second", "two seconds"', (t) => {
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 999 }), fc.integer({ min: 0, max: UNITS.length - 1 }), fc.nat(), fc.nat(), (n, u, pick, form) => {
      const [names, size] = UNITS[u];
      const name = names[pick % names.length];
      const compact = /^(ms|s|sec|secs|min|mins|h|hr|hrs)$/.test(name);
      const spellings = [`${n} ${name}`, ...(compact ? [`${n}${name}`] : []), ...(/^[a-z]+$/.test(name) && !compact ? [`a ${n}-${name} limit`] : [])];
      const text = spellings[form % spellings.length];
      const found = durationOf(`the command is stopped after ${text}`);
      return found?.type === 'duration' && found.ms === n * size;
    }),
  );
  for (const [word, n] of WORDS.map((w, i) => [w, i + 1] as const)) t.same(durationOf(`after ${word} seconds`), { type: 'duration', ms: n * 1000 }, `"${word} seconds"`);
  t.same(durationOf('within half a second'), { type: 'duration', ms: 500 });
  t.same(durationOf('after a second'), { type: 'duration', ms: 1000 });
  t.same(durationOf('after 1.5 s'), { type: 'duration', ms: 1500 });
  t.same(durationOf('a timeout of "30s"'), { type: 'duration', ms: 30_000, written: '30s' }, 'quoted: the value as written, too');
  t.same(durationOf('a command sleeps'), undefined, 'no number, no duration');
  t.end();
});

t.test('counts with their unit, exit codes, signals, streams, keys and their synonyms', (t) => {
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 100_000 }), fc.constantFrom('', 'more ', 'omitted ', 'output '), (n, between) => {
      const count = entities(`${n} ${between}lines are shown`).find((e) => e.type === 'count');
      return count?.type === 'count' && count.n === n && count.unit === 'line';
    }),
  );
  t.same(entities('the exit status is 124'), [{ type: 'number', n: 124 }]);
  t.same(entities('SIGTERM then signal 9'), [{ type: 'signal', name: 'SIGTERM' }, { type: 'signal', name: 'SIGKILL' }]);
  t.same(entities('standard error and stdout'), [{ type: 'stream', name: 'stderr' }, { type: 'stream', name: 'stdout' }]);
  t.same(entities('the global default and the line limit'), [{ type: 'key', name: 'defaultTimeout' }, { type: 'key', name: 'maxOutputLines' }]);
  t.same(entities('writes to stderr, with no notice for that stream'), [{ type: 'stream', name: 'stderr' }, { type: 'stream', name: 'stderr' }], 'a reference to the stream named before');
  t.same(entities('runs in an alpine container'), [{ type: 'image', name: 'alpine' }]);
  t.same(entities('with image node:18'), [{ type: 'image', name: 'node:18' }]);
  t.end();
});

t.test('a command written without code marks is the words up to its verb', (t) => {
  t.equal(markCommands('the stop command sleep 30 runs on the host'), 'the stop command `sleep 30` runs on the host');
  t.equal(markCommands('the report names the command sleep 45'), 'the report names the command `sleep 45`');
  t.equal(markCommands('the command is stopped after 2 seconds'), 'the command is stopped after 2 seconds', 'a verb after "command" is no command');
  t.equal(markCommands('the command timed out after 1s'), 'the command timed out after 1s');
  t.end();
});

t.test('Then sentences bind to one predicate each, shown as what is checked', (t) => {
  const cases: [string, string][] = [
    ['the reported exit status is 124', 'exit code == 124'],
    ['the exit code is not 0', 'not (exit code == 0)'],
    ['the process is stopped after roughly two seconds', 'it was stopped (by the executor, or killed by its memory limit), at t ≈ 2 s'],
    ['7 lines are reported as omitted', 'lines omitted == 7'],
    ['no container is left behind', 'every container created was removed'],
    ["the command's own timeout wins over the default", "timeout from the command's own field"],
    ['SIGKILL is sent after the grace period', 'SIGKILL sent once the grace period after SIGTERM is over'],
    ['stdout and stderr are each limited to 10 lines', 'stdout and stderr lines shown == min(printed, 10) each'],
    ['it takes no longer than 5 seconds', 'elapsed ≤ 5 s'],
    ['the configuration is rejected with a message naming `timeout`', 'an error naming "timeout"'],
    ['spec-run exec exits with status 2', "spec-run exec's exit status == 2"],
    ['the command runs to the end and exits with status 0', 'outcome == completed (ran to its end, not stopped) ∧ exit code == 0'],
    ['no stdout and no stderr is shown', 'stdout and stderr: no line shown'],
  ];
  for (const [sentence, expected] of cases) {
    const reading = readThen(sentence);
    t.ok(reading.ok && reading.parts.map((p) => p.text).join(' ∧ ').includes(expected), `"${sentence}" → ${expected}`, { got: reading.ok ? reading.parts.map((p) => p.text) : reading });
  }
  t.end();
});

t.test('a negation scoped to its clause does not negate the other one', (t) => {
  const reading = readThen('spec-run exec exits non-zero and "should-not-run" is never printed');
  t.ok(reading.ok);
  if (reading.ok) t.same(reading.parts.map((p) => p.text), ['the run fails (exit status != 0)', 'not (a line shown on stdout or stderr contains "should-not-run")']);
  t.end();
});

t.test('never a guess: a word not understood leaves the sentence unbound, named', (t) => {
  for (const [sentence, word] of [
    ['the command is stopped after about 2 seconds, politely rephrased by the frobnicator', 'frobnicator'],
    ['the only interface it lists is "lo"', 'interface'],
    ['the error points at line 4, where "timout" is written', 'written'],
  ] as const) {
    const reading = readThen(sentence);
    t.notOk(reading.ok, `"${sentence}" is not bound`);
    if (!reading.ok) t.ok(reading.notUnderstood.some((w) => w.includes(word)), `it names "${word}"`, { got: reading.notUnderstood });
  }
  // "without a timeout" is the field left out, or timeout: null: not decided for the writer.
  t.notOk(readWhen('a command runs without a timeout').ok, 'an ambiguous When is not bound');
  t.end();
});

t.test('When sentences set up the run, clause by clause', (t) => {
  const setup = emptySetup();
  const reading = readWhen('a command limited to 3 lines of output writes 10 lines to stderr');
  t.ok(reading.ok);
  if (reading.ok) for (const part of reading.parts) part.apply(setup);
  t.same(setup.fields, { maxOutputLines: 3 });
  t.same(setup.prints, [{ stream: 'stderr', n: 10 }]);
  const other = emptySetup();
  const second = readWhen('`sleep 60` runs on the host under a 2-second limit');
  t.ok(second.ok);
  if (second.ok) for (const part of second.parts) part.apply(other);
  t.match(other, { run: 'sleep 60', context: 'host', timeoutMs: 2000 });
  t.end();
});

t.test('the step text of a binding: setup for Given and When, a check for Then', (t) => {
  const when = interpret('a command writes 5 lines to stdout', 'When');
  const then = interpret('5 lines are shown', 'Then');
  t.match(when, { ok: true, kind: 'setup', text: 'setup: prints 5 lines on stdout' });
  t.match(then, { ok: true, kind: 'check', text: 'lines shown == 5' });
  t.end();
});
