(in-package #:spec-run.worker)

;;; The evaluation thread reads each request from fd 3, evaluates it and writes
;;; its JSON answer line to fd 4 itself, so a request costs no hand-over between
;;; threads. The control thread (the process's main thread) only watches the
;;; clock: it interrupts an evaluation whose timeout has expired, and answers for
;;; it when it will not unwind. It sleeps until the deadline of the evaluation it
;;; saw last and is woken only when an evaluation's deadline comes before that (the
;;; first after an idle time, or a shorter timeout): woken for every request, it took
;;; two context switches and six futex calls of each round trip. fds 0-2 are
;;; left to user code, so nothing it reads or writes there can reach the channel.
;;; A third thread reads cancellations from fd 5 and interrupts the job they name.
;;; Each answer carries its request's id and token: a line user code writes on fd 4
;;; itself has no token, and the supervisor drops it.
;;; When Node serves a client on its own stdout, it passes that stdout as fd 6, which
;;; the worker moves out of evaluated code's way at once (PRIVATE-COPY): a request with
;;; a reply id is answered there, the JSON-RPC response written whole by the worker.
;;; Node gets a short completion line on fd 4 once the response is written: sent before
;;; it, that line woke Node while the client was about to be woken, and a second line
;;; said when the response was written, a third wake of Node per call. What Node needs
;;; to know while it has no completion line (the worker died, or a backstop expired,
;;; while the response was being written: a client that does not read) it reads from a
;;; file passed as fd 7, which costs the worker a write to the page cache and wakes
;;; nobody: the completion line, marked R while the response is being written and W
;;; once it is (MARK-REPLY). Until the completion line Node's own lines for the client
;;; (a ping's answer) come on fd 5 as (:write ...) and the cancel thread writes them:
;;; one writer at a time, no two lines interleaved.

(defparameter *interrupts-per-timeout* 2
  "Interrupts sent to a timed-out evaluation before it counts as stuck; the
second reaches an unwind-protect cleanup that loops. The grace the supervisor
sends with a request is shared among them.")

(defvar *control-thread* nil)
(defvar *requests* nil "fd 3: one request s-expression per line.")
(defvar *answers* nil "fd 4: one JSON answer per line.")
(defvar *cancels* nil "fd 5: one (:cancel :id N) or (:write :token T :line S) per line.")
(defvar *replies* nil "The client's stdout (fd 6 moved), when Node passed it: one JSON-RPC message per line.")
(defvar *reply-marks* nil "fd 7 (moved), with *REPLIES*: the file MARK-REPLY writes.")
(defvar *reply-lock* (sb-thread:make-mutex :name "replies")
  "Held while a line is written to *REPLIES*: the evaluation, control and cancel threads all write there.")
(defvar *cancel-lock* (sb-thread:make-mutex :name "cancels")
  "Held while *SERVING-JOB* changes or a cancellation is matched against it.")
(defvar *serving-job* nil "The job the evaluation thread took up last.")
(defvar *cancelled-ids* '()
  "Ids cancelled before the evaluation thread took their job up (it reads ahead of the supervisor's cancel).")
(defvar *answer-lock* (sb-thread:make-mutex :name "answers")
  "Held while a line is written: the control thread answers stuck jobs.")
(defvar *watch-lock* (sb-thread:make-mutex :name "watch")
  "Held while the control thread's view below changes or is looked at.")
(defvar *watch-wakeup* (sb-thread:make-waitqueue :name "watch"))
(defvar *watched-job* nil "The job whose evaluation runs now; nil between evaluations.")
(defvar *control-wakes-at* nil
  "When the control thread, asleep, will look again (monotonic microseconds); nil
while it sleeps until woken, or is awake. An evaluation ending before that needs no wake.")
(defvar *ended-jobs* '()
  "Jobs whose evaluated code ended the evaluation thread, for the control thread to
start its successor. A list, not one variable: a control thread that wakes late (a
loaded machine) must see every one, or no thread would be left to read the next request.")
(defvar *thread-primed* nil
  "Bound in each evaluation thread: true once PRIME-EVALUATION-THREAD has run there.")

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
                             (end-process-now)))
  ;; The kernel's parent-death signal (see WATCH-PARENT).
  (sb-sys:enable-interrupt sb-unix:sighup
                           (lambda (&rest arguments)
                             (declare (ignore arguments))
                             (stop-programs-and-exit))))

(defun end-process-now ()
  "End the process from any thread, past the exit guards and unwinding nothing."
  (sb-alien:alien-funcall (sb-alien:extern-alien "_exit" (function sb-alien:void sb-alien:int)) 0))

;;; The evaluation thread lives across requests (starting a thread costs a
;;; quarter of a millisecond); a new one replaces it when evaluated code ended it.

(defun read-request ()
  (let ((*read-eval* nil)
        (*package* (find-package "SPEC-RUN.WORKER")))
    (read *requests* nil :eof)))

(defun write-answer-line (answer)
  "Write ANSWER as one JSON line on fd 4; the caller holds *ANSWER-LOCK*."
  (write-json answer *answers*)
  (terpri *answers*)
  (finish-output *answers*))

(defun send (answer)
  (sb-thread:with-mutex (*answer-lock*)
    (write-answer-line answer)))

(defparameter *reply-slice* 65536
  "Characters of a line to the client encoded and written at a time: a long line starts
going out at once, and is never held whole as octets.")

(defun write-reply-line (message)
  "Write MESSAGE, a JSON value or a line of JSON text Node made, to the client, whole.
A client that has gone away is no error of the evaluation's: its line is dropped."
  (let ((line (if (stringp message)
                  (concatenate 'string message (string #\Newline))
                  (with-output-to-string (out)
                    (write-json message out)
                    (terpri out)))))
    (sb-thread:with-mutex (*reply-lock*)
      (loop for start from 0 below (length line) by *reply-slice*
            for end = (min (length line) (+ start *reply-slice*))
            always (write-to-client (sb-ext:string-to-octets line :external-format :utf-8 :start start :end end))))))

(defun write-to-client (octets)
  "Write OCTETS whole to the client's stdout, which Node keeps non-blocking. While the
client does not read, wait for room, saying every *LEASE-POLL-MS* that the worker is
alive (BEAT-LEASE): a worker waiting on its client is not a stopped one, and Node must
not end it in the middle of a line. Nil when the client has gone (its line is dropped)."
  (let ((at 0)
        (end (length octets)))
    (loop
      (when (>= at end) (return t))
      (multiple-value-bind (count errno) (sb-unix:unix-write *replies* octets at (- end at))
        (cond ((and count (plusp count)) (incf at count))
              ((or (eql errno sb-unix:eagain) (eql errno sb-unix:eintr))
               (unless (sb-unix:unix-simple-poll *replies* :output *lease-poll-ms*)
                 (beat-lease)))
              (t (return nil)))))))

(defun pwrite (fd text offset)
  "Write TEXT (ASCII) at OFFSET of file FD; failures are ignored (Node then knows less)."
  (sb-alien:alien-funcall (sb-alien:extern-alien "pwrite" (function sb-alien:long sb-alien:int sb-alien:c-string
                                                                    sb-alien:unsigned-long sb-alien:long))
                          fd text (length text) offset))

(defun mark-reply (state &optional completion)
  "Say in the marks file what Node would learn from the completion line it has not yet
read: with COMPLETION, the line itself marked R (the response to the client is being
written); without, the mark turned W (it is written)."
  (when *reply-marks*
    (pwrite *reply-marks* (if completion (format nil "~C~A~%" state completion) (string state)) 0)))

(defun answer-job (job answer)
  "Send ANSWER for JOB unless it has been answered already. With a reply id (and not
cancelled: a cancelled request gets no answer, as MCP has it): the response to the client,
then a completion to Node, marked in the marks file meanwhile. Else the whole answer,
with its text, to Node."
  (sb-sys:without-interrupts
    (sb-thread:with-mutex (*answer-lock*)
      (unless (job-answered job)
        (setf (job-answered job) t)
        (multiple-value-bind (text error-p data) (evaluation-text job answer)
          (cond ((and (job-reply-id job) (not (job-cancelled job)))
                 ;; What Node's bookkeeping needs: whether to replace the worker.
                 (let ((completion (with-output-to-string (out)
                                     (write-json (list* :object "id" (job-id job) "token" (job-token job)
                                                        "status" (answer-field answer "status")
                                                        "replied" :true "isError" error-p
                                                        (loop for key in '("threadsStopped" "threadsUnstoppable")
                                                              for value = (answer-field answer key)
                                                              when value append (list key value)))
                                                 out))))
                   (setf (job-completion job) completion)
                   ;; An answer Node must act on (threads that would not stop: the worker is
                   ;; replaced) takes a job read under a lease back to Node first, for Node to
                   ;; track: it then gets the completion line below.
                   (when (and (eq (job-leased job) :lease)
                              (or (answer-field answer "threadsUnstoppable")
                                  (not (member (answer-field answer "status") '("ok" "error") :test #'equal))))
                     (sb-thread:with-mutex (*lease-lock*)
                       (release-lease "answer" job)))
                   (mark-reply #\R completion)
                   (write-reply-line (list :object "result" (tool-result text error-p data)
                                           "jsonrpc" "2.0" "id" (list :raw (job-reply-id job))))
                   (mark-reply #\W)
                   ;; Node knows nothing of a job read under a lease it still holds.
                   (unless (eq (job-leased job) :lease)
                     (write-answer-line (list :raw completion)))))
                (t (write-answer-line
                    (append answer (list "text" text "isError" error-p "structured" data "token" (job-token job)))))))))))

(defun with-thread-report (job before)
  "JOB's answer, with the threads it left running stopped and named."
  (let ((left (user-threads before sb-thread:*current-thread*)))
    (if (null left)
        (job-result job)
        (let ((unstoppable (stop-user-threads left)))
          (append (job-result job)
                  (list "threadsStopped" (cons :array (mapcar #'thread-label left))
                        "threadsUnstoppable" (cons :array unstoppable)))))))

(defun take-up (job)
  "Make JOB the one this thread serves, the one cancellations are matched against."
  (setf (job-thread job) sb-thread:*current-thread*)
  (sb-thread:with-mutex (*cancel-lock*)
    (setf *serving-job* job)
    (when (member (job-id job) *cancelled-ids*)
      (setf (job-cancelled job) t))
    (setf *cancelled-ids* (remove-if (lambda (id) (<= id (job-id job))) *cancelled-ids*))))

(defun watch (job)
  "Put JOB's evaluation, starting now, under the control thread's clock; wake that
thread only if it would look too late."
  (sb-thread:with-mutex (*watch-lock*)
    (let ((timeout (job-timeout-seconds job)))
      (when timeout
        (setf (job-deadline job) (+ (monotonic-microseconds) (round (* timeout 1000000))))))
    (when (job-leased job)
      (setf (job-lease-deadline job) (+ (monotonic-microseconds) (* *lease-long-ms* 1000))))
    (setf *watched-job* job)
    (let ((deadline (job-due job)))
      (when (and deadline (or (null *control-wakes-at*) (< deadline *control-wakes-at*)))
        (sb-thread:condition-notify *watch-wakeup*)))))

(defun job-due (job)
  "When the control thread must look at JOB next: its timeout, or, for a job read under
a lease the worker still holds, when it counts as long (see LEASE-BACK-LONG)."
  (let ((deadline (and (not (job-timed-out job)) (job-deadline job)))
        (long (and (eq (job-leased job) :lease) (job-lease-deadline job))))
    (if (and deadline long) (min deadline long) (or deadline long))))

(defun unwatch (job thread-ended)
  "JOB's evaluation is over; when THREAD-ENDED, the control thread starts a successor."
  (sb-thread:with-mutex (*watch-lock*)
    (when (eq *watched-job* job)
      (setf *watched-job* nil))
    (when thread-ended
      (push job *ended-jobs*)
      (sb-thread:condition-notify *watch-wakeup*))))

(defun serve-job (job)
  "Run JOB in this (the evaluation) thread under the control thread's clock and answer it."
  (let ((before (sb-thread:list-all-threads))
        (completed nil))
    (take-up job)
    (unwind-protect
         (progn
           ;; The preparation of a timed evaluation is not the user's time.
           (when (job-prepare-timing job)
             (unless *thread-primed*
               (prime-evaluation-thread)
               (setf *thread-primed* t))
             (prepare-for-timing))
           (watch job)
           (run-job job)
           (setf completed t))
      (sb-sys:without-interrupts
        (unless completed
          ;; Evaluated code is ending this thread (abort-thread, terminate-thread).
          (setf (job-thread-ended job) t))
        (unless (job-result job)
          (setf (job-result job)
                (partial-answer job "error" "error" (error-object (make-condition 'evaluation-aborted)))))
        (answer-job job (with-thread-report job before))
        (unwatch job (not completed))
        ;; Awaited only by a control thread that interrupted this job.
        (sb-thread:signal-semaphore (job-done job))))))

(defun evaluation-loop ()
  (let ((*thread-primed* nil))
    (loop
      (if *lease*
          (serve-lease-step)
          (serve-request)))))

(defun serve-request ()
  (let ((request (read-request)))
        (when (eq request :eof)
          ;; The supervisor closed the channel: nothing more will be asked.
          (end-process-now))
        (if (and (consp request) (eq (first request) :lease))
            (grant-lease (rest request))
        (let ((job (handler-case (parse-request request)
                     (error (condition)
                       ;; With the id and token when the request has them, so the supervisor takes it as this request's answer.
                       (let ((fields (and (consp request) (ignore-errors (list (getf (rest request) :id) (getf (rest request) :token))))))
                         (send (list :object "id" (first fields) "token" (or (second fields) "")
                                     "status" "protocol-error" "message" (describe-condition condition))))
                       nil))))
          (when job
            (serve-job job))))))

(defun cancel-job (id)
  "Interrupt the evaluation of job ID as a timeout does, or have it answer at once
when the evaluation thread has yet to take it up; a finished job stays as it is."
  (sb-thread:with-mutex (*cancel-lock*)
    (let ((job *serving-job*))
      (cond ((and job (= id (job-id job)))
             (unless (job-answered job)
               (setf (job-cancelled job) t)
               (interrupt-evaluation job)))
            ((or (null job) (> id (job-id job)))
             (pushnew id *cancelled-ids*))))))

(defun watch-cancels ()
  "The cancel thread's loop: read (:cancel :id N) and (:write :token T :line S) lines
from fd 5 until it closes. A written line is acknowledged with its token on fd 4."
  (loop
    (let ((request (let ((*read-eval* nil)
                         (*package* (find-package "SPEC-RUN.WORKER")))
                     (handler-case (read *cancels* nil :eof)
                       (error () :eof)))))
      (when (eq request :eof)
        (return))
      (when (consp request)
        (case (first request)
          (:cancel (when (integerp (getf (rest request) :id))
                     (cancel-job (getf (rest request) :id))))
          (:revoke (revoke-lease (getf (rest request) :seq)))
          (:write (when (and *replies* (stringp (getf (rest request) :line)))
                    (write-reply-line (getf (rest request) :line))
                    (send (list :object "written" (getf (rest request) :token))))))))))

(defun start-evaluation-thread ()
  (sb-thread:make-thread #'evaluation-loop :name "evaluation"))

(defun interrupt-evaluation (job)
  "Stop JOB's evaluation, if its thread is still running it."
  (ignore-errors
   (sb-thread:interrupt-thread (job-thread job)
                               (lambda ()
                                 (let ((tag *evaluation-tag*))
                                   (when (and tag (eq tag (job-catch-tag job)))
                                     (throw tag :timeout)))))))

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

(defun stop-timed-out (job)
  "Interrupt JOB, whose timeout has expired, until it ends or its grace is spent;
then answer for it as stuck (the supervisor replaces a worker whose evaluation is stuck)."
  (loop with grace = (/ (job-grace-seconds job) *interrupts-per-timeout*)
        repeat *interrupts-per-timeout*
        do (interrupt-evaluation job)
           (when (sb-thread:wait-on-semaphore (job-done job) :timeout grace)
             (return-from stop-timed-out)))
  (answer-job job (partial-answer job "stuck")))

(defun next-event ()
  "Wait until the watched job's deadline has passed, or a job has ended the evaluation
thread: (:timeout JOB) or (:ended JOBS)."
  (sb-thread:with-mutex (*watch-lock*)
    (loop
      (let ((job *watched-job*)
            (now (monotonic-microseconds)))
        (when *ended-jobs*
          (return (list :ended (shiftf *ended-jobs* '()))))
        (when (and job (eq (job-leased job) :lease) (job-lease-deadline job) (>= now (job-lease-deadline job)))
          (setf (job-lease-deadline job) nil)
          (return (list :long job)))
        (when (and job (job-deadline job) (not (job-timed-out job)) (>= now (job-deadline job)))
          (setf (job-timed-out job) t)
          (return (list :timeout job)))
        (let ((wake-at (and job (job-due job))))
          (setf *control-wakes-at* wake-at)
          ;; Timed out, condition-wait returns nil without the mutex.
          (unless (sb-thread:condition-wait *watch-wakeup* *watch-lock*
                                            :timeout (and wake-at (/ (max 0 (- wake-at now)) 1000000)))
            (sb-thread:grab-mutex *watch-lock*))
          (setf *control-wakes-at* nil))))))

(defun watch-jobs ()
  "The control thread's loop: stop evaluations past their timeout, and replace an
evaluation thread that evaluated code ended."
  (loop
    (destructuring-bind (event data) (next-event)
      (ecase event
        (:timeout (stop-timed-out data))
        (:long (lease-back-long data))
        (:ended
         (dolist (job data)
           (sb-thread:join-thread (job-thread job) :default nil :timeout 1)
           (start-evaluation-thread)))))))

(defun parse-request (request)
  "A job from (:evaluate :id N :token T :code S :package P :timeout-ms M :grace-ms G :max-output K
:prepare-timing B :capture-time B :note S :reply-id S :cancelled B)."
  (destructuring-bind (operation &key id token code package timeout-ms grace-ms max-output prepare-timing
                                      capture-time note reply-id cancelled)
      request
    (unless (eq operation :evaluate)
      (error "unknown request ~S" operation))
    (when (and timeout-ms (not grace-ms))
      (error "a request with :timeout-ms needs :grace-ms, the time its evaluation gets to unwind"))
    (make-job :id id :token (or token "") :code code :package-name package
              :timeout-seconds (and timeout-ms (/ timeout-ms 1000))
              :grace-seconds (and grace-ms (/ grace-ms 1000))
              :max-output max-output :prepare-timing prepare-timing
              :capture-time capture-time :note note
              ;; Without fd 6 there is no client to answer: the answer goes to Node.
              :reply-id (and *replies* reply-id)
              ;; Cancelled while it waited in Node: answered "cancelled", nothing evaluated.
              :cancelled cancelled)))

(defun dup-cloexec (fd lowest)
  "fcntl(FD, F_DUPFD_CLOEXEC, LOWEST): a copy of FD at the lowest free descriptor from
LOWEST on, closed on exec; -1 when none could be made."
  ;; 1030 is F_DUPFD_CLOEXEC (Linux 2.6.24).
  (sb-alien:alien-funcall (sb-alien:extern-alien "fcntl" (function sb-alien:int sb-alien:int sb-alien:int sb-alien:int))
                          fd 1030 lowest))

(defun private-copy (fd)
  "FD, the client's stdout or the marks file, moved where only the worker's answering
code uses it: a copy at a
descriptor number drawn at random above the low ones (or the first free from 7, where
the limit on open files is too low for that), closed on exec so that no program
started gets it, and FD itself closed. Evaluated code that writes on FD, the number
the supervisor passes, meets a closed descriptor (or a file of its own that took the
number since), never the client's stream. This guards against mistakes, not intent:
code that looks for the copy (in /proc/self/fd) finds it."
  (let ((copy (loop for lowest in (list (+ 100 (random 900 (make-random-state t))) 7)
                    for copy = (dup-cloexec fd lowest)
                    when (>= copy 0) return copy)))
    (unless copy
      (error "fd ~D, handed over by Node, could not be copied." fd))
    (sb-unix:unix-close fd)
    copy))

(defun main (&key replies-fd marks-fd client-fd journal-fd)
  "Serve requests; REPLIES-FD is the client's stdout, when Node passed it, and MARKS-FD
the file of MARK-REPLY (see above)."
  (setf *control-thread* sb-thread:*current-thread*)
  (install-guards)
  (setf *requests* (sb-sys:make-fd-stream 3 :input t :external-format :utf-8 :buffering :full)
        *answers* (sb-sys:make-fd-stream 4 :output t :external-format :latin-1 :buffering :full)
        *cancels* (sb-sys:make-fd-stream 5 :input t :external-format :utf-8 :buffering :full)
        *replies* (and replies-fd (private-copy replies-fd))
        *reply-marks* (and marks-fd (private-copy marks-fd))
        ;; Both or neither: reading the client needs a journal of what was read.
        *client-fd* (and replies-fd client-fd journal-fd (private-copy client-fd))
        *journal-fd* (and *client-fd* (private-copy journal-fd)))
  (adopt-orphans)
  (watch-parent)
  (sb-thread:make-thread #'watch-cancels :name "cancel watch")
  (start-evaluation-thread)
  (send (list :object "ready" :true "pid" (sb-unix:unix-getpid)))
  (watch-jobs))

;;; Parent death. The supervisor starts the worker with SIGHUP as its parent-death
;;; signal, so when the process that serves it ends, however it ends (SIGKILL
;;; included), the kernel tells the worker, which stops the programs user code started
;;; before it exits: run-program puts each in a session of its own, where nothing else
;;; would reach it. Should the signal wait behind user code that holds interrupts
;;; off, a thread of its own that sees the parent gone does the same.

(defparameter *parent-poll-seconds* 0.25)

(defun getppid ()
  (sb-alien:alien-funcall (sb-alien:extern-alien "getppid" (function sb-alien:int))))

(defun process-entry (pid)
  "(PID PPID PGRP) of a live process from /proc/PID/stat; NIL once it has ended."
  (ignore-errors
   (let* ((line (with-open-file (stream (format nil "/proc/~D/stat" pid) :external-format :latin-1)
                  (read-line stream)))
          ;; The fields after the parenthesised command name: state ppid pgrp ...
          (fields (subseq line (+ 2 (position #\) line :from-end t))))
          (ppid-start (1+ (position #\Space fields)))
          (pgrp-start (1+ (position #\Space fields :start ppid-start))))
     (unless (member (char fields 0) '(#\Z #\X))
       (list pid
             (parse-integer fields :start ppid-start :junk-allowed t)
             (parse-integer fields :start pgrp-start :junk-allowed t))))))

(defun process-entries ()
  (let ((entries '()))
    (sb-impl::map-directory
     (lambda (directory)
       (let ((name (car (last (pathname-directory directory)))))
         (when (every #'digit-char-p name)
           (let ((entry (process-entry (parse-integer name))))
             (when entry (push entry entries))))))
     "/proc/" :files nil :directories t)
    entries))

(defun descendant-entries ()
  "The live processes below this one (children, their children...), found whole
before any is signalled: a killed parent's children move to another parent."
  (let ((entries (process-entries))
        (found '()))
    (loop for frontier = (list (sb-unix:unix-getpid))
            then (mapcar #'first children)
          for children = (remove-if-not (lambda (entry) (member (second entry) frontier)) entries)
          while children
          do (setf found (append children found)))
    found))

(defun stop-programs-and-exit ()
  "SIGKILL every process below this one, and the process group of each unless it is
this process's own (the supervisor's), then end. As the init of a PID namespace (pid
1) it only ends: the kernel then ends every process in the namespace, and /proc,
which shows the machine's processes, would name other processes' children."
  (when (= (sb-unix:unix-getpid) 1)
    (end-process-now))
  (ignore-errors
   (let ((own-group (sb-alien:alien-funcall (sb-alien:extern-alien "getpgrp" (function sb-alien:int)))))
     ;; A second round catches what forked while the first one looked.
     (loop repeat 2
           do (dolist (entry (descendant-entries))
                (destructuring-bind (pid ppid pgrp) entry
                  (declare (ignore ppid))
                  (unless (or (= pgrp own-group) (<= pgrp 1))
                    (sb-unix:unix-killpg pgrp sb-unix:sigkill))
                  (sb-unix:unix-kill pid sb-unix:sigkill))))))
  (end-process-now))

(defun adopt-orphans ()
  "Make this process the child subreaper of what it starts: a program whose parent
ends (a shell that left `setsid daemon &` behind, a double fork) becomes a child of
the worker rather than of init, so the supervisor's stop and STOP-PROGRAMS-AND-EXIT
still find it among the worker's descendants. Nothing reaps such an orphan once it
has ended: it stays a zombie until the worker ends."
  ;; 36 is PR_SET_CHILD_SUBREAPER (Linux 3.4); elsewhere the call fails and changes nothing.
  (sb-alien:alien-funcall (sb-alien:extern-alien "prctl" (function sb-alien:int sb-alien:int sb-alien:unsigned-long
                                                                   sb-alien:unsigned-long sb-alien:unsigned-long sb-alien:unsigned-long))
                          36 1 0 0 0))

(defun watch-parent ()
  "Start the thread that ends the worker, with its programs, once its parent is gone."
  (let ((parent (getppid)))
    (sb-thread:make-thread (lambda ()
                             (loop (sleep *parent-poll-seconds*)
                                   (unless (= (getppid) parent)
                                     (stop-programs-and-exit))))
                           :name "parent watch")))

(defparameter *priming-code*
  "(list (loop repeat 3 sum 1) (loop for i from 0 below 3 collect i) (loop for x in '(1 2) count (oddp x))
         (loop for x across #(1 2) maximize x) (loop for x in '(1 2) minimize x) (loop for x in '((1)) append x)
         (loop for i from 1 to 3 while (< i 2) thereis (evenp i)) (loop for i below 2 always (< i 3))
         (let ((total 0)) (dotimes (i 3) (incf total i)) (dolist (x '(1 2)) (incf total x)) total)
         (* 1.5d0 (+ 1 2)) (format nil \"~A\" (make-list 2)))"
  "Representative code for PRIME-EVALUATION-THREAD: LOOP's common clauses,
iteration macros, generic arithmetic and printing.")

(defun prime-evaluation-thread ()
  "Evaluate representative code in the evaluation thread before its first timed
evaluation. A new process maps the image's pages lazily, a new thread starts with
untouched stack and allocation pages, and saving the image dropped the
compiler's type caches: a session's first compilation of each kind of form paid
for all of that, up to half a millisecond, landing in its first timed evaluation.
Done then rather than at start, so sessions that never time anything (most) do
not pay for it."
  (let ((package *session-package*))
    (prepare-for-timing)
    (run-job (make-job :code *priming-code* :max-output 1000))
    (setf *session-package* package)))

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
