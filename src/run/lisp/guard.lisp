;;;; The harness's own definitions, kept from spec code. A document may define a
;;;; function under an exported name of SPEC-RUN (vocabulary.lisp), but the internal
;;;; ones are the harness, and so are the checks: a document, or code it loads, that
;;;; redefined EMIT-POINT (or any function or macro a point passes through), ASSERT, or
;;;; FiveAM's IS could turn every failing check into a pass. Guarded are SPEC-RUN's internal
;;;; definitions, its exported check operators and test definers (ASSERT, the other
;;;; frameworks' OK, TRUE...), CL:ASSERT (which spec-run makes its own), every definition of
;;;; FiveAM and of the other frameworks' packages, and the methods specialized on their
;;;; classes and spec-run's (FiveAM's results are points through a method of
;;;; INITIALIZE-INSTANCE). The driver image notes them as it is saved, after its warm-up
;;;; (driver.ts), so every driver starts with them, without walking the packages for each
;;;; document; after every top-level form of spec code, and at the end of every command, a
;;;; definition found changed is put back, and the change is a failing point at that form.
;;;; This holds whatever the means (DEFUN, DEFMACRO, SETF FDEFINITION, FMAKUNBOUND,
;;;; DEFMETHOD, REMOVE-METHOD, the package unlocked or not); spec code runs in the driver's
;;;; image, so code set on subverting it through SBCL's internals (SB-KERNEL, the guard's own
;;;; table) is beyond what the harness can see.

(in-package #:spec-run)

(defvar *harness-definitions* nil
  "Each guarded fbound symbol (GUARDED-SYMBOL-P) -> (definition macro-p) as the driver image
was saved; NIL during the image's warm-up, which has nothing to guard.")

(defvar *harness-fdefns* #()
  "Each noted symbol's FDEFN beside the function it held when noted: whatever way spec code
changes a definition (DEFUN, DEFMACRO, SETF FDEFINITION or MACRO-FUNCTION, FMAKUNBOUND)
replaces it, so that nothing changed is told by one slot read a symbol, after every
top-level form, rather than by looking each definition up.")

(defparameter *framework-packages* '(#:it.bese.fiveam #:prove #:parachute #:rove)
  "The test frameworks whose every definition is the harness's: FiveAM's checks and runner,
and the packages spec-run gives the other frameworks' qualified names.")

(defparameter *method-guarded-functions*
  '(initialize-instance shared-initialize reinitialize-instance make-instance allocate-instance
    change-class update-instance-for-different-class print-object)
  "Generic functions of Common Lisp whose methods for the harness's classes (FiveAM's results,
spec-run's streams) are the harness's: a method spec code adds or replaces there could
turn a failed check's result into a passed one before it becomes a point. The generic
functions of the guarded packages are guarded the same way.")

(defun guarded-symbol-p (symbol)
  "Whether SYMBOL's definition is the harness's: SPEC-RUN's internal ones, its exported check
operators and test definers, CL:ASSERT, any of *FRAMEWORK-PACKAGES*."
  (let ((home (symbol-package symbol)))
    (cond ((null home) nil)
          ((eq symbol 'cl:assert) t)
          ((eq home (find-package '#:spec-run))
           (or (not (eq (nth-value 1 (find-symbol (symbol-name symbol) home)) :external))
               (member symbol *check-operators*)
               (member symbol *definition-operators*)))
          (t (member home (mapcar #'find-package *framework-packages*))))))

(defun harness-class-p (specializer)
  "Whether SPECIALIZER, a method's, is a class of the guarded packages (FiveAM's TEST-RESULT...),
or an EQL specializer on one or on its name ((eql 'fiveam::test-failure) of MAKE-INSTANCE)."
  (typecase specializer
    (class (let ((name (class-name specializer)))
             (and name (symbolp name) (guarded-symbol-p name))))
    (sb-mop:eql-specializer
     (let ((object (sb-mop:eql-specializer-object specializer)))
       (typecase object
         (class (harness-class-p object))
         (symbol (and (find-class object nil) (guarded-symbol-p object))))))))

(defun harness-methods (generic-function)
  "The methods of GENERIC-FUNCTION that specialize on a class of the harness."
  (remove-if-not (lambda (method) (some #'harness-class-p (sb-mop:method-specializers method)))
                 (sb-mop:generic-function-methods generic-function)))

(defvar *harness-methods* '()
  "(generic-function methods-list harness-methods) for each guarded generic function: its
methods list as last seen (a method added or removed replaces the list, so one EQ test tells
nothing changed), and the methods of the harness it holds as the image was saved.")

(defun harness-definition (symbol)
  "SYMBOL's definition and whether it is a macro's; NIL when it has none."
  (let ((macro (macro-function symbol)))
    (cond (macro (list macro t))
          ((and (fboundp symbol) (not (special-operator-p symbol)))
           (list (fdefinition symbol) nil)))))

(defun note-harness-definitions ()
  "Note the guarded definitions and methods, before any spec code runs: once, as the driver
image is saved."
  (let ((table (cl:make-hash-table :test #'eq))
        (generic-functions (mapcar #'fdefinition *method-guarded-functions*)))
    (flet ((note (symbol)
             (let ((definition (harness-definition symbol)))
               (when definition
                 (setf (gethash symbol table) definition)
                 (when (typep (first definition) 'generic-function)
                   (pushnew (first definition) generic-functions))))))
      (note 'cl:assert)
      (dolist (package (cons '#:spec-run *framework-packages*))
        (do-symbols (symbol package)
          (when (and (eq (symbol-package symbol) (find-package package)) (guarded-symbol-p symbol))
            (note symbol)))))
    (setf *harness-fdefns*
          (coerce (loop for symbol being the hash-keys of table
                        for fdefn = (sb-int:find-fdefn symbol)
                        when fdefn collect (cons fdefn (sb-kernel:fdefn-fun fdefn)))
                  'simple-vector)
          *harness-methods*
          (mapcar (lambda (function)
                    (list function (sb-mop:generic-function-methods function) (harness-methods function)))
                  generic-functions)
          *harness-definitions* table)))

(defun harness-unchanged-p ()
  "True when no noted definition can have changed: every one's FDEFN holds what it held."
  (and (= (length *harness-fdefns*) (hash-table-count *harness-definitions*))
       (every (lambda (noted) (eq (sb-kernel:fdefn-fun (car noted)) (cdr noted))) *harness-fdefns*)))

(defun restore-harness-methods ()
  "Put back the methods of the harness spec code removed or replaced, and take away those it
added for the harness's classes; a text naming each generic function changed."
  (let ((changed '()))
    (dolist (noted *harness-methods*)
      (destructuring-bind (function seen harness) noted
        (let ((methods (sb-mop:generic-function-methods function)))
          (unless (eq methods seen)
            (let* ((now (harness-methods function))
                   (added (set-difference now harness))
                   (removed (set-difference harness now)))
              (when (or added removed)
                (push (format nil "a method of ~A" (written-qualified (sb-mop:generic-function-name function))) changed)
                (sb-ext:without-package-locks
                  (dolist (method added) (remove-method function method))
                  (dolist (method removed) (add-method function method))))
              (setf (second noted) (sb-mop:generic-function-methods function)))))))
    changed))

(defun restore-harness-definitions ()
  "Put back each guarded definition and method spec code changed; the names of what was put
back, as code writes them."
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
    (append (mapcar #'written-qualified (sort changed #'string< :key #'symbol-name))
            (sort (restore-harness-methods) #'string<))))

(defun report-harness-redefinitions (location)
  "A failing point at LOCATION when spec code changed a definition of the harness
since the last look; the harness's own is back in place before the point is sent."
  (let ((changed (restore-harness-definitions)))
    (when changed
      (emit-point nil "spec-run's own functions are left as they are" location
                  `((:reason . ,(format nil "this code redefined ~{~A~^, ~}: spec-run's checks and reports run through them, so neither a document nor code it loads may replace them (the vocabulary's other exported names a document may define); spec-run put its own back, and the points this code made while they were replaced cannot be trusted"
                                        changed)))))))
