(in-package #:spec-run.worker)

;;; Answers to Node are JSON lines written in pure ASCII: every other character
;;; is a \u escape, so user output in any encoding (or none) cannot break the
;;; channel. Values are strings, integers, :true/:false/:null, (:array ...) and
;;; (:object key value ...).

(defun write-json-string (string out)
  (write-char #\" out)
  (loop for char across string
        for code = (char-code char)
        do (cond ((= code 34) (write-string "\\\"" out))
                 ((= code 92) (write-string "\\\\" out))
                 ((= code 10) (write-string "\\n" out))
                 ((= code 13) (write-string "\\r" out))
                 ((= code 9) (write-string "\\t" out))
                 ((or (< code 32) (= code 127)) (format out "\\u~4,'0x" code))
                 ((< code 128) (write-char char out))
                 ;; A lone surrogate has no UTF-16 spelling that JSON readers accept.
                 ((<= #xD800 code #xDFFF) (write-string "\\ufffd" out))
                 ((<= code #xFFFF) (format out "\\u~4,'0x" code))
                 (t (let ((offset (- code #x10000)))
                      (format out "\\u~4,'0x\\u~4,'0x"
                              (+ #xD800 (ash offset -10))
                              (+ #xDC00 (logand offset #x3FF)))))))
  (write-char #\" out))

(defun write-json (value out)
  (cond ((stringp value) (write-json-string value out))
        ((integerp value) (format out "~D" value))
        ((eq value :true) (write-string "true" out))
        ((eq value :false) (write-string "false" out))
        ((or (null value) (eq value :null)) (write-string "null" out))
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
