;;;; The channel to spec-run (the host). Spec code may use the process's stdin
;;;; and stdout, so the driver talks on fds 3 (host to driver: one readable
;;;; s-expression per message) and 4 (driver to host: one JSON object per line).
;;;; Requests to runtime servers are made by the host: the driver asks and
;;;; blocks until the reply. Spec code may ask from several threads at once, so
;;;; writes to the host hold a lock, and each reply (:reply rid ...) goes to the
;;;; thread that asked for request RID, whichever thread read it; a command read by a
;;;; thread waiting for its reply (one the host sent ahead) goes to the command loop.

(in-package #:spec-run)

(defvar *from-host* nil)
(defvar *to-host* nil)

(defun open-host-channel ()
  (setf *messages-sent* 0
        *from-host* (sb-sys:make-fd-stream 3 :input t :external-format :utf-8
                                             :buffering :full :name "spec-run host input")
        *to-host* (sb-sys:make-fd-stream 4 :output t :external-format :utf-8
                                           :buffering :full :name "spec-run host output")))

(defvar *to-host-lock* (bt:make-lock "spec-run host output"))

(defvar *messages-sent* 0
  "Messages this process has sent the host. Each carries its number (seq), which the
host checks: a line spec code writes on fd 4 is not taken for the driver's.")

(defun send-to-host (message)
  ;; Encoded whole before writing, outside the lock (the error's own point is sent): a
  ;; value with no JSON form must fail here, not leave half a line on the channel.
  (let ((object (to-json message)))
    ;; Interrupts wait for the whole line: one stopping a thread, or an EXIT that a thread
    ;; of spec code makes in the driver's (EXIT-AFTER-UNIT), sends a message of its own.
    (sb-sys:without-interrupts
      (bt:with-lock-held (*to-host-lock*)
        ;; Numbered under the lock, so the numbers follow the lines' order.
        (write-string object *to-host* :end (1- (length object)))
        (format *to-host* ",\"seq\":~D}~%" (incf *messages-sent*))
        (finish-output *to-host*)))))

(defun read-from-host ()
  "The next message of the host. The host going away ends the driver."
  (handler-case
      (with-standard-io-syntax
        (let ((*package* (find-package '#:spec-run))
              (*read-eval* nil))
          (read *from-host*)))
    (end-of-file ()
      ;; Not SB-EXT:EXIT, which spec code's call of stops its unit (driver.lisp).
      (sb-sys:os-exit 0 :abort t))))

(define-condition host-request-failed (error)
  ((operation :initarg :operation :reader host-request-operation)
   (message :initarg :message :reader host-request-message))
  (:report (lambda (condition stream)
             (format stream "~A failed: ~A"
                     (host-request-operation condition)
                     (host-request-message condition)))))

;;; Replies are matched to requests by rid. A reply is kept only for a request whose
;;; thread still waits for it: one for a rid never asked, already answered or given up
;;; (its thread stopped while it waited) is dropped, with a note on stderr, the tail
;;; spec-run shows when the driver dies.

(defvar *last-request-id* 0)

(defvar *replies-lock* (bt:make-lock "spec-run replies"))
(defvar *reply-arrived* (bt:make-condition-variable :name "spec-run reply arrived"))
(defvar *awaited* (cl:make-hash-table) "Rids of requests whose thread waits for the reply.")
(defvar *replies* (cl:make-hash-table)
  "Replies read from the host that their thread has not taken yet: rid -> outcome.")
(defvar *reading-replies* nil "True while some thread reads the host's input.")

(defvar *main-thread* nil "The driver's own thread, which reads commands.")

(defvar *commands-read-early* '()
  "Commands a thread waiting for its reply read before it (the host sends a unit's command
while the command before it runs, driver.ts's send), oldest first: the command loop runs
them, in order, before it reads on (NEXT-COMMAND).")

(defun next-command ()
  "The command loop's next message: a command read early, else the host's next message."
  (or (bt:with-lock-held (*replies-lock*) (pop *commands-read-early*))
      (read-from-host)))

(defun file-reply (reply)
  "Keep REPLY, a (:reply rid outcome) read from the host, for the thread that waits
for it, and wake the waiting threads; drop it when none does. Takes *REPLIES-LOCK*."
  (destructuring-bind (rid outcome) (rest reply)
    (bt:with-lock-held (*replies-lock*)
      (cond ((gethash rid *awaited*)
             (setf (gethash rid *replies*) outcome)
             (sb-thread:condition-broadcast *reply-arrived*))
            (t (format *error-output* "~&spec-run driver: dropped a reply to request ~S, which no thread waits for~%" rid)
               (finish-output *error-output*))))))

(defun read-reply ()
  "Read the host's next message and file it: a reply for its thread (FILE-REPLY), a
command for the command loop (*COMMANDS-READ-EARLY*). A thread of spec code is not
stopped between the two, nor halfway through a message (a unit's threads left running
are stopped at its end): a message read must reach its reader, and a message half read
would leave the rest for the next reader."
  (flet ((read-and-file ()
           (let ((message (read-from-host)))
             (if (and (consp message) (eq (first message) :reply))
                 (file-reply message)
                 (bt:with-lock-held (*replies-lock*)
                   (setf *commands-read-early* (append *commands-read-early* (list message))))))))
    (if (eq sb-thread:*current-thread* *main-thread*)
        (read-and-file)
        (sb-sys:without-interrupts (read-and-file)))))

(defun await-reply (rid)
  "The outcome (status value) of request RID. One waiting thread at a time reads
the host's input and files each reply under its rid; the others wait for theirs.
A wait given up (its thread stopped) leaves nothing behind: its reply is dropped."
  (bt:with-lock-held (*replies-lock*)
    (loop
      (multiple-value-bind (outcome found) (gethash rid *replies*)
        (when found (return outcome)))
      (if *reading-replies*
          (bt:condition-wait *reply-arrived* *replies-lock*)
          (progn (setf *reading-replies* t)
                 (bt:release-lock *replies-lock*)
                 (unwind-protect (read-reply)
                   (bt:acquire-lock *replies-lock*)
                   (setf *reading-replies* nil)
                   ;; Another waiting thread reads next, should this one be done or stopped.
                   (sb-thread:condition-broadcast *reply-arrived*)))))))

(defun host-request (operation &rest fields)
  "Ask the host to do OPERATION; FIELDS is an alist sent along. Returns the
host's value, or signals HOST-REQUEST-FAILED with the host's explanation.
Safe to call from several threads at once."
  (let ((rid (bt:with-lock-held (*replies-lock*)
               (let ((rid (incf *last-request-id*)))
                 (setf (gethash rid *awaited*) t)
                 rid))))
    (destructuring-bind (status value)
        (unwind-protect
             (progn (send-to-host `((:type . "request") (:rid . ,rid) (:op . ,operation) ,@fields))
                    (await-reply rid))
          ;; Answered or given up: a reply still to come for RID is dropped.
          (bt:with-lock-held (*replies-lock*)
            (remhash rid *awaited*)
            (remhash rid *replies*)))
      (ecase status
        (:ok value)
        (:error (error 'host-request-failed :operation operation :message value))))))
