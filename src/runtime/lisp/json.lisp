(in-package #:spec-run.worker)

;;; Answers to Node are JSON lines written in pure ASCII: every other character
;;; is a \u escape, so user output in any encoding (or none) cannot break the
;;; channel. Values are strings, integers, :true/:false/:null, (:array ...),
;;; (:object key value ...) and (:raw text), JSON text Node wrote (a client's id).

(declaim (inline plain-json-char-p))
(defun plain-json-char-p (code)
  "True for a character written as itself: printable ASCII but the quote and backslash."
  (and (<= 32 code 126) (/= code 34) (/= code 92)))

(defun write-json-escape (code out)
  (case code
    (34 (write-string "\\\"" out))
    (92 (write-string "\\\\" out))
    (10 (write-string "\\n" out))
    (13 (write-string "\\r" out))
    (9 (write-string "\\t" out))
    (t (cond ((< code 128) (format out "\\u~4,'0x" code))
             ;; A lone surrogate has no UTF-16 spelling that JSON readers accept.
             ((<= #xD800 code #xDFFF) (write-string "\\ufffd" out))
             ((<= code #xFFFF) (format out "\\u~4,'0x" code))
             (t (let ((offset (- code #x10000)))
                  (format out "\\u~4,'0x\\u~4,'0x"
                          (+ #xD800 (ash offset -10))
                          (+ #xDC00 (logand offset #x3FF)))))))))

(defun write-json-string (string out)
  "STRING as a JSON string; runs of plain characters are written whole, not one
character at a time (that was a quarter of a request's time in the worker)."
  (let ((string (coerce string 'simple-string))
        (run-start 0))
    (declare (simple-string string) (fixnum run-start))
    (write-char #\" out)
    (dotimes (i (length string))
      (let ((code (char-code (schar string i))))
        (unless (plain-json-char-p code)
          (when (< run-start i)
            (write-string string out :start run-start :end i))
          (write-json-escape code out)
          (setf run-start (1+ i)))))
    (when (< run-start (length string))
      (write-string string out :start run-start))
    (write-char #\" out)))

(defun write-json (value out)
  (cond ((stringp value) (write-json-string value out))
        ((integerp value) (format out "~D" value))
        ((eq value :true) (write-string "true" out))
        ((eq value :false) (write-string "false" out))
        ((or (null value) (eq value :null)) (write-string "null" out))
        ((and (consp value) (eq (car value) :raw))
         (write-string (second value) out))
        ((and (consp value) (eq (car value) :array))
         (write-char #\[ out)
         (loop for (element . more) on (cdr value)
               do (write-json element out)
                  (when more (write-char #\, out)))
         (write-char #\] out))
        ((and (consp value) (eq (car value) :object))
         (write-char #\{ out)
         (loop for (key element . more) on (cdr value) by #'cddr
               do (write-json-string key out)
                  (write-char #\: out)
                  (write-json element out)
                  (when more (write-char #\, out)))
         (write-char #\} out))
        (t (error "cannot write ~S as JSON" value))))
