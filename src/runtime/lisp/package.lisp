;;;; The worker: one SBCL process per runtime session, evaluating user code on
;;;; behalf of the Node server that supervises it over fds 3 and 4.

(defpackage #:spec-run.worker
  (:use #:common-lisp)
  (:export #:main))
