(in-package #:spec-run.worker)

;;; Output capture bounded by max-output: streams sharing one budget store text
;;; until the budget is spent, then only count what they drop, so memory stays
;;; bounded by the limit however much the code prints.

(defstruct (budget (:constructor make-budget (remaining)))
  (remaining 0 :type integer))

(defclass capture-stream (sb-gray:fundamental-character-output-stream)
  ((budget :initarg :budget :reader capture-budget)
   (buffer :initform (make-string 64) :accessor capture-buffer)
   (fill :initform 0 :accessor capture-fill)
   (dropped :initform 0 :accessor capture-dropped)
   (column :initform 0 :accessor capture-column)))

(defun make-capture-stream (budget)
  (make-instance 'capture-stream :budget budget))

(defun capture-store (stream string start end)
  "Keep as much of STRING[START,END) as the budget allows, count the rest."
  (let* ((budget (capture-budget stream))
         (wanted (- end start))
         (kept (max 0 (min wanted (budget-remaining budget)))))
    (when (plusp kept)
      (let* ((fill (capture-fill stream))
             (needed (+ fill kept))
             (buffer (capture-buffer stream)))
        (when (> needed (length buffer))
          (let ((larger (make-string (max needed (* 2 (length buffer))))))
            (replace larger buffer :end2 fill)
            (setf buffer larger
                  (capture-buffer stream) larger)))
        (replace buffer string :start1 fill :start2 start :end2 (+ start kept))
        (setf (capture-fill stream) needed)
        (decf (budget-remaining budget) kept)))
    (incf (capture-dropped stream) (- wanted kept))))

(defmethod sb-gray:stream-write-char ((stream capture-stream) char)
  (capture-store stream (string char) 0 1)
  (if (char= char #\Newline)
      (setf (capture-column stream) 0)
      (incf (capture-column stream)))
  char)

(defmethod sb-gray:stream-write-string ((stream capture-stream) string &optional (start 0) end)
  (let* ((end (or end (length string)))
         (newline (position #\Newline string :start start :end end :from-end t)))
    (capture-store stream string start end)
    (setf (capture-column stream)
          (if newline
              (- end newline 1)
              (+ (capture-column stream) (- end start))))
    string))

(defmethod sb-gray:stream-line-column ((stream capture-stream))
  (capture-column stream))

(defmethod sb-gray:stream-finish-output ((stream capture-stream)) nil)
(defmethod sb-gray:stream-force-output ((stream capture-stream)) nil)

(defun capture-text (stream)
  "What STREAM kept so far; safe to call from another thread while it is written."
  (let ((buffer (capture-buffer stream)))
    (subseq buffer 0 (min (capture-fill stream) (length buffer)))))

;;; Evaluated code has no person to talk to. Standard input reads as an empty
;;; stream (end of file); *query-io* and *debug-io* signal an error on reading
;;; instead of waiting for an answer that never comes.

(define-condition input-unavailable (stream-error) ()
  (:report (lambda (condition out)
             (format out "~A cannot be read: evaluated code runs without a ~
                          person at a terminal, so nobody can answer."
                     (stream-error-stream condition)))))

(defclass no-input-stream (sb-gray:fundamental-character-input-stream)
  ((name :initarg :name :reader no-input-name)
   (on-read :initarg :on-read :reader no-input-on-read
            :documentation ":eof to behave as an empty stream, :error to signal.")))

(defmethod print-object ((stream no-input-stream) out)
  (print-unreadable-object (stream out)
    (format out "~A (no input)" (no-input-name stream))))

(defmethod sb-gray:stream-read-char ((stream no-input-stream))
  (if (eq (no-input-on-read stream) :eof)
      :eof
      (error 'input-unavailable :stream stream)))

(defmethod sb-gray:stream-unread-char ((stream no-input-stream) char)
  (declare (ignore char))
  nil)

(defmethod sb-gray:stream-read-char-no-hang ((stream no-input-stream))
  (sb-gray:stream-read-char stream))

(defmethod sb-gray:stream-listen ((stream no-input-stream)) nil)
(defmethod sb-gray:stream-clear-input ((stream no-input-stream)) nil)
(defmethod sb-gray:stream-line-column ((stream no-input-stream)) nil)
