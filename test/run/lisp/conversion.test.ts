// JSON <-> Lisp as the vocabulary defines it, through a real driver: JSON text is
// converted to s-expressions here, read by SBCL, written back as JSON by the
// driver's encoder and compared with what the mapping promises.
import fc from 'fast-check';
import t from 'tap';
import { Driver } from '../../../src/run/lisp/driver.js';
import { asLispText } from '../../../src/run/lisp/protocol.js';
import { jsonToLisp, lispKeyword, lispNumber, lispString } from '../../../src/run/lisp/sexp.js';
import { options } from './helpers.js';

const driver = await Driver.start(options().projectRoot);
t.teardown(() => driver.stop());

/** Evaluates `code` in the driver, which hands the value back as the message of a "send" request. */
async function echo(code: string): Promise<unknown> {
  let echoed: unknown = undefined;
  let failure: unknown = null;
  const text = `(spec-run::host-request "send" (cons :server 0) (cons :message ${code}))`;
  await driver.run({ kind: 'block', file: 'conversion.md', line: 1, text, seed: 1, name: 'echo' }, {
    point: (p) => {
      if (!p.ok) failure = p.diagnostics;
    },
    request: async (message) => {
      if (message.op === 'parse-json') return asLispText(jsonToLisp(message.text, message.objects));
      if (message.op === 'send') echoed = message.message;
      return asLispText('NIL');
    },
  });
  if (failure) throw new Error(`the driver failed: ${JSON.stringify(failure)}`);
  return echoed;
}

const roundTrip = (json: string) => echo(`(spec-run::parse-json-text ${lispString(json)})`);

/** What JSON -> Lisp -> JSON gives back: false, null, [] and {} are all NIL, which returns as null ({} under params/arguments). */
function expected(value: unknown, key?: string): unknown {
  const empty = (v: unknown) => v === false || v === null || (Array.isArray(v) && v.length === 0) || (typeof v === 'object' && v !== null && Object.keys(v).length === 0);
  if (empty(value)) return key === 'params' || key === 'arguments' ? {} : null;
  if (Array.isArray(value)) return value.map((v) => expected(v));
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, expected(v, k)]));
  return value;
}

const scalar = fc.oneof(
  fc.string({ unit: 'binary' }),
  fc.maxSafeInteger(),
  fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e300, max: 1e300 }).filter((x) => x === 0 || Math.abs(x) > 1e-300),
  fc.constantFrom(true, false, null),
);
const key = fc.stringMatching(/^[a-z][a-z0-9-]{0,8}$/);
// Arrays hold scalars and objects: a list whose elements are conses with a name
// first is an alist by the mapping, so arrays of ["name", ...] arrays are out.
const { json } = fc.letrec((tie) => ({
  json: fc.oneof({ depthSize: 'small' }, scalar, tie('object'), tie('array')),
  object: fc.dictionary(key, tie('json'), { maxKeys: 5 }),
  array: fc.array(fc.oneof(scalar, tie('object')), { maxLength: 5 }),
}));

t.test('JSON text to Lisp text', async (t) => {
  t.equal(lispNumber('3'), '3');
  t.equal(lispNumber('-3.25'), '-3.25d0');
  t.equal(lispNumber('1e+21'), '1d+21');
  t.equal(lispNumber('2.5E-3'), '2.5d-3');
  t.equal(lispKeyword('isError'), ':|ISERROR|');
  t.equal(lispKeyword('a|b\\'), ':|A\\|B\\\\|');
  t.equal(jsonToLisp('{"isError": true, "content": [], "n": null}'), '((:|ISERROR| . T) (:|CONTENT| . NIL) (:|N| . NIL))');
  t.equal(jsonToLisp('{"timing": {"real-time-ms": 1.0}}', 'tagged'), '(:object ("timing" . (:object ("real-time-ms" . 1.0d0))))');
  t.equal(jsonToLisp('"say \\"hi\\" \\\\ é"'), '"say \\"hi\\" \\\\ é"');
  t.throws(() => jsonToLisp('{bad'));
});

t.test('JSON -> Lisp -> JSON keeps every value the mapping can tell apart (fast-check, real driver)', async (t) => {
  await fc.assert(
    fc.asyncProperty(json, async (value) => {
      t.same(await roundTrip(JSON.stringify(value)), expected(value));
    }),
    { numRuns: 300 },
  );
});

t.test('what spec code sees: keyword keys upper-cased, numbers keep their kind', async (t) => {
  t.same(await echo(`(let ((r (spec-run::parse-json-text "{\\"isError\\": true, \\"n\\": 3, \\"x\\": 3.0}")))
                        (list (cdr (assoc :iserror r)) (integerp (cdr (assoc :n r))) (typep (cdr (assoc :x r)) 'double-float)))`), [
    true,
    true,
    true,
  ]);
  t.same(await echo(`(gethash "real-time-ms" (gethash "timing" (spec-run::parse-json-text "{\\"timing\\": {\\"real-time-ms\\": 0.5}}" :hash-tables t)))`), 0.5);
});

t.test('Lisp data to JSON as requests need it', async (t) => {
  t.same(await echo(`'((:jsonrpc . "2.0") (:id . 0) (:method . "tools/call") (:params . ((:name . "configure-limits") (:arguments . ()))))`), {
    jsonrpc: '2.0',
    id: 0,
    method: 'tools/call',
    params: { name: 'configure-limits', arguments: {} },
  });
  t.same(await echo(`'(("timeout" . 60) ("max-output" . 50000))`), { timeout: 60, 'max-output': 50000 });
  t.same(await echo(`(list t :false :null nil 0.1 1/2 #(1 2) "é𝄞" :done)`), [true, false, null, null, 0.1, 0.5, [1, 2], 'é𝄞', 'done']);
  t.same(await echo(`'((:params))`), { params: {} });
  t.same(await echo(`'((:list 1 2 3) (:nested (:a . 1)))`), { list: [1, 2, 3], nested: { a: 1 } });
});
