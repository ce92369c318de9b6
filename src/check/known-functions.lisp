;;;; Loaded into the driver image by `spec-run check`: reads symbol names, one per
;;;; line on stdin ("name" or "package:name", as written in spec code), and prints
;;;; each one that names no function, macro or special operator where spec code is
;;;; read (CL-USER, with the test vocabulary), with the reason.

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

(loop for line = (read-line *standard-input* nil)
      while line
      do (let ((reason (spec-run-check-unknown line)))
           (when reason (format t "~A~C~A~%" line #\Tab reason))))
(finish-output)
