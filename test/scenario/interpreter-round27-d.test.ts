// Round 27 part D: why a value is refused, said in a writer's own words, each reason read only as the executor's message
// for that problem. Sentences written for these tests (none from a batch), each read both ways through real runs of
// refused configurations: the reason holds of the field named, or the sentence fails.
import t from 'tap';
import type { Test } from 'tap';
import { reading, scenariosRunner, sectionScenario } from './cli-points.js';

const runScenarios = scenariosRunner('Round 27 refusal reasons');

/** Runs each [section, expected, meaning] case with THEN as its one step, and checks it is bound and its verdict. */
async function verdicts(t: Test, name: string, then: string, cases: [string[], boolean, string][]): Promise<void> {
  const { points } = await runScenarios(name, cases.map(([section], i) => sectionScenario(`${name} ${i}`, 'the configuration is', section, then)));
  const marker = then.replace(/`/g, '').slice(0, 24);
  const chosen = points.filter((p) => p.name.includes(marker));
  t.equal(chosen.length, cases.length, 'one step a case', { points });
  t.same(chosen.filter((p) => p.todo !== undefined).map((p) => p.name), [], 'every step bound', { points });
  cases.forEach(([, ok, meaning], i) => t.equal(chosen[i]?.ok, ok, meaning, { points }));
}

const hostRun = ['commands:', '  - run: "true"'];

t.test('a duration refused for its units, its missing unit, or a space, with the value it proposes', async (t) => {
  t.match(reading('Then', '`defaultTimeout` is rejected since only one unit is permitted') ?? '', /only a single unit is allowed/);
  t.match(reading('Then', 'the value `1h15m` is rejected as it mixes several units') ?? '', /value "1h15m".*several units/);
  t.match(reading('Then', '`timeout` gets flagged as a value missing its unit, with `45s` suggested as the example') ?? '', /without a unit.*e\.g\. '45s'/);
  // An adjective that says another problem than the reason given is not read.
  t.equal(reading('Then', 'the bare `defaultTimeout` is rejected since only one unit is permitted'), null);
  await verdicts(t, 'round27-units', '`defaultTimeout` is rejected since only one unit is permitted', [
    [['defaultTimeout: "1h15m"', ...hostRun], true, 'two units in one duration'],
    [['defaultTimeout: 75', ...hostRun], false, 'a number without a unit is another problem'],
  ]);
  await verdicts(t, 'round27-no-unit', '`timeout` gets flagged as a value missing its unit, with `45s` suggested as the example', [
    [['commands:', '  - run: "true"', '    timeout: 45'], true, 'the message proposes 45s'],
    [['commands:', '  - run: "true"', '    timeout: 30'], false, 'the message proposes 30s, not 45s'],
    [['commands:', '  - run: "true"', '    timeout: "45 s"'], false, 'a space is another problem'],
  ]);
  await verdicts(t, 'round27-space', '`timeout` is refused because there cannot be any space between the number and the unit', [
    [['commands:', '  - run: "true"', '    timeout: "2 m"'], true, 'a space between number and unit'],
    [['commands:', '  - run: "true"', '    timeout: "2h30m"'], false, 'several units is another problem'],
  ]);
});

t.test('a field only a container takes, a memory below its minimum, a boolean, a variable name', async (t) => {
  t.match(reading('Then', '`cpus` on a host step is refused, as it only applies inside a container') ?? '', /field cpus.*applies in a container only/);
  // The message names no value: a value said beside the field would go unchecked, so the sentence stays unread.
  t.equal(reading('Then', '`memory: 512m` is refused because it applies in a container only'), null);
  t.equal(reading('Then', '`cpus` on a container step is refused, as it only applies inside a container'), null);
  await verdicts(t, 'round27-container-only', '`cpus` on a host step is refused, as it only applies inside a container', [
    [['commands:', '  - run: "true"', '    cpus: 1'], true, 'cpus on a command without image:'],
    [['commands:', '  - run: "true"', '    image: alpine', '    cpus: 1', '    workdir: rel'], false, 'cpus on a container command is taken; the refusal is the workdir\'s'],
  ]);
  t.match(reading('Then', '`memory` is refused because it has to be at least 8m') ?? '', /must be at least 8m/);
  await verdicts(t, 'round27-memory-min', '`memory` is refused because it has to be at least 6m', [
    [['commands:', '  - run: "true"', '    image: alpine', '    memory: 4m'], true, 'below Docker\'s minimum'],
    [['commands:', '  - run: "true"', '    image: alpine', '    memory: 4x'], false, 'an unknown unit is another problem'],
  ]);
  const eight = await runScenarios('round27-memory-eight', [sectionScenario('eight', 'the configuration is', ['commands:', '  - run: "true"', '    image: alpine', '    memory: 4m'], '`memory` is refused because it has to be at least 8m')]);
  t.equal(eight.points.find((p) => p.name.includes('at least 8m'))?.ok, false, 'the minimum is 6m, not 8m', { points: eight.points });
  await verdicts(t, 'round27-boolean', 'the validator says that `failFast` must be either true or false', [
    [['failFast: "no"', ...hostRun], true, 'a string where a boolean belongs'],
    [['failFast: true', 'commands: []'], false, 'failFast is fine; the list is empty'],
  ]);
  await verdicts(t, 'round27-env-name', '`9LIVES` is not a valid environment variable name', [
    [['commands:', '  - run: "true"', '    env:', '      9LIVES: x'], true, 'a name opening with a digit'],
    [['commands:', '  - run: "true"', '    env:', '      NINE: x', '    bogus: 1'], false, 'the name is fine; the refusal is the unknown key\'s'],
  ]);
});

t.test('an empty list, an empty run, a relative container workdir and an unknown key, with what their messages add', async (t) => {
  t.match(reading('Then', 'the list of commands is refused as empty, noting that a stop hook that runs nothing checks nothing') ?? '', /field commands.*empty list/);
  await verdicts(t, 'round27-empty-list', 'the list of commands is refused as empty, noting that a stop hook that runs nothing checks nothing', [
    [['commands: []'], true, 'no command at all'],
    [['commands:', '  - run: ""'], false, 'one command whose run is empty'],
  ]);
  await verdicts(t, 'round27-empty-run', 'the blank `run:` is refused, as it must be a non-empty command string', [
    [['commands:', '  - run: "   "'], true, 'a run of spaces'],
    [['commands:', '  - run: "true"', '    bogus: 1'], false, 'the run is fine'],
  ]);
  t.equal(reading('Then', 'the blank `run:` is refused as a value missing its unit'), null);
  // Refused with no reason said, the field's adjective is the reason; without one no reason is read.
  t.notMatch(reading('Then', '`workdir` is refused for a container step') ?? '', /absolute/);
  await verdicts(t, 'round27-workdir', 'the relative `workdir` is refused for a container step, proposing `/workspace/out` instead', [
    [['commands:', '  - run: "true"', '    image: alpine', '    workdir: out'], true, 'a relative workdir in a container'],
    [['commands:', '  - run: "true"', '    image: alpine', '    workdir: build'], false, 'the message proposes /workspace/build'],
  ]);
  await verdicts(t, 'round27-unknown-key', '`retry` is an unrecognised key, with the keys allowed there listed (run, timeout, image, …)', [
    [['commands:', '  - run: "true"', '    retry: 3'], true, 'the list opens with run, timeout, image'],
    [['commands:', '  - run: "true"', '    retries: 3'], false, 'another key is the unknown one'],
  ]);
  // Keys said to open the list are its opening, in order.
  t.match(reading('Then', '`retry` is an unrecognised key, with the keys allowed there listed (timeout, run, …)') ?? '', /unknown key/);
  const order = await runScenarios('round27-key-order', [sectionScenario('order', 'the configuration is', ['commands:', '  - run: "true"', '    retry: 3'], '`retry` is an unrecognised key, with the keys allowed there listed (timeout, run, …)')]);
  t.equal(order.points.find((p) => p.name.includes('unrecognised'))?.ok, false, 'the list opens with run, then timeout', { points: order.points });
});
