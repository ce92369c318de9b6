// matchStep tests each definition's regular expression before cucumber's match (which
// parses the expression again at every call): the definitions it finds must be exactly
// those cucumber's match alone finds, for cucumber expressions and regular expressions. A
// global or sticky expression keeps state from one match to the next (lastIndex), in
// cucumber's match too: it is not tested first, so its matches follow cucumber's own.
import t from 'tap';
import fc from 'fast-check';
import { CucumberExpression, ParameterTypeRegistry, RegularExpression, type Expression } from '@cucumber/cucumber-expressions';
import { matchStep, type CompiledStep, type StepLibrary } from '../../src/run/scenario/library.js';

const registry = new ParameterTypeRegistry();
const expressions: Expression[] = [
  new CucumberExpression('a counter at {int}', registry),
  new CucumberExpression('{int} is added', registry),
  new CucumberExpression('the counter shows {int}', registry),
  new CucumberExpression('the word {string} is shown', registry),
  new RegularExpression(/^(\d+) items?$/, registry),
  new RegularExpression(/^the (\w+) ends$/, registry),
];
const steps = expressions.map((expression, line) => ({ keyword: 'Given', source: expression.source, expression, fn: () => undefined, file: 'steps.mjs', line, builtin: false }) as CompiledStep);
const library = { steps, hooks: [], problems: [], parameterTypes: [] } as unknown as StepLibrary;

const text = fc.oneof(
  fc.integer({ min: -50, max: 50 }).map((n) => `a counter at ${n}`),
  fc.integer({ min: 0, max: 9 }).map((n) => `${n} is added`),
  fc.integer({ min: 0, max: 9 }).map((n) => `the counter shows ${n}`),
  fc.string({ maxLength: 8 }).map((s) => `the word "${s.replace(/"/g, '')}" is shown`),
  fc.integer({ min: 0, max: 99 }).map((n) => `${n} item${n === 1 ? '' : 's'}`),
  fc.constantFrom('the day ends', 'the day ends now', 'many items here', 'items'),
  fc.string({ maxLength: 20 }),
);

t.test('the definitions found are those cucumber match alone finds, call after call', async (t) => {
  fc.assert(
    fc.property(fc.array(text, { minLength: 1, maxLength: 6 }), (texts) => {
      for (const candidate of texts) {
        const found = matchStep(library, candidate).map((m) => m.step.line);
        const alone = steps.filter((step) => step.expression.match(candidate) !== null).map((step) => step.line);
        if (found.join() !== alone.join()) throw new Error(`${JSON.stringify(candidate)}: ${found} against ${alone}`);
      }
    }),
    { numRuns: 500 },
  );
  t.same(matchStep(library, 'a counter at 7').map((m) => m.matched.map((a) => a.getValue(null))), [[7]], 'the argument is read');
});

t.test('a global or sticky expression matches as cucumber matches it, state and all', async (t) => {
  for (const flags of ['g', 'y']) {
    const stateful = () => new RegularExpression(new RegExp('items', flags), registry);
    const twin = stateful();
    const only = { ...library, steps: [{ ...steps[0], expression: stateful() }] } as StepLibrary;
    const texts = ['items', 'items', 'many items', 'items here', 'items'];
    t.same(
      texts.map((candidate) => matchStep(only, candidate).length),
      texts.map((candidate) => (twin.match(candidate) === null ? 0 : 1)),
      `flag ${flags}`,
    );
  }
});
