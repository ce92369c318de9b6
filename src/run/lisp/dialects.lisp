;;;; Test definitions and checks of the other Lisp test frameworks, so documents
;;;; written with them run as written: rove's and prove's DEFTEST (with or
;;;; without a lambda list) and Parachute's DEFINE-TEST become FiveAM tests, run
;;;; by name; their checks record one point each, at their own file:line, and the
;;;; unit goes on (as FiveAM's IS does). Where a framework's check has FiveAM's
;;;; name (IS, FAIL, SIGNALS), the form's shape says which one is meant.

(in-package #:spec-run)

;;; Points of the dialects' checks

(defun as-written (new whole)
  "NEW, recorded at the place of the spec form WHOLE, so its point is located there."
  (let ((position (gethash whole *form-positions*)))
    (when (and position (consp new))
      (setf (gethash new *form-positions*) position)))
  new)

(defun record-check (whole ok records description &optional reason)
  "One point for the check WHOLE: named by its form, failing with the values of
its argument subforms, DESCRIPTION and REASON. The unit goes on either way."
  (record-outcome ok (form-text whole) (or (form-location whole) (fallback-location))
                  (unless ok
                    `((:form . ,(form-text whole))
                      ,@(when records `((:values . ,(shown-values records))))
                      (:reason . ,(or description reason "the check is false"))))
                  whole)
  (and ok t))

(defmacro checked (whole test-form description &environment environment)
  "Expand to a point for WHOLE that passes when TEST-FORM is true; failing too, as
FiveAM's IS and ASSERT do, when evaluating it signals an error that code around it
catches (COMPLETING-CHECK): the check never reached a verdict."
  (multiple-value-bind (bindings call records) (decompose-check test-form environment)
    `(completing-check (,whole ,whole)
       (let* ,bindings
         (record-check ',whole ,call (list ,@records) ,description)))))

(defmacro ok (&whole whole form &optional description)
  "rove/prove: a point that passes when FORM is true."
  `(checked ,whole ,form ,description))

(defmacro ng (&whole whole form &optional description)
  "rove: a point that passes when FORM is false."
  `(checked ,whole (not ,form) ,description))

(defmacro true (&whole whole form &optional description &rest arguments)
  "Parachute: a point that passes when FORM is true."
  `(checked ,whole ,form ,(and description `(format nil ,description ,@arguments))))

(defmacro false (&whole whole form &optional description &rest arguments)
  "Parachute: a point that passes when FORM is false."
  `(checked ,whole (not ,form) ,(and description `(format nil ,description ,@arguments))))

(defmacro of-type (&whole whole type form &optional description)
  "Parachute: a point that passes when FORM's value is of TYPE."
  `(checked ,whole (typep ,form ',type) ,description))

(defmacro is-type (&whole whole form type &optional description)
  "prove: a point that passes when FORM's value is of TYPE (a type, evaluated)."
  `(checked ,whole (typep ,form ,type) ,description))

(defmacro isnt (&whole whole &rest arguments)
  "prove (isnt got expected [description]) or Parachute (isnt comparator
expected form [description]): a point that passes when the comparison fails."
  `(checked ,whole (not ,(comparison arguments)) ,(comparison-description arguments)))

(defmacro finish (&whole whole form &optional description)
  "Parachute: a point that passes when FORM returns without signalling an error."
  `(completing-check (,whole ,whole)
     (record-check ',whole (handler-case (progn ,form t) (error () nil)) nil
                   ,(or description "the form signalled an error"))))

(defmacro parachute:skip (&whole whole description &body body)
  "Parachute: with a BODY, run it, its checks skipped points for the reason DESCRIPTION
(a string, or a format control and its arguments) says, their forms not evaluated, as
Parachute's WITH-FORCED-STATUS :SKIPPED does; without, one skipped point."
  (let ((reason (if (listp description) description (list description))))
    (if body
        `(let ((*checks-skipped-for* (format nil ,@reason))) ,@body)
        (as-written `(fiveam:skip ,@reason) whole))))

(defun signals-p (whole form thunk type)
  "True when calling THUNK, FORM of the check WHOLE, signals a condition of TYPE (which is
not handled further); broken code of FORM's own is no condition it expects
(CALL-LETTING-BROKEN-CODE-PAST)."
  (call-letting-broken-code-past
   whole (list type) (list form)
   (lambda (guard)
     (handler-case (progn (funcall guard thunk) nil)
       (condition (condition) (typep condition type))))))

(defmacro testing (description &body body)
  "rove: a group of checks under DESCRIPTION; runs BODY."
  (declare (ignore description))
  `(progn ,@body))

(defmacro diag (description)
  "rove/prove: a note; written to *standard-output*."
  `(format t "~&# ~A~%" ,description))

(defmacro prove:plan (count)
  "prove: the number of checks to come; spec-run counts points itself."
  (declare (ignore count))
  nil)

(defmacro prove:finalize ()
  "prove: the end of the checks; nothing to do here."
  nil)

(defmacro prove:skip (how-many why &rest format-arguments)
  "prove: HOW-MANY checks skipped, for the reason WHY (a format control) says."
  `(dotimes (i ,how-many)
     (declare (ignorable i))
     (fiveam:skip "~?" ,why (list ,@format-arguments))))

(defmacro prove:is-error (&whole whole form condition-type &optional description)
  "prove: a point that passes when FORM signals a condition of CONDITION-TYPE."
  `(record-check ',whole (signals-p ',whole ',form (lambda () ,form) ,condition-type) nil ,description
                 "the form did not signal the condition"))

;;; IS of prove and Parachute

(defun function-designator-form-p (form)
  "#'f, (function f), 'f, or a symbol naming a function and not a variable."
  (or (and (consp form) (member (car form) '(function quote)) (symbolp (second form)))
      (and (symbolp form) form (fboundp form) (not (boundp form)))))

(defun parachute-comparison-p (arguments)
  "(comparator expected form [description...]): Parachute's order."
  (and (>= (length arguments) 3)
       (function-designator-form-p (first arguments))
       (or (>= (length arguments) 4) (not (stringp (third arguments))))))

(defun comparison (arguments)
  "The test form of an IS or ISNT of prove or Parachute."
  (if (parachute-comparison-p arguments)
      (destructuring-bind (comparator expected form &rest description) arguments
        (declare (ignore description))
        (if (symbolp comparator)
            `(,comparator ,expected ,form)
            `(funcall ,comparator ,expected ,form)))
      (destructuring-bind (got expected &rest options) arguments
        (let ((test (getf (if (stringp (first options)) (rest options) options) :test)))
          (if test
              `(funcall ,test ,got ,expected)
              `(equal ,got ,expected))))))

(defun comparison-description (arguments)
  (let ((rest (if (parachute-comparison-p arguments) (cdddr arguments) (cddr arguments))))
    (when (stringp (first rest))
      `(format nil ,(first rest) ,@(remove-if #'keywordp (rest rest))))))

(defun fiveam-reason-p (arguments)
  "True for (test-form \"control with ~ directives\" argument...): FiveAM's reason
and its format arguments, whatever they are (a string too), not prove's expected
string and description."
  (and (consp (first arguments))
       (stringp (second arguments))
       (find #\~ (second arguments))
       (cddr arguments)))

(defun in-fiveam-test-p (environment)
  "True while expanding the body of a FiveAM test (DEF-TEST marks it, see below)."
  (eq (macroexpand-1 'in-fiveam-test environment) t))

(defun dialect-is-p (whole environment)
  "True for an IS that is not FiveAM's (is test-form [reason-control reason-args...]):
Parachute's (is comparator expected form), or prove's (is got expected [description])
when the second argument is no reason string, the first is no test form, or a
description string follows (and the second is no format control with arguments).
In a FiveAM test, (is variable \"reason\") is FiveAM's, as its author meant: FiveAM
itself then says that IS wants a test form, where prove's reading would compare the
variable with the reason."
  (let ((arguments (rest whole)))
    (when (and (in-fiveam-test-p environment) (= (length arguments) 2)
               (symbolp (first arguments)) (stringp (second arguments)))
      (return-from dialect-is-p nil))
    (or (parachute-comparison-p arguments)
        (and (>= (length arguments) 2)
             (not (fiveam-reason-p arguments))
             (or (not (stringp (second arguments)))
                 (not (consp (first arguments)))
                 (stringp (third arguments)))))))

(defun dialect-fail-p (whole environment)
  "True for Parachute's (fail form [type] [description]); FiveAM's starts with a string."
  (declare (ignore environment))
  (and (rest whole) (not (stringp (second whole)))))

(defun dialect-signals-p (whole environment)
  "True for rove's (signals form ['type]), a predicate used inside OK. FiveAM's
(signals condition-spec body...) has body forms after the condition spec."
  (declare (ignore environment))
  (let ((arguments (rest whole)))
    (and (consp (first arguments))
         (<= (length arguments) 2)
         (or (null (rest arguments))
             (let ((type (second arguments)))
               (and (consp type) (eq (car type) 'quote)))))))

(defun dispatch-on-shape (name dialect-p expand)
  "Make FiveAM's macro NAME expand with EXPAND for forms DIALECT-P recognises."
  (let ((original (macro-function name)))
    (setf (macro-function name)
          (lambda (whole environment)
            (if (funcall dialect-p whole environment)
                (funcall expand whole)
                (funcall original whole environment))))))

(sb-ext:with-unlocked-packages (#:it.bese.fiveam)
  (dispatch-on-shape 'fiveam:is #'dialect-is-p
                     (lambda (whole)
                       `(checked ,whole ,(as-written (comparison (rest whole)) whole)
                                 ,(comparison-description (rest whole)))))
  (dispatch-on-shape 'fiveam:fail #'dialect-fail-p
                     (lambda (whole)
                       (destructuring-bind (form &optional (type 'error) description) (rest whole)
                         ;; Parachute writes the type unquoted; a quoted one is taken too.
                         `(record-check ',whole (signals-p ',whole ',form (lambda () ,form) ,(if (symbolp type) `',type type))
                                        nil ,description "the form did not signal the condition"))))
  (dispatch-on-shape 'fiveam:signals #'dialect-signals-p
                     (lambda (whole)
                       (destructuring-bind (form &optional (type ''error)) (rest whole)
                         `(signals-p ',whole ',form (lambda () ,form) ,type)))))

;;; Whose IS a test's body holds: FiveAM's tests mark their bodies, the other
;;; frameworks' tests (FiveAM tests too, underneath) unmark theirs.

(defun marked-body (body mark)
  "BODY, its docstring and declarations first, the rest inside a SYMBOL-MACROLET of
IN-FIVEAM-TEST to MARK."
  (let ((head '()))
    (loop while (or (and (consp (first body)) (eq (car (first body)) 'declare))
                    (and (stringp (first body)) (rest body) (notany #'stringp head)))
          do (push (pop body) head))
    `(,@(nreverse head) (symbol-macrolet ((in-fiveam-test ,mark)) ,@body))))

(sb-ext:with-unlocked-packages (#:it.bese.fiveam)
  (let ((original (macro-function 'fiveam:def-test)))
    (setf (macro-function 'fiveam:def-test)
          (lambda (whole environment)
            (destructuring-bind (name options &body body) (rest whole)
              (funcall original `(,(first whole) ,name ,options ,@(marked-body body t)) environment))))))

;;; Test definitions

(defun lambda-list-p (form)
  "True for what stands where rove and prove's DEFTEST may have a lambda list:
() or a list of symbols that is not a call."
  (or (null form)
      (and (consp form) (every #'symbolp form)
           (not (fboundp (car form))) (not (macro-function (car form))))))

(defun test-symbol (name)
  (if (stringp name) (intern name) name))

(defmacro deftest (name &body body)
  "rove and prove: define a test NAME, with or without a lambda list before the
body; it runs as a FiveAM test of that name."
  (let ((body (if (and body (lambda-list-p (first body))) (rest body) body)))
    `(fiveam:test ,(test-symbol name) ,@(marked-body body nil))))

(defmacro define-test (name &body body)
  "Parachute: define a test NAME (a symbol or a string), options such as
:parent or :serial before the body being ignored; it runs as a FiveAM test."
  (let ((body (loop while (and (keywordp (first body)) (rest body))
                    do (setf body (cddr body))
                    finally (return body))))
    `(fiveam:test ,(test-symbol name) ,@(marked-body body nil))))
