// The Lisp form scanner: splitting, heads, symbols, unbalanced input; and a property on generated forms.
import { spawnSync } from 'node:child_process';
import fc from 'fast-check';
import t from 'tap';
import { scanForms } from '../../src/translate/lisp-forms.js';

t.test('strings, comments, characters and quotes do not confuse the split', async (t) => {
  const text = [
    '(defun f (x) ";; not a comment ( \\" )" x)', // 1
    '; (a comment with a paren',
    '#| block ( #| nested |# ) |#',
    "(list #\\( #\\) #\\; #\\Space 'a `(b ,c ,@d) #'car)", // 4
    '#+sbcl (fiveam:test t1 (is t))', // 5
    '|odd (symbol|',
    '42',
  ].join('\n');
  const scan = scanForms(text, 10);
  t.same(scan.problems, []);
  t.same(scan.forms.map((form) => [form.line, form.head]), [
    [10, 'defun'],
    [13, 'list'],
    [14, 'fiveam:test'],
    [15, null],
    [16, null],
  ]);
  t.equal(scan.forms[0].text, '(defun f (x) ";; not a comment ( \\" )" x)');
  t.equal(scan.symbols.get('x'), 2);
  t.equal(scan.symbols.get('odd (symbol'), 1, '|escaped| symbol kept as written');
  t.notOk(scan.symbols.has('comment'), 'nothing from comments or strings');
  t.equal(scan.symbols.get('car'), 1);
});

t.test('symbols are case-insensitive, package prefixes kept', async (t) => {
  const scan = scanForms('(FiveAM:Test Foo (IS (= 1 1)))');
  t.equal(scan.forms[0].head, 'fiveam:test');
  t.ok(scan.symbols.has('foo'));
  t.ok(scan.symbols.has('is'));
});

t.test('unbalanced input is reported at its line', async (t) => {
  t.same(scanForms('(a)\n  (b\n(c)', 5).problems, [{ line: 6, column: 3, message: 'unbalanced parentheses: ( opened at line 6 is never closed' }]);
  const extra = scanForms('(a))\n(b)', 1);
  t.same(extra.problems, [{ line: 1, column: 4, message: 'unbalanced parentheses: this ) closes nothing' }]);
  t.equal(extra.forms.length, 2, 'reading goes on after a stray )');
  t.match(scanForms('(a)\n"open', 1).problems, [{ line: 2, message: /string opened at line 2/ }]);
  t.match(scanForms('#| never\n closed', 3).problems, [{ line: 3, message: /block comment/ }]);
  t.match(scanForms("(a 'b '", 1).problems, [{ line: 1, message: /never closed/ }]);
});

// Generated forms: rendered with comments and line breaks between and inside them.
type Sexp = { atom: string } | { str: string } | { char: string } | { quote: string; form: Sexp } | { list: Sexp[] };

const symbol = fc.stringMatching(/^[a-z][a-z0-9*+-]{0,6}$/);
const stringBody = fc.stringMatching(/^[a-z ();|#'`,]{0,10}$/);
const charLiteral = fc.constantFrom('#\\(', '#\\)', '#\\;', '#\\"', '#\\Space', '#\\a', '#\\|');
const separator = fc.constantFrom(' ', '\n', '  ', ' ; comment ( "\n', ' #| ( " |# ', '\n\n');

const { sexp } = fc.letrec<{ sexp: Sexp }>((tie) => ({
  sexp: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    symbol.map((atom) => ({ atom })),
    stringBody.map((str) => ({ str })),
    charLiteral.map((char) => ({ char })),
    fc.record({ quote: fc.constantFrom("'", '`', ',', ',@', "#'"), form: tie('sexp') }),
    fc.array(tie('sexp'), { maxLength: 4 }).map((list) => ({ list })),
  ),
}));

function render(form: Sexp, separators: () => string): string {
  if ('atom' in form) return form.atom;
  if ('str' in form) return `"${form.str.replace(/["\\]/g, '\\$&')}"`;
  if ('char' in form) return form.char;
  if ('quote' in form) return form.quote + render(form.form, separators);
  return `(${form.list.map((item) => render(item, separators)).join(separators())})`;
}

t.test('generated top-level forms are found with their lines and heads', async (t) => {
  const topLevel = fc.array(fc.array(sexp, { maxLength: 4 }).map((list) => ({ list }) as Sexp), { minLength: 0, maxLength: 6 });
  fc.assert(
    fc.property(topLevel, fc.array(separator, { minLength: 1, maxLength: 20 }), fc.integer({ min: 1, max: 500 }), (forms, seps, firstLine) => {
      let next = 0;
      const separators = () => seps[next++ % seps.length];
      let text = '';
      const expectedLines: number[] = [];
      for (const form of forms) {
        text += separators() + '\n';
        expectedLines.push(firstLine + (text.match(/\n/g)?.length ?? 0));
        text += render(form, separators);
      }
      text += separators();
      const scan = scanForms(text, firstLine);
      const expectedHeads = forms.map((form) => {
        const first = 'list' in form ? form.list[0] : undefined;
        return first && 'atom' in first ? first.atom : null;
      });
      return (
        scan.problems.length === 0 &&
        scan.forms.length === forms.length &&
        scan.forms.every((form, i) => form.line === expectedLines[i] && form.head === expectedHeads[i])
      );
    }),
    { numRuns: 500 },
  );
  t.pass('property held');
});

t.test('a generated form with one closing paren removed is reported, not split', async (t) => {
  fc.assert(
    fc.property(fc.array(sexp, { minLength: 1, maxLength: 4 }), (items) => {
      const text = render({ list: items }, () => ' ');
      const scan = scanForms(`(wrapper ${text}`, 1);
      return scan.problems.length === 1 && /never closed/.test(scan.problems[0].message);
    }),
  );
  t.pass('property held');
});

t.test('a dispatch character with no reader macro (#@, #!) is a read error at its place, unless the code defines reader macros', async (t) => {
  for (const [text, character] of [['#@foo\n(assert (= 1 2))', '@'], ['(list 1 #!x)', '!']] as const) {
    const scanned = scanForms(text, 10);
    t.match(scanned.problems, [{ line: 10, message: new RegExp(`no reader macro is defined for #\\${character}`) }], text);
  }
  const defined = scanForms("(set-dispatch-macro-character #\\# #\\@ (lambda (s c n) (declare (ignore c n)) (read s)))\n#@foo");
  t.same(defined.problems, [], 'a document defining its own reader macro is read');
  t.same(scanForms('#:sym #x1F #b101 #o17 #3r12 #*101 #1=(a . #1#)').problems, [], 'the standard dispatch characters');
});

t.test("a token SBCL's reader refuses (its dots, its package markers) is a read error at its place, as SBCL reads it; the tokens it reads are none", async (t) => {
  const refused = ["'(1 . 2 . 3)", "'(1 . )", "'( . 1)", "'(1 . 2 3)", "'.", "'..", '(a .. b)', 'cl:car:cdr', 'cl:::car', ':a:b', 'cl:', "(list 'cl::)"];
  const read = ["'(1 . 2)", "'(a . #|x|# b)", "'(a . ;c\nb)", "'(1 2 . (3))", '(list .5 -.5e3 1.)', "'(a |.| \\.)", 'cl:car', 'cl::car', ':key', '::key', "'|a:b|", "'a\\:b", '#:x'];
  // SBCL itself says which of them it reads.
  const script = `(dolist (text '(${[...refused, ...read].map((text) => `"${text.replace(/[\\"]/g, '\\$&')}"`).join(' ')}))
  (format t "~A~%" (handler-case (progn (read-from-string text) "read") (error () "refused"))))`;
  const sbcl = spawnSync('sbcl', ['--noinform', '--non-interactive', '--no-userinit', '--eval', script], { encoding: 'utf8' });
  t.same(sbcl.stdout.trim().split('\n'), [...refused.map(() => 'refused'), ...read.map(() => 'read')], 'SBCL agrees on each');
  for (const text of refused) t.match(scanForms(`(a)\n${text}`, 10).problems, [{ line: 11, message: /SBCL cannot read this code/ }], text);
  for (const text of read) t.same(scanForms(text).problems, [], text);
  t.match(scanForms("(equal (car '(1 . 2 . 3)) 1)").problems, [{ column: 21, message: /more than one form follows \. in the list/ }], 'at the second form after the dot');
});

t.test('a replacement character in a symbol (a NUL byte or bad UTF-8 in the file) is a read error at its column; in a string it is text', async (t) => {
  t.match(scanForms('(assert (= 1 \uFFFD 1))', 8).problems, [{ line: 8, column: 14, message: /^a replacement character \(U\+FFFD\) stands in the code/ }]);
  t.same(scanForms('(print "\uFFFD") ; \uFFFD').problems, []);
});

t.test('a text read again is looked up, not read again; read from another line it is read anew', async (t) => {
  const text = '(defun f (x) x)\n(f 1)';
  const first = scanForms(text, 7);
  t.equal(scanForms(text, 7), first, 'the same text from the same line: the scan made before');
  const elsewhere = scanForms(text, 20);
  t.not(elsewhere, first);
  t.same(elsewhere.forms.map((form) => form.line), [20, 21], 'its lines count from where it stands now');
  t.same(first.forms.map((form) => form.line), [7, 8], 'and the first scan kept its own');
  t.not(scanForms(text, 7, true), first, 'a document with reader macros of its own reads it apart');
});
