// The snippet's expression for a step's text: the expression cucumber's own generator
// proposes, found in linear time however long the step is.
import { CucumberExpressionGenerator, ParameterTypeRegistry } from '@cucumber/cucumber-expressions';
import fc from 'fast-check';
import t from 'tap';
import { generateExpression } from '../../../src/run/scenario/snippet-expression.js';

const registry = new ParameterTypeRegistry();
const libraryExpression = (text: string) => new CucumberExpressionGenerator(() => registry.parameterTypes).generateExpressions(text)[0]!;

// Texts built of what parameters are made of: digits, signs, points, quotes, escapes, words, separators.
const stepText = fc.array(fc.constantFrom('1', '23', '-', '+', '.', 'e', 'E', '"', "'", '\\', 'a', 'word', ' ', ',', '(', '{', '/', '€', '\t'), { maxLength: 30 }).map((parts) => parts.join(''));

t.test('the expression and its parameters are those cucumber-expressions generates', async (t) => {
  t.doesNotThrow(() =>
    fc.assert(
      fc.property(stepText, (text) => {
        const ours = generateExpression(text, registry.parameterTypes);
        const theirs = libraryExpression(text);
        return ours.source === theirs.source && JSON.stringify(ours.parameterInfos) === JSON.stringify(theirs.parameterInfos);
      }),
      { numRuns: 2000 },
    ),
  );
  t.equal(generateExpression('I add 1 and "two" to 2.5', registry.parameterTypes).source, 'I add {int} and {string} to {float}');
});

t.test('a step line hundreds of kilobytes long is read in one pass, whatever it holds', async (t) => {
  // Each shape made the library's generator rescan the rest of the line from every
  // position: a 100 kB line took about a minute. Together they stay far under that.
  const size = 300_000;
  const shapes = {
    letters: 'a'.repeat(size),
    'one number glued to a word': `${'1'.repeat(size)}x`,
    'unclosed quotes': `"a `.repeat(size / 3),
    'many numbers': '12 '.repeat(size / 3),
    'signs and points': '-.'.repeat(size / 2),
  };
  const started = Date.now();
  for (const [shape, text] of Object.entries(shapes)) {
    const source = generateExpression(`the result is ${text}`, registry.parameterTypes).source;
    t.ok(source.startsWith('the result is '), shape);
  }
  t.ok(Date.now() - started < 10_000, `all shapes in ${Date.now() - started} ms`);
});
