// `--seed N` did not replay OpenSpec step code, though every report says it replays the
// run's random choices: Math.random in steps was Node's, unseeded, and `this.seed` was
// undefined (round 13's user seat). From a user's seat: spec-run packed, installed into a
// fresh project outside the repository, a failing draw found and replayed with the seed
// the run printed.
import t from 'tap';
import { userProject } from '../support/installed.js';

const DOCUMENT = `# r Specification

### Requirement: Random
The system SHALL draw.

#### Scenario: draw
- **GIVEN** a random draw
- **THEN** the draw SHALL be below one half
`;

const STEPS = `import assert from 'node:assert/strict';
import { Given, Then } from 'spec-run/steps';
Given('a random draw', function () { this.x = Math.random(); this.y = this.random(); this.attach('seed', String(this.seed)); });
Then('the draw SHALL be below one half', function () { assert.ok(this.x < 0.5, \`drew \${this.x} and \${this.y}\`); });
`;

t.test('a failing random draw of step code fails again, the same, when replayed with the seed its report printed', async (t) => {
  const user = userProject({ 'specs/r.spec.md': DOCUMENT, 'steps.mjs': STEPS });
  let failing: { seed: string; message: string } | null = null;
  for (let i = 0; i < 30 && failing === null; i++) {
    const run = await user.specRun(['specs', '--reporter', 'spec']);
    if (run.code === 0) continue;
    t.equal(run.code, 1, run.stderr);
    const seed = /seed (\d+) \(spec-run --seed \1 replays the run's random choices: Lisp's random, and Math\.random and this\.random\(\) in step code\)/.exec(run.stdout);
    t.ok(seed, `the report says what --seed replays: ${run.stdout}`);
    failing = { seed: seed![1], message: /drew [\d.]+ and [\d.]+/.exec(run.stdout)![0] };
  }
  if (failing === null) return t.fail('no run drew 0.5 or more in 30 runs');
  for (let i = 0; i < 3; i++) {
    const replay = await user.specRun(['specs', '--seed', failing.seed, '--reporter', 'tap']);
    t.equal(replay.code, 1, `replay ${i + 1} fails as the run did`);
    t.match(replay.stdout, failing.message, 'with the same draws, Math.random and this.random() alike');
    t.match(replay.stdout, new RegExp(`seed: ${failing.seed}\\b`), 'this.seed is the seed given');
  }
  const help = await user.specRun(['run', '--help']);
  t.match(help.stdout, /--seed <n>\s+seed of the random choices it replays: Lisp's\s+random, and Math\.random and\s+this\.random\(\)\s+in\s+OpenSpec\s+step\s+code/);
});
