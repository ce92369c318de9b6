;;;; Loaded into the driver image by `spec-run check`: reads symbol names, one per
;;;; line on stdin ("name" or "package:name", as written in spec code), and prints
;;;; each one that names no function, macro or special operator where spec code is
;;;; read (CL-USER, with the test vocabulary), with the reason. A line that starts
;;;; with #\ is a character as written, printed with the reason when this SBCL's
;;;; reader refuses it (its names of characters differ by version). Before the first
;;;; question it describes the vocabulary (names, arities, docstrings), from which
;;;; suggest.ts ranks what to suggest for an undefined name. Also loaded, for a
;;;; whole session, by the language server (src/lsp).

(in-package #:cl-user)

(defun spec-run-check-unknown (text)
  "NIL when TEXT names an operator as spec code would read it; else why not."
  (let* ((colon (position #\: text))
         (package-name (and colon (plusp colon) (string-upcase (subseq text 0 colon))))
         (symbol-name (string-upcase (string-left-trim ":" (if colon (subseq text colon) text))))
         (package (if package-name (find-package package-name) *package*)))
    (cond ((null package) (format nil "no package named ~A" package-name))
          (t (let ((symbol (find-symbol symbol-name package)))
               (cond ((null symbol) "undefined")
                     ((or (fboundp symbol) (special-operator-p symbol)) nil)
                     (t "undefined")))))))

(defun spec-run-unreadable-character (token)
  "NIL when SBCL's reader reads TOKEN (#\\name, as spec code writes it); else its
error's first line (\"unrecognized character name: ...\")."
  (handler-case (progn (read-from-string token) nil)
    (error (e)
      (let ((text (princ-to-string e)))
        (string-trim " " (subseq text 0 (position #\Newline text)))))))

(require :sb-introspect)

(defun spec-run-arity (function)
  "The least and the most arguments FUNCTION's lambda list takes (the most \"*\"
when unbounded); a keyword argument counts two, its name and its value."
  (let ((least 0) (most 0) (state :required))
    (dolist (item (sb-introspect:function-lambda-list function))
      (case item
        ((&optional) (setf state :optional))
        ((&key) (setf state :key))
        ((&rest &body &allow-other-keys) (setf most nil state :done))
        ((&aux &whole &environment) (setf state :done))
        (t (case state
             (:required (incf least) (when most (incf most)))
             (:optional (when most (incf most)))
             (:key (when most (incf most 2)))))))
    (values least (or most "*"))))

(defun spec-run-one-line (text)
  (substitute-if #\Space (lambda (c) (member c '(#\Newline #\Tab #\Return))) (or text "")))

(defun spec-run-describe-vocabulary ()
  "One line for each operator of the test vocabulary and FiveAM, as spec code
writes it: name, least and most arguments, docstring; an empty line ends them.
The caller ranks its suggestions (\"did you mean\") from them."
  (let ((seen '()))
    (dolist (package '(#:spec-run #:fiveam))
      (do-external-symbols (symbol package)
        (let ((name (string-downcase (symbol-name symbol))))
          (when (and (fboundp symbol) (not (member name seen :test #'string=)))
            (push name seen)
            (multiple-value-bind (least most)
                (spec-run-arity (or (macro-function symbol) (fdefinition symbol)))
              (format t "~A~C~D~C~A~C~A~%" name #\Tab least #\Tab most #\Tab
                      (spec-run-one-line (documentation symbol 'function)))))))))
  (terpri)
  (finish-output))

(spec-run-describe-vocabulary)
(loop for line = (read-line *standard-input* nil)
      while line
      ;; An empty line ends a batch, answered by one: the language server asks batch
      ;; after batch of one process (see known-functions.ts).
      do (if (string= line "")
             (progn (terpri) (finish-output))
             (let ((reason (if (and (> (length line) 1) (string= "#\\" line :end2 2))
                               (spec-run-unreadable-character line)
                               (spec-run-check-unknown line))))
               (when reason
                 (format t "~A~C~A~%" line #\Tab reason)))))
(finish-output)
