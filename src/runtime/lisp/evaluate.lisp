(in-package #:spec-run.worker)

;;; Evaluating one request: read the forms one at a time in the session's
;;; package, evaluate each, print the last values, and time it all with the
;;; monotonic clock. Runs in the evaluation thread; the control thread only sees
;;; the finished job, or its partial capture when the job had to be abandoned.

(defvar *session-package* (find-package "COMMON-LISP-USER")
  "The package evaluations start in when no package is given; in-package moves it.")

(defvar *evaluation-tag* nil
  "Catch tag of the evaluation now running in this thread, nil when none is:
a timeout interrupt throws to it, and does nothing once the evaluation is over.")

(defstruct job
  (id 0)
  ;; The supervisor's token for this request, written with its answer and nowhere else:
  ;; a line user code forges on the answer channel lacks it and is dropped. Not printed.
  (token "")
  (code "")
  (package-name nil)
  (timeout-seconds nil)
  ;; How long a timed-out evaluation gets to unwind, over all its interrupts.
  (grace-seconds nil)
  (max-output 100000)
  ;; A timed evaluation (time-execution): see PREPARE-FOR-TIMING.
  (prepare-timing nil)
  ;; The answer's text gets the ; Timing: line (evaluate-lisp's capture-time).
  (capture-time nil)
  ;; A line the answer's text ends with (Node's note that an earlier worker died), or nil.
  (note nil)
  ;; The client's JSON-RPC id, as JSON text, when the worker answers the client itself (see REPLY.LISP).
  (reply-id nil)
  ;; Read by the worker itself from the client's stdin under a lease (see LEASE.LISP): :lease
  ;; while Node knows nothing of it, :tracked once the lease went back to Node with it in flight.
  (leased nil)
  ;; For a job read under a lease: when it counts as long and the lease goes back to Node.
  (lease-deadline nil)
  ;; The completion line of an answer written to the client (what Node would be told).
  (completion nil)
  ;; Filled in by the evaluation thread.
  stdout stderr warnings
  (result nil)
  ;; Set once its answer line is written (by the evaluation thread, or by the control thread when stuck).
  (answered nil)
  ;; The evaluation thread that took the job up, and the catch tag its evaluation
  ;; runs in: a timeout interrupt that lands once the thread has moved on to
  ;; the next job must not stop that one.
  (thread nil)
  (catch-tag nil)
  ;; Set when evaluated code ended the evaluation thread during the job.
  (thread-ended nil)
  ;; Set when the supervisor cancelled the job: its interrupt then answers "cancelled".
  (cancelled nil)
  ;; When its timeout expires (monotonic microseconds, counted from the start of the
  ;; evaluation itself), and whether the control thread has begun stopping it.
  (deadline nil)
  (timed-out nil)
  (done (sb-thread:make-semaphore :name "evaluation done")))

(defmethod print-object ((job job) stream)
  ;; Backtraces and inspectors print jobs: they show the id, never the token.
  (print-unreadable-object (job stream :type t :identity t)
    (format stream "~D" (job-id job))))

(defstruct (warning-log (:constructor make-warning-log (budget)))
  budget
  (lines '())
  (dropped 0))

;;; Clocks, in microseconds. get-internal-real-time advances in 4 ms steps on
;;; this platform, too coarse for timing small code, hence CLOCK_MONOTONIC.

(declaim (inline monotonic-microseconds))
(defun monotonic-microseconds ()
  (multiple-value-bind (seconds nanoseconds) (sb-unix::clock-gettime 1) ; CLOCK_MONOTONIC
    (+ (* seconds 1000000) (floor nanoseconds 1000))))

(defun prepare-for-timing ()
  "Make a timed evaluation start from the state a busy session would be in: its
own garbage not left to collect on its clock, and the compiler's code and data
back in the CPU caches. After an idle period (a sleep, the client thinking) those
caches hold other processes' lines, and the first compilation runs a third
slower than the next: noise from the machine, not a cost of the user's code."
  (sb-ext:gc)
  (compile nil '(lambda () (let ((total 0)) (loop for i from 0 below 10 do (incf total i)) total))))

(defparameter *thread-region-slots*
  (loop for name in '("THREAD-MIXED-TLAB-SLOT" "THREAD-CONS-TLAB-SLOT")
        for symbol = (find-symbol name "SB-VM")
        when (and symbol (boundp symbol)) collect (symbol-value symbol))
  "Where this SBCL keeps a thread's open allocation regions (free pointer, end, start),
or NIL where its thread structure has no such slots.")

(defun bytes-consed ()
  "Bytes this process has consed, to the byte. GET-BYTES-CONSED counts a thread's
allocation region only once it closes, in steps of about 32 KB: (make-list 1000)
read as 0 or as 32512. The bytes in this thread's open regions are added."
  (let ((sap (sb-thread::current-thread-sap)))
    (+ (sb-ext:get-bytes-consed)
       (loop for slot in *thread-region-slots*
             for free = (sb-sys:sap-ref-word sap (* sb-vm:n-word-bytes slot))
             for start = (sb-sys:sap-ref-word sap (* sb-vm:n-word-bytes (+ slot 2)))
             when (< 0 start free) sum (- free start)))))

(defvar *uncounted-bytes* 0
  "Bytes the runtime itself consed inside a meter's span (reading and preparing the
forms), which the meter does not count as the evaluated code's.")

(defstruct (meter (:constructor start-meter
                      (&aux (real (monotonic-microseconds))
                            (run (get-internal-run-time))
                            (gc sb-ext:*gc-run-time*)
                            (bytes (bytes-consed)))))
  real run gc bytes)

(defun meter-reading (meter)
  "Elapsed real, run and GC microseconds and bytes consed since METER started."
  (let ((real (monotonic-microseconds))
        (run (get-internal-run-time))
        (gc sb-ext:*gc-run-time*)
        (bytes (bytes-consed)))
    (flet ((microseconds (ticks)
             (round (* ticks 1000000) internal-time-units-per-second)))
      (list :object
            "realUs" (- real (meter-real meter))
            "runUs" (microseconds (- run (meter-run meter)))
            "gcUs" (microseconds (- gc (meter-gc meter)))
            "bytes" (max 0 (- bytes (meter-bytes meter) *uncounted-bytes*))))))

;;; SBCL's compiler deletes calls whose values are unused when the function has
;;; no side effects, so a loop asking for a million MAKE-LISTs would do none of
;;; them. Declaring every global function the form names NOTINLINE keeps each
;;; call the code asks for. The simple evaluator handles LOCALLY itself, so
;;; simple forms are still not compiled.

(defparameter *form-walk-limit* 100000
  "Conses looked at per form; also what stops the walk on circular code.")

(defun called-function-names (form)
  (let ((names '())
        (seen (make-hash-table :test 'eq))
        (budget *form-walk-limit*)
        (pending (list form)))
    (loop while (and pending (plusp budget))
          do (let ((item (pop pending)))
               (cond ((consp item)
                      (decf budget)
                      (push (car item) pending)
                      (push (cdr item) pending))
                     ((and (symbolp item)
                           item
                           (not (gethash item seen)))
                      (setf (gethash item seen) t)
                      (when (and (fboundp item)
                                 (not (macro-function item))
                                 (not (special-operator-p item)))
                        (push item names))))))
    names))

(defun simply-evaluated-p (form &optional (depth 0))
  "True when SBCL's evaluator runs FORM without compiling it: a constant, a symbol,
a quoted object, or a call of a global function on such forms. It calls every
function such a form names, so none can be deleted. A dotted or circular form, or one
nested deeper than the walk goes, is not: it gets the declaration as before."
  (or (atom form)
      (eq (first form) 'quote)
      (and (< depth 64)
           (ignore-errors (list-length form)) ; a proper list: not dotted, not circular
           (symbolp (first form))
           (fboundp (first form))
           (not (macro-function (first form)))
           (not (special-operator-p (first form)))
           (every (lambda (argument) (simply-evaluated-p argument (1+ depth))) (rest form)))))

(defun evaluable-form (form)
  "FORM, with the functions it calls declared NOTINLINE where it will be compiled.
A form the evaluator runs itself is left as it is: declaring costs a lexical
environment (about 2 KB) that time-execution would count as the code's."
  (let ((names (and (not (simply-evaluated-p form)) (called-function-names form))))
    (if names
        `(locally (declare (notinline ,@names)) ,form)
        form)))

;;; Conditions and their text.

(define-condition unknown-package (package-error) ()
  (:report (lambda (condition out)
             (format out "No package named ~S (from the package argument)."
                     (package-error-package condition)))))

(define-condition exit-refused (control-error)
  ((operator :initarg :operator :reader exit-refused-operator))
  (:report (lambda (condition out)
             (format out "~S is not available to evaluated code: it would end the ~
                          session's Lisp process. The evaluation was stopped instead."
                     (exit-refused-operator condition)))))

(define-condition evaluation-aborted (error) ()
  (:report "The evaluation was aborted (ABORT restart or thread abort)."))

(defun type-name (object)
  "The type of OBJECT as user code would write it in CL-USER; the runtime's own
condition types go without their package prefix."
  (let ((type (type-of object)))
    (if (and (symbolp type) (eq (symbol-package type) (find-package "SPEC-RUN.WORKER")))
        (symbol-name type)
        (let ((*package* (find-package "COMMON-LISP-USER")))
          (prin1-to-string type)))))

(defun describe-condition (condition)
  "Message of CONDITION, or a note when printing it fails."
  (when (typep condition 'sb-kernel::heap-exhausted-error)
    (return-from describe-condition
      (format nil "Heap exhausted: the evaluation asked for more memory than the ~D MB ~
                   dynamic space can hold. Its garbage has been collected."
              (floor (sb-ext:dynamic-space-size) (* 1024 1024)))))
  (handler-case
      (let ((*print-length* 100) (*print-level* 10) (*print-circle* t) (*print-readably* nil))
        (princ-to-string condition))
    (serious-condition ()
      (format nil "(the message of this ~A could not be printed)" (type-name condition)))))

(defun one-line (text)
  (let ((lines (with-input-from-string (in text)
                 (loop for line = (read-line in nil) while line
                       collect (string-trim " " line)))))
    (format nil "~{~A~^ ~}" lines)))

(defun record-warning (log condition)
  (let* ((line (format nil "~A: ~A" (type-name condition) (one-line (describe-condition condition))))
         (budget (warning-log-budget log))
         (room (budget-remaining budget)))
    (if (>= room (length line))
        (progn (push line (warning-log-lines log))
               (decf (budget-remaining budget) (length line)))
        (progn (incf (warning-log-dropped log))
               (setf (budget-remaining budget) 0)))))

;;; Running a job.

(defun find-job-package (job)
  (let ((name (job-package-name job)))
    (cond ((null name) *session-package*)
          ((or (find-package name) (find-package (string-upcase name))))
          (t (error 'unknown-package :package name)))))

(defun skip-unmatched-close-parentheses (in)
  "Skip the close parentheses that stand between forms, each with a warning, as
SBCL's REPL does: (f 1)) evaluates (f 1) and says the last ) was ignored."
  (loop while (eql (peek-char t in nil in) #\))
        do (read-char in)
           (warn "Ignoring an unmatched close parenthesis at character ~D of the code."
                 (file-position in))))

(defun evaluate-forms (code start-package)
  "Evaluate every form of CODE in order; the values of the last one."
  (let ((values '()))
    (with-input-from-string (in code)
      (loop for before = (bytes-consed)
            for form = (progn (skip-unmatched-close-parentheses in) (read in nil in))
            until (eq form in)
            do (setf form (evaluable-form form))
               (incf *uncounted-bytes* (- (bytes-consed) before))
               (setf values (multiple-value-list (eval form)))
               (unless (eq *package* start-package)
                 (setf *session-package* *package*))))
    values))

(defun print-values (values max-output)
  "Each value printed with prin1 into one shared budget; list of (text . dropped) of
the values shown. Once the budget is spent the values left are not shown at all (an
empty `=> ` line would read as a value that prints as nothing): what they print is
counted as dropped with the last value shown."
  (let ((budget (make-budget max-output))
        (*print-length* 100) (*print-level* 10) (*print-circle* t) (*print-readably* nil))
    (let ((shown '()))
      (loop for rest on values
            for value = (first rest)
            do (let ((stream (make-capture-stream budget)))
                 (prin1 value stream)
                 (push (cons (capture-text stream) (capture-dropped stream)) shown)
                 ;; Its line's "=> " and newline count too: values that print as nothing still fill the answer.
                 (decf (budget-remaining budget) (min 4 (budget-remaining budget))))
            when (and (rest rest) (zerop (budget-remaining budget)))
              do (let ((counter (make-capture-stream budget)))
                   (dolist (left (rest rest)) (prin1 left counter))
                   (incf (cdr (first shown)) (capture-dropped counter))
                   (loop-finish)))
      (nreverse shown))))

(defparameter *backtrace-frames* 12 "Frames of user code shown with an error, at most.")

;; Which frames of a backtrace are the user's (frames.lisp walks and prints them).
(defun signalling-frame-p (name)
  "A frame of the call that signalled: (ERROR \"boom\") is the user's own call."
  (member name '(error cerror signal warn sb-kernel::%signal sb-kernel:with-simple-condition-restarts)
          :test #'equal))

(defun runtime-frame-p (name)
  "A frame of what runs the user's code: the evaluator or the worker itself."
  (let ((home (spec-run.frames:frame-home name)))
    (or (member name '(eval sb-int:simple-eval-in-lexenv) :test #'equal)
        (and home (eq (symbol-package home) (find-package '#:spec-run.worker))))))

(defun user-backtrace ()
  "The frames between the one that signalled and the evaluator, taken in the
handler of the error (while they exist): the calls of the user's code that led
to it. The signalling machinery above and the runtime's frames below say
nothing about that code."
  (ignore-errors
   (spec-run.frames:backtrace-text
    :start (lambda (names) (or (position-if #'signalling-frame-p names :from-end t) 0))
    :end #'runtime-frame-p
    :limit *backtrace-frames*)))

(defun bounded-text (text limit)
  "TEXT cut to LIMIT characters (max-output), saying how many were left out: an
error's message and backtrace are parts of the answer max-output bounds."
  (if (or (null limit) (<= (length text) limit))
      text
      (format nil "~A… (~D more characters)" (subseq text 0 limit) (- (length text) limit))))

(defun error-object (condition &optional backtrace max-output)
  (list* :object "type" (type-name condition) "message" (bounded-text (describe-condition condition) max-output)
         (when (and backtrace (string/= backtrace "")) (list "backtrace" (bounded-text backtrace max-output)))))

(defun partial-answer (job status &rest fields)
  "Answer fields common to every outcome: what was captured so far."
  (let ((warnings (job-warnings job)))
    (list* :object
           "id" (job-id job)
           "status" status
           "stdout" (capture-text (job-stdout job))
           "stdoutDropped" (capture-dropped (job-stdout job))
           "stderr" (capture-text (job-stderr job))
           "stderrDropped" (capture-dropped (job-stderr job))
           "warnings" (cons :array (reverse (warning-log-lines warnings)))
           "warningsDropped" (warning-log-dropped warnings)
           "package" (package-name *session-package*)
           fields)))

(defun run-job (job)
  "Evaluate JOB in this thread and store its answer in it. Interrupts (the
timeout's) are deferred everywhere but around the user's code, and that code
runs inside the catch its tag names: an interrupt landing while the job is set
up or its answer built waits, and finds no evaluation to stop."
  (sb-sys:without-interrupts
    (let* ((budget (make-budget (job-max-output job)))
           (stdout (make-capture-stream budget))
           (stderr (make-capture-stream budget))
           (warnings (make-warning-log budget))
           (tag (setf (job-catch-tag job) (make-symbol "EVALUATION")))
           (failure nil)
           (backtrace nil)
           (meter nil)
           (timing nil)
           (values '()))
      (setf (job-stdout job) stdout
            (job-stderr job) stderr
            (job-warnings job) warnings)
      (let* ((terminal (make-two-way-stream
                        (make-instance 'no-input-stream :name "*terminal-io*" :on-read :error)
                        stdout))
             (outcome
               (catch tag
                 (let ((*standard-output* stdout)
                       (*error-output* stderr)
                       (*trace-output* stderr)
                       (*standard-input* (make-instance 'no-input-stream :name "standard input" :on-read :eof))
                       (*terminal-io* terminal)
                       (*debug-io* terminal)
                       (*query-io* terminal)
                       (*package* *session-package*)
                       (sb-ext:*invoke-debugger-hook*
                         (lambda (condition hook)
                           (declare (ignore hook))
                           (setf failure condition)
                           (throw tag :error)))
                       ;; Bound inside the catch: an interrupt that sees the tag can throw to it.
                       (*evaluation-tag* tag))
                   ;; Cancelled before it began: answered as cancelled, nothing evaluated.
                   (when (job-cancelled job)
                     (throw tag :timeout))
                   (sb-sys:with-local-interrupts
                     (restart-case
                         (handler-bind
                             ((warning (lambda (condition)
                                         (record-warning warnings condition)
                                         (let ((restart (find-restart 'muffle-warning condition)))
                                           (when restart (invoke-restart restart)))))
                              ((or error storage-condition)
                                (lambda (condition)
                                  (setf failure condition)
                                  ;; An exhausted heap or stack leaves no room to print one.
                                  (unless (typep condition 'storage-condition)
                                    (setf backtrace (user-backtrace)))
                                  (throw tag :error))))
                           (let ((package (find-job-package job)))
                             (setf *uncounted-bytes* 0
                                   meter (start-meter))
                             (setf *package* package
                                   values (evaluate-forms (job-code job) package))
                             (setf timing (meter-reading meter))
                             (setf values (print-values values (job-max-output job)))
                             :ok))
                       (abort ()
                         :report "Abort this evaluation."
                         (setf failure (make-condition 'evaluation-aborted))
                         :error)))))))
        (when (and meter (not timing))
          (setf timing (meter-reading meter)))
        ;; Give the memory of an exhausted heap back before the next request.
        (when (typep failure 'storage-condition)
          (sb-ext:gc :full t))
        (setf (job-result job)
              (ecase outcome
                (:ok (partial-answer job "ok"
                                     "values" (cons :array (mapcar #'car values))
                                     "valuesDropped" (reduce #'+ values :key #'cdr)
                                     "timing" timing))
                (:error (partial-answer job "error"
                                        "error" (error-object failure backtrace (job-max-output job))
                                        "timing" timing))
                (:timeout (partial-answer job (if (job-cancelled job) "cancelled" "timeout") "timing" timing))))))))
