;;;; The harness's own definitions, kept from spec code. A document may define a
;;;; function under an exported name of SPEC-RUN (vocabulary.lisp), but the internal
;;;; ones are the harness: a document that redefined EMIT-POINT (or any function or
;;;; macro a point passes through) could turn every failing check into a pass. The driver
;;;; image notes its internal definitions as it is saved, after its warm-up (driver.ts), so
;;;; every driver starts with them, without walking the package for each document; after
;;;; every top-level form of spec code, and at the end of every command, a definition found
;;;; changed is put back, and the change is a failing point at that form. This holds whatever the
;;;; means (DEFUN, SETF FDEFINITION, FMAKUNBOUND, the package unlocked or not); spec code
;;;; runs in the driver's image, so code set on subverting it through SBCL's internals
;;;; (SB-KERNEL, the guard's own table) is beyond what the harness can see.

(in-package #:spec-run)

(defvar *harness-definitions* nil
  "Each internal fbound symbol of SPEC-RUN -> (definition macro-p) as the driver image
was saved; NIL during the image's warm-up, which has nothing to guard.")

(defvar *harness-fdefns* #()
  "Each noted symbol's FDEFN beside the function it held when noted: whatever way spec code
changes a definition (DEFUN, DEFMACRO, SETF FDEFINITION or MACRO-FUNCTION, FMAKUNBOUND)
replaces it, so that nothing changed is told by one slot read a symbol, after every
top-level form, rather than by looking each definition up.")

(defun harness-definition (symbol)
  "SYMBOL's definition and whether it is a macro's; NIL when it has none."
  (let ((macro (macro-function symbol)))
    (cond (macro (list macro t))
          ((and (fboundp symbol) (not (special-operator-p symbol)))
           (list (fdefinition symbol) nil)))))

(defun note-harness-definitions ()
  "Note SPEC-RUN's internal definitions, before any spec code runs: once, as the driver
image is saved."
  (let ((package (find-package '#:spec-run))
        (table (cl:make-hash-table :test #'eq)))
    (do-symbols (symbol package)
      (when (and (eq (symbol-package symbol) package)
                 (not (eq (nth-value 1 (find-symbol (symbol-name symbol) package)) :external)))
        (let ((definition (harness-definition symbol)))
          (when definition (setf (gethash symbol table) definition)))))
    (setf *harness-fdefns*
          (coerce (loop for symbol being the hash-keys of table
                        for fdefn = (sb-int:find-fdefn symbol)
                        when fdefn collect (cons fdefn (sb-kernel:fdefn-fun fdefn)))
                  'simple-vector)
          *harness-definitions* table)))

(defun harness-unchanged-p ()
  "True when no noted definition can have changed: every one's FDEFN holds what it held."
  (and (= (length *harness-fdefns*) (hash-table-count *harness-definitions*))
       (every (lambda (noted) (eq (sb-kernel:fdefn-fun (car noted)) (cdr noted))) *harness-fdefns*)))

(defun restore-harness-definitions ()
  "Put back each internal definition spec code changed; the symbols put back."
  (let ((changed '()))
    (when (and *harness-definitions* (not (harness-unchanged-p)))
      (maphash (lambda (symbol noted)
                 (unless (eq (first (harness-definition symbol)) (first noted))
                   (push symbol changed)
                   (sb-ext:without-package-locks
                     (fmakunbound symbol)
                     (destructuring-bind (definition macro-p) noted
                       (if macro-p
                           (setf (macro-function symbol) definition)
                           (setf (fdefinition symbol) definition))))))
               *harness-definitions*))
    (sort changed #'string< :key #'symbol-name)))

(defun report-harness-redefinitions (location)
  "A failing point at LOCATION when spec code changed a definition of the harness
since the last look; the harness's own is back in place before the point is sent."
  (let ((changed (restore-harness-definitions)))
    (when changed
      (emit-point nil "spec-run's own functions are left as they are" location
                  `((:reason . ,(format nil "this code redefined spec-run's internal ~{spec-run::~(~A~)~^, ~}: spec-run reports checks through them, so a document may not replace them (the vocabulary's exported names it may); spec-run put its own back, and the points this code made while they were replaced cannot be trusted"
                                        changed)))))))
