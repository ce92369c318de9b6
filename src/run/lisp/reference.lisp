;;;; Loaded into the driver image by the vocabulary reference generator: reads
;;;; names exported by SPEC-RUN, one per line on stdin, and prints one JSON line
;;;; for each: what it is (function, macro, variable), its lambda list and its
;;;; docstring, as the driver that runs spec code has them.

(require :sb-introspect)

(in-package #:spec-run)

(defun lambda-list-text (list)
  "LIST as spec code would write it: names in lower case, keywords with their colon."
  (cond ((keywordp list) (format nil ":~(~A~)" list))
        ((and (consp list) (eq (first list) 'function) (consp (rest list)) (null (cddr list)))
         (format nil "#'~A" (lambda-list-text (second list))))
        ((symbolp list) (format nil "~(~A~)" list))
        ((consp list) (format nil "(~{~A~^ ~})" (mapcar #'lambda-list-text list)))
        (t (prin1-to-string list))))

(defun reference-entry (name)
  (let ((symbol (find-symbol (string-upcase name) '#:spec-run)))
    (multiple-value-bind (kind documentation-type)
        (cond ((null symbol) (values "missing" nil))
              ((macro-function symbol) (values "macro" 'function))
              ((fboundp symbol) (values "function" 'function))
              ((boundp symbol) (values "variable" 'variable))
              ((documentation symbol 'variable) (values "variable" 'variable))
              (t (values "missing" nil)))
      `((:name . ,name)
        (:kind . ,kind)
        (:lambda-list . ,(if (member kind '("function" "macro") :test #'string=)
                             (lambda-list-text (sb-introspect:function-lambda-list
                                                (or (macro-function symbol) (fdefinition symbol))))
                             :null))
        (:documentation . ,(or (and documentation-type (documentation symbol documentation-type)) :null))))))

(loop for line = (read-line *standard-input* nil)
      while line
      do (write-line (to-json (reference-entry line))))
(finish-output)
