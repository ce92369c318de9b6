;;;; Checks: every ASSERT and every FiveAM check becomes a test point sent to the
;;;; host, with the file:line of the check in the markdown. Lines come from the
;;;; reader: while spec code is read, the "(" reader macro records where every
;;;; list starts and ends, so a check finds its own form in that table.

(in-package #:spec-run)

;;; Clock and sleep for spec code

(defun get-internal-real-time ()
  "Microseconds of CLOCK_MONOTONIC: SBCL's own clock steps by 4 ms here."
  (multiple-value-bind (seconds nanoseconds) (sb-unix::clock-gettime 1)
    (+ (* seconds 1000000) (floor nanoseconds 1000))))

(defvar *counters-lock* (bt:make-lock "spec-run counters"))

(defvar *slept-seconds* 0
  "Seconds slept by spec code in the current command: the waits it imposes
itself. Global, not rebound, so threads of spec code add to it too.")

(defun sleep (seconds)
  "CL:SLEEP, counting the seconds spec code waits (the run reports them apart from its own time)."
  (bt:with-lock-held (*counters-lock*) (incf *slept-seconds* seconds))
  (cl:sleep seconds))

;;; Source positions

(defstruct source
  "A block of spec code: its text, and where its first line stands in the markdown."
  (file "" :type string)
  (first-line 1 :type integer)
  (text "" :type string))

(defvar *form-positions* (make-hash-table :test #'eq :weakness :key)
  "Every cons read from spec code -> (source start end package), the package it was read in.")

(defvar *reading-source* nil)

(defun line-at (source position)
  (+ (source-first-line source) (count #\Newline (source-text source) :end (min position (length (source-text source))))))

(defvar *left-out-forms* '()
  "(source start package) of each form of spec code a reader conditional left out
(#+ccl, #-sbcl, #+(or)), START being where its feature expression begins: the checks
it holds are reported as skipped (REPORT-CHECKS-LEFT-OUT).")

(defvar *conditionals-read* '()
  "(source start kept) of each reader conditional of spec code read (not inside a form one
left out), START being where its feature expression begins, KEPT whether it kept its form:
a definition read before the blocks above it ran is read again when *FEATURES* decides
one of its conditionals otherwise by the time a unit after it runs (see
READ-DEFINITIONS-AGAIN).")

(defun note-left-out-forms (readtable)
  "Make READTABLE's #+ and #- note each form they leave out in *LEFT-OUT-FORMS*, and each
decision in *CONDITIONALS-READ*."
  (dolist (sub-char '(#\+ #\-))
    (let ((conditional (get-dispatch-macro-character #\# sub-char readtable)))
      (set-dispatch-macro-character
       #\# sub-char
       (lambda (stream char number)
         (let* ((start (file-position stream))
                (suppressed-before *read-suppress*)
                (values (multiple-value-list (funcall conditional stream char number))))
           (when (and (not suppressed-before) *reading-source* start)
             (push (list *reading-source* start (and values t)) *conditionals-read*))
           ;; No value: the form is left out (inside a form already left out, nothing is read).
           (when (and (null values) (not suppressed-before) *reading-source* start
                      (not (find-if (lambda (left-out) (and (eq (first left-out) *reading-source*)
                                                            (= (second left-out) start)))
                                    *left-out-forms*)))
             (push (list *reading-source* start *package*) *left-out-forms*))
           (values-list values)))
       readtable))))

(defun make-source-readtable ()
  (let* ((readtable (copy-readtable nil))
         (read-list (get-macro-character #\( readtable)))
    (set-macro-character
     #\(
     (lambda (stream char)
       (let* ((start (file-position stream))
              (form (funcall read-list stream char)))
         (when (and (consp form) *reading-source* start)
           (setf (gethash form *form-positions*)
                 (list *reading-source* (1- start) (file-position stream) *package*)))
         form))
     nil readtable)
    (note-left-out-forms readtable)
    readtable))

(defvar *source-readtable* (make-source-readtable))

(defvar *current-form* nil "The top-level form of spec code being evaluated.")
(defvar *current-source* nil "The block being run or loaded.")

(defvar *inherited-positions* (make-hash-table :test #'eq :weakness :key :synchronized t)
  "A cons that a macro called in spec code made -> the position of that call: a check
the macro expands into was never read, but stands where the macro is called.")

(defun form-location (form)
  "(file line text) of FORM when it was read from spec code; (file line NIL) when a
macro called there made it; else NIL."
  (let ((position (and (consp form) (gethash form *form-positions*)))
        (inherited (and (consp form) (gethash form *inherited-positions*))))
    (cond (position
           (destructuring-bind (source start end package) position
             (declare (ignore package))
             (list (source-file source) (line-at source start)
                   (subseq (source-text source) start end))))
          (inherited
           (destructuring-bind (source start end package) inherited
             (declare (ignore end package))
             (list (source-file source) (line-at source start) nil))))))

(defun form-package (form)
  "The package FORM, or the macro call that made it, was read in; NIL if neither was read."
  (fourth (and (consp form) (or (gethash form *form-positions*) (gethash form *inherited-positions*)))))

(defun inherit-position (expansion position)
  "Give the conses of EXPANSION that have no position of their own POSITION (a
bounded walk: expansions of spec code are small, and shared structure is left as is)."
  (let ((budget 2000))
    (labels ((walk (form depth)
               (when (and (consp form) (< depth 10) (plusp (decf budget))
                          (not (gethash form *form-positions*))
                          (not (gethash form *inherited-positions*)))
                 (setf (gethash form *inherited-positions*) position)
                 (loop for rest on form
                       while (consp rest)
                       do (walk (car rest) (1+ depth))))))
      (walk expansion 0))))

(defparameter *check-operators*
  '(assert cl:assert fiveam:is fiveam:is-true fiveam:is-false fiveam:signals fiveam:finishes
    fiveam:pass fiveam:fail fiveam:skip fiveam:for-all
    ok ng true false of-type is-type isnt finish prove:is-error)
  "The macros whose every call is a check: a point each time it runs (dialects.lisp
defines the other frameworks' ones).")

(defparameter *outcome-operators* '(fiveam:pass fiveam:fail fiveam:skip)
  "The check operators that state an outcome rather than test a claim: written in a
branch on purpose ((if ok (pass) (fail \"...\"))), so one that never runs is no check
missed. So is a check of the constant T or NIL ((assert nil () \"signalled ~A\" e) in a
HANDLER-CASE clause, see *TRUTH-CHECK-OPERATORS*). Every other call of
*CHECK-OPERATORS* is a check site: one a unit never reaches is reported
(REPORT-CHECKS-NEVER-REACHED). Parachute's (fail form), which tests that FORM
signals, is a check site.")

(defparameter *truth-check-operators* '(assert cl:assert fiveam:is fiveam:is-true fiveam:is-false ok ng true false)
  "The checks whose first argument is the form they test for truth.")

(defvar *checks-found* nil
  "While the checks some code holds are counted (CHECK-LINES): the place (CHECK-PLACE)
of each check its expansion met -> the check's form (a check site's, when a macro call
expands into a site and an outcome).")

(defun check-call-p (form environment)
  "True when FORM, a macro call, is a check; rove's SIGNALS is a predicate inside OK."
  (and (member (car form) *check-operators*)
       (not (and (eq (car form) 'fiveam:signals) (dialect-signals-p form environment)))))

(defun check-site-p (form environment)
  "True when FORM, a macro call, is a check site: a check, not an outcome (*OUTCOME-OPERATORS*)."
  (and (check-call-p form environment)
       (not (and (member (car form) *outcome-operators*)
                 (not (and (eq (car form) 'fiveam:fail) (dialect-fail-p form environment)))))
       (not (and (member (car form) *truth-check-operators*) (consp (cdr form))
                 (member (second form) '(t nil))))))

(defun check-place (position)
  "(file line start) of the form at POSITION (an entry of *FORM-POSITIONS*, or of
*INHERITED-POSITIONS*: a macro call's), START being where the form starts in its
block: where its check is counted, and the key a check site is marked reached by. Two
checks on one line are two; the checks one macro call expands into are one, at the call."
  (list (source-file (first position)) (line-at (first position) (second position)) (second position)))

(defvar *checks-reached* (make-hash-table :test #'equal :synchronized t)
  "(file line start) of each check site of spec code that began to run in the running
command, in any thread (global, emptied by each command).")

(defvar *checks-not-expanded* (make-hash-table :test #'equal :synchronized t)
  "The place of each check site whose macro signalled an error as it expanded ((is x
\"reason\") in a FiveAM test): compiled into that error, it is no check a unit could
reach, and one that stops its unit is reported as the error.")

(defun note-check-reached (place)
  "Called first thing by every check site as it runs (see POSITIONING-MACROEXPAND-HOOK)."
  (setf (gethash place *checks-reached*) t))

(defun places-reached ()
  "\"file:line\" of each check site reached in the running command, for the host: a check
that ran without a point of its own (a FOR-ALL trial's, counted in the FOR-ALL's point)
ran all the same, and so did the function it stands in."
  (let ((places '()))
    (maphash (lambda (place reached)
               (declare (ignore reached))
               (when (first place)
                 (pushnew (format nil "~A:~D" (first place) (second place)) places :test #'string=)))
             *checks-reached*)
    (coerce places 'vector)))

(defvar *spec-functions* (make-hash-table :test #'eq)
  "Each function spec code defines (this document's, or one of its tree's) -> the
lambda forms of its definitions as read (a generic function's methods are several):
where the checks a unit makes through it are written. See FUNCTION-DEFINITIONS.")

(defun plain-lambda-list (lambda-list)
  "LAMBDA-LIST of a method without its specializers: ((shape list) x) -> (shape x)."
  (if (listp lambda-list)
      (loop for rest on lambda-list
            for parameter = (car rest)
            for required = (not (member parameter lambda-list-keywords)) then (and required (not (member parameter lambda-list-keywords)))
            collect (if (and required (consp parameter)) (car parameter) parameter)
            while (consp (cdr rest)))
      lambda-list))

(defun method-lambda (qualifiers-and-rest)
  "The lambda of a method written (QUALIFIER... LAMBDA-LIST . BODY), or NIL."
  (let ((tail (member-if #'listp qualifiers-and-rest)))
    (and tail (list* 'lambda (plain-lambda-list (first tail)) (rest tail)))))

(defun lambda-of (form)
  "FORM when it is (LAMBDA ...), the lambda of #'(LAMBDA ...), else NIL."
  (cond ((and (consp form) (eq (car form) 'lambda)) form)
        ((and (consp form) (eq (car form) 'function) (consp (cdr form))) (lambda-of (second form)))))

(defun function-definitions (form)
  "(name . lambda) of each function FORM, a macro call, defines with a body written in
it: a DEFUN's, a DEFMETHOD's (specializers left out), each :METHOD of a DEFGENERIC, a
lambda DEFVAR or DEFPARAMETER keeps in a variable (called through it: (MAPC *CHECK* XS)),
or one (SETF (FDEFINITION 'F)) or (SETF (SYMBOL-FUNCTION 'F)) makes F's. FLET and LABELS
functions are written in the code that calls them: their checks are its own."
  (when (and (consp form) (consp (cdr form)))
    (let ((name (second form)))
      (case (car form)
        (defun (and (symbolp name) (consp (cddr form)) (list (cons name (cons 'lambda (cddr form))))))
        (defmethod (let ((method (method-lambda (cddr form)))) (and (symbolp name) method (list (cons name method)))))
        (defgeneric (and (symbolp name) (listp (cddr form))
                         (loop for option in (cdddr form)
                               for method = (and (consp option) (eq (car option) :method) (method-lambda (rest option)))
                               when method collect (cons name method))))
        ((defvar defparameter) (let ((function (and (consp (cddr form)) (lambda-of (third form)))))
                                 (and (symbolp name) function (list (cons name function)))))
        (setf (loop for (place value) on (rest form) by #'cddr
                    for function = (lambda-of value)
                    for named = (and (consp place) (member (car place) '(fdefinition symbol-function))
                                     (named-function (second place)))
                    when (and function named) collect (cons named function)))))))

(defparameter *data-storing-operators*
  '((setf . 2) (setq . 2) (psetf . 2) (psetq . 2) (push . 1) (pushnew . 1)
    (list . 1) (list* . 1) (cons . 1) (vector . 1) (acons . 2))
  "Operators that keep the functions given them as data, none called, each with the
argument the values start at (1 the first): SETF and its kin take every second argument
from there (a place's value), the others every argument. A lambda stored so, in a table,
a list or a variable, runs when a unit calls it, perhaps a later one (a registry of
checks): its checks are its own, not the storing code's. TRANSLATE/LISP-DEFINITIONS.TS's
DATA_STORING_OPERATORS, by which the plan reports one no unit called, is the same table.")

(defun stored-lambdas (form)
  "The lambdas FORM, a call of one of *DATA-STORING-OPERATORS*, keeps as data."
  (let ((from (and (consp form) (symbolp (car form)) (cdr (assoc (car form) *data-storing-operators*)))))
    (when (and from (listp (cdr form)))
      (loop for rest on (nthcdr from form) by (if (member (car form) '(setf setq psetf psetq)) #'cddr #'cdr)
            for function = (and (consp rest) (lambda-of (car rest)))
            when function collect function))))

(defun note-function-definitions (form)
  "Note the functions FORM, a macro call read from spec code, defines (FUNCTION-DEFINITIONS)."
  (loop for (name . function) in (function-definitions form)
        do (pushnew function (gethash name *spec-functions*) :test (lambda (a b) (eq (cddr a) (cddr b))))))

(defparameter *definition-operators*
  '(defun defmacro defmethod defgeneric define-compiler-macro
    fiveam:test fiveam:def-test fiveam:def-fixture deftest define-test)
  "Definitions whose code runs when what they define is called or run, not where they
stand: a check site inside one that a unit's text holds is not the unit's to reach (a
function's checks are its callers', a test is a unit of its own).")

(defvar *definition-checks* nil
  "While EXPAND-NOTING-CHECKS counts a unit's checks: the places of those written in a
definition it holds (*DEFINITION-OPERATORS*, read there or made by a macro of the
document, in a LET around it too): they run when what it defines is called, not as the
unit runs.")

(defun note-definition-checks (definition)
  "Count the checks DEFINITION (a call of one of *DEFINITION-OPERATORS*) holds into
*DEFINITION-CHECKS*: each of its parts expanded apart (its name, lambda list and body)."
  (let ((definition-checks *definition-checks*)
        (*checks-found* (make-hash-table :test #'equal)))
    (loop for rest on (rest definition)
          while (consp rest)
          do (handler-case (handler-bind ((warning #'muffle-warning))
                             (sb-walker:macroexpand-all (car rest)))
               (error () nil)))
    (loop for place being the hash-keys of *checks-found*
          do (setf (gethash place definition-checks) t))))

(defvar *trial-body-forms* (make-hash-table :test #'eq :weakness :key :synchronized t)
  "Each cons of spec code written in the body of a FOR-ALL, or expanded from a macro call
there: the checks there are no points of their own, whether they run or not (the
FOR-ALL's one point stands for them all), so they are not counted as checks held.")

(defun note-trial-body-forms (tree)
  (loop while (and (consp tree) (not (gethash tree *trial-body-forms*)))
        do (setf (gethash tree *trial-body-forms*) t)
           (note-trial-body-forms (car tree))
           (setf tree (cdr tree))))

(defun positioning-macroexpand-hook (expander form environment)
  "*MACROEXPAND-HOOK*: what a macro called in spec code expands into stands at the
call; while checks are counted, a check met is noted at its place. A DEFUN of spec
code is noted as the definition of its function."
  (let* ((position (and (consp form)
                        (or (gethash form *form-positions*) (gethash form *inherited-positions*))))
         (site (and position (check-site-p form environment))))
    (when (and position (consp form) (eq (car form) 'fiveam:for-all))
      (note-trial-body-forms (cddr form)))
    (when (and *checks-found* position (check-call-p form environment)
               (not (gethash form *trial-body-forms*)))
      (let ((place (check-place position)))
        ;; An outcome a macro call expands into beside a check site does not hide the site.
        (unless (and (not site) (gethash place *checks-found*))
          (setf (gethash place *checks-found*) form))))
    (when position (note-function-definitions form))
    (let ((expansion (handler-bind ((error (lambda (condition)
                                             (declare (ignore condition))
                                             (when site
                                               (setf (gethash (check-place position) *checks-not-expanded*) t)))))
                       (funcall expander form environment))))
      (when position (inherit-position expansion position))
      (when (gethash form *trial-body-forms*)
        (note-trial-body-forms expansion))
      ;; A definition a macro of the document makes ((defcheck name ...) -> (defun name ...)).
      (when (and *definition-checks* position)
        (map-definitions #'note-definition-checks (list expansion)))
      ;; A check site marks its place reached as it starts to run: a check made many
      ;; times (a loop's, a FOR-ALL trial's, which sends no point of its own) is reached
      ;; once it runs once, and a site that never runs is found at the unit's end.
      (if site
          `(progn (note-check-reached ',(check-place position)) ,expansion)
          expansion))))

(defun expand-noting-checks (forms)
  "FORMS fully expanded (a form that cannot be expanded is left as it is: running it
says why), and the (file line) of every check the expansion met: a loop's body, both
branches of a condition, a lambda's body, the expansion of a macro of the document,
run or not; not those of a definition FORMS hold (*DEFINITION-CHECKS*). Nothing is evaluated."
  (let ((*checks-found* (make-hash-table :test #'equal))
        (*definition-checks* (make-hash-table :test #'equal)))
    ;; The walker walks a DEFUN without expanding it: the hook never sees those read.
    (map-definitions #'note-definition-checks forms)
    (values (mapcar (lambda (form)
                      (handler-case (handler-bind ((warning #'muffle-warning))
                                      (sb-walker:macroexpand-all form))
                        (error () form)))
                    forms)
            (loop for place being the hash-keys of *checks-found*
                  unless (gethash place *definition-checks*) collect place))))

(defun checks-held (forms)
  "(file line form start) of each check FORMS hold, in order of their places (see
EXPAND-NOTING-CHECKS and CHECK-PLACE)."
  (let ((*checks-found* (make-hash-table :test #'equal)))
    (dolist (form forms)
      (handler-case (handler-bind ((warning #'muffle-warning))
                      (sb-walker:macroexpand-all form))
        (error () nil)))
    (sort (loop for (file line start) being the hash-keys of *checks-found* using (hash-value form)
                collect (list file line form start))
          (lambda (a b) (or (< (second a) (second b))
                            (and (= (second a) (second b)) (< (fourth a) (fourth b))))))))

(defun report-checks-not-reached (forms reason)
  "A skipped point for each check FORMS hold: the rest of a unit that stopped (a false
assertion, an error) is not run, and its checks are reported as not run rather than
left out, so a report counts every check the unit states."
  (loop for (file line form) in (checks-held forms)
        do (emit-point t (form-text form) (list file line) nil reason)))

;;; Check sites a unit that ended never reached, or that a reader conditional left out

(defun unit-text (source &optional (start 0) (end (length (source-text source))))
  "The text a unit is written in: SOURCE's characters from START to END (a block's
whole text, or the definition of a FiveAM test or verify- function)."
  (list source start end))

(defun definition-text (source)
  "The text of the definition at SOURCE's place (see SOURCE-FORM-AT), or NIL."
  (let ((position (gethash (source-form-at (source-file source) (source-first-line source)) *form-positions*)))
    (and position (unit-text (first position) (second position) (third position)))))

(defun within-text-p (text file line)
  "True when FILE:LINE lies in TEXT (a UNIT-TEXT; NIL, a text not found, holds nothing)."
  (when text
    (destructuring-bind (source start end) text
      (and (string= file (source-file source))
           (<= (line-at source start) line (line-at source end))))))

(defun map-definitions (function forms)
  "Call FUNCTION on each definition FORMS hold, at any depth (a DEFUN in a LET),
outermost first: a call of *DEFINITION-OPERATORS*, one that keeps a function's
lambda (FUNCTION-DEFINITIONS: (SETF (SYMBOL-FUNCTION 'F) (LAMBDA ...))), or a lambda
kept as data (STORED-LAMBDAS: (PUSH (LAMBDA ...) *CHECKS*))."
  (let ((seen (make-hash-table :test #'eq))
        (budget 200000))
    (labels ((walk (form)
               ;; The budget bounds a circular list, which the table of forms seen does not.
               (when (and (consp form) (not (gethash form seen)) (plusp (decf budget)))
                 (setf (gethash form seen) t)
                 (when (or (member (car form) *definition-operators*) (function-definitions form))
                   (funcall function form))
                 (mapc function (stored-lambdas form))
                 (loop for rest on form
                       while (and (consp rest) (plusp (decf budget)))
                       do (walk (car rest))))))
      (mapc #'walk forms))))

(defun definition-spans (forms)
  "(source start end) of each definition (*DEFINITION-OPERATORS*) read in FORMS."
  (let ((spans '()))
    (map-definitions (lambda (form)
                       (let ((position (gethash form *form-positions*)))
                         (when position (push (subseq position 0 3) spans))))
                     forms)
    spans))

(defun within-definition-p (spans file start)
  "True when the form at START of FILE lies in one of SPANS (DEFINITION-SPANS)."
  (some (lambda (span)
          (destructuring-bind (source span-start span-end) span
            (and (string= file (source-file source)) (< span-start start span-end))))
        spans))

(defparameter *never-reached-reason*
  "not run: the unit ended without evaluating it (a branch not taken, a loop over nothing, a non-local exit past it)")

(defun report-checks-never-reached (forms text reason)
  "A skipped point for each check site FORMS hold, written in TEXT (not in a
definition they call or hold), that did not run while the unit ran: a unit whose other checks
passed would otherwise pass as if it had made it. A macro call that expands into
several check sites is reached when one of them runs (see CHECK-PLACE). REASON is
the skip's text, or a function of the check's line that gives it."
  (loop with definitions = (definition-spans forms)
        for (file line form start) in (checks-held forms)
        when (and (check-site-p form nil) (within-text-p text file line)
                  (not (within-definition-p definitions file start))
                  (not (gethash (list file line start) *checks-reached*))
                  (not (gethash (list file line start) *checks-not-expanded*)))
          do (emit-point t (form-text form) (list file line) nil
                         (if (functionp reason) (funcall reason line) reason))))

(defvar *unit-stop-line* nil
  "The line where the running unit stopped (its false ASSERT, the error that ended it,
its call of EXIT), once it has: the checks it did not reach from there on are skipped
for that reason.")

(defvar *exit-requested* nil
  "The arguments spec code called SB-EXT:EXIT with in the running unit: the unit stops
there, as at a false ASSERT, and the driver exits with them once the unit is reported.")

(defun stopped-reason (line)
  "Why a check after the place a unit stopped, in the form at LINE (NIL: not known), did not run."
  (if line
      (format nil "not run: the unit stopped in the form at line ~D" line)
      "not run: the unit stopped before it"))

(defun report-checks-past-stop (forms text reason)
  "At the end of a unit that stopped (a false ASSERT, an error, an exit), whose code run
so far is FORMS written in TEXT: a skipped point for each check site it did not reach,
for REASON when it stands at or after the line it stopped at (later in the same form, in
a FiveAM test's body), else for *NEVER-REACHED-REASON* (a branch not taken before it),
unless a thread it started is still running and may yet make them (see
REPORT-CHECKS-NOT-MADE): not after an EXIT, which ends it."
  (unless (and (unit-threads-running-p) (not *exit-requested*))
    (report-checks-never-reached forms text
                                 (lambda (line)
                                   (if (or (null *unit-stop-line*) (>= line *unit-stop-line*))
                                       reason
                                       *never-reached-reason*)))))

(defun read-left-out-form (source start package)
  "The form left out at START of SOURCE (after its feature expression), read as it
would be in PACKAGE, or NIL when it cannot be read here. It is read in a package of
its own that sees PACKAGE's symbols: a name only it writes is not interned in PACKAGE
(where it could clash with a package used later); one of a package this SBCL lacks
is read in that package too."
  (let ((stream (make-string-input-stream (source-text source)))
        (reading-package (make-package (symbol-name (gensym "SPEC-RUN-LEFT-OUT-")) :use '())))
    (unwind-protect
         (progn
           ;; Each symbol PACKAGE sees, present or inherited, as it resolves the name.
           (do-symbols (symbol package)
             (when (eq symbol (find-symbol (symbol-name symbol) package))
               (shadowing-import (list symbol) reading-package)))
           (file-position stream start)
           (let ((*package* (find-package '#:keyword))
                 (*read-eval* nil))
             (read stream))
           (let ((*package* reading-package)
                 (*readtable* *source-readtable*)
                 (*reading-source* source)
                 (*read-eval* nil)
                 (*left-out-forms* '())
                 (*conditionals-read* '()))
             (handler-case
                 (handler-bind ((sb-int:simple-reader-package-error
                                  (lambda (condition)
                                    (let ((use-current (find-restart 'continue condition)))
                                      (when use-current (invoke-restart use-current))))))
                   (read stream nil nil))
               (error () nil))))
      (delete-package reading-package))))

(defun feature-text (source start)
  "The reader conditional as written whose feature expression starts at START (\"#+ccl\")."
  (let ((text (source-text source)))
    (format nil "~A~A" (subseq text (- start 2) start)
            (string-trim '(#\Space #\Tab #\Newline #\Return)
                         (subseq text start (nth-value 1 (let ((*package* (find-package '#:keyword))
                                                                (*read-eval* nil))
                                                            (read-from-string text t nil :start start))))))))

(defun report-checks-left-out (text)
  "A skipped point for each check a form in TEXT (a UNIT-TEXT, or NIL) left out by a reader conditional
holds, saying which conditional; the number of points. The form is read and expanded
apart, its positions forgotten after: it is no code of the unit."
  (let ((count 0))
    (destructuring-bind (&optional source start end) text
      (dolist (left-out (reverse *left-out-forms*))
        (destructuring-bind (left-out-source left-out-start package) left-out
          (when (and (eq left-out-source source) (<= start left-out-start end))
            (let ((*form-positions* (make-hash-table :test #'eq :weakness :key))
                  (*inherited-positions* (make-hash-table :test #'eq :weakness :key :synchronized t))
                  (*spec-functions* (make-hash-table :test #'eq))
                  (feature (ignore-errors (feature-text source left-out-start))))
              (let ((form (ignore-errors (read-left-out-form source left-out-start package))))
                (loop for (file line check) in (and form feature (checks-held (list form)))
                      when (check-site-p check nil)
                        do (incf count)
                           (emit-point t (form-text check) (list file line) nil
                                       (format nil "its form stands behind ~A, which leaves it out in this SBCL" feature)))))))))
    count))

(defun report-checks-not-made (name location forms text &key (reason *never-reached-reason*) test)
  "At the end of a unit that ran to its end, whose code is FORMS written in TEXT: the
checks a reader conditional left out, and, when the unit made checks, those it never
reached, as skipped points (for REASON), unless a thread it started is still running;
when it made none, REPORT-NO-CHECK-RAN (TEST: the unit is a FiveAM test)."
  (let ((checks-made (plusp *unit-points*))
        (left-out (report-checks-left-out text)))
    (cond ((not checks-made) (report-no-check-ran name location forms (plusp left-out) test))
          ;; A thread the unit left running may yet make them; it is stopped and fails the
          ;; unit, saying that no check made there later counts.
          ((unit-threads-running-p))
          (t (report-checks-never-reached forms text reason)))))

(defun check-lines (forms)
  "The line of each check FORMS hold, in order, once per check (see EXPAND-NOTING-CHECKS)."
  (sort (mapcar #'second (nth-value 1 (expand-noting-checks forms))) #'<))

(defparameter *designator-callers*
  '((funcall . 1) (apply . 1) (multiple-value-call . 1) (mapcar . 1) (mapc . 1) (mapcan . 1)
    (maplist . 1) (mapl . 1) (mapcon . 1) (maphash . 1) (reduce . 1) (some . 1) (every . 1)
    (notany . 1) (notevery . 1) (make-thread . 1)
    (remove-if . 1) (remove-if-not . 1) (delete-if . 1) (delete-if-not . 1) (find-if . 1)
    (find-if-not . 1) (position-if . 1) (position-if-not . 1) (count-if . 1) (count-if-not . 1)
    (member-if . 1) (member-if-not . 1) (assoc-if . 1) (assoc-if-not . 1) (rassoc-if . 1)
    (rassoc-if-not . 1)
    (map . 2) (map-into . 2) (sort . 2) (stable-sort . 2) (subst-if . 2) (subst-if-not . 2)
    (nsubst-if . 2) (nsubst-if-not . 2) (substitute-if . 2) (substitute-if-not . 2)
    (nsubstitute-if . 2) (nsubstitute-if-not . 2)
    (merge . 4))
  "The operators known to call a function designator given them, by name (MAKE-THREAD of
any thread library's package), each with the argument that is the function it calls (1 the
first): (FUNCALL 'F) and (SORT XS #'F) call F; (FUNCALL #'IDENTITY #'F) calls IDENTITY, and F
is data to it. Any other operator only takes the function or its name (SYMBOL-FUNCTION,
COMPILE, FBOUNDP, DOCUMENTATION, a macro): it calls nothing. DESIGNATOR_CALLERS of
translate/lisp-definitions.ts, by which the plan tells calls, is the same table.")

(defparameter *printers*
  '((print . 1) (prin1 . 1) (princ . 1) (pprint . 1) (write . 1)
    (prin1-to-string . 1) (princ-to-string . 1) (write-to-string . 1) (format . 3))
  "Common Lisp's operators that print objects given them, each with the argument the objects
start at (1 the first): printing one calls PRINT-OBJECT, so a call of one calls the
PRINT-OBJECT methods of spec code, unless what it prints is a literal (a string, a number,
a character, a keyword), no object of spec code's classes. PRINTERS of
translate/lisp-definitions.ts, by which check tells calls, is the same table.")

(defun prints-objects-p (form)
  "Whether FORM, a call, prints an object that may be of spec code's classes (*PRINTERS*)."
  (let ((from (cdr (assoc (car form) *printers*))))
    (and from
         (some (lambda (argument) (not (typep argument '(or string number character keyword))))
               (nthcdr from form)))))

(defun calls-designator-p (operator argument)
  "Whether OPERATOR calls the function a quoted symbol given it as its ARGUMENTth argument
names: the one a *DESIGNATOR-CALLERS* calls, or any of a function of spec code ((RUN-CHECK 'F))."
  (and (symbolp operator)
       (or (eql argument (cdr (assoc operator *designator-callers* :test #'string=)))
           (gethash operator *spec-functions*))))

(defun named-function (form)
  "The symbol FORM names a function by, 'F, #'F or (SYMBOL-FUNCTION 'F), or NIL."
  (and (consp form) (consp (cdr form))
       (case (car form)
         ((quote function) (and (symbolp (second form)) (second form)))
         ((symbol-function fdefinition) (named-function (second form))))))

(defun spec-functions-called (expansion)
  "The functions of spec code EXPANSION calls: called, or given as 'F or #'F to an operator
in the argument it calls (CALLS-DESIGNATOR-P, :KEY #'F...), and PRINT-OBJECT by a printer
printing an object (PRINTS-OBJECTS-P). Quoted data calls nothing: '(F) is a list;
nor does #'F put aside, (LIST #'F), whose function the plan runs as a unit of its own
(functionReferences, translate/lisp-definitions.ts)."
  (let ((seen (make-hash-table :test #'eq))
        (budget 200000)
        (names '()))
    (labels ((note (name)
               (when (and (symbolp name) (gethash name *spec-functions*))
                 (pushnew name names)))
             (walk (form)
               ;; The budget bounds a circular list, which the table of forms seen does not.
               (when (and (consp form) (not (eq (car form) 'quote)) (not (gethash form seen)) (plusp (decf budget)))
                 (setf (gethash form seen) t)
                 (note (car form))
                 (when (prints-objects-p form) (note 'print-object))
                 (loop for rest on form
                       for index from 0
                       for previous = nil then argument
                       for argument = (car rest)
                       while (and (consp rest) (plusp (decf budget)))
                       do (when (and (plusp index)
                                     (or (calls-designator-p (car form) index) (member previous '(:key :test :test-not))))
                            ;; 'F, #'F, or a variable holding a function of spec code ((MAPC *CHECK* XS)).
                            (note (or (named-function argument) argument)))
                          (walk argument)))))
      (walk expansion))
    names))

(defun checks-of-called-functions (forms)
  "(function file line) of each line holding checks in the functions of spec code FORMS
call, and in those they call in turn: the checks a unit makes through its helpers."
  (let ((visited (make-hash-table :test #'eq))
        (places '()))
    (labels ((visit (expansion)
               (dolist (name (spec-functions-called expansion))
                 (unless (gethash name visited)
                   (setf (gethash name visited) t)
                   (dolist (function (gethash name *spec-functions*))
                     (multiple-value-bind (expanded found) (expand-noting-checks (list `(function ,function)))
                       (dolist (place found)
                         (pushnew (list name (first place) (second place)) places :test #'equal))
                       (visit expanded)))))))
      (visit (expand-noting-checks forms)))
    (sort places (lambda (a b) (or (string< (second a) (second b))
                                   (and (string= (second a) (second b)) (< (third a) (third b))))))))

(defun report-no-check-ran (name location forms &optional checks-left-out test)
  "The point of a unit, whose code is FORMS, that ran to its end without making a check:
not ok when its code holds checks (none of them ran), or, holding none, calls functions
of spec code that do (none of theirs ran either); else, unless CHECKS-LEFT-OUT (its
checks were all left out by reader conditionals, and their skipped points are the
unit's), a point that checks nothing: for a TEST (a FiveAM test, which FiveAM itself
says \"Didn't run anything\" of), skipped; for a block, meant to set up, ok and
UNCHECKED, saying it ran without error, which verifies nothing."
  (let ((lines (check-lines forms))
        (why "the unit ran to its end without making one (a check in a loop over nothing, under a false condition, or inside IGNORE-ERRORS around an error is never made)"))
    (cond (lines
           (emit-point nil (format nil "~A makes its checks" name) location
                       `((:reason . ,(format nil "none of its ~D check~:P ran (line~P ~{~A~^, ~}): ~A"
                                             (length lines) (length (remove-duplicates lines))
                                             (remove-duplicates lines) why)))))
          ((checks-of-called-functions forms)
           (let ((places (checks-of-called-functions forms)))
             (emit-point nil (format nil "~A makes its checks" name) location
                         `((:reason . ,(format nil "none of the ~D check~:P of the functions it calls ran (~{~A~^, ~}): ~A"
                                               (length places)
                                               (mapcar (lambda (place)
                                                         (destructuring-bind (function file line) place
                                                           (format nil "~(~A~) at ~A:~D" function (file-namestring file) line)))
                                                       places)
                                               why))))))
          (checks-left-out)
          (test (emit-point t (format nil "~A makes a check" name) location nil
                            "it holds no check (is, signals, finishes...): it ran without error and verified nothing"))
          (t (emit-point t (format nil "~A runs without error" name) location nil nil t)))))

(setf *macroexpand-hook* 'positioning-macroexpand-hook)

(defun call-of (name tree)
  "The first read form in TREE that calls NAME."
  (labels ((walk (form)
             (when (consp form)
               (when (and (eq (car form) name) (gethash form *form-positions*))
                 (return-from call-of form))
               (loop for rest on form
                     while (consp rest)
                     do (walk (car rest))))))
    (walk tree)
    nil))

(defun any-call-of (name)
  "A call of NAME in any spec code read so far (the first by place in the file)."
  (let ((best nil) (best-place nil))
    (maphash (lambda (form position)
               (when (and (consp form) (eq (car form) name))
                 (let ((place (list (source-first-line (first position)) (second position))))
                   (when (or (null best) (< (first place) (first best-place))
                             (and (= (first place) (first best-place)) (< (second place) (second best-place))))
                     (setf best form best-place place)))))
             *form-positions*)
    best))

(defun running-unit-code ()
  "The spec code of the running unit: its top-level form, else the definition at its
source's place (a FiveAM test's, whose body runs outside any top-level form)."
  (or *current-form*
      (and *current-source*
           (source-form-at (source-file *current-source*) (source-first-line *current-source*)))))

(defun undefined-function-location (name)
  "Where spec code calls NAME: in the running unit's code, else anywhere it was read (a
function defined elsewhere that the unit called)."
  (form-location (or (call-of name (running-unit-code)) (any-call-of name))))

(defun source-form-at (file line)
  "The outermost form of spec code read at FILE:LINE (a test's definition, by its unit's place)."
  (let ((best nil) (best-size -1))
    (maphash (lambda (form position)
               (destructuring-bind (source start end package) position
                 (declare (ignore package))
                 (when (and (string= (source-file source) file) (= (line-at source start) line)
                            (> (- end start) best-size))
                   (setf best form best-size (- end start)))))
             *form-positions*)
    best))

(defun running-code-home-p (home)
  "True when HOME, a frame's function, is the running spec code itself rather than a
function it calls: a form being evaluated (SBCL's evaluator, or an anonymous lambda
it compiled) or the body of a FiveAM test (FiveAM names it %TEST-<name>)."
  (or (null home)
      (member home '(eval sb-int:simple-eval-in-lexenv))
      (eql 0 (search "%TEST-" (symbol-name home)))))

(defun calls-of (name tree)
  "The read forms in TREE that call NAME."
  (let ((calls '()))
    (labels ((walk (form)
               (when (consp form)
                 (when (and (eq (car form) name) (gethash form *form-positions*))
                   (push form calls))
                 (loop for rest on form
                       while (consp rest)
                       do (walk (car rest))))))
      (walk tree))
    calls))

(defun only-call-location (name tree)
  "Where TREE calls NAME, when it does in one place only (two calls could be either: then NIL)."
  (let ((calls (calls-of name tree)))
    (and (= (length calls) 1) (form-location (first calls)))))

(defun stack-homes ()
  "The functions on this thread's stack, innermost first (see SPEC-RUN.FRAMES:FRAME-HOME).
Call it while the frames exist."
  (let ((homes '()))
    (sb-debug::map-backtrace
     (lambda (frame)
       (push (spec-run.frames:frame-home (sb-di:debug-fun-name (sb-di:frame-debug-fun frame))) homes))
     :count 60)
    (nreverse homes)))

(defun stack-written-forms ()
  "The forms of spec code the calls on this thread's stack are running, innermost first:
for each frame of code compiled from a read form (EVAL's, a definition's), the form it
runs, when it was read from spec code. Frames of compiled files (the harness, libraries)
are passed over without reading their sources."
  (let ((forms '()))
    (sb-debug::map-backtrace
     (lambda (frame)
       (let ((code-location (sb-di:frame-code-location frame)))
         (when (ignore-errors (null (sb-di:debug-source-namestring (sb-di:code-location-debug-source code-location))))
           (let ((form (ignore-errors (sb-debug::code-location-source-form code-location 0))))
             (when (form-location form) (push form forms))))))
     :count 60)
    (nreverse forms)))

(defun within-form-p (form tree)
  "True when FORM is TREE or one of its subforms."
  (or (eq form tree)
      (and (consp tree)
           (loop for rest on tree
                 while (consp rest)
                   thereis (within-form-p form (car rest))))))

(defun erring-call-location (tree)
  "Where TREE, the spec code running, made the call an error came from: the
innermost frame that code itself called, when TREE calls that function in one
place only (two calls could be either: then NIL). Call it in a handler, while
the frames exist."
  (loop for (home caller) on (stack-homes)
        when (and home (running-code-home-p caller))
          return (only-call-location home tree)))

(defvar *vocabulary-failures* '()
  "(file line message) of each form of a vocabulary file that did not load in this driver
(LOAD-VOCABULARY-FILE): a function called that it does not define may be missing for that reason.")

(defvar *image-packages* (list-all-packages)
  "The driver's packages as built, before any spec code or vocabulary file ran: of these, only
external symbols are offered for a call of an undefined name (their internals are the harness's).")

(defun written-qualified (symbol)
  "SYMBOL as code read in another package writes it: its home's shortest name that starts
with a letter and has no dot (FIVEAM, not IT.BESE.FIVEAM or 5AM; CL-USER), else its name; then
: when external there, else ::."
  (let* ((home (symbol-package symbol))
         (written (remove-if-not (lambda (name) (and (alpha-char-p (char name 0)) (not (find #\. name))))
                                 (cons (package-name home) (package-nicknames home)))))
    (format nil "~(~A~A~A~)"
            (if written (first (sort written #'< :key #'length)) (package-name home))
            (if (eq (nth-value 1 (find-symbol (symbol-name symbol) home)) :external) ":" "::")
            (symbol-name symbol))))

(defun defined-elsewhere (name)
  "The functions and macros named as NAME (a symbol no function is) in other packages, as
code must write them, shortest first, at most three: an external symbol of any package, any
symbol of CL-USER or of a package spec code or a vocabulary file made."
  (let ((found '()))
    (dolist (package (list-all-packages))
      (multiple-value-bind (other status) (find-symbol (symbol-name name) package)
        (when (and other (not (eq other name)) (eq (symbol-package other) package) (fboundp other)
                   (or (eq status :external) (eq package (find-package '#:cl-user))
                       (not (member package *image-packages*))))
          (pushnew (written-qualified other) found :test #'string=))))
    (subseq (sort found #'< :key #'length) 0 (min 3 (length found)))))

(defun undefined-function-reason (condition)
  "Why the function CONDITION names is undefined; saying which other package defines a function
of its name (the package it is read in does not use it: the call must write that package),
and where the vocabulary failed to load, when it did: its definition may be what failed."
  (let* ((name (cell-error-name condition))
         (elsewhere (and (symbolp name) (symbol-package name) (defined-elsewhere name))))
    (format nil "~(~S~) is called here, but neither this document nor the vocabulary defines it~
~@[ in package ~A, where it is read~]~@[; another package does, which that one does not use: write ~{'~A'~^ or ~}~]~
~:[~;; the vocabulary did not load whole: ~:*~{~{~A failed at line ~D (~A)~}~^; ~}~]"
            name (and elsewhere (package-name (symbol-package name))) elsewhere
            (reverse *vocabulary-failures*))))

(defun fallback-location ()
  "Where a check without a recorded form stands: its top-level form, else its block."
  (or (form-location *current-form*)
      (and *current-source*
           (list (source-file *current-source*) (source-first-line *current-source*) nil))))

(defun one-line (text &optional (limit 160))
  "TEXT (Lisp code, or prose quoting values as ~S prints them) on one line: each run of
whitespace one space, except inside a string literal, a |symbol| or after #\\, whose
characters are the value itself (\"a  b\" is not \"a b\"); at most LIMIT characters."
  (let ((collapsed (with-output-to-string (out)
                     (loop with space = nil
                           with quote = nil ; the closing #\" or #\| of the literal being read
                           with escaped = nil
                           for char across text
                           do (cond (escaped (setf escaped nil) (write-char char out))
                                    (quote (when (char= char #\\) (setf escaped t))
                                           (when (char= char quote) (setf quote nil))
                                           (write-char char out))
                                    ((member char '(#\Space #\Newline #\Tab #\Return)) (setf space t))
                                    (t (when space (write-char #\Space out))
                                       (setf space nil)
                                       (cond ((member char '(#\" #\|)) (setf quote char))
                                             ((char= char #\\) (setf escaped t)))
                                       (write-char char out)))))))
    (if (> (length collapsed) limit)
        (concatenate 'string (subseq collapsed 0 (- limit 3)) "...")
        collapsed)))

(defun print-hash-table-entries (stream table)
  "A hash table as SBCL prints it, with its entries (up to *PRINT-LENGTH*): two tables
a failed EQUALP compares differ in them, not in their addresses."
  (format stream "#<HASH-TABLE :TEST ~S :COUNT ~D {" (hash-table-test table) (hash-table-count table))
  (let ((shown 0))
    (block entries
      (maphash (lambda (key value)
                 (when (and *print-length* (>= shown *print-length*))
                   (write-string ", ..." stream)
                   (return-from entries))
                 (format stream "~:[~;, ~]~S ~S" (plusp shown) key value)
                 (incf shown))
               table)))
  (write-string "}>" stream))

(defvar *show-dispatch*
  (let ((table (copy-pprint-dispatch nil)))
    (set-pprint-dispatch 'hash-table #'print-hash-table-entries 0 table)
    table))

(defmacro with-report-printing (&body body)
  "BODY prints as spec-run's reports need, whatever printer settings spec code left:
with *PRINT-READABLY* true most objects cannot be printed at all (an error inside the
handler that reports an error), and with *PRINT-BASE* 16 a 10 is shown as A."
  `(let ((*print-readably* nil) (*print-base* 10) (*print-radix* nil) (*print-escape* t)
         (*print-array* t) (*print-gensym* t))
     ,@body))

(defun show (value &optional (package (find-package '#:common-lisp-user)))
  "VALUE printed readably and briefly, as spec code in PACKAGE (CL-USER) would see it;
hash tables with their entries."
  (with-report-printing (show-printed value package)))

(defun show-printed (value package)
  (let ((*package* package)
        (*print-pretty* t) (*print-pprint-dispatch* *show-dispatch*)
        (*print-right-margin* most-positive-fixnum) (*print-lines* nil)
        (*print-length* 20) (*print-level* 4) (*print-circle* t) (*print-readably* nil))
    (let ((text (handler-case (prin1-to-string value)
                  (error () (format nil "#<unprintable ~S>" (type-of value))))))
      (if (> (length text) 600)
          (format nil "~A... (~D characters)" (subseq text 0 600) (length text))
          text))))

(defun form-text (form)
  (let ((location (form-location form)))
    (one-line (if (and location (third location))
                  (third location)
                  ;; A form a macro made: printed as the code it was written in reads it.
                  (let ((*print-case* :downcase))
                    (apply #'show form (and (form-package form) (list (form-package form)))))))))

;;; Points

(defvar *unit-points* 0
  "Points recorded by the running command, in any thread (global, not rebound).")

(defvar *verdicts-made* '()
  "A cell (made) for each check running in this thread, innermost first
(CALL-COMPLETING-CHECK): MADE is true once a verdict was recorded while it ran, a point
or the result of a check in a FOR-ALL trial (which its FOR-ALL's one point carries).")

(defun count-verdict ()
  (dolist (cell *verdicts-made*) (setf (car cell) t)))

;;; What the running unit printed, shown with its failing points

(defparameter *printed-kept* 4000
  "Characters of what a unit printed that its failing points show: the last ones.")

(defclass printed-tail (sb-gray:fundamental-character-output-stream)
  ((text :initform (make-array 0 :element-type 'character :adjustable t :fill-pointer 0) :reader printed-text)
   (dropped :initform 0 :accessor printed-dropped)
   (copy :initform sb-sys:*stdout* :reader printed-copy)
   (copied-at :initform 0 :accessor printed-copied-at))
  (:documentation "An output stream that keeps the last *PRINTED-KEPT* characters written
to it and counts the others: a unit that prints without end holds no more memory. It
copies them to the driver's standard output too, whose tail the host keeps: what a unit
printed outlives a driver stopped at the unit's time limit."))

(defconstant +printed-copy-interval+ (floor internal-time-units-per-second 50)
  "How often, at most, a line ends a write of the copy to the host (a syscall a line would slow a unit that prints much).")

(defun send-printed-copy (stream)
  (setf (printed-copied-at stream) (get-internal-real-time))
  (ignore-errors (force-output (printed-copy stream))))

(defmethod sb-gray:stream-force-output ((stream printed-tail))
  (send-printed-copy stream))

(defmethod sb-gray:stream-finish-output ((stream printed-tail))
  (send-printed-copy stream))

(defmethod sb-gray:stream-write-char ((stream printed-tail) char)
  (ignore-errors (write-char char (printed-copy stream)))
  (when (and (char= char #\Newline)
             (>= (- (get-internal-real-time) (printed-copied-at stream)) +printed-copy-interval+))
    (send-printed-copy stream))
  (let ((text (printed-text stream)))
    (vector-push-extend char text)
    ;; Trimmed once it holds twice what is kept: each character is moved at most once more.
    (when (> (fill-pointer text) (* 2 *printed-kept*))
      (let ((excess (- (fill-pointer text) *printed-kept*)))
        (replace text text :start2 excess)
        (setf (fill-pointer text) *printed-kept*)
        (incf (printed-dropped stream) excess))))
  char)

(defmethod sb-gray:stream-line-column ((stream printed-tail))
  (let* ((text (printed-text stream))
         (newline (position #\Newline text :from-end t)))
    (if newline (- (fill-pointer text) newline 1) (fill-pointer text))))

(defvar *printed* nil
  "The running unit's PRINTED-TAIL, where its *STANDARD-OUTPUT* and *ERROR-OUTPUT* go; NIL between units.")

(defun printed-so-far ()
  "What the running unit printed so far (its last characters, saying how many went before), or NIL."
  (let ((stream *printed*))
    (when (and stream (plusp (fill-pointer (printed-text stream))))
      (let ((kept (subseq (printed-text stream) (max 0 (- (fill-pointer (printed-text stream)) *printed-kept*))))
            (dropped (+ (printed-dropped stream) (max 0 (- (fill-pointer (printed-text stream)) *printed-kept*)))))
        (if (plusp dropped)
            (format nil "[~D characters before these are left out]~%~A" dropped kept)
            kept)))))

(defconstant +printed-copy-start+ (code-char 30)
  "Written to the copy where a unit's output starts (ASCII's record separator): the host
reads a stopped unit's output from the last one on, whatever of the unit before reaches it late.")

(defmacro with-printed-kept (() &body body)
  "Run BODY with what it prints to *STANDARD-OUTPUT* and *ERROR-OUTPUT* kept for its failing points."
  `(let* ((*printed* (make-instance 'printed-tail))
          (*standard-output* *printed*)
          (*error-output* *printed*))
     (ignore-errors (write-char +printed-copy-start+ (printed-copy *printed*)))
     (unwind-protect (progn ,@body)
       (send-printed-copy *printed*))))

(defun emit-point (ok name location &optional diagnostics skip-reason unchecked)
  "Send one point; every point, a skipped one too, counts for the unit (a unit
with no point of its own gets one named after it). A failing point shows what the
unit printed so far. UNCHECKED: a pass that only says a unit holding no check ran."
  (bt:with-lock-held (*counters-lock*) (incf *unit-points*))
  (count-verdict)
  (let ((printed (and (not ok) (not skip-reason) (printed-so-far))))
    (send-to-host `((:type . "point")
                    (:ok . ,(if ok t :false))
                    (:name . ,name)
                    (:file . ,(or (first location) :null))
                    (:line . ,(or (second location) :null))
                    (:diagnostics . ,(if printed (append diagnostics `((:printed . ,printed))) (or diagnostics :null)))
                    ,@(when skip-reason `((:skip . ,skip-reason)))
                    ,@(when unchecked '((:unchecked . t)))))))

;;; Values of a check's argument subforms

(defun decompose-check (form environment)
  "For a call (OP ARG...), bindings that evaluate the non-constant arguments once,
in order, the call rewritten to use them, and forms that list (text . value) for
each; (NOT call) is looked through. Macros and special forms stay as they are."
  (flet ((plain-call-p (form)
           (and (consp form) (symbolp (car form)) (car form)
                (not (special-operator-p (car form)))
                (not (macro-function (car form) environment))
                (null (cdr (last form))))))
    (cond ((and (consp form) (eq (car form) 'not) (consp (cdr form)) (null (cddr form))
                (plain-call-p (second form)))
           (multiple-value-bind (bindings call records) (decompose-check (second form) environment)
             (values bindings `(not ,call) records)))
          ((plain-call-p form)
           (let (bindings records)
             (let ((call (cons (car form)
                               (loop for argument in (cdr form)
                                     collect (if (constantp argument environment)
                                                 argument
                                                 (let ((variable (gensym "ARG")))
                                                   (push (list variable argument) bindings)
                                                   (push `(cons ,(form-text argument) ,variable) records)
                                                   variable))))))
               (values (nreverse bindings) call (nreverse records)))))
          (t (values nil form nil)))))

(defun shown-values (records)
  (loop for (text . value) in records collect (cons text (show value))))

;;; ASSERT

(defun assertion-message (explain)
  "The text of a failed ASSERT's DATUM and ARGUMENTS, as CL:ASSERT would signal them
(a format control and its arguments, a condition type and its initargs, or a
condition), made by calling EXPLAIN; NIL without a datum. An error making it is said
in its place."
  (handler-case
      (let ((datum (funcall explain)))
        (cond ((null datum) nil)
              ((stringp (first datum)) (apply #'format nil datum))
              ((typep (first datum) 'condition) (princ-to-string (first datum)))
              (t (princ-to-string (apply #'make-condition datum)))))
    (error (condition)
      (format nil "(its message could not be made: ~A)" (condition-message condition)))))

(defun assertion-scope ()
  "What a false ASSERT ends: the FOR-ALL trial it runs in (:TRIAL, whose FOR-ALL's point says
it was falsified, and by what), else the thread of spec code it runs in (:THREAD, which
returns NIL, see MAKE-THREAD-PLACED: the unit goes on, and its code that joins the thread
with it), else its unit (:UNIT)."
  (cond ((in-for-all-trial-p) :trial)
        ((and *main-thread* (not (eq sb-thread:*current-thread* *main-thread*))) :thread)
        (t :unit)))

(defvar *check-argument-handlers* :none
  "The handler clusters (SB-KERNEL:*HANDLER-CLUSTERS*) outside the outermost check running
in this thread (an ASSERT, IS, SIGNALS...), :NONE outside any: the handlers established
since are the check's argument's own, code that expects an error (SIGNALS, a HANDLER-CASE
the check tests).")

(defmacro with-check-argument-handlers (() &body body)
  "BODY, the argument of a check: the handlers it establishes expect its errors."
  `(let ((*check-argument-handlers* (if (eq *check-argument-handlers* :none)
                                        sb-kernel:*handler-clusters*
                                        *check-argument-handlers*)))
     ,@body))

(defvar *assertion-handed* nil
  "The error of a false ASSERT while it is offered to the handlers of a check's argument.")

(defun assertion-error (test-form explain)
  "The error CL:ASSERT would signal for TEST-FORM, from the DATUM and ARGUMENTS EXPLAIN
makes; NIL when it cannot be made."
  (handler-case
      (let ((datum (funcall explain)))
        (cond ((null datum) (make-condition 'simple-error :format-control "The assertion ~S failed."
                                                          :format-arguments (list test-form)))
              ((stringp (first datum))
               (make-condition 'simple-error :format-control (first datum) :format-arguments (rest datum)))
              ((typep (first datum) 'condition) (first datum))
              (t (apply #'make-condition datum))))
    (error () nil)))

(defun hand-to-expecting-handlers (test-form explain)
  "Offer the error of a false ASSERT to the handlers a check's argument established
around it (a helper's precondition under (SIGNALS ERROR ...), or a HANDLER-CASE whose
value a check tests): as with CL:ASSERT, one that takes it leaves the assertion, which is
then no point of its own but the error the check expected. Handlers outside every check
(the unit's, an IGNORE-ERRORS around a check) are not offered it: there a false ASSERT
is a failing point that ends its unit. Returns when none takes it."
  (let ((base *check-argument-handlers*)
        (clusters sb-kernel:*handler-clusters*))
    (when (and (listp base) (not (eq base clusters)) (tailp base clusters))
      (let ((condition (assertion-error test-form explain)))
        (when condition
          ;; Its own check made its verdict: the error it hands on (CALL-COMPLETING-CHECK).
          (setf (car (first *verdicts-made*)) t)
          (let ((*assertion-handed* condition)
                (sb-kernel:*handler-clusters* (ldiff clusters base)))
            (signal condition))
          (setf (car (first *verdicts-made*)) nil))))))

(defun record-assertion (whole test-form value records explain)
  "The outcome of an ASSERT (see RECORD-OUTCOME). A false one is offered to the handlers
of the check it runs in (HAND-TO-EXPECTING-HANDLERS); else it ends its ASSERTION-SCOPE."
  (unless value
    (hand-to-expecting-handlers test-form explain))
  (let ((location (or (form-location whole) (fallback-location)))
        (scope (assertion-scope)))
    (if value
        (record-outcome t (form-text test-form) location nil test-form)
        (let ((message (assertion-message explain))
              (rest-not-run (format nil "the rest of this ~(~A~) is not run" scope)))
          (record-outcome nil (form-text test-form) location
                          `((:form . ,(form-text whole))
                            ,@(when records `((:values . ,(shown-values records))))
                            (:reason . ,(if message
                                            (format nil "~A (the assertion is false; ~A)" message rest-not-run)
                                            (format nil "the assertion is false; ~A" rest-not-run))))
                          test-form)
          (ecase scope
            (:trial (throw 'trial-stop nil))
            (:thread (throw 'thread-stop nil))
            (:unit (setf *unit-stop-line* (second location))
             (throw 'unit-stop nil)))))
    nil))

(defun provided-on-reading-p (condition)
  "True when CONDITION is the reading of a variable the vocabulary provides (*SERVER*,
INIT-REQUEST, ...): its handler supplies the value and the check goes on, so nothing
left the check."
  (and (typep condition 'unbound-variable)
       (boundp '*provided-variables*)
       (assoc (cell-error-name condition) (symbol-value '*provided-variables*))
       t))

(defvar *stopping-unit-threads* nil
  "True (in every thread: global, not rebound) while the threads a unit left running are
stopped at its end: a check one of them was in never reached a verdict, and the unit
fails for that thread already (STOP-THREADS-LEFT-RUNNING).")

(defvar *framework-restart-invoked* nil
  "While a FiveAM test runs as a unit: (name . reported) once spec code invoked the test's
RETEST or IGNORE restart (RUN-TEST-ONCE), REPORTED set once a check it left said so.")

(defun framework-restart-reason (name)
  "What spec code did that invoked FiveAM's restart NAME of the running test."
  (format nil "its code invoked FiveAM's ~A restart (~A), and spec-run runs a test once in its unit: the test ended there"
          name (if (eq name 'fiveam::retest)
                   "the first restart code in a test finds, which runs the test again from its start"
                   "which abandons the test")))

(defun unreached-verdict-reason (condition)
  "Why a check that began made no point: FiveAM's test restart its code invoked, CONDITION,
the last one its evaluation signalled that can leave a check (NIL for none), or a non-local exit."
  (cond (*framework-restart-invoked*
         (setf (cdr *framework-restart-invoked*) t)
         (format nil "the check never reached a verdict: ~A" (framework-restart-reason (car *framework-restart-invoked*))))
        (condition
         (format nil "the check never reached a verdict: evaluating it signalled ~A, which code around the check caught"
                 (show (type-of condition))))
        (t "the check never reached a verdict: a non-local exit (THROW, RETURN-FROM, GO) left its evaluation before it made one")))

(defvar *checks-skipped-for* nil
  "The reason the checks running now are skipped, not evaluated (Parachute's SKIP with a
body), or NIL.")

(defun call-completing-check (whole shown thunk)
  "Run THUNK, the code of the check WHOLE (named by SHOWN), which makes its point. However
it is left with no verdict recorded while it ran (*VERDICTS-MADE*), or none since the
error it signalled: a condition its argument signalled (an error, a warning, SB-EXT:TIMEOUT,
STORAGE-CONDITION) that code around the check caught rather than reported as the unit's or
the test's, or a THROW, RETURN-FROM or GO out of it, it would leave no point at all: the
check is then a failing point that says so. An exit the unit ends with (SB-EXT:EXIT, SBCL's
answer to the SIGTERM that stops it at its time limit, the stopping of the threads it left running) fails the unit already. Under
*CHECKS-SKIPPED-FOR*, THUNK is not called: the check is a skipped point."
  (when *checks-skipped-for*
    (with-report-printing
      (emit-point t (form-text shown) (or (form-location whole) (fallback-location)) nil *checks-skipped-for*))
    (return-from call-completing-check nil))
  (let ((signalled nil) (verdict-made (list nil)) (completed nil))
    (unwind-protect
         (handler-bind (((or error warning serious-condition)
                          (lambda (condition)
                            (unless (or signalled (typep condition 'fiveam::check-failure) (provided-on-reading-p condition)
                                        (eq condition *assertion-handed*))
                              ;; A point the condition makes (the unit's error) is made after this.
                              (setf signalled condition (car verdict-made) nil)))))
           (let ((*verdicts-made* (cons verdict-made *verdicts-made*)))
             (with-check-argument-handlers ()
               (multiple-value-prog1 (funcall thunk) (setf completed t)))))
      (unless (or completed (car verdict-made) *exit-requested* *stopping-unit-threads*)
        (with-report-printing
          (record-outcome nil (form-text shown) (or (form-location whole) (fallback-location))
                          `((:form . ,(form-text whole))
                            ,@(when signalled
                                `((:condition . ((:type . ,(show (type-of signalled)))
                                                 (:message . ,(condition-message signalled))))))
                            (:reason . ,(unreached-verdict-reason signalled)))
                          shown))))))

(defmacro completing-check ((whole shown) &body body)
  "BODY, the code of the check WHOLE, under CALL-COMPLETING-CHECK."
  `(call-completing-check ',whole ',shown (lambda () ,@body)))

(defmacro assert (&whole whole test-form &optional places datum &rest arguments
                  &environment environment)
  "One test point each time it runs: ok when TEST-FORM is true; otherwise not ok,
showing the values of its argument subforms and the message DATUM and ARGUMENTS make
(evaluated only then, as CL:ASSERT does), and the rest of the unit is skipped; failing
too when evaluating it signals an error that code around it catches (COMPLETING-CHECK)."
  (declare (ignore places))
  (multiple-value-bind (bindings call records) (decompose-check test-form environment)
    `(completing-check (,whole ,test-form)
       (let* ,bindings
         (record-assertion ',whole ',test-form ,call (list ,@records)
                           ,(if datum `(lambda () (list ,datum ,@arguments)) '(lambda () nil)))))))

;; A document's own package ((defpackage :my-tests (:use :cl))) reads ASSERT as CL:ASSERT:
;; there it is the same check, a point each time it runs, not an error a HANDLER-CASE or
;; IGNORE-ERRORS around it could swallow. Only code compiled from now on (spec code) is
;; affected: what was compiled before keeps the standard expansion.
(sb-ext:without-package-locks
  (setf (macro-function 'cl:assert) (macro-function 'assert)))

;;; FiveAM checks

(defvar *check* nil
  "(form (text . value)...) of the FiveAM check running: its form as written and
the values of its argument subforms.")

(defvar *fiveam-reason* nil
  "True while a check runs whose reason, if it fails, is FiveAM's own: laid out on
nine lines with blank ones between its parts, shown on one.")

(defvar *test-error-location* nil
  "Where the error that escaped the body of the FiveAM test running was signalled, if found.")

(defvar *test-error-line* nil
  "The line of the error that ended the FiveAM test of the running command, if one did
(T when its line is not known): why the checks the test did not reach did not run.")

(defvar *test-error-backtrace* nil
  "The backtrace taken when an error escaped the body of the FiveAM test running.")

(defun fiveam-result-diagnostics (result form)
  (let ((condition (unexpected-condition result)))
    `(,@(when form `((:form . ,(form-text form))))
      ,@(when (or (rest *check*) (and condition *trial-values*))
          ;; An error in a FOR-ALL trial: the values it was trying, beside those of the check.
          `((:values . ,(shown-values (append (rest *check*) (and condition *trial-values*))))))
      (:reason . ,(with-broken-code-note
                   condition
                   (if (typep condition 'undefined-function)
                       (undefined-function-reason condition)
                       (let ((reason (fiveam::reason result)))
                         (cond ((not (stringp reason)) (show reason))
                               (*fiveam-reason* (string-trim " " (one-line reason 2000)))
                               (t reason))))))
      ,@(when (typep condition 'undefined-function)
          `((:undefined . ,(string-downcase (symbol-name (cell-error-name condition))))))
      ,@(when condition
          `((:condition . ((:type . ,(show (type-of condition)))
                           (:message . ,(condition-message condition))))))
      ,@(when (and condition *test-error-backtrace*)
          `((:backtrace . ,*test-error-backtrace*))))))

(defun condition-message (condition)
  (handler-case (princ-to-string condition)
    (error () (format nil "#<~S, unprintable>" (type-of condition)))))

(defvar *check-condition* nil
  "The error a FINISHES form signalled, while the check's failure is recorded.")

(defun unexpected-condition (result)
  (or (and (typep result 'fiveam::unexpected-test-failure)
           (slot-boundp result 'fiveam::actual-condition)
           (fiveam::actual-condition result))
      *check-condition*))

(defvar *for-all-depth* 0
  "How many FOR-ALL forms the running check is inside: their trials' own checks
are not points; each FOR-ALL outermost is one point, for all its trials.")

(defvar *trial-values* '()
  "The values the innermost FOR-ALL's running trial was given, as (text . value): an error
in the trial fails the test, and its point shows them.")

(defvar *trial-checks* (make-hash-table :test #'eq :weakness :key :synchronized t)
  "A check made in a FOR-ALL trial -> (name location diagnostics), for the
FOR-ALL's point to show the checks its failing trial failed.")

(defvar *last-trial-values* '()
  "The values the innermost FOR-ALL's latest trial was given, as *TRIAL-VALUES* holds them:
a FOR-ALL that FiveAM stops because a trial made no check shows that trial's.")

(defun body-checks (form)
  "(text line) of each check written in FORM's body (a FOR-ALL's), in order."
  (let ((checks '()))
    (labels ((walk (tree depth)
               (when (and (consp tree) (< depth 50))
                 (when (and (member (car tree) *check-operators*) (not (eq tree form)))
                   (let ((location (form-location tree)))
                     (when (second location) (push (list (form-text tree) (second location)) checks))))
                 (loop for rest on tree while (consp rest) do (walk (car rest) (1+ depth))))))
      (walk (cddr form) 0))
    (nreverse checks)))

(defun for-all-no-check-diagnostics (form)
  "What a FOR-ALL shows when FiveAM stopped it at a trial whose body made no check (FiveAM's
bare \"No tests\"): its checks, the values of that trial, and that its body never checked."
  (let ((checks (body-checks form)))
    `((:form . ,(form-text form))
      ,@(when *last-trial-values*
          `((:values . ,(loop for (variable . value) in *last-trial-values* collect (cons variable (show value))))))
      (:reason . ,(format nil "~:[this FOR-ALL holds no check~;~:*the check~P ~{~{~A at line ~D~}~^, ~} of this FOR-ALL~] ran in none of its trials: ~
the trial it tried~:[~; (the values shown)~] made no check (a condition in its body, a WHEN or IF, did not let one run), and FiveAM stops a FOR-ALL ~
at the first such trial (\"No tests\"); to try only some values, put the condition in the guard of a binding: (x generator guard)"
                          (and checks (length checks)) checks *last-trial-values*)))))

(defun for-all-variables (form)
  "The variables a FOR-ALL form binds, in order (a destructuring pattern counts as one)."
  (and (consp form) (consp (rest form)) (listp (second form))
       (mapcar (lambda (binding) (if (consp binding) (first binding) binding)) (second form))))

(defun for-all-failure-diagnostics (result form)
  "What a falsified FOR-ALL shows: the values it found, and the checks they failed."
  (let* ((failed (remove-if #'fiveam::test-passed-p (slot-value result 'fiveam::result-list)))
         (checks (loop for check in failed
                       for (name location diagnostics) = (gethash check *trial-checks*)
                       collect (format nil "~A at line ~A: ~A" name (second location)
                                       (or (cdr (assoc :reason diagnostics)) "failed")))))
    `((:form . ,(form-text form))
      (:values . ,(loop for variable in (for-all-variables form)
                        for value in (slot-value result 'fiveam::failure-values)
                        collect (cons (let ((*print-case* :downcase)) (show variable)) (show value))))
      (:reason . ,(format nil "falsified by the values shown~@[; failed: ~{~A~^; ~}~]" checks)))))

(defvar *unit-test* nil
  "The FiveAM test the running unit runs, if it runs one: the checks of other tests it
runs first (dependencies not yet run) are not its points.")

(defvar *unit-test-names* '()
  "The names of the FiveAM tests that are units of their own, as the document writes them.")

(defvar *planned-test-names* '()
  "The names of all the FiveAM tests the document's plan defines, as it writes them, the
units of the run among them: a test spec code defines that is none of them no unit runs.")

(defun check-of-another-test-p (result)
  "True for a check of a test other than the running unit's: a dependency the unit's
test runs first, or, in a block or verify- function, a test that is a unit of its own
(run again by run!, run or explain!: its checks are its own unit's points)."
  (let ((test (and (slot-boundp result 'fiveam::test-case) (fiveam::test-case result))))
    (and test
         (if *unit-test*
             (not (eq test *unit-test*))
             (unit-test-p test)))))

(defmethod initialize-instance :after ((result fiveam::test-result) &key)
  (cond ((check-of-another-test-p result))
        ;; An error in a trial ends the FOR-ALL and its test: no FOR-ALL point will carry it.
        ((typep result 'fiveam::unexpected-test-failure) (emit-result-point result))
        ((and (plusp *for-all-depth*)
              (not (and (= *for-all-depth* 1) (typep result 'fiveam::for-all-test-result))))
         (record-trial-check result))
        (t (emit-result-point result))))

(defvar *trial-outcome* nil
  "(name location diagnostics) of the check that is not FiveAM's whose outcome in a FOR-ALL
trial is being recorded as a FiveAM result (RECORD-OUTCOME).")

(defun in-for-all-trial-p ()
  "True while a FOR-ALL trial runs in this thread."
  (plusp *for-all-depth*))

(defun record-outcome (ok name location diagnostics test-expr)
  "The outcome of a check that is not FiveAM's (an ASSERT; a rove, prove or Parachute
check): a point; in a FOR-ALL trial, a result of the trial as FiveAM's own checks give
(RECORD-TRIAL-CHECK), so that the FOR-ALL's one point says how its checks ended over
all its trials, and a falsified one shows its values whichever checks its body makes."
  (if (in-for-all-trial-p)
      (let ((*trial-outcome* (list name location (unless ok diagnostics))))
        (fiveam::add-result (if ok 'fiveam::test-passed 'fiveam::test-failure)
                            :test-expr test-expr :reason (or (cdr (assoc :reason diagnostics)) "failed")))
      (emit-point ok name location diagnostics)))

(defun record-trial-check (result)
  "Keep what a check inside a FOR-ALL trial found, for the FOR-ALL's own point."
  (count-verdict)
  (setf (gethash result *trial-checks*)
        (or *trial-outcome*
            (let* ((form (or (first *check*) (and (slot-boundp result 'fiveam::test-expr) (fiveam::test-expr result))))
                   (location (or (form-location form) (fallback-location))))
              (list (if form (form-text form) "check") location
                    (unless (fiveam::test-passed-p result) (fiveam-result-diagnostics result form)))))))

(defun emit-result-point (result)
  (let* ((expression (and (slot-boundp result 'fiveam::test-expr) (fiveam::test-expr result)))
         (form (or (first *check*) expression))
         (condition (unexpected-condition result))
         ;; Where the error happened, when that can be told: else its test's place stands for it.
         (placed (or (broken-code-location condition)
                     (and (typep condition 'undefined-function)
                          (undefined-function-location (cell-error-name condition)))
                     (form-location form)
                     (and condition *test-error-location*)))
         (location (or placed (fallback-location)))
         (name (cond ((typep result 'fiveam::unexpected-test-failure)
                      "unexpected error in the test")
                     (form (form-text form))
                     ;; A test skipped as a whole (its dependencies not satisfied) is named by the test.
                     ((and (typep result 'fiveam::test-skipped) (slot-boundp result 'fiveam::test-case)
                           (fiveam::test-case result))
                      (let ((*package* (find-package '#:common-lisp-user)))
                        (format nil "~(~S~)" (fiveam::name (fiveam::test-case result)))))
                     (t "check"))))
    (when (typep result 'fiveam::unexpected-test-failure)
      ;; T: an error at a line SBCL could not tell (a call compiled inline, (car 5)), which no check is said to come after.
      (setf *test-error-line* (or (second placed) t)))
    (typecase result
      (fiveam::test-skipped
       (emit-point t name location nil (let ((reason (fiveam::reason result)))
                                         (if (stringp reason) reason "skipped"))))
      (fiveam::test-passed (emit-point t name location))
      (fiveam::for-all-test-failed (emit-point nil name location (for-all-failure-diagnostics result form)))
      (fiveam::for-all-test-no-tests (emit-point nil name location (for-all-no-check-diagnostics form)))
      (t (emit-point nil name location (fiveam-result-diagnostics result form))))))

(defun wrap-for-all ()
  "Make FOR-ALL one point at its own form: its trials' checks are kept, not sent. Each
trial's body runs with the values it was given in *TRIAL-VALUES*."
  (let ((original (macro-function 'fiveam:for-all)))
    (setf (macro-function 'fiveam:for-all)
          (lambda (whole environment)
            (destructuring-bind (bindings &rest body) (rest whole)
              (let ((variables (remove-if-not (lambda (variable) (and variable (symbolp variable)))
                                              (for-all-variables whole))))
                `(let ((*check* (list ',whole))
                       (*for-all-depth* (1+ *for-all-depth*))
                       (*last-trial-values* '()))
                   ,(funcall original
                             `(,(first whole) ,bindings
                               (let ((*trial-values*
                                       (list ,@(loop for variable in variables
                                                     collect `(cons ,(let ((*print-case* :downcase)) (show variable)) ,variable)))))
                                 (setf *last-trial-values* *trial-values*)
                                 ;; A false ASSERT ends its trial (RECORD-ASSERTION).
                                 (catch 'trial-stop ,@body)))
                             environment))))))))

(defun wrap-fiveam-check (name default-reason)
  "Make FiveAM's NAME bind *CHECK* around its own expansion. The test's argument
subforms are evaluated once beforehand so a failure shows their values; FiveAM's
default reason would then name temporaries, so DEFAULT-REASON, a format control
given the original form as written, is supplied when the check has none."
  (let ((original (macro-function name)))
    (setf (macro-function name)
          (lambda (whole environment)
            (destructuring-bind (test &rest reason-args) (rest whole)
              (multiple-value-bind (bindings call records) (decompose-check test environment)
                ;; An IS-FALSE point is named by its whole form: its test alone reads as the
                ;; opposite claim; so is a check of a bare variable, (is-true ok).
                (let ((shown (if (or (eq name 'fiveam:is-false) (atom test)) whole test)))
                  `(completing-check (,whole ,shown)
                     ,(if bindings
                          `(let* ,bindings
                             (let ((*check* (list ',shown ,@records)))
                               ,(funcall original
                                         `(,name ,call ,@(or reason-args
                                                             `(,default-reason ,(form-text test))))
                                         environment)))
                          `(let ((*check* (list ',shown))
                                 ,@(unless reason-args '((*fiveam-reason* t))))
                             ,(funcall original whole environment)))))))))))

(defun run-finishes (body thunk)
  "FiveAM's FINISHES as one point: passed when THUNK returns; failed with the error
it signalled, which ends no more than a failed IS does (FiveAM would record the
error and then \"Test didn't finish\": two points for one check); failed as
FiveAM's when it is left by a throw or a return."
  (let ((outcome :left) (condition nil) (backtrace nil))
    (unwind-protect
         (block body
           (handler-bind ((error (lambda (signalled)
                                   (unless (typep signalled 'fiveam::check-failure)
                                     (setf outcome :error condition signalled backtrace (short-backtrace))
                                     (return-from body)))))
             (funcall thunk)
             (setf outcome :finished)))
      (ecase outcome
        (:finished (fiveam::add-result 'fiveam::test-passed :test-expr body))
        (:error (let ((*check-condition* condition)
                      (*test-error-backtrace* backtrace))
                  (fiveam::process-failure body "its body signalled ~A: ~A"
                                           (show (type-of condition)) (condition-message condition))))
        (:left (fiveam::process-failure body "Test didn't finish"))))))

(defun wrap-finishes ()
  "Make FINISHES one point at its own form (RUN-FINISHES)."
  (setf (macro-function 'fiveam:finishes)
        (lambda (whole environment)
          (declare (ignore environment))
          `(let ((*check* (list ',whole)))
             (run-finishes ',(rest whole) (lambda () ,@(rest whole)))))))

(defun wrap-fiveam-form-check (name)
  "Make FiveAM's NAME (signals, finishes, pass, fail, skip) locate its points at its own form."
  (let ((original (macro-function name)))
    (setf (macro-function name)
          (lambda (whole environment)
            `(let ((*check* (list ',whole)))
               ,(funcall original whole environment))))))

(defun process-failure-recorded (test-expr &optional reason-format &rest format-args)
  "FiveAM's PROCESS-FAILURE, which signals CHECK-FAILURE (an error) before it records the
failure: code around the check that handles errors (IGNORE-ERRORS, HANDLER-CASE) unwound
past the recording, and a check that ran and failed left no point. Here the failure is
recorded as the stack unwinds past it too."
  (let ((reason (and reason-format (apply #'format nil reason-format format-args)))
        (recorded nil))
    (unwind-protect
         (progn
           (with-simple-restart (fiveam::ignore-failure "Continue the test run.")
             (error 'fiveam::check-failure :test-expr test-expr :reason reason))
           (setf recorded t)
           (fiveam::add-result 'fiveam::test-failure :test-expr test-expr :reason reason))
      (unless recorded
        (fiveam::add-result 'fiveam::test-failure :test-expr test-expr :reason reason)))))

;; FiveAM's package is locked; its checks are redefined here on purpose.
(sb-ext:with-unlocked-packages (#:it.bese.fiveam)
  (setf (fdefinition 'fiveam::process-failure) #'process-failure-recorded)
  (wrap-fiveam-check 'fiveam:is "~A is false")
  (wrap-fiveam-check 'fiveam:is-true "~A did not return a true value")
  (wrap-fiveam-check 'fiveam:is-false "~A returned a true value")
  ;; SIGNALS is wrapped in broken-code.lisp, which lets broken code past it too.
  (dolist (name '(fiveam:pass fiveam:fail fiveam:skip))
    (wrap-fiveam-form-check name))
  (wrap-finishes)
  (wrap-for-all)
  ;; FiveAM's checks outside any test (a block's top level, a verify- function, a
  ;; thread) need the run state a test binds: global values give it to them. The
  ;; results they collect there are points already; nothing reads the list.
  (setf (symbol-value 'fiveam::result-list) '()
        (symbol-value 'fiveam::current-test) nil
        fiveam:*test-dribble* (make-broadcast-stream)))
