(in-package #:spec-run.worker)

;;; The control thread (the process's main thread) reads requests from fd 3,
;;; hands each evaluation to the evaluation thread, enforces the timeout, and
;;; writes one JSON answer line per request to fd 4. fds 0-2 are left to user
;;; code, so nothing it reads or writes there can reach the channel.

(defparameter *interrupts-per-timeout* 2
  "Interrupts sent to a timed-out evaluation before it counts as stuck; the
second reaches an unwind-protect cleanup that loops. The grace the supervisor
sends with a request is shared among them.")

(defvar *control-thread* nil)
(defvar *evaluation-thread* nil)
(defvar *next-job* nil)
(defvar *job-ready* (sb-thread:make-semaphore :name "job ready"))

;;; Guards. Only the control thread may end the process; evaluated code calling
;;; exit gets an error instead. A thread of the user's that hits an unhandled
;;; error ends alone instead of taking the process down.

(defun guard-exit (name)
  (sb-int:encapsulate name 'session-guard
                      (lambda (function &rest arguments)
                        (if (eq sb-thread:*current-thread* *control-thread*)
                            (apply function arguments)
                            (error 'exit-refused :operator name)))))

(defun end-thread-on-unhandled-condition (condition hook)
  (declare (ignore hook))
  (ignore-errors
   (format sb-sys:*stderr* "~&Thread ~A ended by an unhandled ~A: ~A~%"
           (sb-thread:thread-name sb-thread:*current-thread*)
           (type-name condition) (describe-condition condition))
   (finish-output sb-sys:*stderr*))
  (sb-thread:abort-thread :allow-exit t))

(defun install-guards ()
  (dolist (name '(sb-ext:exit sb-ext:quit sb-sys:os-exit))
    (guard-exit name))
  (setf sb-ext:*invoke-debugger-hook* #'end-thread-on-unhandled-condition
        *debugger-hook* nil)
  ;; The supervisor stops a worker with SIGTERM: end at once, whatever runs.
  (sb-sys:enable-interrupt sb-unix:sigterm
                           (lambda (&rest arguments)
                             (declare (ignore arguments))
                             (sb-alien:alien-funcall
                              (sb-alien:extern-alien "_exit" (function sb-alien:void sb-alien:int))
                              0))))

;;; The evaluation thread lives across requests (starting a thread costs a
;;; quarter of a millisecond); a new one replaces it when evaluated code ended it.

(defun evaluation-loop ()
  (loop
    (sb-thread:wait-on-semaphore *job-ready*)
    (let ((job *next-job*))
      (when (job-prepare-timing job)
        (prepare-for-timing))
      (sb-thread:signal-semaphore (job-started job))
      (unwind-protect (run-job job)
        (unless (job-result job)
          (setf (job-result job)
                (partial-answer job "error" "error" (error-object (make-condition 'evaluation-aborted)))))
        (sb-thread:signal-semaphore (job-done job))))))

(defun evaluation-thread ()
  (unless (and *evaluation-thread* (sb-thread:thread-alive-p *evaluation-thread*))
    (setf *evaluation-thread* (sb-thread:make-thread #'evaluation-loop :name "evaluation")))
  *evaluation-thread*)

(defun interrupt-evaluation (thread)
  (ignore-errors
   (sb-thread:interrupt-thread thread
                               (lambda ()
                                 (let ((tag *evaluation-tag*))
                                   (when tag (throw tag :timeout)))))))

(defun user-threads (before evaluator)
  "Threads started since BEFORE was taken, other than the evaluation thread."
  (remove-if (lambda (thread)
               (or (eq thread evaluator)
                   (member thread before)
                   (not (sb-thread:thread-alive-p thread))))
             (sb-thread:list-all-threads)))

(defun stop-user-threads (threads)
  "Terminate THREADS; the names of those that would not end."
  (dolist (thread threads)
    (ignore-errors (sb-thread:terminate-thread thread)))
  (loop for thread in threads
        do (sb-thread:join-thread thread :default nil :timeout 0.1)
        when (sb-thread:thread-alive-p thread)
          collect (thread-label thread)))

(defun thread-label (thread)
  (or (sb-thread:thread-name thread) "unnamed"))

(defun await-job (job thread)
  "Wait for JOB within its timeout, interrupting it when that expires. Returns
:done or :stuck (the evaluation would not unwind)."
  (let ((done (job-done job))
        (timeout (job-timeout-seconds job)))
    ;; The preparation of a timed evaluation is not the user's time.
    (sb-thread:wait-on-semaphore (job-started job) :timeout timeout)
    (cond ((sb-thread:wait-on-semaphore done :timeout timeout) :done)
          (t
           (loop with grace = (/ (job-grace-seconds job) *interrupts-per-timeout*)
                 repeat *interrupts-per-timeout*
                 do (interrupt-evaluation thread)
                    (when (sb-thread:wait-on-semaphore done :timeout grace)
                      (return-from await-job :done)))
           :stuck))))

(defun evaluate-request (job)
  (let* ((before (sb-thread:list-all-threads))
         (thread (evaluation-thread)))
    (setf *next-job* job)
    (sb-thread:signal-semaphore *job-ready*)
    (ecase (await-job job thread)
      (:stuck
       (partial-answer job "stuck"))
      (:done
       (let ((left (user-threads before thread)))
         (if (null left)
             (job-result job)
             (let ((unstoppable (stop-user-threads left)))
               (append (job-result job)
                       (list "threadsStopped" (cons :array (mapcar #'thread-label left))
                             "threadsUnstoppable" (cons :array unstoppable))))))))))

(defun parse-request (request)
  "A job from (:evaluate :id N :code S :package P :timeout-ms M :grace-ms G :max-output K :prepare-timing B)."
  (destructuring-bind (operation &key id code package timeout-ms grace-ms max-output prepare-timing) request
    (unless (eq operation :evaluate)
      (error "unknown request ~S" operation))
    (when (and timeout-ms (not grace-ms))
      (error "a request with :timeout-ms needs :grace-ms, the time its evaluation gets to unwind"))
    (make-job :id id :code code :package-name package
              :timeout-seconds (and timeout-ms (/ timeout-ms 1000))
              :grace-seconds (and grace-ms (/ grace-ms 1000))
              :max-output max-output :prepare-timing prepare-timing)))

(defun send (answer out)
  (write-json answer out)
  (terpri out)
  (finish-output out))

(defun main ()
  (setf *control-thread* sb-thread:*current-thread*)
  (install-guards)
  (let ((in (sb-sys:make-fd-stream 3 :input t :external-format :utf-8 :buffering :full))
        (out (sb-sys:make-fd-stream 4 :output t :external-format :latin-1 :buffering :full)))
    (evaluation-thread)
    (prime-evaluation-thread)
    (send (list :object "ready" :true "pid" (sb-unix:unix-getpid)) out)
    (loop
      (let ((request (let ((*read-eval* nil)
                           (*package* (find-package "SPEC-RUN.WORKER")))
                       (read in nil :eof))))
        (when (eq request :eof)
          (sb-ext:exit :abort t))
        (send (handler-case (evaluate-request (parse-request request))
                (error (condition)
                  (list :object "status" "protocol-error"
                        "message" (describe-condition condition))))
              out)))))

(defparameter *priming-code*
  "(list (loop repeat 3 sum 1) (loop for i from 0 below 3 collect i) (loop for x in '(1 2) count (oddp x))
         (loop for x across #(1 2) maximize x) (loop for x in '(1 2) minimize x) (loop for x in '((1)) append x)
         (loop for i from 1 to 3 while (< i 2) thereis (evenp i)) (loop for i below 2 always (< i 3))
         (let ((total 0)) (dotimes (i 3) (incf total i)) (dolist (x '(1 2)) (incf total x)) total)
         (* 1.5d0 (+ 1 2)) (format nil \"~A\" (make-list 2)))"
  "Representative code for PRIME-EVALUATION-THREAD: LOOP's common clauses,
iteration macros, generic arithmetic and printing.")

(defun prime-evaluation-thread ()
  "Evaluate representative code in the fresh evaluation thread before the first
request. A new process maps the image's pages lazily, a new thread starts with
untouched stack and allocation pages, and saving the image dropped the
compiler's type caches: a session's first compilation of each kind of form paid
for all of that, up to half a millisecond, landing in its first timed evaluation."
  (evaluate-request (make-job :code *priming-code* :max-output 1000 :prepare-timing t))
  (setf *session-package* (find-package "COMMON-LISP-USER")))

(defun warm-up ()
  "Run representative evaluations before the image is saved, so the generic
function caches and first-use setup they fill are saved with it and a fresh
worker answers its first request as fast as later ones."
  (dolist (code '("(princ \"out\") (format *error-output* \"err\") (warn \"w\") (values 1 \"two\" (list 3))"
                  "(dotimes (i 10) (make-list 3))"
                  "(/ 1 0)"
                  "(read-line *query-io*)"
                  "(read-line)"))
    (run-job (make-job :code code :max-output 1000)))
  (setf *session-package* (find-package "COMMON-LISP-USER")))
