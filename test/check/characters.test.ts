// Check asks the installed SBCL which characters (`#\name`) its reader refuses, in the
// process that answers which called names exist (known-functions.ts): the names of
// characters differ by SBCL version, so none is listed here but those every SBCL knows.
import t from 'tap';
import fc from 'fast-check';
import { execFileSync } from 'node:child_process';
import { UnknownOperatorsSession } from '../../src/check/known-functions.js';
import { checkLisp, type CheckContext } from '../../src/check/index.js';
import { defaultLisp } from '../../src/lisp-image/core-image.js';
import { driverImage } from '../../src/run/lisp/driver.js';
import { parseMarkdown } from '../../src/parse/index.js';
import { translate } from '../../src/translate/index.js';

const session = new UnknownOperatorsSession(driverImage);
t.teardown(() => session.close());
const refused = async (characters: string[]) => [...(await session.ask([], undefined, characters)).keys()];

t.test('names SBCL knows pass, whatever their case; names it does not know are refused with its reader\'s error', async (t) => {
  const known = ['#\\Space', '#\\Newline', '#\\Tab', '#\\Nul', '#\\U+41', '#\\LATIN_SMALL_LETTER_A', '#\\a', '#\\(', '#\\space', '#\\NEWLINE'];
  t.same(await refused(known), []);
  const answer = await session.ask([], undefined, ['#\\nosuchchar', '#\\ab', '#\\Spacee']);
  t.same([...answer.keys()].sort(), ['#\\Spacee', '#\\ab', '#\\nosuchchar']);
  t.match(answer.get('#\\nosuchchar')?.why, /nosuchchar/i, 'the error names the name');
});

t.test("property: a name is refused exactly where SBCL's name-char knows no character of it", async (t) => {
  const names = fc.sample(fc.stringMatching(/^[A-Za-z][A-Za-z0-9_+-]{1,12}$/), { numRuns: 150, seed: 26 });
  // Half of them names SBCL has, respelled in case: a sample of random letters would hold almost none.
  const named = ['Space', 'Newline', 'Tab', 'Nul', 'Rubout', 'Page', 'Backspace', 'Return', 'Linefeed', 'Escape', 'Bell', 'U+263A', 'GREEK_SMALL_LETTER_ALPHA'];
  const written = [...names, ...named.map((name, i) => (i % 2 ? name.toUpperCase() : name.toLowerCase()))];
  // The oracle: SBCL itself, asked in a process of its own through name-char, not through its reader.
  const program = `(dolist (name '(${written.map((name) => JSON.stringify(name)).join(' ')})) (format t "~:[-~;+~]~%" (name-char name)))`;
  const answers = execFileSync(defaultLisp().sbcl, ['--noinform', '--non-interactive', '--no-sysinit', '--no-userinit', '--eval', program], { encoding: 'utf8' }).trim().split('\n');
  t.equal(answers.length, written.length);
  const expected = written.filter((_, i) => answers[i] === '-').map((name) => `#\\${name}`);
  t.ok(expected.length > 0 && expected.length < written.length, `some known (${written.length - expected.length}), some not (${expected.length})`);
  t.same((await refused(written.map((name) => `#\\${name}`))).sort(), [...new Set(expected)].sort());
});

t.test('check errs at a refused character where SBCL reads it, not where a reader conditional leaves it out', async (t) => {
  const text = [
    '---', 'type: verification', 'name: chars', '---', '# chars', '', '```lisp',
    "(assert (char= #\\Space (char \" \" 0)))",
    '(assert (characterp #\\nosuchchar))',
    '#+nil (assert (characterp #\\leftout))',
    '#-sbcl (assert (characterp #\\notsbcl))',
    '#+sbcl (assert (characterp #\\readbysbcl))',
    '```', '',
  ].join('\n');
  const plan = translate(parseMarkdown('chars.test.md', text));
  const asked: string[][] = [];
  const context: CheckContext = {
    tools: null,
    unknownOperators: async (uses, characters) => {
      asked.push(characters);
      return session.ask(uses, undefined, characters);
    },
    undefinedStep: () => null,
  };
  const messages = (await checkLisp(plan, context)).filter((m) => /cannot be read/.test(m.message));
  t.same(asked, [['#\\Space', '#\\nosuchchar', '#\\readbysbcl']], 'the characters SBCL reads are asked, each once');
  t.match(messages, [
    { line: 9, column: 21, severity: 'error', message: /SBCL's reader refuses #\\nosuchchar/ },
    { line: 12, column: 28, severity: 'error', message: /SBCL's reader refuses #\\readbysbcl/ },
  ]);
  t.equal(messages.length, 2);
});
