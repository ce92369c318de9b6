// "Did you mean" by meaning (src/check/suggest.ts): its parts on their own, then the
// matcher over the real vocabulary, described by SBCL from the driver image as
// `spec-run check` and the language server ask it.
import t from 'tap';
import fc from 'fast-check';
import { CONCEPTS, concept, nameConcepts, slipDistance, stem } from '../../src/check/suggest.js';
import { UnknownOperatorsSession, type UnknownName } from '../../src/check/known-functions.js';
import { driverImage } from '../../src/run/lisp/driver.js';
import { vocabularyNames } from '../../src/run/lisp/vocabulary-names.js';

t.test('words: stems agree across plural, -ing, -ed and a final e; families of spellings read as one concept', async (t) => {
  for (const [a, b] of [['lines', 'line'], ['initialized', 'initialize'], ['starting', 'start'], ['stopped', 'stop'], ['evaluated', 'evaluate'], ['tools', 'tool'], ['entries', 'entry']]) t.equal(stem(a), stem(b), `${a} ~ ${b}`);
  t.not(stem('process'), stem('proces'), 'a double s is no plural');
  for (const [a, b] of [['eval', 'evaluate'], ['rpc', 'request'], ['message', 'request'], ['session', 'server'], ['open', 'make'], ['shutdown', 'stop'], ['content', 'text'], ['err', 'error']]) t.equal(concept(a), concept(b), `${a} ~ ${b}`);
  t.not(concept('text'), concept('line'));
  t.same([...nameConcepts('tool-error-p').concepts.keys()], ['tool', 'error', '?'], 'a -p ending marks a predicate');
  t.same([...nameConcepts('is-error').concepts.keys()], ['?', 'error'], 'so does is-');
  t.same([...nameConcepts('cl-user::make-test-session').concepts.keys()], [concept('make'), concept('server')], "the harness's filler words and the package prefix name no concept");
});

t.test('slips: a few letters within words, never a word replaced whole', async (t) => {
  t.equal(slipDistance('make-test-sesion', 'make-test-session'), 1);
  t.equal(slipDistance('evaluatelisp', 'evaluate-lisp'), 1, 'a dash left out');
  t.equal(slipDistance('section-lines', 'section-names'), null, 'lines is no slip of names');
  t.equal(slipDistance('ab', 'xy'), null);
});

t.test('the real vocabulary', async (t) => {
  const session = new UnknownOperatorsSession(driverImage);
  t.teardown(() => session.close());
  const ask = async (name: string, argumentCounts: number[] = []): Promise<UnknownName | undefined> => (await session.ask([{ name, argumentCounts }])).get(name);

  t.test('a table: ways of writing a concept the vocabulary has, each with the names it accepts first; and names with no concept of it', async (t) => {
    const table: [string, number[], string[]][] = [
      ['make-test-sesion', [], ['make-test-session']],
      ['start-session', [], ['make-test-session', 'start-test-server', 'make-test-server', 'make-initialized-test-server']],
      ['new-server', [], ['make-test-server', 'start-test-server', 'make-test-session']],
      ['kill-session', [1], ['cleanup-test-session', 'close-test-session', 'stop-test-server', 'shutdown-test-server']],
      ['evaluate-code', [2], ['evaluate-lisp', 'evaluate-in-session']],
      ['get-result-text', [1], ['result-text', 'result-content-text', 'extract-result-text']],
      ['content-text', [1], ['result-content', 'result-text', 'result-content-text']],
      ['response-error-p', [1], ['error-response-p']],
      ['result-is-error', [1], ['result-error-p', 'is-error']],
      ['get-error-code', [1], ['error-code']],
      ['tools-list', [1], ['list-tools']],
      ['send-ping', [1], ['ping-server']],
      ['make-call-request', [2], ['make-tool-call-request', 'make-tools-call-request']],
      ['serialize-json', [1], ['encode-json']],
      ['has-key', [2], ['json-key-p']],
    ];
    for (const [written, counts, accepted] of table) {
      const answer = await ask(written, counts);
      t.equal(answer?.why, 'undefined', `${written} is undefined`);
      t.ok(accepted.includes(answer?.suggestions[0] ?? ''), `${written} -> ${answer?.suggestions.join(', ')}`);
      t.ok((answer?.suggestions.length ?? 0) <= 3, 'three suggestions at most');
    }
    for (const [written, counts] of [['banana-split', [1]], ['get-lines', [1]], ['run-code', [2]], ['umbrella', []]] as const) {
      t.same((await ask(written, [...counts]))?.suggestions, [], `${written}: nothing close, no suggestion`);
    }
  });

  t.test('arity breaks a tie of words: the name whose lambda list takes the calls', async (t) => {
    // section-names takes the text, extract-section the text and a name
    t.equal((await ask('section-text', [2]))?.suggestions[0], 'extract-section');
    t.equal((await ask('section-text', [1]))?.suggestions[0], 'section-names');
  });

  t.test('property: a vocabulary name respelled through a family of spellings is suggested first, or a name of the same concepts', async () => {
    // The operators: a variable (init-request) is no suggestion for a call.
    const names = [...vocabularyNames()];
    const notOperators = await session.ask(names.map((name) => ({ name, argumentCounts: [] })));
    const respellable = names.filter((name) => !notOperators.has(name) && name.split('-').some((word) => CONCEPTS.some((family) => family.includes(word))));
    const respelling = fc
      .constantFrom(...respellable)
      .chain((name) => {
        const words = name.split('-');
        const places = words.flatMap((word, i) => (CONCEPTS.some((family) => family.includes(word)) ? [i] : []));
        return fc.constantFrom(...places).chain((i) => {
          const family = CONCEPTS.find((f) => f.includes(words[i]))!;
          return fc.constantFrom(...family.filter((spelling) => spelling !== words[i])).map((spelling) => ({ name, written: words.map((w, j) => (j === i ? spelling : w)).join('-') }));
        });
      });
    const conceptsOf = (name: string) => [...nameConcepts(name).concepts.keys()].sort();
    await fc.assert(
      fc.asyncProperty(respelling, async ({ name, written }) => {
        const answer = await ask(written);
        if (answer === undefined) return true; // the respelling is itself a name of the vocabulary
        return answer.suggestions.length >= 1 && answer.suggestions.length <= 3 && JSON.stringify(conceptsOf(answer.suggestions[0])) === JSON.stringify(conceptsOf(name));
      }),
      { numRuns: 200 },
    );
  });

  t.test('property: names made of words the vocabulary does not use get no suggestion', async () => {
    const foreign = fc.array(fc.constantFrom('banana', 'giraffe', 'umbrella', 'violin', 'crocodile', 'pyramid', 'saxophone', 'glacier', 'tornado', 'lantern', 'walrus', 'meadow'), { minLength: 1, maxLength: 3 });
    await fc.assert(
      fc.asyncProperty(foreign, fc.array(fc.nat(4), { maxLength: 3 }), async (words, counts) => {
        const answer = await ask(words.join('-'), counts);
        return answer !== undefined && answer.suggestions.length === 0;
      }),
      { numRuns: 100 },
    );
  });
});
