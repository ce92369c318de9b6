// --seed replays the random choices of OpenSpec step code: Math.random while a scenario's
// code runs and this.random() draw from the scenario's seeded generator, the same alone,
// among other documents, under --jobs 2 and --grep; Node's own Math.random elsewhere.
import t from 'tap';
import { seededRandom, whileScenariosRun, withRandomSource } from '../../src/run/scenario/seeded-random.js';
import { project, runIn } from './user-project.js';

t.test('a seeded generator: the same numbers for the same seed, others for another, all in [0, 1)', async (t) => {
  const draws = (seed: number) => Array.from({ length: 1000 }, seededRandom(seed));
  t.same(draws(42), draws(42));
  t.notSame(draws(42), draws(43));
  t.ok(draws(7).every((x) => x >= 0 && x < 1));
  // Spread over the interval, as Math.random's are: a tenth in each tenth, roughly.
  const tenths = new Array(10).fill(0);
  for (const x of draws(9)) tenths[Math.floor(x * 10)]++;
  t.ok(tenths.every((n) => n > 60 && n < 140), `tenths: ${tenths}`);
});

t.test("Math.random draws from the running scenario's generator, Node's elsewhere, and is Node's again after", async (t) => {
  const node = Math.random;
  const drawn: Record<string, number[]> = { a: [], b: [] };
  await whileScenariosRun(async () => {
    t.not(Math.random, node, 'replaced while scenarios run');
    // Two scenarios' code interleaved (two documents under --jobs 2): each gets its own sequence.
    const scenario = (name: 'a' | 'b', seed: number) =>
      withRandomSource(seededRandom(seed), async () => {
        for (let i = 0; i < 3; i++) {
          drawn[name].push(Math.random());
          await new Promise((r) => setTimeout(r, 1));
        }
      });
    await Promise.all([scenario('a', 1), scenario('b', 2)]);
  });
  t.equal(Math.random, node, "Node's Math.random once no scenario runs");
  t.same(drawn.a, Array.from({ length: 3 }, seededRandom(1)));
  t.same(drawn.b, Array.from({ length: 3 }, seededRandom(2)));
});

const DRAWS = (name: string) => `# ${name}

### Requirement: ${name} draws
The system SHALL draw.

#### Scenario: first
- **GIVEN** a draw

#### Scenario: second
- **GIVEN** a draw
`;

// Each step attaches what it drew: Math.random, through a helper module that kept a reference to it as it loaded, this.random() and this.seed.
const STEPS = `import { Given } from 'spec-run/steps';
import { draw } from './helper.mjs';
const atLoad = Math.random();
Given('a draw', function () { this.attach('draws', JSON.stringify({ math: Math.random(), helper: draw(), own: this.random(), seed: this.seed, atLoad })); });
`;

type Draws = { math: number; helper: number; own: number; seed: number; atLoad: number };

/** The draws of each scenario of a run with ARGS, by "file: scenario". */
async function drawsOf(dir: string, args: string[]): Promise<Map<string, Draws>> {
  const run = await runIn(dir, [...args, '--reporter', 'json']);
  const found = new Map<string, Draws>();
  for (const point of run.points) {
    const attached = point.attachments?.find((a) => a.name === 'draws');
    if (attached) found.set(`${point.file}: ${point.unitId}`, JSON.parse(String(attached.value)) as Draws);
  }
  if (found.size === 0) throw new Error(`no draws: ${run.stderr}`);
  return found;
}

t.test('--seed replays step code: the same draws alone, among other documents, with --jobs 2 and --grep', async (t) => {
  const dir = project({ 'specs/a.spec.md': DRAWS('Alpha'), 'specs/b.spec.md': DRAWS('Beta'), 'steps.mjs': STEPS, 'helper.mjs': 'const random = Math.random;\nexport const draw = () => random();\n' });
  const whole = await drawsOf(dir, ['specs', '--steps', 'steps.mjs', '--seed', '1234']);
  t.equal(whole.size, 4);
  const again = await drawsOf(dir, ['specs', '--steps', 'steps.mjs', '--seed', '1234', '--jobs', '2']);
  const alone = await drawsOf(dir, ['specs/b.spec.md', '--steps', 'steps.mjs', '--seed', '1234']);
  const grepped = await drawsOf(dir, ['specs', '--steps', 'steps.mjs', '--seed', '1234', '--grep', 'second']);
  const strip = (draws: Draws) => ({ math: draws.math, helper: draws.helper, own: draws.own, seed: draws.seed });
  for (const [key, draws] of whole) {
    t.equal(draws.seed, 1234, `${key}: this.seed is the run's`);
    t.same(strip(again.get(key)!), strip(draws), `${key}: the same under --jobs 2`);
    if (alone.has(key)) t.same(strip(alone.get(key)!), strip(draws), `${key}: the same alone`);
    if (grepped.has(key)) t.same(strip(grepped.get(key)!), strip(draws), `${key}: the same under --grep`);
  }
  t.equal(alone.size, 2);
  t.equal(grepped.size, 2);
  const values = [...whole.values()].map((d) => d.math);
  t.equal(new Set(values).size, 4, 'each scenario draws its own numbers');
  const other = await drawsOf(dir, ['specs', '--steps', 'steps.mjs', '--seed', '99']);
  t.notSame([...other.values()].map((d) => d.math), values, 'another seed draws other numbers');
  // A steps file's top level, as it loads, is no step code: Node's Math.random there.
  t.not([...whole.values()][0].atLoad, [...again.values()][0].atLoad, 'Math.random at load time is not seeded');
});
