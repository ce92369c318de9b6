// matchStep finds a match's groups with V8's `d` flag (withNativeIndices) where cucumber's
// match uses a polyfill that parses the expression again at every call: the definitions
// it finds, and the arguments they get, must be exactly those of cucumber's match alone,
// for cucumber expressions and regular expressions, groups nested, optional or named. A
// global or sticky expression keeps state from one match to the next (lastIndex): its
// matches follow cucumber's own.
import t from 'tap';
import fc from 'fast-check';
import { CucumberExpression, ParameterTypeRegistry, RegularExpression, type Argument, type Expression, type Group } from '@cucumber/cucumber-expressions';
import { matchStep, stepText, withNativeIndices, type CompiledStep, type StepLibrary } from '../../src/run/scenario/library.js';

const registry = new ParameterTypeRegistry();
const sources: (string | RegExp)[] = [
  'a counter at {int}',
  '{int} is added',
  'the counter shows {int}',
  'the word {string} is shown',
  'a (large )price of {float} in/at {word}',
  /^(\d+) items?$/,
  /^the (\w+) ends$/,
  /^(?:the )?((\w+)(?: (?<size>big|small))?)(?: ([(]\w*[)]))?(?<=\w|\))(?: (\d+))?$/,
];
const expression = (source: string | RegExp): Expression => (typeof source === 'string' ? new CucumberExpression(source, registry) : new RegularExpression(source, registry));
/** Cucumber's own: group positions from its polyfill. */
const plain = sources.map(expression);
const steps = sources.map((source, line) => ({ keyword: 'Given', source: String(source), expression: withNativeIndices(expression(source)), fn: () => undefined, file: 'steps.mjs', line, builtin: false }) as CompiledStep);
const library = { steps, hooks: [], problems: [], parameterTypes: [] } as unknown as StepLibrary;

/**
 * What an argument holds: its group's place, its tree of values and its value. The places
 * of nested groups are left out: the polyfill puts a repeated group's last capture at its
 * first (in {string}, `"\\ \\ "`), where the `d` flag puts it right.
 */
const values = (group: Group | undefined): unknown => group && [group.value, group.children?.map(values)];
const read = (args: readonly Argument[]) => args.map((a) => [a.group.start, a.group.end, values(a.group), a.getValue(null)]);

const text = fc.oneof(
  fc.integer({ min: -50, max: 50 }).map((n) => `a counter at ${n}`),
  fc.integer({ min: 0, max: 9 }).map((n) => `${n} is added`),
  fc.integer({ min: 0, max: 9 }).map((n) => `the counter shows ${n}`),
  fc.string({ maxLength: 8 }).map((s) => `the word "${s.replace(/"/g, '')}" is shown`),
  fc.integer({ min: 0, max: 99 }).map((n) => `${n} item${n === 1 ? '' : 's'}`),
  fc.constantFrom('the day ends', 'the day ends now', 'many items here', 'items'),
  fc.tuple(fc.constantFrom('', 'large '), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom('in', 'at'), fc.constantFrom('x', 'Paris')).map(([large, n, at, w]) => `a ${large}price of ${n} ${at} ${w}`),
  fc.tuple(fc.constantFrom('the ', ''), fc.constantFrom('box', 'cup'), fc.constantFrom(' big', ' small', ''), fc.constantFrom(' (a)', ' ()', ''), fc.constantFrom(' 4', ' 12', '')).map((parts) => parts.join('')),
  fc.string({ maxLength: 20 }),
);

t.test('the definitions found and their arguments are those of cucumber match alone, call after call', async (t) => {
  fc.assert(
    fc.property(fc.array(text, { minLength: 1, maxLength: 6 }), (texts) => {
      for (const candidate of texts) {
        const found = JSON.stringify(matchStep(library, candidate).map((m) => [m.step.line, read(m.matched)]));
        const aloneOn = (text: string) => plain.flatMap((e, line) => { const args = e.match(text); return args ? [[line, read(args)]] : []; });
        // As matchStep reads a step: trimmed; without its closing colon or full stop when nothing matches it with them;
        // then with one, for a definition that ends with it.
        const tries = [candidate.trim(), ...(stepText(candidate) === candidate.trim() ? [] : [stepText(candidate)]), `${stepText(candidate)}:`, `${stepText(candidate)}.`];
        const alone = JSON.stringify(tries.map(aloneOn).find((found) => found.length > 0) ?? []);
        if (found !== alone) throw new Error(`${JSON.stringify(candidate)}: ${found} against ${alone}`);
      }
    }),
    { numRuns: 500 },
  );
  t.same(matchStep(library, 'a counter at 7').map((m) => m.matched.map((a) => a.getValue(null))), [[7]], 'the argument is read');
});

t.test('a definition written with the colon or full stop that ends it matches the step without it, and the step with it', async (t) => {
  const defined = (source: string) => ({ ...library, steps: [{ ...steps[0], source, expression: withNativeIndices(new CucumberExpression(source, registry)) }] }) as StepLibrary;
  for (const [source, steps] of [['the items:', ['the items:', 'the items']], ['a sentence ending.', ['a sentence ending.', 'a sentence ending']]] as const) {
    for (const step of steps) t.equal(matchStep(defined(source), step).length, 1, `'${step}' matches ${source}`);
  }
});

t.test('a global or sticky expression matches as cucumber matches it, state and all', async (t) => {
  for (const flags of ['g', 'y']) {
    const stateful = () => new RegularExpression(new RegExp('items', flags), registry);
    const twin = stateful();
    const only = { ...library, steps: [{ ...steps[0], expression: withNativeIndices(stateful()) }] } as StepLibrary;
    const texts = ['items', 'items', 'many items', 'items here', 'items'];
    t.same(
      texts.map((candidate) => matchStep(only, candidate).length),
      texts.map((candidate) => (twin.match(candidate) === null ? 0 : 1)),
      `flag ${flags}`,
    );
  }
});

t.test("a regular expression of set notation (the v flag) matches, which cucumber's polyfill cannot parse", async (t) => {
  const setNotation = new RegExp('^the ([\\p{L}--[a-z]]+) letters$', 'v');
  t.throws(() => new RegularExpression(setNotation, registry).match('the ÉTÉ letters'), 'the polyfill parses it again and fails');
  const only = { ...library, steps: [{ ...steps[0], expression: withNativeIndices(new RegularExpression(setNotation, registry)) }] } as StepLibrary;
  t.same(matchStep(only, 'the ÉTÉ letters').map((m) => read(m.matched)), [[[4, 7, ['ÉTÉ', undefined], 'ÉTÉ']]]);
  t.same(matchStep(only, 'the été letters'), [], 'lower-case letters are outside the set');
});
