;;;; Broken code is no error a check expects. (fiveam:signals error (calculate x)) with
;;;; CALCULATE undefined, or (handler-case (calc *unbound*) (error () :signalled)), would
;;;; take the error of the check's own code being broken (an undefined function, an
;;;; unbound variable, a call with a wrong argument list) for the error it tests for, and
;;;; pass. Here such an error is let past a SIGNALS or HANDLER-CASE (IGNORE-ERRORS) of spec
;;;; code that catches it only as a general ERROR: it ends the test or unit as any error
;;;; does, at its line, saying which check would have taken it. A check that names the
;;;; condition it expects (UNDEFINED-FUNCTION, PROGRAM-ERROR) still takes it.

(in-package #:spec-run)

(defstruct let-past
  "Broken code let past a check: the form that would have caught it, the call it came
from and that call's location, and the backtrace taken where it was first signalled."
  catcher call location backtrace)

(defvar *broken-code-let-past* (make-hash-table :test #'eq :weakness :key :synchronized t)
  "A condition of broken code let past a check -> its LET-PAST.")

(defun mentions-p (symbol tree)
  "True when SYMBOL occurs in TREE (a bounded walk: spec code's forms are small)."
  (let ((budget 20000))
    (labels ((walk (form)
               (cond ((eq form symbol) t)
                     ((and (consp form) (plusp (decf budget)))
                      (loop for rest on form
                            thereis (or (walk (car rest))
                                        (and (not (listp (cdr rest))) (eq (cdr rest) symbol))))))))
      (walk tree))))

(defun argument-list-error-p (condition)
  "True when CONDITION is SBCL's complaint about a call's arguments: their number, an
odd number of keyword arguments, or an unknown keyword."
  (or (typep condition 'sb-ext:unknown-keyword-argument)
      (and (typep condition 'sb-int:simple-program-error)
           (member (simple-condition-format-control condition)
                   '("invalid number of arguments: ~S" "odd number of &KEY arguments")
                   :test #'equal))))

(defun broken-call (condition code)
  "The call in CODE (read from spec code) that CONDITION says is broken, or NIL when it is
none of CODE's own: the call of an undefined function written in CODE or anywhere in spec
code, the variable read unbound in CODE, the call in CODE whose arguments its callee
refused. Call it in a handler, while the frames exist."
  (typecase condition
    (undefined-function
     (let ((name (cell-error-name condition)))
       (or (first (calls-of name code))
           (any-call-of name)
           (and (mentions-p name code) code))))
    (unbound-variable
     (and (not (provided-on-reading-p condition))
          (mentions-p (cell-error-name condition) code)
          code))
    (t (and (argument-list-error-p condition)
            ;; SBCL signals it in the callee's frame, the innermost one.
            (first (calls-of (first (stack-homes)) code))))))

(defun general-error-type-p (type)
  "True when TYPE, a condition type a check expects, takes any error, not one that names
the kind of broken code (UNDEFINED-FUNCTION, CELL-ERROR, PROGRAM-ERROR)."
  (ignore-errors (subtypep 'error type)))

(defun broken-code-let-past (condition types code)
  "The call CONDITION comes from when it is CODE's own broken code (BROKEN-CALL) and the
first of TYPES that takes it takes any error: a check written around CODE expecting
TYPES would take it for the error it expects. Else NIL."
  (let ((taken-as (find-if (lambda (type) (ignore-errors (typep condition type))) types)))
    (and taken-as (general-error-type-p taken-as)
         (broken-call condition code))))

(defun broken-code-location (condition)
  "Where CONDITION, broken code let past a check, came from; NIL for any other."
  (let ((let-past (gethash condition *broken-code-let-past*)))
    (and let-past (let-past-location let-past))))

(defun escaping-backtrace (condition)
  "SHORT-BACKTRACE of CONDITION, being handled, or the one taken where it was first
signalled when it is broken code signalled again past a check. Call it in a handler."
  (let ((let-past (gethash condition *broken-code-let-past*)))
    (if let-past (let-past-backtrace let-past) (short-backtrace))))

(defun argument-list-mismatch (call)
  "How CALL, a call a function refused the arguments of, and that function's lambda list
differ, as a clause: the function called is told apart from the check that calls it."
  (let* ((name (and (consp call) (symbolp (first call)) (first call)))
         (lambda-list (and name (fboundp name) (not (macro-function name))
                           (ignore-errors (sb-kernel:%fun-lambda-list (sb-kernel:%fun-fun (fdefinition name)))))))
    (format nil "the call ~A gives ~(~A~) ~D argument~:P, and ~(~A~) as defined~:[~*~; takes ~(~S~)~]: ~
the function called has another argument list than the check expects (or the check calls it wrongly), ~
and the error is SBCL's refusing the call, not one ~(~A~) signals"
            (one-line (form-text call) 60) name (length (rest call)) name lambda-list (or lambda-list '()) name)))

(defun broken-code-note (condition)
  "Why CONDITION, broken code let past a check, failed the unit rather than passing it; NIL for any other.
An error of the check's own forms (an undefined function, an unbound variable) is told apart
from a function the check calls refusing its arguments."
  (let ((let-past (gethash condition *broken-code-let-past*)))
    (when let-past
      (let* ((catcher (let-past-catcher let-past))
             (call (let-past-call let-past))
             (refused (and (argument-list-error-p condition) (consp call) (symbolp (first call))))
             ;; A catcher a macro made (IGNORE-ERRORS' HANDLER-CASE) is named by the call written.
             (position (or (gethash catcher *form-positions*) (gethash catcher *inherited-positions*))))
        (format nil "~A~@[ at line ~D~] would have taken this ~A for the error it expects, but ~:[it is the check's own code that is broken (an undefined function or an unbound variable)~;~:*~A~]; to expect it, name its type (~(~A~))"
                (one-line (if position
                              (subseq (source-text (first position)) (second position) (third position))
                              (form-text catcher))
                          60)
                (and position (line-at (first position) (second position)))
                (show (type-of condition))
                (and refused (argument-list-mismatch call))
                (if (argument-list-error-p condition) "program-error" (show (type-of condition))))))))

(defun with-broken-code-note (condition reason)
  "REASON (a string, or NIL), followed by BROKEN-CODE-NOTE of CONDITION when it has one."
  (let ((note (broken-code-note condition)))
    (cond ((and note reason) (format nil "~A; ~A" reason note))
          (t (or note reason)))))

(defun call-letting-broken-code-past (whole types code catching)
  "Call CATCHING, the code of WHOLE, a form of spec code that catches the conditions of
TYPES that CODE signals, with a guard: CATCHING runs CODE by calling the guard with a
thunk of it, and broken code (BROKEN-CODE-LET-PAST) leaves WHOLE without being caught,
to be signalled again past it."
  (let ((broken nil))
    (multiple-value-prog1
        (block guarded
          (funcall catching
                   (lambda (thunk)
                     (handler-bind ((serious-condition
                                      (lambda (condition)
                                        (let ((call (broken-code-let-past condition types code)))
                                          (when call
                                            (setf broken condition
                                                  (gethash condition *broken-code-let-past*)
                                                  (make-let-past :catcher whole :call call :location (form-location call)
                                                                 :backtrace (short-backtrace)))
                                            (return-from guarded nil))))))
                       (funcall thunk)))))
      ;; Past WHOLE, it meets the handlers any error of the unit meets.
      (when broken (error broken)))))

(defun wrap-handler-case ()
  "Make CL:HANDLER-CASE of spec code (read there, or made by a macro called there, such
as IGNORE-ERRORS) let broken code past its clauses (CALL-LETTING-BROKEN-CODE-PAST). Code
compiled before (the harness, libraries' compiled files) keeps the standard expansion."
  (let ((original (macro-function 'handler-case)))
    (sb-ext:without-package-locks
      (setf (macro-function 'cl:handler-case)
            (lambda (whole environment)
              (destructuring-bind (expression &rest clauses) (rest whole)
                (if (form-location whole)
                    (let ((guard (gensym "GUARD")))
                      `(call-letting-broken-code-past
                        ',whole
                        ',(loop for clause in clauses
                                unless (eq (first clause) :no-error) collect (first clause))
                        ',expression
                        (lambda (,guard)
                          ,(funcall original `(handler-case (funcall ,guard (lambda () ,expression)) ,@clauses)
                                    environment))))
                    (funcall original whole environment))))))))

(defun wrap-signals ()
  "Make FiveAM's SIGNALS locate its points at its own form and let broken code past
(CALL-LETTING-BROKEN-CODE-PAST)."
  (let ((original (macro-function 'fiveam:signals)))
    (setf (macro-function 'fiveam:signals)
          (lambda (whole environment)
            (destructuring-bind (condition-spec &rest body) (rest whole)
              (let ((guard (gensym "GUARD")))
                `(let ((*check* (list ',whole)))
                   (with-check-argument-handlers ()
                     (call-letting-broken-code-past
                      ',whole ',(list (first (if (listp condition-spec) condition-spec (list condition-spec)))) ',body
                      (lambda (,guard)
                        ,(funcall original `(fiveam:signals ,condition-spec (funcall ,guard (lambda () ,@body)))
                                  environment)))))))))))

(wrap-handler-case)
(sb-ext:with-unlocked-packages (#:it.bese.fiveam)
  (wrap-signals))
