// A step definition's expression as a completion snippet: whatever the expression, the
// snippet with its tab-stops filled and its choices taken is a step the expression matches.
import t from 'tap';
import fc from 'fast-check';
import { CucumberExpression, ParameterTypeRegistry } from '@cucumber/cucumber-expressions';
import { expressionSnippet, STEP_PREFIX } from '../../src/lsp/completion.js';

/** What a user types into each tab-stop of a parameter; a choice's first option. */
const VALUES: Record<string, string> = { int: '42', float: '1.5', word: 'blue', text: 'some text' };

/** The snippet as an editor leaves it once the user filled every tab-stop. */
function filled(snippet: string): string {
  return snippet
    .replace(/\$\{\d+:(\w+)\}/g, (_, name: string) => VALUES[name])
    .replace(/\$\{\d+\|((?:[^,|\\]|\\.)*)[,|][^}]*\}/g, (_, first: string) => first)
    .replace(/\\(.)/g, '$1');
}

const word = fc.stringMatching(/^[a-z]{1,8}$/);
const part = fc.oneof(
  word,
  fc.constantFrom('{int}', '{float}', '{word}', '{string}'),
  word.map((w) => `${w}(s)`),
  fc.tuple(word, word).map(([a, b]) => `${a}/${b}`),
);

t.test('a snippet, filled in, is matched by its expression', async (t) => {
  const registry = new ParameterTypeRegistry();
  fc.assert(
    fc.property(fc.array(part, { minLength: 1, maxLength: 8 }), (parts) => {
      const expression = parts.join(' ');
      const text = filled(expressionSnippet(expression));
      return new CucumberExpression(expression, registry).match(text) !== null;
    }),
  );
  t.pass('every generated expression matched its filled snippet');
});

t.test('the tab-stops, as an editor numbers them', async (t) => {
  t.equal(expressionSnippet('I have {int} cucumber(s) in my belly/stomach'), 'I have ${1:int} cucumber in my ${2|belly,stomach|}');
  t.equal(expressionSnippet('the greeting is {string}'), 'the greeting is "${1:text}"');
  t.equal(expressionSnippet('it costs $5 \\{not a parameter\\}'), 'it costs \\$5 {not a parameter\\}');
});

t.test("completion replaces the step's text after its keyword, bold as the translation reads it (`**` or `__`)", async (t) => {
  for (const line of ['- **WHEN** I compute "2*3*4"', '- __WHEN__ I compute "2*3*4"', '- **WHEN:** I compute "2*3*4"', '**THEN** I compute "2*3*4"', '- When I compute "2*3*4"']) {
    t.equal(line.slice(STEP_PREFIX.exec(line)?.[0].length ?? 0), 'I compute "2*3*4"', line);
  }
});
