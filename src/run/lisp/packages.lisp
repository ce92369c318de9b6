;;;; Packages of the driver: the process that runs a verification document's own
;;;; Lisp code. SPEC-RUN holds the harness and exports the test vocabulary; the
;;;; packages named after the runtime under test and after other test frameworks
;;;; (rove, prove, Parachute) re-export the names documents write qualified;
;;;; CL-USER, where spec code is read, sees the whole vocabulary, FiveAM and
;;;; bordeaux-threads (as BT) unqualified, with ASSERT, GET-INTERNAL-REAL-TIME,
;;;; SLEEP and MAKE-HASH-TABLE replaced by the harness's own.

(defpackage #:spec-run
  (:use #:common-lisp)
  (:shadow #:assert #:get-internal-real-time #:sleep #:make-hash-table)
  (:export
   ;; harness replacements of standard names
   #:assert #:get-internal-real-time #:sleep #:make-hash-table
   ;; servers: fresh, initialized, or initialized by their first request
   #:make-test-server #:make-test-session #:start-test-server
   #:make-initialized-test-server #:make-initialized-server
   #:make-test-mcp-server #:make-fresh-test-server #:make-uninitialized-test-server
   #:stop-test-server #:shutdown-test-server #:cleanup-test-session #:close-test-session
   #:with-test-server #:with-test-session
   #:*server* #:*test-server* #:*session* #:*test-session*
   ;; the server's state
   #:server-initialized-p #:server-alive-p #:server-stopped-p
   ;; the initialize handshake
   #:*protocol-version* #:*client-info*
   #:initialize-server #:make-initialize-request #:init-request
   ;; messages
   #:make-request #:make-notification #:next-request-id #:request-id #:request-method
   #:send-request #:send-notification #:send-raw-line #:send-method
   #:ping-server #:list-tools #:tool-names
   #:send-tool-call #:call-tool #:evaluate-in-session #:configure-limits #:time-execution
   ;; raw lines as streams
   #:server-stdin #:server-stdout #:read-response
   ;; accessors on responses
   #:response-id #:result #:result-response-p #:result-field #:result-content
   #:result-content-text #:result-text #:extract-result-text #:result-value
   #:result-success-p #:is-error #:result-error-p
   #:error-response-p #:response-error #:error-code #:error-message #:error-data
   #:result-real-time-ms #:result-output #:extract-timing #:extract-config-params
   ;; numbers
   #:parse-number #:standard-deviation
   ;; test definitions of other frameworks, and their checks
   #:deftest #:define-test #:testing
   #:ok #:ng #:isnt #:is-type
   #:true #:false #:of-type #:finish #:diag))

(defpackage #:cl-mcp-server
  (:use)
  (:import-from #:spec-run #:start-test-server #:stop-test-server #:make-test-server
                #:make-initialized-test-server #:shutdown-test-server)
  (:export #:start-test-server #:stop-test-server #:make-test-server
           #:make-initialized-test-server #:shutdown-test-server))

(defpackage #:cl-mcp-server-tests
  (:use)
  (:import-from #:spec-run #:make-test-session #:cleanup-test-session
                #:make-initialized-test-server #:make-test-mcp-server)
  (:export #:make-test-session #:cleanup-test-session
           #:make-initialized-test-server #:make-test-mcp-server))

;; Other test frameworks' packages, for documents that write their names qualified.
(defpackage #:rove
  (:use)
  (:import-from #:spec-run #:deftest #:testing #:ok #:ng #:diag)
  (:import-from #:fiveam #:signals #:skip #:pass #:fail)
  (:export #:deftest #:testing #:ok #:ng #:diag #:signals #:skip #:pass #:fail))

(defpackage #:prove
  (:use)
  (:nicknames #:cl-test-more)
  (:import-from #:spec-run #:deftest #:ok #:isnt #:is-type #:diag)
  (:import-from #:fiveam #:is #:pass #:fail #:skip)
  (:export #:deftest #:ok #:is #:isnt #:is-type #:diag #:plan #:finalize
           #:pass #:fail #:skip #:is-error))

(defpackage #:parachute
  (:use)
  (:nicknames #:org.shirakumo.parachute)
  (:import-from #:spec-run #:define-test #:isnt #:true #:false #:of-type #:finish)
  (:import-from #:fiveam #:is #:fail #:skip)
  (:export #:define-test #:is #:isnt #:true #:false #:of-type #:fail #:finish #:skip))

(shadowing-import '(spec-run:assert spec-run:get-internal-real-time spec-run:sleep
                    spec-run:make-hash-table)
                  '#:common-lisp-user)
(use-package '#:spec-run '#:common-lisp-user)

;; FiveAM's names too, so documents may write (test ...) and (is ...) unqualified.
(use-package '#:fiveam '#:common-lisp-user)
