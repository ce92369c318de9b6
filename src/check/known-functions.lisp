;;;; Loaded into the driver image by `spec-run check`: reads symbol names, one per
;;;; line on stdin ("name" or "package:name", as written in spec code), and prints
;;;; each one that names no function, macro or special operator where spec code is
;;;; read (CL-USER, with the test vocabulary), with the reason; for an undefined
;;;; name, a near name of the vocabulary too ("did you mean"). Also loaded, for a
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

(defun spec-run-edit-distance (a b)
  "Levenshtein distance of strings A and B."
  (let ((row (make-array (1+ (length b)) :initial-contents (loop for j to (length b) collect j))))
    (loop for i from 1 to (length a)
          do (let ((diagonal (aref row 0)))
               (setf (aref row 0) i)
               (loop for j from 1 to (length b)
                     do (let ((above (aref row j)))
                          (setf (aref row j)
                                (min (1+ above) (1+ (aref row (1- j)))
                                     (+ diagonal (if (char-equal (char a (1- i)) (char b (1- j))) 0 1))))
                          (setf diagonal above)))))
    (aref row (length b))))

(defun spec-run-vocabulary-names ()
  "The operators of the test vocabulary and FiveAM, as spec code writes them."
  (let ((names '()))
    (dolist (package '(#:spec-run #:fiveam))
      (do-external-symbols (symbol package)
        (when (fboundp symbol) (push (string-downcase (symbol-name symbol)) names))))
    (remove-duplicates names :test #'string=)))

(defun spec-run-near-name (text names)
  "The vocabulary name nearest to TEXT when it is near enough to be a slip."
  (let* ((name (string-downcase (string-left-trim ":" (subseq text (or (position #\: text) 0)))))
         (best nil) (best-distance nil))
    (dolist (candidate names)
      (let ((distance (spec-run-edit-distance name candidate)))
        (when (or (null best-distance) (< distance best-distance))
          (setf best candidate best-distance distance))))
    (when (and best (<= best-distance (max 1 (min 3 (floor (length name) 4)))))
      best)))

(let ((names (spec-run-vocabulary-names)))
  (loop for line = (read-line *standard-input* nil)
        while line
        ;; An empty line ends a batch, answered by one: the language server asks batch
        ;; after batch of one process (see known-functions.ts).
        do (if (string= line "")
               (progn (terpri) (finish-output))
               (let ((reason (spec-run-check-unknown line)))
                 (when reason
                   (let ((near (and (string= reason "undefined") (spec-run-near-name line names))))
                     (format t "~A~C~A~@[~C~A~]~%" line #\Tab reason (and near #\Tab) near)))))))
(finish-output)
