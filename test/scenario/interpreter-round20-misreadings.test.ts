// The false failures and wrong readings the reviewers of round 20's fresh measurement (batch39,
// batch40) found, fixed as classes: a digit inside a word taken for a duration the time scaling
// cannot see; the writer's own pronoun read as the user a command runs as; "the first line",
// naming no place, never looked for among the lines spec-run exec printed itself. Each class is read
// both ways, on sentences and commands written for these tests (none from a batch).
import t from 'tap';
import { loadConfig } from '../../src/executor/config.js';
import { scaled } from '../../src/run/scenario/interpreter/observation.js';
import { thenParts, whenParts } from '../support/readings.js';
import { blockScenario, scenariosRunner } from './cli-points.js';

const runScenarios = scenariosRunner('Misreadings of round 20');

const configOf = (...runs: string[]) => loadConfig(`stop:\n  commands:\n${runs.map((run) => `    - run: ${JSON.stringify(run)}\n`).join('')}`).config;

t.test('a digit inside a word is no number the time scaling cannot see; a standalone number still is', (t) => {
  // Sleeps of a minute are scaled down; the words beside them hold digits, no durations.
  const words = scaled(configOf('echo start; sleep 60', 'echo step3', 'md5sum x; echo $1'));
  t.ok(words.scale < 1, 'scaled, not refused');
  t.match(words.config.commands[0].run, /^echo start; sleep 0?\.\d+|^echo start; sleep \d/);
  // A number standing alone may be a duration: refused, never scaled into another outcome.
  for (const run of ['timeout 30 sleep 100', 'sleep 60; wait-for --deadline=30', 'node -e "setTimeout(f, 30000)"; sleep 60', 'sleep 60; retry 5s']) {
    t.throws(() => scaled(configOf('echo start; sleep 60', run)), /holds "/, run);
  }
  t.end();
});

t.test("the writer's own pronoun after a role is no user a command runs as", (t) => {
  t.same(whenParts('as an operator I run the host command `sleep 30` with `timeout: 2s`'), ['run `sleep 30` on the host', 'timeout: 2s']);
  t.notMatch(whenParts('as a developer, we run `echo hi`')?.join(' ') ?? '', /user:/);
  // A user named after the word "user" still is one.
  t.match(whenParts('a container command `id` runs as user nobody')?.join(' ') ?? '', /user: nobody/);
  t.match(whenParts('as an operator I run `id` in a container as user `1000:1000`')?.join(' ') ?? '', /user: 1000:1000/);
  t.match(whenParts('a container command `id` runs as a user `nobody`')?.join(' ') ?? '', /user: nobody/);
  t.end();
});

t.test('"the first line", naming no place, may be the first line spec-run exec printed (its announcement)', async (t) => {
  t.match(thenParts('the first line is "[1/1] host: echo ok (timeout 5m, from built-in default)"')?.join(' ') ?? '', /or of all spec-run exec printed/);
  const { points } = await runScenarios('misread-first-line', [
    blockScenario('announced', 'the configuration is', ['- run: "echo ok"'], 'the first line is "[1/1] host: echo ok (timeout 5m, from built-in default)"'),
    blockScenario('other', 'the configuration is', ['- run: "echo ok"', '  timeout: 10s'], 'the first line is "[1/1] host: echo ok (timeout 5m, from built-in default)"'),
    blockScenario('output', 'the configuration is', ['- run: "echo ok"'], 'the first line is "ok"'),
  ]);
  const [announced, other, output] = points.filter((p) => p.name.includes('first line'));
  t.equal(announced?.ok, true, 'the announcement is the first line printed', { points });
  t.equal(other?.ok, false, 'another announcement is not', { points });
  t.equal(output?.ok, true, "the output's first line still is one", { points });
});
