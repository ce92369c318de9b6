(in-package #:spec-run.worker)

;;; evaluate-lisp's answer as MCP shapes it: the text the runtime contract fixes
;;; ([ERROR] TYPE, [stdout], => lines, ...), isError, and the same parts as data
;;; (structuredContent). Made here, for every evaluation, and nowhere else: the
;;; worker either adds it to the answer line Node reads, or, when Node gave it the
;;; client's stdout, writes the whole JSON-RPC response there itself, sparing the
;;; answer a hop through Node. Node formats only what it alone knows (a worker
;;; that died or stopped answering).

(defparameter *state-lost*
  "The Lisp process was ended and a fresh one started: the session state (definitions, variables, current package) was lost.")

(defun answer-field (answer key)
  "The value of KEY in ANSWER, an (:object key value ...) list."
  (loop for (name value) on (rest answer) by #'cddr
        when (string= name key) return value))

(defun truncation-note (dropped &optional (what "characters"))
  (format nil "[output truncated: ~D ~A dropped]" dropped what))

(defun ends-with-newline-p (text)
  (and (plusp (length text)) (char= (char text (1- (length text))) #\Newline)))

(defun with-note (text dropped)
  "Captured TEXT, followed by the truncation note when some was dropped."
  (if (zerop dropped)
      text
      (format nil "~A~:[~;~%~]~A" text (and (plusp (length text)) (not (ends-with-newline-p text)))
              (truncation-note dropped))))

(defun section (title text dropped)
  (let ((body (with-note text dropped)))
    (when (plusp (length body))
      (format nil "~A~%~A" title (if (ends-with-newline-p body) (subseq body 0 (1- (length body))) body)))))

(defun captured-sections (answer)
  "The [stdout], [stderr] and [warnings] sections that have content."
  (let ((warnings (append (rest (answer-field answer "warnings"))
                          (let ((dropped (answer-field answer "warningsDropped")))
                            (when (plusp dropped) (list (truncation-note dropped "warnings")))))))
    (remove nil (list (section "[stdout]" (answer-field answer "stdout") (answer-field answer "stdoutDropped"))
                      (section "[stderr]" (answer-field answer "stderr") (answer-field answer "stderrDropped"))
                      (when warnings (format nil "[warnings]~{~%~A~}" warnings))))))

(defun value-lines (answer)
  "One => line per value; the last carries the note when values were cut."
  (let ((lines (mapcar (lambda (value) (concatenate 'string "=> " value)) (rest (answer-field answer "values"))))
        (dropped (or (answer-field answer "valuesDropped") 0)))
    (when (and lines (plusp dropped))
      (setf (first (last lines)) (format nil "~A ~A" (first (last lines)) (truncation-note dropped))))
    lines))

(defun milliseconds (microseconds)
  (multiple-value-bind (ms rest) (floor microseconds 1000)
    (format nil "~D.~3,'0Dms" ms rest)))

(defun timing-line (timing)
  (format nil "; Timing: ~A real, ~A run, ~A GC, ~D bytes consed"
          (milliseconds (answer-field timing "realUs")) (milliseconds (answer-field timing "runUs"))
          (milliseconds (answer-field timing "gcUs")) (answer-field timing "bytes")))

(defun timeout-message (job)
  (let ((seconds (job-timeout-seconds job)))
    (format nil "Evaluation exceeded the timeout of ~A seconds and was stopped. The code may loop forever or be too expensive to finish within the limit; to allow more time, raise the limit with configure-limits (e.g. {\"timeout\": 120})."
            (if (integerp seconds) seconds (float seconds 1d0)))))

(defun failure (job answer)
  "(type message backtrace) of an answer that is an error, nil for a plain success.
A stuck job and threads that would not stop end the worker: Node replaces it."
  (let ((status (answer-field answer "status"))
        (unstoppable (rest (answer-field answer "threadsUnstoppable")))
        (stopped (rest (answer-field answer "threadsStopped"))))
    (cond ((string= status "stuck")
           (list "TIMEOUT" (format nil "~A~%It could not be stopped in place (the evaluation did not stop when interrupted: it blocks interrupts, or a cleanup form never ends). ~A"
                                   (timeout-message job) *state-lost*)))
          (unstoppable
           (list "THREADS-LEFT-RUNNING"
                 (format nil "The evaluation left threads running that could not be stopped (threads that would not stop: ~{~A~^, ~}). ~A" unstoppable *state-lost*)))
          ((string= status "timeout")
           (list "TIMEOUT" (format nil "~A The session state is kept." (timeout-message job))))
          ((string= status "cancelled")
           (list "CANCELLED" "The client cancelled the evaluation; it was interrupted. The session state is kept."))
          ((and (string= status "error") (answer-field answer "error"))
           (let ((error (answer-field answer "error")))
             (list (answer-field error "type") (answer-field error "message") (answer-field error "backtrace"))))
          (stopped
           (list "THREADS-LEFT-RUNNING"
                 (format nil "The evaluation returned but left ~D thread(s) running (~{~A~^, ~}); they were stopped, since threads may not outlive the evaluation that started them. Join them before returning (sb-thread:join-thread)."
                         (length stopped) stopped))))))

(defun optional-count (key count)
  (when (and count (plusp count)) (list key count)))

(defun evaluation-data (answer fail)
  "What the evaluation printed and returned, as data (structuredContent)."
  `(:object "values" ,(or (answer-field answer "values") '(:array))
            ,@(optional-count "valuesDropped" (answer-field answer "valuesDropped"))
            "stdout" ,(answer-field answer "stdout")
            ,@(optional-count "stdoutDropped" (answer-field answer "stdoutDropped"))
            "stderr" ,(answer-field answer "stderr")
            ,@(optional-count "stderrDropped" (answer-field answer "stderrDropped"))
            "warnings" ,(answer-field answer "warnings")
            ,@(when fail
                (destructuring-bind (type message &optional backtrace) fail
                  `("error" (:object "type" ,type "message" ,message ,@(when backtrace (list "backtrace" backtrace))))))))

(defun evaluation-text (job answer)
  "The text, isError (:true or :false) and structuredContent of JOB's ANSWER."
  (let* ((fail (failure job answer))
         (timing (answer-field answer "timing"))
         (tail (append (value-lines answer)
                       (when (and (job-capture-time job) timing) (list (timing-line timing)))))
         (parts (append (when fail (list (format nil "[ERROR] ~A~%~A" (first fail) (second fail))))
                        (when (third fail) (list (format nil "[Backtrace]~%~A" (third fail))))
                        (captured-sections answer)
                        (when tail (list (format nil "~{~A~^~%~}" tail)))
                        (when (job-note job) (list (job-note job))))))
    (values (format nil "~{~A~^~%~%~}" parts)
            (if fail :true :false)
            (evaluation-data answer fail))))

(defun tool-result (text error-p data)
  "A tools/call result as MCP shapes it."
  `(:object "content" (:array (:object "type" "text" "text" ,text)) "structuredContent" ,data "isError" ,error-p))
