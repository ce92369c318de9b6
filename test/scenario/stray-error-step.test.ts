// An error thrown by code a step started (a timer, a promise nobody awaited) after the step
// returned fails that step, at its line, whatever step or hook runs when it is thrown: the
// async context of the step's code says whose it is. Both ways: a timer whose check holds
// leaves every point passing; one that fails fails its own step and blames no other.
import t from 'tap';
import { project, runIn } from './user-project.js';

const STEPS = `import assert from 'node:assert/strict';
import { When, Then, After } from 'spec-run/steps';
When('the stock is counted', function () { this.stock = 4; });
Then('the stock SHALL be {int} after a tick', function (n) { setTimeout(() => assert.equal(this.stock, n), 20); });
Then('the stock SHALL be {int} once a promise settles', function (n) { Promise.resolve().then(() => new Promise((r) => setTimeout(r, 20))).then(() => assert.equal(this.stock, n)); });
When('the stock is slowly recounted', async function () { await new Promise((r) => setTimeout(r, 80)); });
After(async function () { await new Promise((r) => setTimeout(r, 80)); });
`;

const scenario = (name: string, ...steps: string[]) => [`#### Scenario: ${name}`, ...steps.map((step) => `- **${step}`), ''];
const DOC = [
  '### Requirement: Stock',
  'The stock SHALL be counted.',
  '',
  ...scenario('timer fails in an After hook', 'WHEN** the stock is counted', 'THEN** the stock SHALL be 5 after a tick'),
  ...scenario('timer holds', 'WHEN** the stock is counted', 'THEN** the stock SHALL be 4 after a tick'),
  ...scenario('timer fails in a later step', 'WHEN** the stock is counted', 'THEN** the stock SHALL be 5 after a tick', 'AND** the stock is slowly recounted'),
  ...scenario('promise fails in a later step', 'WHEN** the stock is counted', 'THEN** the stock SHALL be 5 once a promise settles', 'AND** the stock is slowly recounted'),
  ...scenario('promise holds', 'WHEN** the stock is counted', 'THEN** the stock SHALL be 4 once a promise settles', 'AND** the stock is slowly recounted'),
].join('\n');

t.test('a step whose timer or promise throws after it returned fails at its line; no hook or later step is blamed', async (t) => {
  const dir = project({ 'steps.mjs': STEPS, 'stock.spec.md': DOC });
  const run = await runIn(dir, ['stock.spec.md', '--reporter', 'json']);
  const lineOf = (text: string, from = 0) => DOC.split('\n').findIndex((line, i) => i >= from && line.includes(text)) + 1;
  const pointsOf = (name: string) => {
    const unit = run.events.find((e) => e.type === 'unit-start' && e.name.endsWith(`/ ${name}`));
    t.ok(unit, `${name}: it ran`);
    return run.points.filter((p) => p.unitId === (unit as { unitId: string }).unitId);
  };
  for (const name of ['timer fails in an After hook', 'timer fails in a later step', 'promise fails in a later step']) {
    const points = pointsOf(name);
    const then = points.find((p) => p.name.startsWith('THEN'))!;
    t.equal(then.ok, false, `${name}: the THEN fails`);
    t.equal(then.at?.line, lineOf(then.name.slice('THEN '.length), lineOf(name)), `${name}: at its own line`);
    t.match(then.diagnostics, { reason: /the step passed, then code it started/, message: /4 !== 5|Expected values to be strictly equal/ }, `${name}: saying why`);
    t.same(points.filter((p) => !p.ok).map((p) => p.name), [then.name], `${name}: no other point, hook or step, fails`);
  }
  for (const name of ['timer holds', 'promise holds']) t.ok(pointsOf(name).every((p) => p.ok), `${name}: every point passes`);
  t.notOk(run.points.some((p) => /outside any step|after it ended|After hook/.test(p.name)), 'nothing is blamed outside the step');
  t.equal(run.exitCode, 1);
});
