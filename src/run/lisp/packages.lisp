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
   ;; requests: one builder for each MCP method and each tool of the runtime
   ;; Each returns the request as an alist that SEND-REQUEST sends, with a fresh id
   ;; unless :ID gives one. A builder is named after its method, "/" read as "-"
   ;; (make-tools-list-request), or after its tool (make-evaluate-lisp-request).
   ;; The two methods MCP's prose and the senders name otherwise, "list tools"
   ;; (LIST-TOOLS) and "a tool call" (SEND-TOOL-CALL), have a builder of either
   ;; spelling, since a writer may follow either rule: make-tools-list-request and
   ;; make-list-tools-request, make-tools-call-request and make-tool-call-request.
   ;; NEXT-REQUEST-ID counts the builders' ids, or one server's with the senders'.
   #:make-request #:make-notification
   #:make-ping-request #:make-tools-list-request #:make-list-tools-request
   #:make-tool-call-request #:make-tools-call-request
   #:make-evaluate-lisp-request #:make-configure-limits-request #:make-time-execution-request
   #:make-initialized-notification
   #:next-request-id #:request-id #:request-method
   ;; sending: one call for each MCP method and each tool of the runtime
   ;; Each sends with the server's next id and returns the response. A tool's
   ;; sender is named after the tool: evaluate-lisp, configure-limits, time-execution.
   #:send-request #:send-notification #:send-raw-line #:send-method
   #:ping-server #:list-tools #:tool-names #:find-tool
   #:send-tool-call #:call-tool #:evaluate-lisp #:evaluate-in-session
   #:configure-limits #:time-execution
   ;; raw lines as streams
   #:server-stdin #:server-stdout #:read-response
   ;; accessors on responses
   #:response-id #:result #:result-response-p #:result-field #:result-content
   #:result-content-text #:result-text #:extract-result-text #:result-value
   #:result-success-p #:is-error #:result-error-p
   #:error-response-p #:response-error #:error-code #:error-message #:error-data
   #:valid-response-p
   #:result-real-time-ms #:result-output #:extract-timing #:extract-config-params
   ;; reading the text of a tool's answer
   ;; Each takes the text as a string or as the response that carries it. Those
   ;; that look something up take the text first, as RESULT-FIELD takes the
   ;; response first; COUNT-OCCURRENCES takes what it counts first, as COUNT and
   ;; SEARCH do. A response is the text in whichever place it is given. Sections
   ;; are headed by a line [NAME] (evaluate-lisp writes [ERROR], [Backtrace],
   ;; [stdout], [stderr], [warnings]); the values (=> lines) and notes (; lines)
   ;; end an answer.
   #:split-lines #:first-line #:find-line #:count-occurrences
   #:extract-section #:section-names #:extract-number #:parse-json
   ;; an evaluation's answer, part by part
   ;; evaluate-lisp's and time-execution's answers read alike: each reader gives
   ;; its part of either, and NIL when the answer has none. A part the contract
   ;; names is RESULT-<part>, as RESULT-VALUE and RESULT-OUTPUT are; a thing
   ;; looked up by a name or label the caller gives is EXTRACT-<thing>, as
   ;; EXTRACT-SECTION and EXTRACT-NUMBER are.
   #:result-values #:result-stdout #:result-stderr #:result-warnings
   #:result-error-type #:result-error-message #:result-backtrace
   ;; JSON values in test code
   ;; Any parsed JSON value (a response, PARSE-JSON's value) or one built here.
   ;; Keys are strings or symbols matched ignoring case, as RESULT-FIELD matches
   ;; them; arrays are lists. A response reads {}, [], false and null as NIL, and
   ;; keeps a member that holds one (JSON-KEY-P). Built values are alists and
   ;; lists, as requests are; the empty object and array, which NIL cannot be,
   ;; are an empty hash table and an empty vector. ENCODE-JSON is PARSE-JSON's inverse.
   #:json-object #:json-array #:json-get #:json-key-p #:json-keys
   #:json-object-p #:json-array-p #:encode-json
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
  (:import-from #:fiveam #:is #:pass #:fail)
  (:export #:deftest #:ok #:is #:isnt #:is-type #:diag #:plan #:finalize
           #:pass #:fail #:skip #:is-error))

(defpackage #:parachute
  (:use)
  (:nicknames #:org.shirakumo.parachute)
  (:import-from #:spec-run #:define-test #:isnt #:true #:false #:of-type #:finish)
  (:import-from #:fiveam #:is #:fail)
  (:export #:define-test #:is #:isnt #:true #:false #:of-type #:fail #:finish #:skip))

(shadowing-import '(spec-run:assert spec-run:get-internal-real-time spec-run:sleep
                    spec-run:make-hash-table)
                  '#:common-lisp-user)
(use-package '#:spec-run '#:common-lisp-user)

;; FiveAM's names too, so documents may write (test ...) and (is ...) unqualified.
(use-package '#:fiveam '#:common-lisp-user)
