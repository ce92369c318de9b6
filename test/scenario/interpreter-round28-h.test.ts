// Round 28's part H: a refused configuration's problem said by its parts (which problem: its line, its field, its
// command, an adjective of its value; what its message says: its own words, quoted or not, or a paraphrase of its
// reason, its example, its allowed keys), and the first line of a refusal. Sentences written for these tests (none from
// a batch), through real runs both ways: each reading holds where the run's message says it, and fails where the
// message for that field says something else.
import t from 'tap';
import { reading, scenariosRunner, sectionScenario } from './cli-points.js';

const runScenarios = scenariosRunner('Round 28 part H');

// Line 2: a bare number; line 5: two units; line 6: no line kept; line 8: an unknown key; line 9: a relative workdir.
const refused = ['defaultTimeout: 45', 'commands:', '  - run: "echo a"', '    timeout: 1h15m', '    maxOutputLines: 0', '  - run: "echo b"', '    colour: red', '    workdir: data', '    image: alpine'];
const empty = ['commands: []'];
const runless = ['commands:', '  - run: "echo a"', '  - timeout: 5s'];

/** Each sentence said of a block, and whether the run's messages bear it out. */
const cases: [string, string[], string, boolean][] = [
  ['a reason at its line', refused, 'the error at line 2 says that the value needs a unit', true],
  ['another reason at that line', refused, 'the error at line 2 says that only one unit is permitted', false],
  ['a reason of a field', refused, 'the problem for `stop.commands[0].timeout` says only one unit is permitted', true],
  ['another reason of that field', refused, 'the problem for `stop.commands[0].timeout` says the value needs a unit', false],
  ['a range of lines', refused, 'the maxOutputLines problem says it must be a whole number of lines between 1 and 10000', true],
  ['a minimum of memory instead', refused, 'the maxOutputLines problem says it must be at least 6m', false],
  ['the allowed keys', refused, 'the misspelt key colour is flagged with the list of keys allowed for a command, with image among them', true],
  ['a key not allowed', refused, 'the misspelt key colour is flagged with the list of keys allowed for a command, with failFast among them', false],
  ['the example given', refused, 'the workdir problem says it must be an absolute path inside the container and suggests `/workspace/data`', true],
  ['another example', refused, 'the workdir problem says it must be an absolute path inside the container and suggests `/workspace/src`', false],
  ['its own words at its place', refused, "the problem at line 9 says stop.commands[1].workdir: must be an absolute path inside the container (e.g. '/workspace/data'), not the relative \"data\"", true],
  ['its own words at another place', refused, "the problem at line 8 says stop.commands[1].workdir: must be an absolute path inside the container (e.g. '/workspace/data'), not the relative \"data\"", false],
  ['an adjective of the value', refused, 'the bare number is rejected with invalid duration 45: must be a string with a unit (e.g. \'45s\'), not the number 45', true],
  ['an adjective of another value', refused, 'the compound duration is rejected with invalid duration 45: must be a string with a unit (e.g. \'45s\'), not the number 45', false],
  ['its end', refused, 'the timeout problem says that it combines several units, and ends with `Valid: \'30s\', \'5m\', \'2h\', null`', true],
  ['two problems', refused, 'stop.commands[0].maxOutputLines is refused as not a whole number of lines from 1 to 10000, and the workdir problem says it is not an absolute path', true],
  ['two problems, one not said', refused, 'stop.commands[0].maxOutputLines is refused as not a whole number of lines from 1 to 10000, and the workdir problem says that only one unit is permitted', false],
  ['an empty list', empty, 'the message says the commands list is empty, since a stop hook which runs nothing checks nothing', true],
  ['no empty list', refused, 'the message says the commands list is empty, since a stop hook which runs nothing checks nothing', false],
  ['a command without run', runless, 'the error for the second step says each command requires a run: key', true],
  ['another command', runless, 'the error for the first step says each command requires a run: key', false],
  ['a value written bare', ['commands:', '  - run: "echo a"', '    keepOutput: middle'], '`keepOutput: middle` is refused as it must be head or tail', true],
  ['another value written bare', ['commands:', '  - run: "echo a"', '    keepOutput: last'], '`keepOutput: middle` is refused as it must be head or tail', false],
  ['the first line', refused, 'the first line says the configuration is invalid', true],
  ['the first line of a valid one', ['commands:', '  - run: "echo fine"'], 'the first line says the configuration is invalid', false],
];

t.test('a problem said by its parts holds where the run says it, and fails where it says another reason', async (t) => {
  const { points } = await runScenarios(
    'round28h-parts',
    cases.map(([title, section, then]) => sectionScenario(title, 'the section is', section, then)),
  );
  t.same(points.filter((p) => p.todo !== undefined).map((p) => p.name), [], 'every step bound', { points });
  // One Then a scenario, in the order of the cases.
  const thens = points.filter((p) => p.name.startsWith('Then '));
  t.equal(thens.length, cases.length, 'one Then a case', { points });
  cases.forEach(([title, , then, holds], i) => t.equal(thens[i]?.ok, holds, `${title}: ${then}`, { point: thens[i] }));
});

t.test('what no message says, or a problem no sentence names, stays unread', async (t) => {
  for (const sentence of [
    'the problem at line 2 says the weather is fine',
    'the error at line 2 says that the value needs a unit, and the report is short',
    'the problem for `stop.commands[0].timeout` says invalid duration 90: must be a string with a unit, and spec-run exits with 2',
    'the pretty number is refused with invalid duration 45: must be a string with a unit',
    'the second is rejected because the number must be positive, not zero',
    'the workdir error suggests using a better folder',
    'the first line says the run was invalid',
  ]) {
    t.equal(reading('Then', sentence), null, sentence);
  }
});

t.test('a reading says which problem and which parts it checks', async (t) => {
  t.match(reading('Then', 'the problem at line 6 says it must be a whole number of lines from 1 to 10000'), /an error at line 6 says must be a whole number of lines from 1 to 10000/);
  t.match(reading('Then', 'for `stop.defaultTimeout` at line 2, the error says the value has no unit'), /an error about the field stop\.defaultTimeout, at line 2 says a number without a unit/);
  t.match(reading('Then', 'the unknown key error lists the allowed keys, from run to message'), /an error naming an unknown key lists the allowed keys from run to message/);
});
