;;;; The driver's command loop, started as (spec-run::main :version "x.y.z") with
;;;; spec-run's version. The host sends one command at a time; the driver
;;;; runs it, sending points and requests as it goes, and ends it with a "done"
;;;; message. The protocol is defined once, on the host's side, in protocol.ts
;;;; (its encoder writes these commands, its decoder checks every message sent
;;;; back); this list must say the same. Commands:
;;;;   (:load-file path file)                           load a user vocabulary file, named file
;;;;   (:load file line text seed [unit-tests])         evaluate a block of definitions;
;;;;       unit-tests, ((test-name ...) (test-name ...)), as :unit-tests takes them, set
;;;;       first (a fresh driver's first block: one command rather than two)
;;;;   (:block file line text seed name [input])        run a block's forms in order;
;;;;       input, (:input value (key-spelling ...)), is the request of an Input block
;;;;   (:test test-name seed name file line [feature])  run one FiveAM test; feature,
;;;;       "#+x" or "#-x", is the reader conditional its definition stands behind
;;;;   (:verify function-name seed name file line)      call a verify- function
;;;;   (:unit-tests (test-name ...) (test-name ...))    the tests that are units of their own,
;;;;       and all the document's plan defines (selected or not), sent before the
;;;;       definitions load: a test a form defines that the plan does not fails there
;;;;   (:exit)                                          end now (the host has read every
;;;;       result): no "done"; a driver stopped in a command is sent SIGTERM instead
;;;; file and line place the unit in its document. Replies to requests,
;;;; (:reply rid (:ok value)) or (:reply rid (:error message)), are read by
;;;; host.lisp. Messages sent back, one JSON object per line: {"type":"ready"},
;;;; "point" (ok name file line [skip] [diagnostics]), "request" (rid op and the
;;;; op's fields: start-server, stop-server, send, parse-json), "exiting" (file line
;;;; of spec code's call of EXIT: the driver ends after the unit's points) and "done"
;;;; (points slept). Each message also carries seq, its number in this process's
;;;; sequence (host.lisp), which the host checks.
;;;; Spec code is read with *SOURCE-READTABLE* in the current package (CL-USER
;;;; until a block changes it), so every form's position is known.

(in-package #:spec-run)

(define-condition spec-read-error (error)
  ((line :initarg :line :reader spec-read-error-line)
   (message :initarg :message :reader spec-read-error-message))
  (:report (lambda (condition stream)
             (write-string (spec-read-error-message condition) stream))))

(defun reader-error-message (condition)
  ;; SBCL's report of a reader error ends with the stream's description, which
  ;; says nothing useful here: the line is reported separately.
  (if (typep condition 'simple-condition)
      (apply #'format nil (simple-condition-format-control condition)
             (simple-condition-format-arguments condition))
      (let ((text (condition-message condition)))
        (subseq text 0 (or (search (format nil "~%") text) (length text))))))

(defun read-spec-form (stream source)
  "The next form of SOURCE, or STREAM itself at the end."
  (let ((*readtable* *source-readtable*)
        (*reading-source* source)
        (*read-eval* t))
    (peek-char t stream nil)
    (let ((start (file-position stream)))
      (handler-case (read stream nil stream)
        (end-of-file ()
          (error 'spec-read-error
                 :line (line-at source start)
                 :message (format nil "unbalanced parentheses: the form starting at line ~D is not closed"
                                  (line-at source start))))
        (reader-error (condition)
          (let ((line (line-at source (or (file-position stream) start))))
            (error 'spec-read-error
                   :line line
                   :message (format nil "cannot read the code at line ~D: ~A"
                                    line (reader-error-message condition)))))))))

;; Which frames of a backtrace are the spec's (frames.lisp walks and prints them).
(defparameter *backtrace-frames* 20 "Frames of spec code shown with an error, at most.")

(defun harness-frame-p (name)
  "A frame of what runs spec code rather than of the code: the evaluator,
FiveAM's own functions, or the harness (SPEC-RUN's internal functions; the
vocabulary spec code calls is SPEC-RUN's exported part)."
  (let* ((home (spec-run.frames:frame-home name))
         (package (and home (symbol-package home))))
    (or (member name '(eval sb-int:simple-eval-in-lexenv) :test #'equal)
        (eq package (find-package '#:fiveam))
        (and (eq package (find-package '#:spec-run))
             (not (eq (nth-value 1 (find-symbol (symbol-name home) package)) :external))))))

(defun short-backtrace ()
  "The frames of spec code that led to the condition being signalled, taken in a
handler: from the frame below the signalling machinery (the handler, this
function and SB-KERNEL::%SIGNAL say nothing about the spec) down to the first
frame of the harness, one per line."
  (spec-run.frames:backtrace-text
   :start (lambda (names)
            (let ((signal (position 'sb-kernel::%signal names :from-end t)))
              (if signal (1+ signal) 0)))
   :end #'harness-frame-p
   :limit *backtrace-frames*))

(defun condition-location (condition)
  "Where CONDITION happened as closely as the source tells: the line of a reader
error, of the call to an undefined function, else of the top-level form."
  (typecase condition
    ((satisfies broken-code-location) (broken-code-location condition))
    (spec-read-error (list (source-file *current-source*) (spec-read-error-line condition)))
    (undefined-function
     (or (undefined-function-location (cell-error-name condition))
         (fallback-location)))
    (t (or (erring-call-location *current-form*) (fallback-location)))))

(defvar *loading-source* nil "The block of definitions being loaded, if one is.")

(defvar *failed-definitions* '()
  "(source line message read-error-p) of each definition that did not load in this
driver: a test it would have defined is missing for that reason.")

;; Definitions load before any block runs, wherever they stand; loading the file in order
;; reads each at its place, under the *FEATURES* the units above it made. Once a unit changes
;; them (a block pushes a feature), each definition below it whose reader conditionals they
;; decide otherwise is read again under them before the next unit runs, whole top-level
;; forms at a time: a test or function behind #+feature is defined, one behind #-feature
;; left out.

(defvar *definition-spans* '()
  "(source start end tests) of each top-level read of a block of definitions: the text one
READ took (a form a reader conditional left out, with the form read after it or the end),
and the names of the FiveAM tests its form defined.")

(defvar *features-changed* '()
  "(line . features) for each unit that changed *FEATURES*, the last first: LINE its place,
FEATURES what it left them. A definition below it is read under them (FEATURES-AT).")

(defvar *own-features* '()
  "*FEATURES* as this SBCL has them before any spec code: what a conditional decided by
them says of SBCL, not of what a document pushed.")

(defun definition-failure-of (file line)
  "Why the definition at FILE:LINE did not load: an error at that form, or a reader
error in its block (the reader's place, and every form after it, is lost)."
  (find-if (lambda (failure)
             (destructuring-bind (source failure-line message read-error-p) failure
               (declare (ignore message))
               (and (string= (source-file source) file)
                    (<= (source-first-line source) line (line-at source (length (source-text source))))
                    (or read-error-p (= failure-line line)))))
           *failed-definitions*))

(defun report-escaping-condition (condition backtrace)
  (let ((location (condition-location condition)))
    (setf *unit-stop-line* (second location))
    (when *loading-source*
      (push (list *loading-source* (second location) (condition-message condition)
                  (typep condition 'spec-read-error))
            *failed-definitions*))
    (emit-point nil
                (if (typep condition 'spec-read-error)
                    "the code can be read"
                    (format nil "~A runs without error"
                            (if *current-form* (one-line (form-text *current-form*) 80) "the unit")))
                location
                `((:condition . ((:type . ,(show (type-of condition)))
                                 (:message . ,(condition-message condition))))
                  ,@(when (or (typep condition 'undefined-function) (broken-code-note condition))
                      `((:reason . ,(with-broken-code-note
                                     condition
                                     (and (typep condition 'undefined-function) (undefined-function-reason condition))))))
                  ,@(when (typep condition 'undefined-function)
                      `((:undefined . ,(string-downcase (symbol-name (cell-error-name condition))))))
                  ,@(when (and (typep condition 'unbound-variable)
                               (string= (symbol-name (cell-error-name condition)) "INPUT"))
                      `((:reason . "input is bound only in the block that answers an Input JSON block: the Lisp block right after it, in the same section, labelled Expected, Expected Output or Verification")))
                  ,@(when *current-form* `((:form . ,(form-text *current-form*))))
                  ,@(when backtrace `((:backtrace . ,backtrace)))))))

(defvar *unit-guarded* nil
  "True while spec code runs in the driver's thread inside WITH-UNIT-GUARD: a condition
that reaches the debugger there ends the unit, not the driver.")

(defun end-unit-with-condition (condition)
  "Record CONDITION as escaping the running form, and end the unit."
  (with-report-printing
    (report-escaping-condition condition
                               (unless (typep condition 'spec-read-error) (escaping-backtrace condition))))
  (throw 'unit-stop nil))

(defun go-on-after-failed-check (condition)
  "A failed FiveAM check outside a test (a block's top level, a definition's value as it
loads, a verify- function) records its point and goes on, as it does in a test: FiveAM
signals it (an error), offering the restart to continue."
  (declare (ignore condition))
  (invoke-restart 'fiveam::ignore-failure))

(defmacro with-unit-guard (&body body)
  "Run BODY, whatever spec code it runs (a unit, definitions loading, a vocabulary file):
a failed FiveAM check goes on (GO-ON-AFTER-FAILED-CHECK); an ASSERT failure or a
condition escaping it ends it with a point: a serious condition, or any condition that
would enter the debugger (ERROR of a condition that is not an error, BREAK). An ABORT
restart of its own ends it too, with a point that says so, rather than SBCL's toplevel
one (the driver's REPL). Returns BODY's value and whether it ran to its end."
  `(let ((completed nil) (value nil))
     (catch 'unit-stop
       (let ((*unit-guarded* t))
         (restart-case
             (handler-bind ((serious-condition #'end-unit-with-condition))
               (handler-bind ((unbound-variable #'provide-variable)
                              (fiveam::check-failure #'go-on-after-failed-check))
                 (setf value (progn ,@body)
                       completed t)))
           (abort ()
             :report "End this unit: it fails."
             (with-report-printing
               (emit-point nil (format nil "~A runs to its end"
                                       (if *current-form* (one-line (form-text *current-form*) 80) "the unit"))
                           (fallback-location)
                           '((:reason . "the ABORT restart was invoked (ABORT, or a restart of that name): the rest of the unit did not run"))))))))
     (values value completed)))

(defvar *forms-run* nil
  "While a block runs: the forms read from it so far, last first.")

(defvar *forms-left* nil
  "While a block runs: the stream its later forms are read from.")

(defun evaluate-source (source &optional input)
  "Read and evaluate SOURCE's forms in order. With INPUT, (value), each form
sees the variable INPUT (read in the current package) bound to that value."
  (let ((*current-source* source)
        (stream (make-string-input-stream (source-text source))))
    (setf *forms-left* stream)
    (loop for form = (read-spec-form stream source)
          until (eq form stream)
          do (push form *forms-run*)
             ;; Evaluated with the readtable the document is read with: a reader macro it
             ;; defines (set-dispatch-macro-character) reads its next forms and blocks. Each
             ;; document runs in a driver of its own, so none is left for the next.
             (let ((*current-form* form)
                   (*readtable* *source-readtable*)
                   (tests-before (fiveam::test-names)))
               (eval (if input
                         (let ((variable (intern "INPUT")))
                           `(let ((,variable ',(first input)))
                              (declare (ignorable ,variable))
                              ,form))
                         form))
               (report-harness-redefinitions (or (form-location form) (fallback-location)))
               (report-tests-no-unit-runs tests-before form)))))

(defun report-tests-no-unit-runs (before form)
  "A failing point, at FORM, for each FiveAM test FORM defined (a name not among BEFORE,
the test names before it ran) that is no unit: the plan runs the tests whose definitions
it sees (fiveam:test, a call of a macro of the document whose backquoted template holds
one); a test defined otherwise (a macro that builds its expansion with LIST, EVAL) would
silently never run."
  ;; Most forms define no test: only a form after which there are more names is looked at,
  ;; and then by a table, so a document of many tests costs a lookup per test, not a scan.
  (let ((after (fiveam::test-names)))
    (when (> (length after) (length before))
      (let ((seen (make-hash-table :test #'equal)))
        (dolist (name before) (setf (gethash name seen) t))
        (dolist (name after)
          (unless (gethash name seen)
            (report-test-no-unit-runs name form)))))))

(defun report-test-no-unit-runs (name form)
  "REPORT-TESTS-NO-UNIT-RUNS for the test NAME FORM defined."
  (let ((test (fiveam:get-test name)))
    (when (and (typep test 'fiveam::test-case)
               (not (named-test-p test *planned-test-names*)))
      (emit-point nil (format nil "FiveAM test ~(~A~) runs" name) (or (form-location form) (fallback-location))
                  `((:reason . ,(format nil "this form defines the FiveAM test ~(~A~), but spec-run did not see a test's definition in it, so no unit runs it: its checks would never run; define it with fiveam:test, or through a macro of the document whose backquoted template holds (fiveam:test ,name ...)"
                                        name)))))))

(defun load-source (source)
  "Evaluate SOURCE's definitions one top-level form at a time: a failing form is
reported and the rest still load. A reader error ends the block, since the
reader's place in it is lost. Each top-level read is noted in *DEFINITION-SPANS*."
  (let ((*current-source* source)
        (*loading-source* source)
        (stream (make-string-input-stream (source-text source))))
    (loop
      (let ((start (progn (peek-char t stream nil) (file-position stream))))
        (multiple-value-bind (form read) (with-unit-guard (read-spec-form stream source))
          (let ((span (list source start (file-position stream) '())))
            (when read (push span *definition-spans*))
            (when (or (not read) (eq form stream) *exit-requested*) (return))
            (let ((*current-form* form)
                  (*readtable* *source-readtable*)
                  (tests-before (fiveam::test-names)))
              (setf (fourth span) (tests-defined-while (lambda () (with-unit-guard (eval form)))))
              (report-harness-redefinitions (or (form-location form) (fallback-location)))
              (report-tests-no-unit-runs tests-before form))))))))

(defun file-text (path)
  (with-open-file (in path :external-format :utf-8)
    (let* ((text (make-string (file-length in)))
           (end (read-sequence text in)))
      (subseq text 0 end))))

(defun load-vocabulary-file (path file)
  "Load the vocabulary file at PATH, named FILE, as a block of definitions loads
(LOAD-SOURCE): a failing form is reported at its own line, with its form, and the rest
still load; with the package, the readtable and the load pathnames bound as LOAD binds them."
  (multiple-value-bind (text read) (with-unit-guard (file-text path))
    (when read
      (let ((*package* *package*)
            (*readtable* *readtable*)
            (*load-pathname* (pathname path))
            (*load-truename* (probe-file path))
            (failed-before *failed-definitions*))
        (load-source (make-source :file file :first-line 1 :text text))
        (loop for (nil line message) in (reverse (ldiff *failed-definitions* failed-before))
              do (push (list file line (one-line message 200)) *vocabulary-failures*))))))

(defun seed-random-state (seed)
  (setf *random-state* (sb-ext:seed-random-state seed)))

(defun spec-symbol (name &optional (package *package*))
  "The symbol NAME denotes when written in spec code, read in PACKAGE; a name
written as a string (Parachute's) is interned as it is."
  (let ((*read-eval* nil)
        (*package* package))
    (let ((value (handler-case (values (read-from-string name))
                   (error () (intern (string-upcase name))))))
      (if (stringp value) (intern value) value))))

(defun unit-symbol (name definedp)
  "The symbol of the test or function NAME a unit runs: the plan writes it as read in
CL-USER, qualified by the package its definition was read in (P2::CAPACITY and
CAPACITY are two tests). Else, when that names nothing DEFINEDP accepts, as read in
the current package (a package change the plan did not see)."
  (let ((symbol (spec-symbol name (find-package '#:common-lisp-user))))
    (if (funcall definedp symbol)
        symbol
        (let ((current (spec-symbol name)))
          (if (funcall definedp current) current symbol)))))

(defun run-block (source seed name &optional input)
  "Run SOURCE's forms in order. INPUT, (:input value key-spellings), is the
request of the Input block the block answers: bound to INPUT around each form."
  (seed-random-state seed)
  (read-definitions-again (source-file source))
  (when input (mapc #'learn-key-spelling (third input)))
  (let ((*current-source* source)
        (*forms-run* '())
        (*forms-left* nil))
    (multiple-value-bind (value completed)
        (with-unit-guard
          (evaluate-source source (and input (list (second input)))))
      (declare (ignore value))
      (cond (completed
             (report-checks-not-made name (list (source-file source) (source-first-line source))
                                     (reverse *forms-run*) (unit-text source)))
            (*forms-left*
             (let ((reason (stopped-reason (second (form-location (first *forms-run*)))))
                   (later (forms-not-run source)))
               (report-checks-past-stop (reverse *forms-run*) (unit-text source) reason)
               (report-checks-not-reached later reason))
             ;; After the forms after the stop are read, where a reader conditional may stand too.
             (report-checks-left-out (unit-text source)))))))

(defun forms-not-run (source)
  "The forms of SOURCE after the one the unit stopped in, read but not evaluated; none
past one that cannot be read."
  (let ((*readtable* *source-readtable*))
    (loop for form = (handler-case (read-spec-form *forms-left* source) (error () *forms-left*))
          until (eq form *forms-left*)
          collect form)))

(defun defined-test-symbol (test-name)
  "The symbol of the FiveAM test TEST-NAME (UNIT-SYMBOL), or else the one test of that
name in whatever package its definition was read in."
  (let ((symbol (unit-symbol test-name #'fiveam:get-test)))
    (if (fiveam:get-test symbol)
        symbol
        (let ((same-name (remove-if-not (lambda (key)
                                          (and (symbolp key) (string= (symbol-name key) (symbol-name symbol))
                                               (typep (fiveam:get-test key) 'fiveam::test-case)))
                                        (fiveam::test-names))))
          (if (= (length same-name) 1) (first same-name) symbol)))))

(defun named-test-p (test test-names)
  "True when TEST, a FiveAM test case, is one of TEST-NAMES (as the document writes them)."
  (let ((name (fiveam::name test)))
    (some (lambda (test-name) (eq name (defined-test-symbol test-name))) test-names)))

(defun unit-test-p (test)
  "True when TEST, a FiveAM test case, is a unit of its own (*UNIT-TEST-NAMES*)."
  (named-test-p test *unit-test-names*))

(defun run-test-keeping-other-statuses (test)
  "Run TEST as FIVEAM:RUN does, but forget only TEST's own status: FIVEAM:RUN forgets
every test's, so a test's :DEPENDS-ON ran its dependencies again in its own unit.
Dependencies that ran as their own units are taken as they ended; one not yet run is
run first, its checks not counted as this unit's points (see *UNIT-TEST*)."
  (setf (fiveam::status test) :unknown)
  (let ((fiveam::*print-names* nil))
    (progv '(fiveam::result-list) '(())
      (fiveam::%run test))))

(defun feature-excludes-p (feature &optional (features *features*))
  "True when FEATURE, a reader conditional as written (\"#-sbcl\", \"#+(or ccl ecl)\"),
leaves its form out under FEATURES, as the reader decides it (keywords by default)."
  (let ((wanted (char= (char feature 1) #\+))
        (expression (let ((*package* (find-package '#:keyword))
                          (*read-eval* nil))
                      (read-from-string feature t nil :start 2)))
        (*features* features))
    (not (eq wanted (and (sb-int:featurep expression) t)))))

(defun feature-expression-kept-p (source start)
  "Whether the reader conditional whose feature expression starts at START of SOURCE keeps its form under *FEATURES* now."
  (let* ((text (source-text source))
         (expression (let ((*package* (find-package '#:keyword))
                           (*read-eval* nil))
                       (read-from-string text t nil :start start)))
         (plus (char= (char text (1- start)) #\+)))
    (eq plus (and (sb-int:featurep expression) t))))

(defun features-at (source start)
  "*FEATURES* as loading the file in order has them at START of SOURCE: as the last unit
above it that changed them left them (*FEATURES-CHANGED*), else this SBCL's own."
  (let ((line (line-at source start)))
    (or (cdr (find-if (lambda (change) (< (car change) line)) *features-changed*))
        *own-features*)))

(defun decided-otherwise-p (source start kept)
  "True when the reader conditional at START of SOURCE, which KEPT its form (or not) when
read, decides otherwise under the features at its place (FEATURES-AT)."
  (let ((now (ignore-errors (let ((*features* (features-at source start)))
                              (list (feature-expression-kept-p source start))))))
    (and now (not (eq kept (first now))))))

(defun spans-read-otherwise (file)
  "The top-level spans of the definitions of FILE that hold a reader conditional the
features at its place decide otherwise, in reading order."
  (let ((spans '()))
    (loop for (source start kept) in *conditionals-read*
          for span = (and (string= (source-file source) file)
                          (decided-otherwise-p source start kept)
                          (find-if (lambda (span) (and (eq (first span) source) (<= (second span) start) (< start (third span))))
                                   *definition-spans*))
          when span do (pushnew span spans))
    (sort spans (lambda (a b) (or (< (source-first-line (first a)) (source-first-line (first b)))
                                  (and (eq (first a) (first b)) (< (second a) (second b))))))))

(defun forget-reading (span)
  "Forget what was noted of the first reading of SPAN: its forms' positions, the forms
its conditionals left out and their decisions."
  (destructuring-bind (source start end &rest tests) span
    (declare (ignore tests))
    (flet ((within (place) (and (eq (first place) source) (<= start (second place)) (< (second place) end))))
      (maphash (lambda (form position) (when (within position) (remhash form *form-positions*))) *form-positions*)
      (setf *left-out-forms* (remove-if #'within *left-out-forms*)
            *conditionals-read* (remove-if #'within *conditionals-read*)))))

(defun read-span-again (span)
  "Read SPAN, top-level definitions, again from its text under the features at its place
and evaluate its forms, as a load at its place would. A FiveAM test its first reading
defined and this one leaves out is removed: loading in order would never have defined it."
  (destructuring-bind (source start end tests) span
    (forget-reading span)
    (let ((stream (make-string-input-stream (source-text source) 0 end))
          (*current-source* source)
          (*loading-source* source)
          (defined '()))
      (file-position stream start)
      (loop
        (multiple-value-bind (form read) (with-unit-guard (let ((*features* (features-at source start)))
                                                            (read-spec-form stream source)))
          (when (or (not read) (eq form stream)) (return))
          (let ((*current-form* form))
            (setf defined (append defined (tests-defined-while (lambda () (with-unit-guard (eval form)))))))))
      (dolist (name (set-difference tests defined))
        (fiveam:rem-test name))
      (setf (fourth span) defined))))

(defun tests-defined-while (thunk)
  "The names of the FiveAM tests THUNK defines (anew or again)."
  (let ((before (fiveam::test-names))
        (tests (make-hash-table :test #'eq)))
    (dolist (name before) (setf (gethash name tests) (fiveam:get-test name)))
    (funcall thunk)
    (remove-if (lambda (name) (eq (gethash name tests) (fiveam:get-test name)))
               (fiveam::test-names))))

(defun read-definitions-again (file)
  "Read again each definition of FILE that the features at its place read otherwise than
its last reading did (see *DEFINITION-SPANS*): before a unit runs, after one changed them."
  (mapc #'read-span-again (spans-read-otherwise file)))

(defun run-fiveam-test (test-name seed name source &optional feature)
  (seed-random-state seed)
  (read-definitions-again (source-file source))
  (let* ((*current-source* source)
         (symbol (defined-test-symbol test-name))
         (test (fiveam:get-test symbol))
         (location (list (source-file source) (source-first-line source))))
    (cond
      ((and (null test) feature (feature-excludes-p feature))
       (emit-point t name location nil
                   (format nil "its definition stands behind ~A, which leaves it out ~A" feature
                           (if (feature-excludes-p feature *own-features*)
                               "in this SBCL"
                               "where it stands, as loading the file in order reads it: a block above it changed *features*"))))
      ((null test)
       (let ((failure (definition-failure-of (source-file source) (source-first-line source))))
         (emit-point nil name location
                     `((:reason . ,(if failure
                                       (format nil "no FiveAM test named ~A was defined: its definition did not load (line ~A: ~A)"
                                               test-name (second failure) (third failure))
                                       (format nil "no FiveAM test named ~A was defined (did its definition load?)"
                                               test-name)))))))
      (t
       (multiple-value-bind (value completed)
           (with-unit-guard
             (let ((fiveam:*on-error* nil)
                   (fiveam:*on-failure* nil)
                   (fiveam:*test-dribble* (make-broadcast-stream))
                   (original (fiveam::test-lambda test)))
               ;; FiveAM catches an error in a test before any handler of ours; the
               ;; test's own body is the one place to take a backtrace while the
               ;; erring frames still exist. The handler declines, so FiveAM records it.
               (setf (fiveam::test-lambda test)
                     (lambda ()
                       (handler-bind ((unbound-variable #'provide-variable)
                                      (error (lambda (condition)
                                               (unless (typep condition 'fiveam::check-failure)
                                                 (setf *test-error-backtrace* (escaping-backtrace condition)
                                                       *test-error-location* (erring-call-location
                                                                              (source-form-at (source-file source)
                                                                                              (source-first-line source))))))))
                         (run-test-once original))))
               (unwind-protect (let ((*test-error-backtrace* nil)
                                     (*test-error-location* nil)
                                     (*unit-test* test))
                                 (run-test-keeping-other-statuses test))
                 (setf (fiveam::test-lambda test) original))))
         (declare (ignore value))
         (if completed
             (report-test-checks-not-made test name location source)
             (report-definition-checks-past-stop source)))))))

(defun run-test-once (body)
  "Call BODY, a FiveAM test's lambda, under restarts named as the test's own, RETEST and
IGNORE, which FiveAM establishes around it: code that invokes the first restart it finds
((invoke-restart (first (compute-restarts)))) would run the test again without end, each run
a point more for every check. Invoked, either ends the test: the check it left fails saying
so (UNREACHED-VERDICT-REASON), else a point of the test does."
  (let ((*framework-restart-invoked* nil))
    (catch 'framework-restart
      (flet ((invoked (name)
               (lambda (&rest arguments)
                 (declare (ignore arguments))
                 (setf *framework-restart-invoked* (cons name nil))
                 (throw 'framework-restart nil))))
        (restart-bind ((fiveam::retest (invoked 'fiveam::retest)
                                       :report-function (lambda (stream) (write-string "Rerun the test (spec-run: ends it)" stream)))
                       (fiveam::ignore (invoked 'fiveam::ignore)
                                       :report-function (lambda (stream) (write-string "Abort the test" stream))))
          (funcall body))))
    (when (and *framework-restart-invoked* (not (cdr *framework-restart-invoked*)))
      (with-report-printing
        (emit-point nil "the test runs once" (fallback-location)
                    `((:reason . ,(framework-restart-reason (car *framework-restart-invoked*)))))))))

(defun report-definition-checks-past-stop (source)
  "REPORT-CHECKS-PAST-STOP for the unit that runs the definition at SOURCE's place (a
FiveAM test, a verify- function), which stopped in its body."
  (let ((text (definition-text source)))
    (report-checks-past-stop (definition-parts source) text (stopped-reason *unit-stop-line*))
    (report-checks-left-out text)))

(defun report-test-checks-not-made (test name location source)
  "REPORT-CHECKS-NOT-MADE for the FiveAM test TEST that ran as a unit: its body ran
(not skipped for its dependencies), to its end or to an error that ended it, which
is then why its checks not reached did not run."
  (let ((text (definition-text source)))
    (if (member (fiveam::status test) '(t nil))
        (report-checks-not-made name location (definition-parts source) text
                                :test t
                                :reason
                                (let ((error-line *test-error-line*))
                                  (cond ((integerp error-line)
                                         ;; A check before the error was passed over for its own reason (a false condition, an empty loop).
                                         (lambda (line)
                                           (if (> line error-line)
                                               (format nil "not run: the test stopped at the error at line ~D" error-line)
                                               *never-reached-reason*)))
                                        (error-line "not run: the test stopped at an error at a line SBCL could not tell, or passed over the check before it (a branch not taken, a loop over nothing)")
                                        (t *never-reached-reason*))))
        (report-checks-left-out text))))

(defun definition-parts (source)
  "The parts of the definition at SOURCE's place (a test's, a function's) after its
head: its name, options and body, where its checks stand."
  (rest (source-form-at (source-file source) (source-first-line source))))

(defun run-verify-function (function-name seed name source)
  (seed-random-state seed)
  (read-definitions-again (source-file source))
  (let* ((*current-source* source)
         (symbol (unit-symbol function-name #'fboundp))
         (location (list (source-file source) (source-first-line source))))
    (if (not (fboundp symbol))
        (emit-point nil name location
                    `((:reason . ,(format nil "no function named ~A was defined" function-name))))
        (multiple-value-bind (value completed) (with-unit-guard (funcall symbol))
          (if completed
              (let ((parts (definition-parts source)))
                (if (or (plusp *unit-points*) (check-lines parts) (checks-of-called-functions parts))
                    (report-checks-not-made name location parts (definition-text source))
                    (emit-point value (format nil "(~(~A~)) returns true" function-name) location
                                (unless value
                                  `((:reason . ,(format nil "~A has no assertions and returned ~A"
                                                        function-name (show value))))))))
              (report-definition-checks-past-stop source))))))

(defun spec-threads ()
  "The live threads spec code may have started: all but the driver's own and SBCL's."
  (remove-if (lambda (thread)
               (or (eq thread *main-thread*) (sb-thread::thread-ephemeral-p thread)
                   (not (sb-thread:thread-alive-p thread))))
             (sb-thread:list-all-threads)))

(defparameter *thread-stop-seconds* 2
  "How long a thread left running at the end of its unit is given to unwind once stopped.")

(defun stop-threads-left-running (before name location)
  "Stop the threads the unit started (the live ones not in BEFORE) that are still
running at its end, and fail it, naming them: a check they would make later would
otherwise be lost, or counted in another unit."
  (let* ((left (set-difference (spec-threads) before))
         (labels (mapcar #'thread-label left)))
    (when left
      (setf *stopping-unit-threads* t)
      (unwind-protect
           (progn
             (dolist (thread left) (ignore-errors (sb-thread:terminate-thread thread)))
             (dolist (thread left) (sb-thread:join-thread thread :default nil :timeout *thread-stop-seconds*)))
        (setf *stopping-unit-threads* nil))
      (let ((stuck (loop for thread in left
                         for label in labels
                         when (sb-thread:thread-alive-p thread) collect label)))
        (emit-point nil (format nil "~A leaves no thread running" name) location
                    `((:reason . ,(format nil "~D thread~:P it started ~:*~[~;was~:;were~] still running when it ended (~{~A~^, ~}): ~:[stopped~;~:*stopped, except ~{~A~^, ~}, which could not be~], so no check made there later counts; join a thread (bt:join-thread) before the unit ends"
                                          (length left) labels stuck))))))))

(defvar *threads-before-unit* '()
  "The live threads of spec code when the running unit started.")

(defun unit-threads-running-p ()
  "True when threads the running unit started are still running."
  (and (set-difference (spec-threads) *threads-before-unit*) t))

(defmacro with-threads-stopped-at-end ((name location) &body body)
  "Run the unit BODY; then stop the threads it left running (STOP-THREADS-LEFT-RUNNING),
unless it called EXIT, which ends them with the driver."
  `(let ((*threads-before-unit* (spec-threads)))
     (unwind-protect (progn ,@body)
       (unless *exit-requested*
         (stop-threads-left-running *threads-before-unit* ,name ,location)))))

(defun main-thread-in-unit-p ()
  "True when the driver's thread is running a unit."
  (ignore-errors (sb-thread:symbol-value-in-thread '*unit-guarded* *main-thread* nil)))

(defstruct thread-exit
  "What a thread of spec code that called SB-EXT:EXIT left to place the call: HOMES, the
functions on its stack then (their names, innermost first; NIL for a frame of none)."
  (homes '() :type list))

(defvar *exit-from-thread* nil
  "While the driver's thread makes the exit a thread of spec code called (EXIT-AFTER-UNIT):
that thread's THREAD-EXIT.")

(defun thread-exit-location (homes code)
  "Where a thread of spec code called SB-EXT:EXIT, by HOMES, the functions on its stack
then, and CODE, the unit's code run so far: the one call written in a function of spec
code on that stack, innermost first, of EXIT or of the function it called on the way
there (a helper's MAKE-THREAD lambda); else CODE's one call of EXIT (the thread's
function written in the unit); else CODE's one call of a function of spec code on that
stack, outermost first (the unit's form that started the thread); else NIL. The form the
unit happened to be running is none of these."
  (flet ((spec-function-p (home) (and home (gethash home *spec-functions*))))
    (or (loop for callee = 'sb-ext:exit then (or home callee)
              for home in homes
              for definition = (spec-function-p home)
              thereis (and definition
                           (or (only-call-location 'sb-ext:exit definition)
                               (only-call-location callee definition))))
        (only-call-location 'sb-ext:exit code)
        (loop for home in (reverse homes)
              thereis (and (spec-function-p home) (only-call-location home code))))))

(defun running-form-location (code)
  "Where CODE, the unit's code, is running the calls on this thread's stack: the innermost
form of CODE a frame runs (a FiveAM test's check calling a function three calls of the
test could be, which the time limit's stop found there), else NIL. Call it while the frames exist."
  (form-location (find-if (lambda (form) (within-form-p form code)) (stack-written-forms))))

(defun exit-after-unit (exit &rest arguments)
  "SB-EXT:EXIT, encapsulated: called by spec code in a unit, in the driver's thread, it
stops the unit at the call, tells the host where (the unit's failure stands there), and
leaves the exit to RUN-COMMAND, after the checks the unit did not reach are reported.
Called in a thread of spec code while a unit runs, it is made in the driver's thread,
there and then (an interrupt): the unit stops in the form it runs, and fails where the
thread's stack places the call (THREAD-EXIT-LOCATION), else at the unit's own place;
this thread waits for the exit."
  (cond ((and *unit-guarded* (eq sb-thread:*current-thread* *main-thread*) (not *exit-requested*))
         (let* ((definition (and (null *current-form*) ; the definition the unit runs (a FiveAM test's)
                                 (source-form-at (source-file *current-source*) (source-first-line *current-source*))))
                (unit-place (list (source-file *current-source*) (source-first-line *current-source*) nil))
                (location (if *exit-from-thread*
                              ;; A thread's call may stand in any form run so far (its MAKE-THREAD's), not in the one running.
                              (or (thread-exit-location (thread-exit-homes *exit-from-thread*) (or *forms-run* definition))
                                  unit-place)
                              ;; A call written in the unit's code, else the call of a function that exits.
                              (let ((code (or *current-form* definition)))
                                (or (only-call-location 'sb-ext:exit code)
                                    (erring-call-location code)
                                    (running-form-location code)
                                    (fallback-location))))))
           ;; (EXIT) too, SBCL's answer to SIGTERM, is a request: its arguments are EXIT's defaults.
           (setf *exit-requested* (or arguments '(:code 0))
                 *unit-stop-line* (second (if *exit-from-thread* (fallback-location) location)))
           (send-to-host `((:type . "exiting")
                           (:file . ,(or (first location) :null))
                           (:line . ,(or (second location) :null))))
           (throw 'unit-stop nil)))
        ((and (not (eq sb-thread:*current-thread* *main-thread*)) (main-thread-in-unit-p) (not *exit-requested*))
         (let ((thread-exit (make-thread-exit :homes (stack-homes))))
           (sb-thread:interrupt-thread *main-thread* (lambda ()
                                                       (let ((*exit-from-thread* thread-exit))
                                                         (apply #'sb-ext:exit arguments)))))
         (loop (sleep 60)))
        (t (apply exit arguments))))

(sb-ext:without-package-locks
  (sb-int:encapsulate 'sb-ext:exit 'exit-after-unit #'exit-after-unit))

(defun load-with-own-syntax (load &rest arguments)
  "LOAD or COMPILE-FILE, encapsulated: the file reads with a copy of the readtable in use, as
the document set it up, so that syntax it sets up (a reader macro on #\\(, a dispatch
character) ends with it. Both bind *READTABLE* but share the object: a file that changed it
in place changed how the document's later blocks are read, and could rewrite every check
read after it."
  (let ((*readtable* (copy-readtable *readtable*)))
    (apply load arguments)))

(sb-ext:without-package-locks
  (sb-int:encapsulate 'load 'load-with-own-syntax #'load-with-own-syntax)
  (sb-int:encapsulate 'compile-file 'load-with-own-syntax #'load-with-own-syntax))

(defmacro with-features-change-noted ((line) &body body)
  "Run BODY, a unit at LINE, noting in *FEATURES-CHANGED* what it left *FEATURES* when it changed them."
  (let ((before (gensym "FEATURES")))
    `(let ((,before (copy-list *features*)))
       (unwind-protect (progn ,@body)
         (unless (equal ,before *features*)
           (push (cons ,line (copy-list *features*)) *features-changed*))))))

(defun command-location (command)
  "(file line) of the unit or block of definitions COMMAND runs; NIL for :unit-tests."
  (destructuring-bind (kind &rest arguments) command
    (ecase kind
      ((:load :block) (subseq arguments 0 2))
      ((:test :verify) (subseq arguments 3 5))
      (:load-file (list (second arguments) 1))
      (:unit-tests nil))))

(defun set-unit-tests (lists)
  "Take LISTS, (unit-test-names planned-test-names), as the document's FiveAM tests."
  (setf *unit-test-names* (first lists)
        *planned-test-names* (second lists)))

(defun exit-at-once ()
  "End the driver at the host's word, every result read, sooner than SBCL's EXIT (the
SIGTERM a driver stopped in a command is sent), which first stops the finalizer thread
and waits for it: what spec code can see of an exit is kept, its exit hooks run and its
output flushed."
  (sb-impl::call-exit-hooks)
  (finish-output *standard-output*)
  (finish-output *error-output*)
  (sb-sys:os-exit 0 :abort t))

(defun run-command (command)
  (setf *unit-points* 0
        *slept-seconds* 0
        *test-error-line* nil
        *unit-stop-line* nil)
  (clrhash *checks-reached*)
  (destructuring-bind (kind &rest arguments) command
    (ecase kind
      (:load-file (destructuring-bind (path file) arguments
                    (load-vocabulary-file path file)))
      (:load (destructuring-bind (file line text seed &optional unit-tests) arguments
               (when unit-tests (set-unit-tests unit-tests))
               (seed-random-state seed)
               (load-source (make-source :file file :first-line line :text text))))
      (:block (destructuring-bind (file line text seed name &optional input) arguments
                (with-features-change-noted (line)
                  (with-threads-stopped-at-end (name (list file line))
                    (with-printed-kept ()
                      (run-block (make-source :file file :first-line line :text text) seed name input))))))
      (:test (destructuring-bind (test-name seed name file line &optional feature) arguments
               (with-features-change-noted (line)
                 (with-threads-stopped-at-end (name (list file line))
                   (with-printed-kept ()
                     (run-fiveam-test test-name seed name (make-source :file file :first-line line) feature))))))
      (:unit-tests (set-unit-tests arguments))
      (:verify (destructuring-bind (function-name seed name file line) arguments
                 (with-features-change-noted (line)
                   (with-threads-stopped-at-end (name (list file line))
                     (with-printed-kept ()
                       (run-verify-function function-name seed name (make-source :file file :first-line line)))))))))
  ;; A test's body, a verify- function or a thread of spec code may have changed one too.
  (report-harness-redefinitions (command-location command))
  (when *exit-requested* (apply #'sb-ext:exit *exit-requested*))
  (send-to-host `((:type . "done")
                  (:points . ,*unit-points*)
                  (:slept . ,(coerce *slept-seconds* 'double-float))
                  (:reached . ,(places-reached)))))

(defun warm-up ()
  "Load and run a small document before the driver image is saved. The first
definition, macro, FiveAM test and check (passing or failing) in a process fill
generic function caches (FiveAM's classes, their constructors, the reader's and
printer's methods) that are saved with the image, so a driver's first unit does not
pay for them again. What the document defines lives in a package and bindings made
here and dropped after it: no driver sees a name, test, suite, point or position of it."
  (let* ((user (find-package '#:common-lisp-user))
         (package (make-package "SPEC-RUN-WARM-UP" :use '()))
         (*package* package)
         (*to-host* (make-broadcast-stream))
         (*gensym-counter* *gensym-counter*)
         (*random-state* (make-random-state nil))
         (*form-positions* (make-hash-table :test #'eq :weakness :key))
         (*inherited-positions* (make-hash-table :test #'eq :weakness :key :synchronized t))
         (*failed-definitions* '())
         (*left-out-forms* '())
         (*conditionals-read* '())
         (*definition-spans* '())
         (*features-changed* '())
         (*checks-reached* (make-hash-table :test #'equal :synchronized t))
         (*checks-not-expanded* (make-hash-table :test #'equal :synchronized t))
         (*unit-test-names* '())
         (*planned-test-names* '())
         (*unit-points* 0)
         (*slept-seconds* 0)
         (fiveam::*test* (make-hash-table :test 'eql))
         (fiveam::*toplevel-suites* '())
         (fiveam::*suite* fiveam::*suite*)
         (fiveam::*test-dribble-indent* (make-array 0 :element-type 'character :fill-pointer 0 :adjustable t)))
    ;; Spec code's CL-USER: its shadowing symbols (ASSERT...) first, then what it uses.
    (shadowing-import (package-shadowing-symbols user) package)
    (use-package (package-use-list user) package)
    (setf (fiveam:get-test nil) fiveam::*suite*)
    (unwind-protect
         (progn
           (run-command '(:unit-tests ("warm-up-test") ("warm-up-test")))
           ;; A failing check too: its diagnostics (values shown, FiveAM's reason) have first uses of their own.
           (run-command '(:load "warm-up.md" 1 "(defmacro warm-up-twice (x) `(* 2 ,x))
(defun warm-up-sum (a b) (+ a b))
(def-suite warm-up-suite)
(in-suite warm-up-suite)
(test warm-up-test
  (is (= 3 (warm-up-sum 1 2)))
  (is (equal \"ab\" (concatenate 'string \"a\" \"b\")))
  (is (= 5 (warm-up-twice 2)))
  (signals error (error \"x\"))
  (is (string= \"(0 1 2)\" (format nil \"~A\" (loop for i below 3 collect i)))))" 1))
           (run-command '(:test "warm-up-test" 1 "warm-up-test" "warm-up.md" 5))
           (run-command '(:block "warm-up.md" 12 "(assert (< 1 2))" 1 "a block")))
      (delete-package package))))

(defvar *disabled-debugger-hook* nil "The hook --disable-debugger installed.")

(defvar *thread-start-location* nil
  "In a thread of spec code: where spec code started it (THREAD-START-LOCATION).")

(defvar *thread-start-locations* (make-hash-table :test #'eq :weakness :key :synchronized t)
  "A thread of spec code -> where spec code started it, for the threads that name it
(the thread binds *THREAD-START-LOCATION* only once it runs).")

(defun thread-start-location ()
  "Where the running spec code is starting a thread, so that two threads differ: the
outermost call on the stack written in the unit's running form (a MAKE-THREAD in a LET
binding, or its call of a helper that makes the thread), else that form's one call of a
function of the documents on the stack (a helper it calls by itself, which EVAL calls
with no frame of the form), else the outermost call written in spec code on the stack
(the MAKE-THREAD in a helper, in a thread), else the running form."
  (let ((code (and (eq sb-thread:*current-thread* *main-thread*) *current-form*))
        (forms (stack-written-forms)))
    (form-location
     (or (find-if (lambda (form) (within-form-p form code)) forms :from-end t)
         (loop for home in (reverse (stack-homes))
               for calls = (and home (gethash home *spec-functions*) (calls-of home code))
               thereis (and (= (length calls) 1) (first calls)))
         (car (last forms))
         code))))

(defun make-thread-placed (make-thread function &rest arguments)
  "SB-THREAD:MAKE-THREAD, encapsulated: the thread runs FUNCTION knowing where spec code
started it, so an error escaping it, or the thread left running, is told at that line. A
false ASSERT in it ends the thread, which returns NIL (ASSERTION-SCOPE): its point is the
one the check makes, and joining the thread is no error."
  (let ((place (and (or *unit-guarded* (not (eq sb-thread:*current-thread* *main-thread*)))
                    (thread-start-location))))
    (let ((thread (apply make-thread
                         (lambda (&rest thread-arguments)
                           (let ((*thread-start-location* place))
                             (catch 'thread-stop
                               (apply function thread-arguments))))
                         arguments)))
      (when place (setf (gethash thread *thread-start-locations*) place))
      thread)))

(sb-ext:without-package-locks
  (sb-int:encapsulate 'sb-thread:make-thread 'make-thread-placed #'make-thread-placed))

(defun thread-label (thread &optional (place (gethash thread *thread-start-locations*)))
  "How a point names THREAD, started at PLACE: its name, else (bordeaux-threads'
\"Anonymous thread\", or none) where spec code started it, so two threads differ."
  (let ((name (sb-thread:thread-name thread)))
    (cond ((and place (member name '(nil "Anonymous thread") :test #'equal))
           (format nil "started at line ~D" (second place)))
          (t (or name "without a name")))))

(defun report-thread-error (condition hook)
  "The debugger hook: an error escaping a thread that spec code started is a
point of the running unit, and ends that thread only; in the driver's own
thread the debugger stays disabled (the driver exits, the host reports it)."
  ;; A failed FiveAM check outside a test has recorded nothing yet: its restart records
  ;; the point and the thread goes on, as in a test.
  (let ((go-on (and (typep condition 'fiveam::check-failure)
                    (find-restart 'fiveam::ignore-failure condition))))
    (when go-on (invoke-restart go-on)))
  (when (eq sb-thread:*current-thread* *main-thread*)
    (when *unit-guarded* (end-unit-with-condition condition))
    (funcall *disabled-debugger-hook* condition hook))
  (emit-point nil (format nil "thread ~A runs without error" (thread-label sb-thread:*current-thread* *thread-start-location*))
                (or *thread-start-location* (fallback-location))
                `((:condition . ((:type . ,(show (type-of condition)))
                                 (:message . ,(condition-message condition))))))
  (sb-thread:abort-thread))

(defun main (&key (version (error "the driver needs spec-run's version: (spec-run::main :version \"x.y.z\")")) pid)
  "The driver's loop. VERSION is spec-run's, the clientInfo of the vocabulary's requests;
PID, this process's id as the host can signal it, for a driver forked by the zygote."
  (use-client-version version)
  (setf *own-features* (copy-list *features*))
  (open-host-channel)
  (setf *main-thread* sb-thread:*current-thread*
        *disabled-debugger-hook* sb-ext:*invoke-debugger-hook*
        sb-ext:*invoke-debugger-hook* #'report-thread-error)
  ;; SBCL runs --eval inside a CONTINUE restart of its own ("Ignore runtime option --eval"):
  ;; spec code's (handler-bind ((error #'continue)) ...) found it and ended the driver. Spec
  ;; code sees only the restarts of the driver's loop, as a REPL's code sees none.
  (let ((*package* (find-package '#:common-lisp-user))
        (sb-kernel:*restart-clusters* '()))
    (send-to-host (if pid `((:type . "ready") (:pid . ,pid)) '((:type . "ready"))))
    (loop (let ((message (next-command)))
            ;; A reply read here answers a thread of spec code that outlived its unit, or none.
            (cond ((and (consp message) (eq (first message) :reply))
                   (file-reply message))
                  ((equal message '(:exit))
                   (exit-at-once))
                  (t (run-command message)))))))
