;;;; Packages of the driver: the process that runs a verification document's own
;;;; Lisp code. SPEC-RUN holds the harness and exports the test vocabulary; the
;;;; two packages named after the runtime under test re-export the names the
;;;; seed documents write qualified; CL-USER, where spec code is read, sees the
;;;; whole vocabulary and FiveAM unqualified, with ASSERT, GET-INTERNAL-REAL-TIME and SLEEP
;;;; replaced by the harness's own.

(defpackage #:spec-run
  (:use #:common-lisp)
  (:shadow #:assert #:get-internal-real-time #:sleep)
  (:export
   ;; harness replacements of standard names
   #:assert #:get-internal-real-time #:sleep
   ;; sessions and servers
   #:make-test-session #:cleanup-test-session
   #:start-test-server #:stop-test-server
   ;; requests
   #:send-request #:send-tool-call #:call-tool #:evaluate-in-session
   #:time-execution
   ;; accessors on responses
   #:result-response-p #:result-field #:result-content #:result-content-text
   #:result-text #:result-value #:result-real-time-ms #:result-output
   #:result-success-p #:error-response-p #:error-code #:error-message
   #:response-id #:extract-timing #:extract-config-params
   #:standard-deviation))

(defpackage #:cl-mcp-server
  (:use)
  (:import-from #:spec-run #:start-test-server #:stop-test-server)
  (:export #:start-test-server #:stop-test-server))

(defpackage #:cl-mcp-server-tests
  (:use)
  (:import-from #:spec-run #:make-test-session #:cleanup-test-session)
  (:export #:make-test-session #:cleanup-test-session))

(shadowing-import '(spec-run:assert spec-run:get-internal-real-time spec-run:sleep)
                  '#:common-lisp-user)
(use-package '#:spec-run '#:common-lisp-user)

;; FiveAM's names too, so documents may write (test ...) and (is ...) unqualified.
(use-package '#:fiveam '#:common-lisp-user)
