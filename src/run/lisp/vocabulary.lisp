;;;; The test vocabulary: sessions on runtime servers, requests, and accessors on
;;;; responses. A response is the JSON-RPC message as the host converted it: an
;;;; object is an alist keyed by upper-cased keywords ("isError" -> :ISERROR), an
;;;; array a list, true T, false and null NIL.

(in-package #:spec-run)

;;; Sessions

(defstruct (test-session (:constructor make-session (server)))
  "One runtime server process started by the host, MCP handshake done."
  (server 0 :type integer)
  (stopped nil))

(defmethod print-object ((session test-session) stream)
  (print-unreadable-object (session stream :type t)
    (format stream "server ~D~:[~; stopped~]"
            (test-session-server session) (test-session-stopped session))))

(defun start-test-server ()
  "A fresh runtime server, initialized, with its own limits and Lisp state.
Released when spec code can no longer reach it (see sessions.lisp)."
  (let ((release (take-unreachable-servers)))
    (let ((server (if release
                      (host-request "start-server" `(:release . ,release))
                      (host-request "start-server"))))
      (watch-session (make-session server) server))))

(defun make-test-session ()
  (start-test-server))

(defun stop-test-server (session)
  (unless (test-session-stopped session)
    (setf (test-session-stopped session) t)
    (forget-session session)
    (host-request "stop-server" `(:server . ,(test-session-server session))))
  nil)

(defun cleanup-test-session (session)
  (stop-test-server session))

;;; Requests

(defun send-request (session message)
  "Send one JSON-RPC MESSAGE (an alist, or a string sent as the line itself)
and return the response; NIL for a notification, which has no answer."
  (host-request "send"
                `(:server . ,(test-session-server session))
                (if (stringp message) `(:raw . ,message) `(:message . ,message))))

(defvar *last-call-id* 0)

(defun send-tool-call (session tool-name arguments)
  (send-request session
                `((:jsonrpc . "2.0")
                  (:id . ,(incf *last-call-id*))
                  (:method . "tools/call")
                  (:params . ((:name . ,tool-name)
                              (:arguments . ,arguments))))))

(defun call-tool (tool-name arguments session)
  (send-tool-call session tool-name arguments))

(defun with-package-argument (arguments package)
  (if package (append arguments `(("package" . ,package))) arguments))

(defun evaluate-in-session (session code &optional package)
  (send-tool-call session "evaluate-lisp" (with-package-argument `(("code" . ,code)) package)))

(defvar *default-session* nil)

(defun default-session ()
  (when (or (null *default-session*) (test-session-stopped *default-session*))
    (setf *default-session* (make-test-session)))
  *default-session*)

(defun time-execution (code &optional package)
  "A time-execution call on the document's default session."
  (send-tool-call (default-session) "time-execution" (with-package-argument `(("code" . ,code)) package)))

;;; Accessors

(defun name-string (key)
  (if (stringp key) key (symbol-name key)))

(defun field-entry (object key)
  "The entry of KEY in an alist or hash table, matched ignoring case."
  (cond ((hash-table-p object)
         (loop for k being the hash-keys of object using (hash-value v)
               when (string-equal (name-string k) (name-string key))
                 return (cons k v)))
        ((listp object)
         (find-if (lambda (entry)
                    (and (consp entry)
                         (or (symbolp (car entry)) (stringp (car entry)))
                         (car entry)
                         (string-equal (name-string (car entry)) (name-string key))))
                  object))))

(defun field (object key)
  (cdr (field-entry object key)))

(defun result-response-p (response)
  "True for a JSON-RPC response carrying a result (not an error)."
  (and (consp response) (field-entry response "result") (not (field-entry response "error")) t))

(defun error-response-p (response)
  (and (consp response) (field-entry response "error") t))

(defun error-code (response)
  (field (field response "error") "code"))

(defun error-message (response)
  (field (field response "error") "message"))

(defun response-id (response)
  (field response "id"))

(defun result-field (response key)
  (field (field response "result") key))

(defun result-content (response)
  (result-field response "content"))

(defun result-content-text (response)
  "The text of all text items of result.content, joined by newlines."
  (format nil "~{~A~^~%~}"
          (loop for item in (result-content response)
                when (equal (field item "type") "text")
                  collect (field item "text"))))

(defun result-text (response)
  (result-content-text response))

(defun result-success-p (response)
  (and (result-response-p response) (not (result-field response "isError"))))

(defun result-value (response)
  "The printed values: the text after \"=> \" on the value lines, one per line."
  (format nil "~{~A~^~%~}"
          (loop for line in (split-lines (result-content-text response))
                when (and (>= (length line) 3) (string= "=> " line :end2 3))
                  collect (subseq line 3))))

(defun split-lines (text)
  (loop for start = 0 then (1+ end)
        for end = (position #\Newline text :start start)
        collect (subseq text start end)
        while end))

;;; time-execution answers: a text item holding one JSON object

(defun hash-objects (value)
  "Turn the host's (:object (key . value)...) forms into EQUAL hash tables."
  (cond ((and (consp value) (eq (car value) :object))
         (let ((table (make-hash-table :test #'equal)))
           (loop for (key . entry) in (cdr value)
                 do (setf (gethash key table) (hash-objects entry)))
           table))
        ((consp value) (mapcar #'hash-objects value))
        (t value)))

(defun parse-json-text (text &key hash-tables)
  (let ((value (host-request "parse-json" `(:text . ,text)
                             `(:objects . ,(if hash-tables "tagged" "alist")))))
    (if hash-tables (hash-objects value) value)))

(defun timing-answer (response)
  "The JSON object of a time-execution answer, as EQUAL hash tables."
  (let ((text (result-content-text response)))
    (handler-case (parse-json-text text :hash-tables t)
      (host-request-failed ()
        (error "not a time-execution answer (its text is not a JSON object): ~A"
               (if (> (length text) 300) (concatenate 'string (subseq text 0 300) "...") text))))))

(defun extract-timing (response)
  "The timing object of a time-execution answer: a hash table with string keys."
  (gethash "timing" (timing-answer response)))

(defun result-real-time-ms (response)
  (gethash "real-time-ms" (extract-timing response)))

(defun result-output (response)
  (gethash "output" (timing-answer response)))

;;; configure-limits answers

(defun limit-after (label text)
  "The integer after LABEL in TEXT; 0 when it reads \"disabled\"; NIL when absent."
  (let ((start (search label text)))
    (when start
      (let ((from (+ start (length label))))
        (if (string= "disabled" text :start2 from :end2 (min (length text) (+ from 8)))
            0
            (parse-integer text :start from :junk-allowed t))))))

(defun extract-config-params (response)
  "The configure-limits arguments that restore the limits a configure-limits
answer reports."
  (let ((text (result-content-text response)))
    (loop for (label . name) in '(("timeout: " . "timeout") ("max-output: " . "max-output"))
          for value = (limit-after label text)
          when value collect (cons name value))))

;;; Statistics

(defun standard-deviation (numbers)
  "Sample standard deviation; 0 for fewer than two numbers."
  (let ((n (length numbers)))
    (if (< n 2)
        0.0d0
        (let ((mean (/ (reduce #'+ numbers) n)))
          (sqrt (/ (reduce #'+ (mapcar (lambda (x) (expt (- x mean) 2)) numbers))
                   (1- n)))))))
