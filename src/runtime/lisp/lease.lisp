(in-package #:spec-run.worker)

;;; A lease of the client's stdin. Node owns the client's stdin; when the session is idle
;;; (nothing in flight, nothing read and unhandled) it may stop reading and send
;;; (:lease ...) on fd 3: the evaluation thread then reads the client's requests itself
;;; (fd 8, moved out of user code's way like fd 6) and answers plain evaluate-lisp calls
;;; on the client's stdout, waking Node for none of it. Anything else, or a doubt, hands
;;; the lease back: the client's line, and every byte read after it, are Node's again.
;;;
;;; What was read is written, before anything is done with it, to the journal (fd 9, an
;;; unlinked file of Node's), and a header at its start says how far the worker has
;;; taken the bytes up (TAKEN: each request taken up is the worker's to answer) and how
;;; far it read (END), and the job taken up last. Node reads the journal when the lease
;;; comes back: told by a line on fd 4 ({"lease":SEQ,"back":REASON}), or because the
;;; worker died, or did not hand it back when asked (REVOKE-LEASE; then Node ends it).
;;; The bytes from TAKEN to END are Node's to read before its stdin's next; the job named
;;; is answered if the marks file (MARK-REPLY) says so, else Node answers it. The lease
;;; goes back with a job still running when it runs long (*LEASE-LONG-MS*): from then on
;;; Node tracks it as its own (its cancellation, its backstop), and it is answered with a
;;; completion line to Node as any other.
;;;
;;; While it holds the lease the worker says in the header every *LEASE-POLL-MS* that it is
;;; alive (BEAT-LEASE) whenever it waits on the client: for its next bytes, or for room to
;;; write an answer to a client that does not read (WRITE-TO-CLIENT). Node asks for the lease
;;; back from a worker that says nothing, and ends it if its process is stopped: ended while
;;; it waited on its client, it would cut the answer it was writing.
;;;
;;; The one moment this cannot cover: bytes read from the client, the process killed
;;; before they are in the journal (microseconds, between read(2) and pwrite(2)).

(defvar *client-fd* nil "The client's stdin (a private copy), when Node passed it.")
(defvar *journal-fd* nil "The journal of what was read under a lease (see above).")
(defvar *lease-lock* (sb-thread:make-mutex :name "lease")
  "Held while *LEASE* changes or its journal header is written; taken after *ANSWER-LOCK*.")
(defvar *lease* nil "The lease the worker holds now, or nil.")
(defparameter *lease-long-ms* 50 "A job read under a lease that runs this long goes back to Node.")
(defparameter *lease-max-line* (* 1024 1024) "A client's line longer than this is Node's to read.")
(defparameter *lease-poll-ms* 100 "How often the worker, waiting for the client, says it is alive.")
(defconstant +journal-header+ 512 "Bytes of the header before the journal's data.")

(defstruct lease
  seq next-id timeout-ms grace-ms max-output
  (revoked nil)
  (heartbeat 0)
  ;; The job taken up last, while it may still be Node's to answer.
  (job nil))

;;; The bytes read under the lease: the buffer's index I is the journal's data offset BASE + I.
(defvar *lease-buffer* (make-array 65536 :element-type '(unsigned-byte 8)))
(defvar *lease-base* 0)
(defvar *lease-start* 0 "The first byte not taken up.")
(defvar *lease-end* 0 "The end of the bytes read.")

(defvar *lease-random* (make-random-state t))

(defun pwrite-bytes (fd buffer start end offset)
  (sb-sys:with-pinned-objects (buffer)
    (sb-alien:alien-funcall (sb-alien:extern-alien "pwrite" (function sb-alien:long sb-alien:int sb-alien:system-area-pointer
                                                                      sb-alien:unsigned-long sb-alien:long))
                            fd (sb-sys:sap+ (sb-sys:vector-sap buffer) start) (- end start) offset)))

(defun write-lease-header (lease state)
  "The journal's header: STATE (H held, B back) SEQ HEARTBEAT TAKEN END NEXT-ID, and the job
taken up last (id, token, the client's id as JSON text) or - - -."
  (let ((job (lease-job lease)))
    (pwrite *journal-fd*
            (format nil "~A ~D ~D ~D ~D ~D ~:[- - -~;~:*~{~D ~A ~A~}~]~%"
                    state (lease-seq lease) (lease-heartbeat lease)
                    (+ *lease-base* *lease-start*) (+ *lease-base* *lease-end*) (lease-next-id lease)
                    (and job (list (job-id job) (job-token job) (job-reply-id job))))
            0)))

(defun grant-lease (fields)
  "(:lease :seq N :next-id N :timeout-ms M :grace-ms G :max-output K) from Node: read the client."
  (destructuring-bind (&key seq next-id timeout-ms grace-ms max-output) fields
    (if *client-fd*
        (sb-thread:with-mutex (*lease-lock*)
          (let ((lease (make-lease :seq seq :next-id next-id :timeout-ms timeout-ms :grace-ms grace-ms :max-output max-output)))
            (setf *lease-base* 0 *lease-start* 0 *lease-end* 0)
            (write-lease-header lease "H")
            (setf *lease* lease)))
        ;; Nothing to read the client with: back at once.
        (send (list :object "lease" seq "back" "unable")))))

(defun beat-lease ()
  "Say in the journal that the worker, holding the lease, is alive: it waits for the
client's next bytes, or for room to write to a client that does not read."
  (sb-thread:with-mutex (*lease-lock*)
    (let ((lease *lease*))
      (when lease
        (incf (lease-heartbeat lease))
        (write-lease-header lease "H")))))

(defun release-lease (reason &optional job)
  "Hand the lease back to Node; JOB, not yet answered or being answered now, is Node's to
track from now on (its answer ends with a completion line to Node). With *ANSWER-LOCK* and
*LEASE-LOCK* held."
  (let ((lease *lease*))
    (when lease
      (if job
          (setf (job-leased job) :tracked
                (lease-job lease) job)
          ;; None: nothing for Node to answer.
          (setf (lease-job lease) nil))
      (write-lease-header lease "B")
      (setf *lease* nil)
      (write-answer-line (list :object "lease" (lease-seq lease) "back" reason)))))

(defun hand-back (reason)
  "From the evaluation thread, between jobs."
  (sb-thread:with-mutex (*answer-lock*)
    (sb-thread:with-mutex (*lease-lock*)
      (release-lease reason))))

(defun lease-back-long (job)
  "The control thread's: JOB, read under the lease, runs long; the lease goes back with it."
  (sb-thread:with-mutex (*answer-lock*)
    (sb-thread:with-mutex (*lease-lock*)
      (when (and *lease* (eq (lease-job *lease*) job) (not (job-answered job)))
        (release-lease "long" job)))))

(defun revoke-lease (seq)
  "Node wants the lease back: the evaluation thread hands it back at its next look, and a
job running now goes back with it."
  (sb-thread:with-mutex (*lease-lock*)
    (let ((lease *lease*))
      (when (and lease (eql seq (lease-seq lease)))
        (setf (lease-revoked lease) t))))
  (let ((job (and *lease* (lease-job *lease*))))
    (when job (lease-back-long job))))

;;; The client's line, read as JSON without regard to key order.

(defun parse-client-line (buffer start end)
  "The code, package, capture-time and the client's id (as JSON text) of the line from START
to END when it is a plain evaluate-lisp call Node would answer exactly as the worker does;
nil for anything else, however well-formed."
  (declare (type (simple-array (unsigned-byte 8) (*)) buffer) (fixnum start end))
  (let ((i start))
    (declare (fixnum i))
    (labels ((fail () (return-from parse-client-line nil))
             (peek () (if (< i end) (aref buffer i) (fail)))
             (next () (prog1 (peek) (incf i)))
             (ws () (loop while (and (< i end) (member (aref buffer i) '(32 9 13))) do (incf i)))
             (expect (byte) (unless (= (next) byte) (fail)))
             (literal (text value)
               (loop for c across text do (expect (char-code c)))
               value)
             (hex4 ()
               (let ((value 0))
                 (dotimes (k 4 value)
                   (let ((digit (digit-char-p (code-char (next)) 16)))
                     (unless digit (fail))
                     (setf value (+ (* value 16) digit))))))
             (continuation ()
               (let ((byte (next)))
                 (unless (= (logand byte #xC0) #x80) (fail))
                 (logand byte #x3F)))
             (json-string ()
               (expect 34)
               ;; Plain ASCII up to the closing quote, the common case, copied at once.
               (let ((plain-end (loop for j from i below end
                                      for byte = (aref buffer j)
                                      while (and (<= 32 byte 126) (/= byte 92) (/= byte 34))
                                      finally (return j))))
                 (when (and (< plain-end end) (= (aref buffer plain-end) 34))
                   (let ((text (make-string (- plain-end i))))
                     (loop for j from i below plain-end
                           for k from 0
                           do (setf (schar text k) (code-char (aref buffer j))))
                     (setf i (1+ plain-end))
                     (return-from json-string text))))
               (let ((out (make-string-output-stream)))
                 (loop
                   (let ((byte (next)))
                     (cond ((= byte 34) (return (get-output-stream-string out)))
                           ((= byte 92)
                            (let ((escape (next)))
                              (case escape
                                (34 (write-char #\" out)) (92 (write-char #\\ out)) (47 (write-char #\/ out))
                                (98 (write-char (code-char 8) out)) (102 (write-char (code-char 12) out))
                                (110 (write-char (code-char 10) out)) (114 (write-char (code-char 13) out))
                                (116 (write-char (code-char 9) out))
                                (117 (let ((unit (hex4)))
                                       (cond ((<= #xD800 unit #xDBFF)
                                              (expect 92) (expect 117)
                                              (let ((low (hex4)))
                                                (unless (<= #xDC00 low #xDFFF) (fail))
                                                (write-char (code-char (+ #x10000 (ash (- unit #xD800) 10) (- low #xDC00))) out)))
                                             ;; A lone surrogate: Node's reading of it is not the worker's.
                                             ((<= #xDC00 unit #xDFFF) (fail))
                                             (t (write-char (code-char unit) out)))))
                                (t (fail)))))
                           ((< byte 32) (fail))
                           ((< byte 128) (write-char (code-char byte) out))
                           ((<= #xC2 byte #xDF)
                            (write-char (code-char (logior (ash (logand byte #x1F) 6) (continuation))) out))
                           ((<= #xE0 byte #xEF)
                            (let ((code (logior (ash (logand byte #x0F) 12) (ash (continuation) 6) (continuation))))
                              (when (or (< code #x800) (<= #xD800 code #xDFFF)) (fail))
                              (write-char (code-char code) out)))
                           ((<= #xF0 byte #xF4)
                            (let ((code (logior (ash (logand byte #x07) 18) (ash (continuation) 12) (ash (continuation) 6) (continuation))))
                              (unless (<= #x10000 code #x10FFFF) (fail))
                              (write-char (code-char code) out)))
                           (t (fail)))))))
             (json-integer ()
               ;; An integer as JSON.stringify writes it back (no -0, no fraction or exponent), safe in a double.
               (let ((from i))
                 (when (= (peek) 45) (incf i))
                 (let ((digits-from i))
                   (loop while (and (< i end) (<= 48 (aref buffer i) 57)) do (incf i))
                   (let ((digits (- i digits-from)))
                     (when (or (zerop digits) (> digits 15)
                               (and (> digits 1) (= (aref buffer digits-from) 48))
                               (and (= digits 1) (= (aref buffer digits-from) 48) (/= from digits-from)))
                       (fail))))
                 (when (and (< i end) (member (aref buffer i) '(46 101 69))) (fail))
                 (list :integer (map 'string #'code-char (subseq buffer from i)))))
             (value ()
               (case (peek)
                 (34 (json-string))
                 (123 (json-object))
                 (116 (literal "true" :true))
                 (102 (literal "false" :false))
                 (t (json-integer))))
             (json-object ()
               (expect 123)
               (ws)
               (let ((members '()))
                 (if (= (peek) 125)
                     (incf i)
                     (loop
                       (ws)
                       (let ((key (json-string)))
                         (when (assoc key members :test #'string=) (fail))
                         (ws) (expect 58) (ws)
                         (push (cons key (value)) members))
                       (ws)
                       (case (next)
                         (44)
                         (125 (return))
                         (t (fail)))))
                 (cons :object members)))
             (member-of (object key)
               (cdr (assoc key (rest object) :test #'string=)))
             (keys-p (object required &optional optional)
               (and (consp object) (eq (first object) :object)
                    (every (lambda (key) (assoc key (rest object) :test #'string=)) required)
                    (every (lambda (member) (or (member (car member) required :test #'string=)
                                                (member (car member) optional :test #'string=)))
                           (rest object)))))
      (ws)
      (let ((message (json-object)))
        (ws)
        (unless (= i end) (fail))
        (unless (and (keys-p message '("jsonrpc" "id" "method" "params"))
                     (equal (member-of message "jsonrpc") "2.0")
                     (equal (member-of message "method") "tools/call"))
          (fail))
        (let ((params (member-of message "params"))
              (id (member-of message "id")))
          (unless (and (keys-p params '("name" "arguments"))
                       (equal (member-of params "name") "evaluate-lisp"))
            (fail))
          (let ((arguments (member-of params "arguments")))
            (unless (keys-p arguments '("code") '("package" "capture-time")) (fail))
            (let ((code (member-of arguments "code"))
                  (package (assoc "package" (rest arguments) :test #'string=))
                  (capture (assoc "capture-time" (rest arguments) :test #'string=)))
              (unless (and (stringp code)
                           (or (null package) (stringp (cdr package)))
                           (or (null capture) (member (cdr capture) '(:true :false))))
                (fail))
              (values code (cdr package) (and capture (eq (cdr capture) :true))
                      (cond ((and (consp id) (eq (first id) :integer)) (second id))
                            ;; A string id the worker writes back as JSON.stringify does: plain ASCII.
                            ((and (stringp id) (<= (length id) 200)
                                  (every (lambda (c) (plain-json-char-p (char-code c))) id))
                             (concatenate 'string "\"" id "\""))
                            (t (fail)))))))))))

;;; The evaluation thread's loop while it holds the lease.

(defun blank-line-p (buffer start end)
  (loop for j from start below end always (member (aref buffer j) '(32 9 13))))

(defun serve-lease-step ()
  "Take up the next line read, or read more, or hand the lease back."
  (let* ((lease *lease*)
         (newline (position 10 *lease-buffer* :start *lease-start* :end *lease-end*)))
    (cond ((lease-revoked lease) (hand-back "revoked"))
          ((and newline (blank-line-p *lease-buffer* *lease-start* newline))
           ;; Node skips blank lines too; should it read them again, it skips them again.
           (setf *lease-start* (1+ newline)))
          (newline
           (multiple-value-bind (code package capture-time reply-id)
               (ignore-errors (parse-client-line *lease-buffer* *lease-start* newline))
             (if (null code)
                 (hand-back "request")
                 (let ((job nil))
                   (sb-thread:with-mutex (*lease-lock*)
                     (when (eq *lease* lease)
                       (setf job (make-job :id (lease-next-id lease)
                                           :token (format nil "~32,'0x" (random (expt 2 128) *lease-random*))
                                           :code code :package-name package :capture-time capture-time
                                           :reply-id reply-id :leased :lease
                                           :timeout-seconds (and (lease-timeout-ms lease) (/ (lease-timeout-ms lease) 1000))
                                           :grace-seconds (and (lease-grace-ms lease) (/ (lease-grace-ms lease) 1000))
                                           :max-output (lease-max-output lease)))
                       (incf (lease-next-id lease))
                       (setf *lease-start* (1+ newline)
                             (lease-job lease) job)
                       (write-lease-header lease "H")))
                   (when job
                     (serve-job job))))))
          ((> (- *lease-end* *lease-start*) *lease-max-line*) (hand-back "long-line"))
          (t (read-client lease)))))

(defun read-client (lease)
  "Wait for the client's next bytes, saying every *LEASE-POLL-MS* that the worker is alive;
journal what comes. The end of the client's input, or an error, hands the lease back."
  (when (= *lease-start* *lease-end*)
    (incf *lease-base* *lease-start*)
    (setf *lease-start* 0 *lease-end* 0)
    (when (> *lease-base* (* 4 1024 1024))
      ;; The journal starts over once all it holds was taken up.
      (sb-thread:with-mutex (*lease-lock*)
        (setf *lease-base* 0)
        (write-lease-header lease "H"))))
  (when (> (+ *lease-end* 65536) (length *lease-buffer*))
    (let ((bigger (make-array (max (* 2 (length *lease-buffer*)) (+ *lease-end* 65536)) :element-type '(unsigned-byte 8))))
      (replace bigger *lease-buffer* :start2 *lease-start* :end2 *lease-end*)
      (incf *lease-base* *lease-start*)
      (setf *lease-end* (- *lease-end* *lease-start*) *lease-start* 0 *lease-buffer* bigger)))
  (loop
    (when (lease-revoked lease) (return))
    (if (sb-unix:unix-simple-poll *client-fd* :input *lease-poll-ms*)
        (let ((buffer *lease-buffer*))
          (multiple-value-bind (count errno)
              (sb-sys:with-pinned-objects (buffer)
                (sb-unix:unix-read *client-fd* (sb-sys:sap+ (sb-sys:vector-sap buffer) *lease-end*) (- (length buffer) *lease-end*)))
            (cond ((and count (plusp count))
                   (pwrite-bytes *journal-fd* buffer *lease-end* (+ *lease-end* count) (+ +journal-header+ *lease-base* *lease-end*))
                   (sb-thread:with-mutex (*lease-lock*)
                     (incf *lease-end* count)
                     (write-lease-header lease "H"))
                   (return))
                  ((and (null count) (member errno (list sb-unix:eagain sb-unix:eintr))))
                  (t (hand-back (if (eql count 0) "eof" "error"))
                     (return)))))
        (beat-lease))))
