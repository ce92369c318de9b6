import t from 'tap';
import { scanForms } from '../../src/translate/lisp-forms.js';
import { codeFacts } from '../../src/check/lisp-calls.js';

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
