// The interpreter of executor scenarios, without running anything: the lexicon reads
// durations, counts, commands, signals and streams in any common spelling; a sentence
// binds only when every word is accounted for, with the interpretation a reader can
// check; anything else stays unbound and names the words not understood.
import t from 'tap';
import fc from 'fast-check';
import { markCode, markCommands, tokenize, type Entity } from '../../src/run/scenario/interpreter/lexicon.js';
import { readThen } from '../../src/run/scenario/interpreter/then.js';
import { readWhen, emptySetup } from '../../src/run/scenario/interpreter/when.js';
import { interpret } from '../../src/run/scenario/interpreter/index.js';
import type { Reading } from '../../src/run/scenario/interpreter/reading.js';

type Test = Parameters<Parameters<typeof t.test>[0]>[0];

/** Each sentence is read, and what it is read as contains the expected text. */
function readsAs(t: Test, read: (sentence: string) => Reading<{ text: string }>, cases: [string, string][], joint: string): void {
  for (const [sentence, expected] of cases) {
    const reading = read(sentence);
    t.ok(reading.ok && reading.parts.map((p) => p.text).join(joint).includes(expected), `"${sentence}" → ${expected}`, { got: reading.ok ? reading.parts.map((p) => p.text) : reading });
  }
}

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
    ['the process is stopped after roughly two seconds', 'it was stopped (by the executor, or killed by its memory limit), its end at t ≈ 2 s'],
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
  readsAs(t, readThen, cases, ' ∧ ');
  t.end();
});

t.test('a negation scoped to its clause does not negate the other one', (t) => {
  const reading = readThen('spec-run exec exits non-zero and "should-not-run" is never printed');
  t.ok(reading.ok);
  if (reading.ok) t.same(reading.parts.map((p) => p.text), ['the run fails (exit status != 0)', 'not (a line shown on stdout or stderr contains "should-not-run" (the report\'s line, where it is the command\'s configured message))']);
  t.end();
});

t.test('never a guess: a word not understood leaves the sentence unbound, named', (t) => {
  for (const [sentence, word] of [
    ['the command is stopped after about 2 seconds, politely rephrased by the frobnicator', 'frobnicator'],
    ['the only socket it opens is "lo"', 'socket'],
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

/** A duration in milliseconds, spelled as writers spell it: compact, with units in words, with number words, with halves. */
const spellings = (h: number, m: number, s: number): string[] => {
  const ms = ((h * 60 + m) * 60 + s) * 1000;
  const parts = [h ? [h, 'h', 'hour'] : null, m ? [m, 'm', 'minute'] : null, s ? [s, 's', 'second'] : null].filter((p): p is [number, string, string] => p !== null);
  const word = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  const out = [parts.map(([n, u]) => `${n}${u}`).join(''), parts.map(([n, u]) => `${n}${u}`).join(' '), parts.map(([n, , u]) => word(n, u)).join(' '), parts.map(([n, , u]) => word(n, u)).join(' and ')];
  if (ms % 60_000 === 0 && ms < 3_600_000) out.push(`${ms / 60_000} minutes`);
  if (parts.length === 1 && parts[0][0] <= 10) out.push(`${WORDS[parts[0][0] - 1]} ${parts[0][2]}${parts[0][0] === 1 ? '' : 's'}`);
  return out;
};

t.test('durations of several units, halves and fractions: "2h30m", "1 minute and 30 seconds", "one and a half seconds"', (t) => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 59 }), fc.integer({ min: 0, max: 59 }), fc.nat(), (h, m, s, pick) => {
      fc.pre(h + m + s > 0);
      const forms = spellings(h, m, s);
      const text = forms[pick % forms.length];
      const found = durationOf(`the command is stopped after ${text} of running`);
      return found?.type === 'duration' && found.ms === ((h * 60 + m) * 60 + s) * 1000;
    }),
  );
  for (const [text, ms] of [
    ['one and a half seconds', 1500],
    ['a second and a half', 1500],
    ['an hour and a half', 5_400_000],
    ['two and a half minutes', 150_000],
    ['half an hour', 1_800_000],
    ['a quarter of a minute', 15_000],
    ['twenty-five seconds', 25_000],
    ['1.5s', 1500],
    ['0.25 s', 250],
    ['500ms', 500],
    ['1,500 ms', 1500],
    ['a couple of seconds', 2000],
  ] as const) t.same(durationOf(`within ${text}`), { type: 'duration', ms }, `"${text}"`);
  t.same(durationOf('"2h30m"'), { type: 'duration', ms: 9_000_000, written: '2h30m' }, 'quoted, it keeps its text: a value for the executor to judge');
  t.same(entities('a second command runs'), [{ type: 'ordinal', index: 1, of: 'command' }], '"a second command" is an ordinal, not a duration');
  t.end();
});

t.test('a duration in the When is carried into the configuration, in prose as read, quoted as written', async (t) => {
  const { configure } = await import('../../src/run/scenario/interpreter/observation.js');
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 2 }), fc.integer({ min: 0, max: 59 }), fc.integer({ min: 1, max: 59 }), fc.nat(), (h, m, s, pick) => {
      const forms = spellings(h, m, s);
      const reading = readWhen(`the command \`sleep 1\` has a timeout of ${forms[pick % forms.length]}`);
      if (!reading.ok) return false;
      const setup = emptySetup();
      for (const part of reading.parts) part.apply(setup);
      const { config, errors } = configure(null, setup);
      return errors.length === 0 && config.commands[0].timeout.kind === 'limit' && config.commands[0].timeout.ms === ((h * 60 + m) * 60 + s) * 1000;
    }),
  );
  const quoted = emptySetup();
  const reading = readWhen('a stop command has a timeout of "2h30m"');
  t.ok(reading.ok);
  if (reading.ok) for (const part of reading.parts) part.apply(quoted);
  t.match(configure(null, quoted).errors, [{ message: /timeout.*only a single unit/ }], 'quoted, the executor judges it as written: two units are refused');
  const yaml = { text: 'stop:\n  commands:\n    - run: "true"\n', line: 1 };
  const withYaml = emptySetup();
  const setting = readWhen('maxOutputLines is 0');
  if (setting.ok) for (const part of setting.parts) part.apply(withYaml);
  t.match(configure(yaml, withYaml).errors, [{ message: /maxOutputLines/ }], 'a When setting is written into the YAML block, where the loader judges it');
  t.end();
});

t.test('classes of sentences: reasons, contrasts, modal phrases, provenance, signal marks, endings', (t) => {
  const cases: [string, string][] = [
    ['the status reported is still 124, because the deadline is what ended it', 'exit code == 124 ∧ outcome == timeout'],
    ['the exit code is 124, indicating a timeout', 'exit code == 124 ∧ outcome == timeout'],
    ['it SHALL run on the host rather than in a container', 'ran on the host (no container) ∧ not (ran in a container)'],
    ['the command is expected to be stopped about two seconds after it started', 'it was stopped'],
    ['A 5m timeout is in force, coming from the built-in default', 'timeout == 5 min (from the built-in default)'],
    ['the effective timeout SHALL be 3s, taken from the command', "timeout == 3 s (from the command's own field)"],
    ['the default is overridden by its own timeout', "timeout from the command's own field"],
    ['SIGTERM is expected at the one-second mark', 'SIGTERM sent, at t ≈ 1 s'],
    ['SIGTERM is sent first, then SIGKILL two seconds later', 'SIGKILL − SIGTERM ≈ 2 s'],
    ['the command survives the SIGTERM sent at the 1-second mark', 'and the command outlived it'],
    ['the process exits cleanly on SIGTERM within the grace period', 'ended within the grace period, no SIGKILL'],
    ['The command is stopped after about 2 seconds with exit status 124', 'it was stopped (by the executor, or killed by its memory limit), exit code == 124'],
    ['the command is expected to end with exit status 3 after roughly three seconds', 'exit code == 3, elapsed ≈ 3 s'],
    ['the container SHALL be removed after it times out', 'every container was removed, outcome == timeout'],
    ['the container is gone after the run', 'a container was created, and every container was removed'],
    ['All four lines appear in the output', 'lines shown == 4'],
    ['stderr is not shown at all', 'stderr: no line shown'],
    ['Neither stream\'s cap is affected by the other', 'stdout and stderr each: lines shown == min(printed, maxOutputLines)'],
    ['the first command times out and the second command still runs', 'command 1: outcome == timeout ∧ command 2 ran'],
    ['The configuration is rejected because the timeout is negative', 'an error naming "timeout" says it is negative'],
    ['the exit code is 125 because the image does not exist', 'the image could not be found or pulled'],
    ['No container is created', 'no container created'],
    ['the command sees STAGE=test in its environment', 'env STAGE == test'],
    ['the container has no network access', 'network == none'],
  ];
  readsAs(t, readThen, cases, ' ∧ ');
  const whens: [string, string][] = [
    ['echo done runs on the host with no image configured', 'run `echo done`'],
    ['sleep 15 runs in Docker with image alpine and a timeout of 2s', 'run `sleep 15` in a container (alpine); timeout = 2 s'],
    ['neither defaultTimeout nor timeout is given for a stop command running sleep 2', 'no defaultTimeout and no timeout field'],
    ['the command prints 5 lines to stdout and 5 lines to stderr', 'prints 5 lines on stdout; prints 5 lines on stderr'],
    ['stdout is hidden and stderr is shown', 'showStdout: false; showStderr: true'],
    ['a stop command contains the key `timout: "5s"` instead of `timeout`', 'timout: "5s"'],
    ['the configuration contains a key `timeoutt`', 'timeoutt: null (a key with no value)'],
    ["the container's working directory is set to `/opt`", 'workdir: /opt (in a container)'],
    ['a command fails with exit code 2', 'exits with 2 (fails)'],
    ['the command exits with code 3 after printing "oops"', 'exits with 3; prints "oops" on stdout'],
    ['the command `sleep 10` runs with a 1 second timeout in an alpine container', 'timeout = 1 s; in a container (alpine)'],
  ];
  readsAs(t, readWhen, whens, '; ');
  t.end();
});

t.test('never a guess, in the new classes too', (t) => {
  for (const sentence of [
    'no container remains, running or stopped',
    '10 lines are not shown',
    'the last 10 lines are shown',
    'the exit code is 3 even though a timeout is set',
    'its own timeout and the default apply',
    // A time from an earlier event is not a time from the start.
    'it is killed about two seconds later',
    'the command is stopped roughly 2 seconds later',
  ]) t.notOk(readThen(sentence).ok, `"${sentence}" is not bound`);
  t.end();
});

t.test('code spans of a step are commands and values again', (t) => {
  t.equal(markCode('The 3s global default applies to sleep 15', ['sleep 15']), 'The 3s global default applies to `sleep 15`');
  t.equal(markCode('the key timout: "5s" instead of timeout', ['timout: "5s"', 'timeout']), 'the key `timout: "5s"` instead of `timeout`');
  t.equal(markCode('a timeout of "30s"', ['30s']), 'a timeout of "30s"', 'already quoted: left as it is');
  t.match(interpret('The configuration is rejected and echo done is never started', 'Then', ['echo done']), { ok: true, text: 'the configuration is rejected (validation errors, nothing runs) ∧ `echo done` never ran' });
  t.end();
});

/** The scenarios of a document holding one per list of steps, each step a list item (`[keyword, text]`, or a YAML block's text). */
async function scenarios(...lists: (readonly [string, string] | string)[][]) {
  const { parseMarkdown } = await import('../../src/parse/index.js');
  const { translate } = await import('../../src/translate/index.js');
  const lines = ['# x Specification', '', '## Requirements', '', '### Requirement: R', 'It SHALL.', ''];
  lists.forEach((steps, i) => lines.push(`#### Scenario: s${i}`, ...steps.flatMap((s) => (typeof s === 'string' ? ['```yaml', s, '```'] : [`- **${s[0]}** ${s[1]}`])), ''));
  return translate(parseMarkdown('x.spec.md', lines.join('\n'))).units.filter((u) => u.kind === 'scenario');
}

t.test('a scenario is read by one model: the seed vocabulary, or the interpreter where a step needs it', async (t) => {
  const { loadStepLibrary, bindStep } = await import('../../src/run/scenario/library.js');
  const library = await loadStepLibrary([], { builtins: true });
  const then = ['THEN', 'the working directory SHALL be /tmp'] as const;
  const eprintln = ['WHEN', 'a command fails and writes diagnostic information via eprintln'] as const;
  const [seedOnly, mixed, withSeedStep] = await scenarios([['WHEN', 'a command runs on the host'], then], [['WHEN', 'the command `pwd` runs in Docker with image alpine'], then], [eprintln, ['WHEN', 'the command `pwd` runs in Docker with image alpine'], then]);
  const [bySeed] = bindStep(library, seedOnly, seedOnly.steps[1], 'Then');
  t.ok(bySeed && bySeed.step.interpretation === undefined && /vocabulary\/index/.test(bySeed.step.file), 'in the seed\'s words, its expression binds', { got: bySeed?.step.source });
  const [byInterpreter] = bindStep(library, mixed, mixed.steps[1], 'Then');
  t.equal(byInterpreter?.step.interpretation, 'working directory == /tmp', 'beside a step only the interpreter reads, the interpreter reads it too: the seed expression would probe a command of its own');
  t.same(bindStep(library, withSeedStep, withSeedStep.steps[0], 'When'), [], 'there, a step only a seed expression matches stays undefined');
  t.end();
});

t.test('a When the interpreter reads only with the YAML block it introduces makes the interpreter read its scenario', async (t) => {
  const { loadStepLibrary, bindStep, interpreterReader } = await import('../../src/run/scenario/library.js');
  const library = await loadStepLibrary([], { builtins: true });
  const yaml = 'stop:\n  commands:\n    - run: "pwd"';
  const when = ['WHEN', 'the first command is fine:'] as const;
  const then = ['THEN', 'the working directory SHALL be /tmp'] as const;
  // The same When and Then: the block under the When, or above the steps (introduced by none).
  const [introduced, above] = await scenarios([when, yaml, then], [yaml, when, then]);
  t.equal(interpreterReader(library, introduced)?.text, introduced.steps[0].text, 'the When that introduces the block is what the interpreter reads');
  t.match(bindStep(library, introduced, introduced.steps[0], 'When'), [{ step: { interpretation: /the YAML block alone/ } }], 'the When is the block restated');
  t.match(bindStep(library, introduced, introduced.steps[1], 'Then'), [{ step: { interpretation: 'working directory == /tmp' } }], 'so the Then is the interpreter\'s too, not a seed expression probing a command of its own');
  t.equal(interpreterReader(library, above), null, 'a When that introduces no block is not read, and makes no reader');
  t.same(bindStep(library, above, above.steps[0], 'When'), [], 'it is unbound');
  const [bySeed] = bindStep(library, above, above.steps[1], 'Then');
  t.ok(bySeed && bySeed.step.interpretation === undefined && bySeed.step.builtin, 'and the Then keeps the seed expression', { got: bySeed?.step.source });
  t.end();
});

t.test('a step keeps its inline code spans, and a condition its own', async (t) => {
  const { parseMarkdown } = await import('../../src/parse/index.js');
  const { translate } = await import('../../src/translate/index.js');
  const text = [
    '# x Specification', '', '## Requirements', '', '### Requirement: R', 'It SHALL.', '',
    '#### Scenario: bullets', '- **WHEN** `sleep 15` runs with a `timeout` of 2s', '- **THEN** the output is empty', '',
    '#### Scenario: numbered', 'When `echo done` runs:', '```yaml', 'stop:', '  commands:', '    - run: "echo done"', '```', '', 'Then:', '1. `echo done` is never started', '',
  ].join('\n');
  const plan = translate(parseMarkdown('x.spec.md', text));
  const [bullets, numbered] = plan.units.filter((u) => u.kind === 'scenario');
  t.match(bullets, { steps: [{ text: 'sleep 15 runs with a timeout of 2s', code: ['sleep 15', 'timeout'] }, { text: 'the output is empty' }] });
  t.equal((bullets as { steps: { code?: string[] }[] }).steps[1].code, undefined, 'no code, no field');
  t.match(numbered, { conditionCode: ['echo done'], steps: [{ code: ['echo done'] }] });
  t.end();
});

t.test('a setting written as `key: value` in a When is a line of YAML: booleans, numbers, null and quoted text keep their types', async (t) => {
  const { configure } = await import('../../src/run/scenario/interpreter/observation.js');
  const yaml = { text: 'stop:\n  commands:\n    - run: "echo x"\n', line: 1 };
  for (const [sentence, key, value] of [
    ['`echo x` runs with `showStdout: false`', 'showStdout', false],
    ['`echo x` runs with `showStderr: true`', 'showStderr', true],
    ['`echo x` runs with `maxOutputLines: 7`', 'maxOutputLines', 7],
  ] as const) {
    const setup = emptySetup();
    const reading = readWhen(sentence);
    t.ok(reading.ok, `"${sentence}" is read`);
    if (reading.ok) for (const part of reading.parts) part.apply(setup);
    const { config, errors } = configure(yaml, setup);
    t.same(errors, [], `${key}: the executor's loader accepts it`);
    t.equal((config.commands[0] as unknown as Record<string, unknown>)[key], value, `${key} is ${String(value)} of its type`);
  }
  const none = emptySetup();
  const reading = readWhen('`echo x` runs with `timeout: null`');
  if (reading.ok) for (const part of reading.parts) part.apply(none);
  t.equal(configure(yaml, none).config.commands[0].timeout.kind, 'none', 'null: no limit');
  t.end();
});

t.test('quoted texts of the report: announcement lines, headings, first and last lines, a subject carried into the next clause', (t) => {
  readsAs(t, readThen, [
    ['the second command is announced as `[2/2] host: make (timeout 1m, from command)`', 'the command 2: the announcement line == "[2/2] host: make (timeout 1m, from command)"'],
    ['`make test` is announced with `(timeout 30s, from defaultTimeout)`', '`make test`: the announcement line contains "(timeout 30s, from defaultTimeout)"'],
    ['the text `halfway` is listed under `Partial Output:`', 'the block under "Partial Output:" in the report contains "halfway"'],
    ['the report opens with `OK: command succeeded`', 'the command\'s report begins with "OK: command succeeded"'],
    ['the report ends with `(no output)`', 'the last line of all spec-run exec printed ends with "(no output)"'],
    ['`sleep 9` is stopped after three seconds and reported with exit code 124', '`sleep 9`: exit code == 124'],
    ['the report opens with `OK:` and ends with `(no output)`', 'the command\'s report begins with "OK:" ∧ the last line of all spec-run exec printed ends with "(no output)"'],
  ], ' ∧ ');
  for (const sentence of [
    'the command is announced',
    '`done` is listed under the heading',
    'it outlives the one-second default',
  ]) t.notOk(readThen(sentence).ok, `"${sentence}" is not bound: a part of it is not a text the report is checked for`);
  t.end();
});
