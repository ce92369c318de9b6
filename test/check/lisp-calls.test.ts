import t from 'tap';
import { scanForms } from '../../src/translate/lisp-forms.js';
import { codeFacts, macroPatterns } from '../../src/check/lisp-calls.js';

const facts = (text: string) => codeFacts(scanForms(text).forms.map((f) => f.node));
const calls = (text: string) => facts(text).calls.map((c) => c.name);

t.test('binding lists, lambda lists and clause keys are not calls', async (t) => {
  t.same(calls('(let* ((response (eval-code 1 "x")) (text (result-content-text response))) (assert (search "=> 3" text)))'), ['eval-code', 'result-content-text', 'assert', 'search']);
  t.same(calls('(defun f (a &optional (b 2)) (g a b))'), ['g']);
  t.same(calls('(handler-case (risky) (error (e) (report e)))'), ['risky', 'report']);
  t.same(calls('(case x ((1 2) (one)) (t (other)))'), ['one', 'other']);
  t.same(calls('(cond ((ready-p) (go-on)) (t nil))'), ['ready-p', 'go-on']);
  t.same(calls('(dotimes (i (count-of)) (step i))'), ['count-of', 'step']);
  t.same(calls('(multiple-value-bind (a b) (floor 7 2) (list a b))'), ['floor', 'list']);
  t.same(calls('(loop for (k v) in pairs collect (cons k v))'), ['cons']);
});

t.test('quoted data is skipped; backquote templates are data except their unquotes', async (t) => {
  t.same(calls("(send-request s '((:jsonrpc . \"2.0\") (:id . 1)))"), ['send-request']);
  t.same(calls('(send-request s `((:id . ,(next-id)) (:params . ((:name . "x")))))'), ['send-request', 'next-id']);
  t.same(calls("(mapcar #'first xs)"), ['mapcar', 'first']);
});

t.test('definitions, local functions and defstruct accessors count as defined', async (t) => {
  const f = facts('(defun helper () 1) (flet ((local () 2)) (local)) (defstruct point x y) (defmacro m () nil)');
  for (const name of ['helper', 'local', 'make-point', 'point-x', 'point-y', 'point-p', 'm']) t.ok(f.defines.has(name), name);
});

t.test('call sites keep their line and the package prefix', async (t) => {
  const sites = facts('(fiveam:test x\n  (fiveam:is (= 1 (one))))', ).calls;
  t.same(sites.map((s) => [s.name, s.line]), [['fiveam:is', 2], ['=', 2], ['one', 2]]);
});

t.test("FiveAM's fixtures, def-test and for-all: names, lambda lists, arguments and bindings are not calls", async (t) => {
  t.same(calls('(def-fixture with-pair (a b) (let ((sum (+ a b))) (&body)))'), ['+']);
  t.same(calls('(with-fixture with-pair (x (size)) (is (= sum 3)))'), ['size', 'is', '=']);
  t.same(calls('(def-test named (:suite s :fixture f) (is (ok-p)))'), ['is', 'ok-p']);
  t.same(calls('(for-all ((n (gen-integer :min 0)) ((a b) (gen-pair) (< a b))) (is (check n)))'), ['gen-integer', 'gen-pair', '<', 'is', 'check']);
  t.same(calls('(def-suite* everything) (in-suite* everything)'), []);
});

t.test('CLOS: slot readers, writers and accessors are defined; slot specs and superclasses are not calls', async (t) => {
  const f = facts(`(define-condition over-budget (error)
  ((limit :initarg :limit :reader budget-limit))
  (:report (lambda (c s) (format s "over ~a" (budget-limit c)))))
(defclass account () ((balance :accessor balance :initform (opening-balance)) (owner :reader owner :writer set-owner)))
(defmethod withdraw ((a account) amount) (decf (balance a) amount))`);
  t.same(f.calls.map((c) => c.name), ['format', 'budget-limit', 'opening-balance', 'decf', 'balance']);
  for (const name of ['budget-limit', 'balance', 'owner', 'set-owner', 'withdraw']) t.ok(f.defines.has(name), name);
  t.notOk(f.defines.has('account'), 'a class name is no function');
});

t.test('declarations, prog bindings and multiple-value-setq places are not calls', async (t) => {
  t.same(calls('(declaim (optimize (speed 1) (safety 3)))'), []);
  t.same(calls('(prog* ((x (start))) (print x))'), ['start', 'print']);
  t.same(calls('(multiple-value-setq (q r) (floor 7 2))'), ['floor']);
});

t.test("with-/do- macros: the first argument's variable is not a call, its values are", async (t) => {
  t.same(calls('(with-output-to-string (out) (format out "x"))'), ['with-output-to-string', 'format']);
  t.same(calls('(with-open-file (s (path-of) :direction :output) (print 1 s))'), ['with-open-file', 'path-of', 'print']);
  t.same(calls('(with-accessors ((b balance)) acc (incf b))'), ['with-accessors', 'incf']);
  t.same(calls('(bt:with-lock-held (lock) (incf n))'), ['bt:with-lock-held', 'incf']);
  t.same(calls('(do-symbols (s :cl) (print s))'), ['do-symbols', 'print']);
  t.same(calls('(print-unreadable-object (obj stream :type t) (princ 1 stream))'), ['print-unreadable-object', 'princ']);
});

t.test('standard forms whose arguments are not calls: type specifiers, assert places, slot entries, modify macros, iterator macros', async (t) => {
  t.same(calls('(check-type tol (real 0) "a tolerance")'), ['check-type'], 'a compound type specifier');
  t.same(calls('(check-type (elt xs (index-of x)) (integer 0 *))'), ['check-type', 'elt', 'index-of'], 'the place is code');
  t.same(calls('(deftype small (n) `(integer 0 ,(expt 2 n)))'), ['expt'], 'a lambda list, and a template whose unquotes are code');
  t.same(calls('(assert (plusp x) (x (aref v (pick))) "bad ~a" (show x))'), ['assert', 'plusp', 'aref', 'pick', 'show'], 'the places are forms, their list is none');
  t.same(calls('(with-accessors ((lo range-lo) (hi range-hi)) (current) (- hi lo))'), ['with-accessors', 'current', '-']);
  t.same(calls('(with-slots (a (l lo) (h hi)) obj (list a l h))'), ['with-slots', 'list']);
  t.same(calls('(defsetf left (pair) (value) `(setf (car ,pair) ,(coerce-it value)))'), ['coerce-it'], 'the long form');
  t.same(calls('(define-setf-expander right (pair) (expand pair))'), ['expand']);
  const modify = facts('(define-modify-macro scalef (factor) *)\n(scalef x 3)');
  t.same(modify.calls.map((c) => c.name), ['scalef'], 'its lambda list is no call');
  t.ok(modify.defines.has('scalef'), 'the macro it makes is defined');
  const iterator = facts('(with-hash-table-iterator (next (table-of h)) (next))\n(with-package-iterator (each (list :cl) :external) (each))');
  t.same(iterator.calls.map((c) => c.name), ['with-hash-table-iterator', 'table-of', 'next', 'with-package-iterator', 'list', 'each'], 'the hash table and package list are code, the local macro is called');
  for (const name of ['next', 'each']) t.ok(iterator.defines.has(name), `${name}, the local macro, is defined`);
  t.same(calls('(check-type x (undefined-type-fn 0)) (undefined-fn x)'), ['check-type', 'undefined-fn'], 'a call beside them is still a call');
});

t.test("a document's macro: arguments its lambda list destructures are patterns, the others code", async (t) => {
  const text = '(defmacro checking (&whole w (response code) expected &body body) w)\n(checking (r (code-of 1)) (expected-of) (is (ok-p r)))';
  t.same(calls(text), ['checking', 'expected-of', 'is', 'ok-p']);
  // The macro's definition may stand in another block: the caller gives the document's patterns.
  const definition = scanForms('(defmacro with-account ((var balance) &body body) `(let ((,var ,balance)) ,@body))').forms.map((f) => f.node);
  const use = scanForms('(account-test (a 100) (f a))').forms.map((f) => f.node);
  const patterns = macroPatterns([...definition, ...use]);
  t.same(codeFacts(use, patterns).calls.map((c) => c.name), ['account-test', 'a', 'f'], 'another macro: no pattern');
  const withUse = scanForms('(with-account (a (opening)) (f a))').forms.map((f) => f.node);
  t.same(codeFacts(withUse, macroPatterns(definition)).calls.map((c) => c.name), ['with-account', 'f']);
});
