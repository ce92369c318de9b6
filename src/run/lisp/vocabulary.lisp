;;;; The test vocabulary: servers, the MCP handshake, requests (a builder and a
;;;; sender for each MCP method and each tool of the runtime), raw lines, and
;;;; accessors on responses; answers.lisp reads the text of tools' answers. A response is the JSON-RPC message as the host
;;;; converted it: an object is an alist keyed by upper-cased keywords ("isError"
;;;; -> :ISERROR), an array a list, true T, false and null NIL.
;;;;
;;;; Every exported function and variable has a docstring: docs/vocabulary.md is
;;;; generated from them (npm run vocabulary).
;;;;
;;;; A document may define a function of its own under an exported name (its
;;;; CL-USER inherits the symbol: a helper it calls make-request, send-tool-call
;;;; or evaluate-lisp), which redefines it in that document's driver. So the
;;;; vocabulary's functions call each other through unexported ones
;;;; (REQUEST-MESSAGE, SEND-MESSAGE, SEND-CALL...), never through an exported name.

(in-package #:spec-run)

;;; Hash tables

(defun make-hash-table (&rest arguments)
  "CL:MAKE-HASH-TABLE, synchronized unless told otherwise: spec code shares its
tables between threads (several threads filing answers in one table)."
  (apply #'cl:make-hash-table (append arguments '(:synchronized t))))

;;; Servers

(defvar *ids-lock* (bt:make-recursive-lock "spec-run ids"))

(defstruct (test-session (:constructor make-session (server state)))
  "One runtime server process started by the host. STATE is :INITIALIZED (MCP
handshake done), :FRESH (nothing sent yet; stays uninitialized until spec code
initializes it) or :AUTO (fresh; the handshake is made before its first request
unless that request is itself an initialize)."
  (server 0 :type integer)
  (state :initialized)
  (stopped nil)
  (last-id 0 :type integer)
  (inbox '() :type list)
  (stdin nil)
  (stdout nil))

(defmethod print-object ((session test-session) stream)
  (print-unreadable-object (session stream :type t)
    (format stream "server ~D ~(~A~)~:[~; stopped~]"
            (test-session-server session) (test-session-state session)
            (test-session-stopped session))))

(defun make-test-server (&key (initialize :auto))
  "A new runtime server with its own limits and Lisp state. INITIALIZE is T (the
MCP handshake is done before it is returned), NIL (left uninitialized: spec code
sends initialize itself) or :AUTO, the default (uninitialized until its first
request; the handshake is made then, unless that request is an initialize)."
  (check-type initialize (member t nil :auto))
  ;; Sessions spec code can no longer reach are released first (sessions.lisp).
  (let* ((release (take-unreachable-servers))
         (server (apply #'host-request "start-server"
                        `(:initialize . ,(if (eq initialize t) t :false))
                        (when release `((:release . ,release))))))
    (watch-session (make-session server (case initialize ((t) :initialized) ((nil) :fresh) (t :auto)))
                   server)))

(defun make-test-session ()
  "A new runtime server, initialized (MCP handshake done)."
  (make-test-server :initialize t))

(defun make-initialized-test-server ()
  "A new runtime server, initialized (MCP handshake done)."
  (make-test-server :initialize t))

(defun make-initialized-server ()
  "A new runtime server, initialized (MCP handshake done)."
  (make-test-server :initialize t))

(defun start-test-server ()
  "A new runtime server, initialized by its first request unless that request
is an initialize (see MAKE-TEST-SERVER, :AUTO)."
  (make-test-server))

(defun make-test-mcp-server ()
  "A new runtime server, initialized by its first request unless that request
is an initialize (see MAKE-TEST-SERVER, :AUTO)."
  (make-test-server))

(defun make-fresh-test-server ()
  "A new runtime server left uninitialized: no handshake unless spec code makes it."
  (make-test-server :initialize nil))

(defun make-uninitialized-test-server ()
  "A new runtime server left uninitialized: no handshake unless spec code makes it."
  (make-test-server :initialize nil))

(defun stop-test-server (server)
  "Stop SERVER's process. Servers still running when the document ends are
stopped anyway."
  (unless (test-session-stopped server)
    (setf (test-session-stopped server) t)
    (forget-session server)
    (host-request "stop-server" `(:server . ,(test-session-server server))))
  nil)

(defun shutdown-test-server (server)
  "Stop SERVER's process (STOP-TEST-SERVER)."
  (stop-test-server server))

(defun cleanup-test-session (session)
  "Stop SESSION's server (STOP-TEST-SERVER)."
  (stop-test-server session))

(defun close-test-session (session)
  "Stop SESSION's server (STOP-TEST-SERVER)."
  (stop-test-server session))

(defmacro with-test-server ((variable &rest options &key initialize) &body body)
  "Run BODY with VARIABLE bound to a new server (options as MAKE-TEST-SERVER's),
stopped when BODY is left."
  (declare (ignore initialize))
  `(let ((,variable (make-test-server ,@options)))
     (unwind-protect (progn ,@body)
       (stop-test-server ,variable))))

(defmacro with-test-session ((variable) &body body)
  "Run BODY with VARIABLE bound to a new initialized server, stopped when BODY is left."
  `(with-test-server (,variable :initialize t) ,@body))

;;; Servers a document may use without making them

(defvar *server*)
(setf (documentation '*server* 'variable)
      "A server a document may use without defining it: an initialized server is
made on its first use. A document's own DEFVAR or SETF of it wins.")
(defvar *test-server*)
(setf (documentation '*test-server* 'variable)
      "Like *SERVER*: an initialized server made on first use unless the document sets it.")
(defvar *session*)
(setf (documentation '*session* 'variable)
      "Like *SERVER*: an initialized server made on first use unless the document sets it.")
(defvar *test-session*)
(setf (documentation '*test-session* 'variable)
      "Like *SERVER*: an initialized server made on first use unless the document sets it.")
(defvar init-request)
(setf (documentation 'init-request 'variable)
      "A valid initialize request (MAKE-INITIALIZE-REQUEST) with a fresh id, each
time it is read, unless the document sets it.")

(defparameter *provided-variables*
  `((*server* :store ,#'make-initialized-test-server)
    (*test-server* :store ,#'make-initialized-test-server)
    (*session* :store ,#'make-initialized-test-server)
    (*test-session* :store ,#'make-initialized-test-server)
    (init-request :use ,(lambda () (initialize-message (next-request-id) *protocol-version* *client-info* nil))))
  "Variables the vocabulary provides when spec code reads them unbound: :STORE
makes the value once and keeps it, :USE makes a new one for each reading.")

(defun provide-variable (condition)
  "A handler of UNBOUND-VARIABLE: supply the value of a provided variable."
  (let ((entry (assoc (cell-error-name condition) *provided-variables*)))
    (when entry
      (destructuring-bind (how make) (rest entry)
        (let ((value (funcall make)))
          (if (eq how :store)
              (store-value value condition)
              (use-value value condition)))))))

;;; The server's state

(defun server-stopped-p (server)
  "True once SERVER was stopped."
  (test-session-stopped server))

(defun server-initialized-p (server)
  "True when SERVER's MCP handshake was made: by the vocabulary, or by spec code
sending an initialize that the server answered with a result."
  (eq (test-session-state server) :initialized))

(defun server-alive-p (server)
  "True when SERVER's process runs and answers a ping."
  (and (not (test-session-stopped server))
       (handler-case (result-response-p (send-message server (request-message "ping" nil (next-request-id))))
         (host-request-failed () nil))))

;;; Messages

(defvar *protocol-version* "2025-06-18"
  "The MCP protocol version the vocabulary's initialize requests ask for.")

(defvar *client-info* nil
  "The clientInfo of the vocabulary's initialize requests: spec-run and its
version, set by USE-CLIENT-VERSION when the driver starts.")

(defun use-client-version (version)
  "Name spec-run at VERSION, package.json's, which the host passes the driver at
start, in the vocabulary's initialize requests."
  (setf *client-info* `((:name . "spec-run") (:version . ,version))))

(defvar *last-message-id* 0)

(defun next-server-id (server)
  "A new request id for SERVER: its requests are numbered 1, 2, 3..."
  (bt:with-recursive-lock-held (*ids-lock*) (incf (test-session-last-id server))))

(defun next-request-id (&optional server)
  "A new request id, an integer. Without SERVER, one no earlier call without a
server returned (the builders' default ids). With SERVER, the next of that
server's own count, 1, 2, 3..., which the vocabulary's senders (SEND-METHOD,
CALL-TOOL, EVALUATE-LISP...) take their ids from too: a request built with it
never shares an id with theirs."
  (if server
      (next-server-id server)
      (bt:with-recursive-lock-held (*ids-lock*) (incf *last-message-id*))))

(defun request-message (method params id)
  `((:jsonrpc . "2.0") (:id . ,id) (:method . ,method) (:params . ,params)))

(defun notification-message (method params)
  `((:jsonrpc . "2.0") (:method . ,method) ,@(when params `((:params . ,params)))))

(defun tool-call-message (tool-name arguments id)
  (request-message "tools/call" `((:name . ,tool-name) (:arguments . ,arguments)) id))

(defun make-request (method &optional params (id (next-request-id)))
  "A JSON-RPC request for METHOD with PARAMS (an alist; NIL is {}), with a fresh
id unless ID is given."
  (request-message method params id))

(defun make-notification (method &optional params)
  "A JSON-RPC notification (no id, no answer) for METHOD with PARAMS."
  (notification-message method params))

(defun initialize-message (id protocol-version client-info capabilities)
  (request-message "initialize"
                   `((:protocolVersion . ,protocol-version)
                     (:capabilities . ,capabilities)
                     (:clientInfo . ,client-info))
                   id))

(defun make-initialize-request (&key (id (next-request-id)) (protocol-version *protocol-version*)
                                     (client-info *client-info*) capabilities)
  "A valid MCP initialize request: PROTOCOL-VERSION, CLIENT-INFO (an alist of
name and version) and CAPABILITIES (an alist; NIL is {})."
  (initialize-message id protocol-version client-info capabilities))

(defun request-id (message)
  "The id of a request (or of a response)."
  (field message "id"))

(defun request-method (message)
  "The method of a request or notification, NIL for anything else."
  (and (consp message) (field message "method")))

;;; One builder per MCP method a client sends, and one per tool of the runtime
;;; (packages.lisp says how they are named). They build their messages with
;;; the unexported REQUEST-MESSAGE and TOOL-CALL-MESSAGE, as the senders do.

(defun make-ping-request (&key (id (next-request-id)))
  "A ping request."
  (request-message "ping" nil id))

(defun tools-list-message (&key (id (next-request-id)) cursor)
  (request-message "tools/list" (when cursor `((:cursor . ,cursor))) id))

(defun make-tools-list-request (&key (id (next-request-id)) cursor)
  "A tools/list request; CURSOR asks for the page after a response's nextCursor."
  (tools-list-message :id id :cursor cursor))

(defun make-list-tools-request (&key (id (next-request-id)) cursor)
  "MAKE-TOOLS-LIST-REQUEST, named as MCP's prose and LIST-TOOLS name the request."
  (tools-list-message :id id :cursor cursor))

(defun make-tool-call-request (tool-name arguments &key (id (next-request-id)))
  "A tools/call request of TOOL-NAME with ARGUMENTS: an alist with string or
keyword keys (NIL is {}), or the params of a tools/call or a whole one, as
CALL-TOOL takes them."
  (tool-call-message tool-name (call-arguments arguments) id))

(defun make-tools-call-request (tool-name arguments &key (id (next-request-id)))
  "MAKE-TOOL-CALL-REQUEST, named after its method, tools/call."
  (tool-call-message tool-name (call-arguments arguments) id))

(defun evaluation-arguments (code package capture-time)
  `(("code" . ,code)
    ,@(when package `(("package" . ,package)))
    ,@(when capture-time `(("capture-time" . t)))))

(defun limits-arguments (timeout max-output)
  `(,@(when timeout `(("timeout" . ,timeout)))
    ,@(when max-output `(("max-output" . ,max-output)))))

(defun make-evaluate-lisp-request (code &key package capture-time (id (next-request-id)))
  "A tools/call request of evaluate-lisp: CODE, in PACKAGE when given, with the
timing line when CAPTURE-TIME is true."
  (tool-call-message "evaluate-lisp" (evaluation-arguments code package capture-time) id))

(defun make-configure-limits-request (&key timeout max-output (id (next-request-id)))
  "A tools/call request of configure-limits with the limits given (seconds,
characters); with neither, it asks for the current limits."
  (tool-call-message "configure-limits" (limits-arguments timeout max-output) id))

(defun make-time-execution-request (code &key package (id (next-request-id)))
  "A tools/call request of time-execution: CODE, in PACKAGE when given."
  (tool-call-message "time-execution" (evaluation-arguments code package nil) id))

(defun make-initialized-notification ()
  "The notifications/initialized notification that ends the MCP handshake."
  (notification-message "notifications/initialized" nil))

(defvar *handshake-lock* (bt:make-recursive-lock "spec-run handshakes"))

(defun handshake (server &key (protocol-version *protocol-version*) (client-info *client-info*)
                            capabilities)
  (bt:with-recursive-lock-held (*handshake-lock*)
    (let ((response (exchange server (initialize-message (next-server-id server) protocol-version
                                                         client-info capabilities))))
      (when (result-response-p response)
        (exchange server (notification-message "notifications/initialized" nil))
        (setf (test-session-state server) :initialized))
      response)))

(defun initialize-server (server &rest options &key protocol-version client-info capabilities)
  "The MCP handshake as one call: send an initialize request (options as
MAKE-INITIALIZE-REQUEST's) and, when it is answered with a result, the
notifications/initialized notification. Returns the initialize response."
  (declare (ignore protocol-version client-info capabilities))
  (apply #'handshake server options))

(defun exchange (server message)
  "Send MESSAGE (an alist, or a string sent as the line itself) to SERVER as it
is; the response, or NIL when nothing answers (a notification)."
  (when (test-session-stopped server)
    (error "server ~D was stopped; it takes no more requests" (test-session-server server)))
  (host-request "send"
                `(:server . ,(test-session-server server))
                (if (stringp message) `(:raw . ,message) `(:message . ,message))))

(defun send-message (server message)
  (let ((method (and (consp message) (field message "method"))))
    (when (and (eq (test-session-state server) :auto)
               (not (member method '("initialize" "ping") :test #'equal)))
      (bt:with-recursive-lock-held (*handshake-lock*)
        (when (eq (test-session-state server) :auto)
          (handshake server))))
    (let ((response (exchange server message)))
      (when (and (equal method "initialize") (result-response-p response))
        (setf (test-session-state server) :initialized))
      response)))

(defun send-request (server message)
  "Send one JSON-RPC MESSAGE (an alist, or a string sent as the line itself) and
return the parsed response; NIL for a notification, which has no answer. A
server made with :INITIALIZE :AUTO gets its handshake first, unless MESSAGE is
itself an initialize (or a ping)."
  (send-message server message))

(defun send-notification (server method &optional params)
  "Send a JSON-RPC notification for METHOD with PARAMS to SERVER; returns NIL."
  (send-message server (notification-message method params))
  nil)

(defun send-raw-line (server line)
  "Send LINE to SERVER exactly as written (malformed JSON too); the response it
answers with, or NIL for a line nothing answers (blank, or a notification)."
  (send-message server (string-right-trim '(#\Newline #\Return) line)))

(defun send-method-request (server method params)
  (send-message server (request-message method params (next-server-id server))))

(defun send-call (server tool-name arguments)
  (send-message server (tool-call-message tool-name arguments (next-server-id server))))

(defun send-method (server method &optional params)
  "Send a request for METHOD with PARAMS and a fresh id; the response."
  (send-method-request server method params))

(defun ping-server (server)
  "Send ping; the response."
  (send-method-request server "ping" nil))

(defun list-tools (server)
  "Send tools/list; the response."
  (send-method-request server "tools/list" nil))

(defun tool-names (response)
  "The names of the tools in a tools/list response."
  (mapcar (lambda (tool) (field tool "name")) (result-field response "tools")))

(defun find-tool (response tool-name)
  "The tool TOOL-NAME as a tools/list RESPONSE describes it (an alist of name,
description, inputSchema...); NIL when it lists no such tool. The two
arguments may come in either order."
  (when (stringp response) (rotatef response tool-name))
  (find tool-name (result-field response "tools")
        :key (lambda (tool) (field tool "name")) :test #'equal))

(defun send-tool-call (server tool-name arguments)
  "tools/call of TOOL-NAME with ARGUMENTS (an alist with string or keyword keys;
NIL is {}) and a fresh id; the response."
  (send-call server tool-name arguments))

(defun call-arguments (value)
  "The tool arguments VALUE stands for: VALUE itself, or the arguments inside
the params of a tools/call ({name, arguments}) or a whole tools/call request."
  (cond ((and (consp value) (field-entry value "params")) (call-arguments (field value "params")))
        ((and (consp value) (field-entry value "arguments") (field-entry value "name"))
         (field value "arguments"))
        (t value)))

(defun call-tool (&rest arguments)
  "tools/call with a fresh id, the arguments in either order: (call-tool
tool-name arguments server) or (call-tool server tool-name arguments). The
tool's arguments may be given as the params of a tools/call or as a whole
tools/call request (an Input block's input)."
  (let ((server (find-if #'test-session-p arguments))
        (tool (find-if #'stringp arguments))
        (rest (remove-if (lambda (a) (or (test-session-p a) (stringp a))) arguments)))
    (unless (and server tool (<= (length rest) 1))
      (error "call-tool takes a server, a tool name and the arguments, got ~S" arguments))
    (send-call server tool (call-arguments (first rest)))))

(defun evaluate-lisp (server code &key package capture-time)
  "evaluate-lisp of CODE on SERVER with a fresh id: in PACKAGE when given, with
the timing line when CAPTURE-TIME is true; the response."
  (send-call server "evaluate-lisp" (evaluation-arguments code package capture-time)))

(defun evaluate-in-session (server code &optional package)
  "evaluate-lisp of CODE (in PACKAGE when given); the response (EVALUATE-LISP)."
  (send-call server "evaluate-lisp" (evaluation-arguments code package nil)))

(defun configure-limits (server &key timeout max-output)
  "configure-limits with the limits given (seconds, characters); the response."
  (send-call server "configure-limits" (limits-arguments timeout max-output)))

(defvar *default-session* nil)

(defun default-session ()
  (when (or (null *default-session*) (test-session-stopped *default-session*))
    (setf *default-session* (make-test-session)))
  *default-session*)

(defun time-execution (server-or-code &optional code-or-package package)
  "time-execution of CODE (in PACKAGE when given); the response. Called
(time-execution code [package]), on the document's default server, made on
first use; called (time-execution server code [package]), on SERVER."
  (multiple-value-bind (server code package)
      (if (test-session-p server-or-code)
          (values server-or-code code-or-package package)
          (values (default-session) server-or-code code-or-package))
    (unless (stringp code)
      (error "time-execution takes the code as a string, got ~S" code))
    (send-call server "time-execution" (evaluation-arguments code package nil))))

;;; Raw lines as streams: write lines to (server-stdin s), force-output sends
;;; them as they are, (read-response (server-stdout s)) takes the answers in order.

(defclass raw-line-output (sb-gray:fundamental-character-output-stream)
  ((server :initarg :server :reader stream-server)
   (pending :initform (make-string-output-stream) :accessor pending-text)))

(defclass response-input (sb-gray:fundamental-character-input-stream)
  ((server :initarg :server :reader stream-server)))

(defmethod sb-gray:stream-write-char ((stream raw-line-output) char)
  (write-char char (pending-text stream)))

(defmethod sb-gray:stream-line-column ((stream raw-line-output)) nil)

(defun send-pending-lines (stream)
  "Send what was written to STREAM, line by line; a last line without its
newline is sent too (forcing the output ends the message). The answers wait in
the server's inbox."
  (let ((text (get-output-stream-string (pending-text stream)))
        (server (stream-server stream)))
    (dolist (line (newline-split (string-right-trim '(#\Newline) text)))
      (let ((response (and (plusp (length text))
                           (send-message server (string-right-trim '(#\Newline #\Return) line)))))
        (when response
          (bt:with-recursive-lock-held (*ids-lock*)
            (setf (test-session-inbox server)
                  (append (test-session-inbox server) (list response)))))))))

(defmethod sb-gray:stream-force-output ((stream raw-line-output)) (send-pending-lines stream))
(defmethod sb-gray:stream-finish-output ((stream raw-line-output)) (send-pending-lines stream))

(defun server-stdin (server)
  "An output stream to SERVER: FORCE-OUTPUT or FINISH-OUTPUT sends each line
written so far exactly as written (the last one even without its newline);
READ-RESPONSE on SERVER-STDOUT gives the answers."
  (or (test-session-stdin server)
      (setf (test-session-stdin server) (make-instance 'raw-line-output :server server))))

(defun server-stdout (server)
  "The stream of SERVER's answers to lines sent through SERVER-STDIN, read with READ-RESPONSE."
  (or (test-session-stdout server)
      (setf (test-session-stdout server) (make-instance 'response-input :server server))))

(defun read-response (source)
  "The next answer to the lines sent through SERVER-STDIN, parsed; SOURCE is the
server or its SERVER-STDOUT stream."
  (let ((server (if (typep source 'response-input) (stream-server source) source)))
    (bt:with-recursive-lock-held (*ids-lock*)
      (when (null (test-session-inbox server))
        (error "no answer from server ~D is waiting: nothing sent through server-stdin was answered (was it forced out with force-output?)"
               (test-session-server server)))
      (pop (test-session-inbox server)))))

;;; Accessors

(defun name-string (key)
  (if (stringp key) key (symbol-name key)))

(defun field-entry (object key)
  "The entry of KEY in an alist or hash table, matched ignoring case."
  (cond ((hash-table-p object)
         (loop for k being the hash-keys of object using (hash-value v)
               when (string-equal (name-string k) (name-string key))
                 return (cons k v)))
        ((listp object)
         (find-if (lambda (entry)
                    (and (consp entry)
                         (or (symbolp (car entry)) (stringp (car entry)))
                         (car entry)
                         (string-equal (name-string (car entry)) (name-string key))))
                  object))))

(defun field (object key)
  (cdr (field-entry object key)))

(defun response-id (response)
  "The id of a response (NIL for a parse error's null id)."
  (field response "id"))

(defun result (response)
  "The result object of a response, an alist; NIL for an error response."
  (field response "result"))

(defun result-response-p (response)
  "True for a JSON-RPC response carrying a result (not an error)."
  (and (consp response) (field-entry response "result") (not (field-entry response "error")) t))

(defun tool-result (response)
  "RESPONSE's result. A JSON-RPC error response has none: the call was refused (a tool
name or an argument the server does not know), nothing was evaluated, and reading a
field of its result (isError among them) as NIL would pass a check that the call
succeeded; it is an error that says so."
  (when (error-response-p response)
    (let ((error (field response "error")))
      (error "the response has no result: the call was refused with the JSON-RPC error ~A: ~A (a tool name or an argument the server does not know?)"
             (field error "code") (field error "message"))))
  (result response))

(defun result-field (response &rest keys)
  "The value at KEYS in RESPONSE's result, each key matched ignoring case:
(result-field r :isError), (result-field r :serverInfo :name). An error response
has no result: an error (TOOL-RESULT)."
  (let ((value (tool-result response)))
    (dolist (key keys value)
      (setf value (field value key)))))

(defun content-text (response)
  (format nil "~{~A~^~%~}"
          (loop for item in (field (tool-result response) "content")
                when (equal (field item "type") "text")
                  collect (field item "text"))))

(defun result-content-text (response)
  "The text of all text items of result.content, joined by newlines."
  (content-text response))

(defun result-content (response)
  "The text of result.content (RESULT-CONTENT-TEXT); the items themselves are
(result-field response :content)."
  (content-text response))

(defun result-text (response)
  "The text of result.content (RESULT-CONTENT-TEXT)."
  (content-text response))

(defun extract-result-text (response)
  "The text of result.content (RESULT-CONTENT-TEXT)."
  (content-text response))

(defun is-error (response)
  "True when RESPONSE is a tool's answer with isError true, or a JSON-RPC error (the call
was refused)."
  (or (error-response-p response) (and (field (result response) "isError") t)))

(defun result-error-p (response)
  "True when RESPONSE is a tool's answer with isError true, or a JSON-RPC error (IS-ERROR)."
  (is-error response))

(defun result-success-p (response)
  "True for a result whose isError is not true."
  (and (result-response-p response) (not (result-field response "isError"))))

(defun error-response-p (response)
  "True for a JSON-RPC error response."
  (and (consp response) (field-entry response "error") t))

(defun same-id-p (a b)
  (or (equal a b) (and (numberp a) (numberp b) (= a b))))

(defun valid-response-p (response &optional request)
  "True when RESPONSE is a well-formed JSON-RPC 2.0 response: jsonrpc \"2.0\",
an id (null only in an error), and a result or an error but not both, an
error with an integer code and a string message. Given REQUEST (a request, or
its id), its id must be RESPONSE's too. When false, a second value says why."
  (flet ((fail (why &rest arguments)
           (return-from valid-response-p (values nil (apply #'format nil why arguments)))))
    (unless (json-object-alist-p response) (fail "not a JSON object: ~S" response))
    (unless (equal (field response "jsonrpc") "2.0")
      (fail "jsonrpc is ~S, not \"2.0\"" (field response "jsonrpc")))
    (let ((result (field-entry response "result"))
          (error (field-entry response "error"))
          (id (field-entry response "id")))
      (unless id (fail "no id"))
      (cond ((and result error) (fail "both a result and an error"))
            ((not (or result error)) (fail "neither a result nor an error"))
            ((and result (null (cdr id))) (fail "a result with a null id"))
            (error
             (unless (integerp (field (cdr error) "code"))
               (fail "error.code is ~S, not an integer" (field (cdr error) "code")))
             (unless (stringp (field (cdr error) "message"))
               (fail "error.message is ~S, not a string" (field (cdr error) "message")))))
      (when request
        (let ((expected (if (consp request) (field request "id") request)))
          (unless (same-id-p expected (cdr id))
            (fail "id ~S answers no request ~S" (cdr id) expected)))))
    t))

(defun response-error (response)
  "The error object of an error response, an alist of code, message and data."
  (field response "error"))

(defun error-code (response)
  "The code of an error response (-32700, -32600, -32601, -32602...)."
  (field (response-error response) "code"))

(defun error-message (response)
  "The message of an error response."
  (field (response-error response) "message"))

(defun error-data (response)
  "The data of an error response, when it has any."
  (field (response-error response) "data"))

(defun result-value (response)
  "The printed values: the text after \"=> \" on the value lines, one per line."
  (format nil "~{~A~^~%~}"
          (loop for line in (newline-split (content-text response))
                when (and (>= (length line) 3) (string= "=> " line :end2 3))
                  collect (subseq line 3))))

(defun newline-split (text)
  (loop for start = 0 then (1+ end)
        for end = (position #\Newline text :start start)
        collect (subseq text start end)
        while end))

;;; time-execution answers: a text item holding one JSON object

(defun hash-objects (value)
  "Turn the host's (:object (key . value)...) forms into EQUAL hash tables."
  (cond ((and (consp value) (eq (car value) :object))
         (let ((table (make-hash-table :test #'equal)))
           (loop for (key . entry) in (cdr value)
                 do (setf (gethash key table) (hash-objects entry)))
           table))
        ((consp value) (mapcar #'hash-objects value))
        (t value)))

(defun parse-json-text (text &key hash-tables)
  (let ((value (host-request "parse-json" `(:text . ,text)
                             `(:objects . ,(if hash-tables "tagged" "alist")))))
    (if hash-tables (hash-objects value) value)))

(define-condition not-a-timing-answer (error)
  ((text :initarg :text :reader answer-text-of))
  (:report (lambda (condition stream)
             (let ((text (answer-text-of condition)))
               (format stream "not a time-execution answer (neither its text nor its last line is a JSON object): ~A"
                       (if (> (length text) 300) (concatenate 'string (subseq text 0 300) "...") text))))))

(defun timing-answer (response)
  "The JSON object of a time-execution answer, as EQUAL hash tables: its whole
text, or for an error answer its last line, {\"timing\": {...}}."
  (let* ((text (content-text response))
         (last-line (subseq text (1+ (or (position #\Newline text :from-end t) -1)))))
    (handler-case (parse-json-text text :hash-tables t)
      (host-request-failed ()
        (handler-case (parse-json-text last-line :hash-tables t)
          (host-request-failed ()
            (error 'not-a-timing-answer :text text)))))))

(define-condition timing-of-failed-evaluation (error)
  ((error-type :initarg :error-type :reader failed-evaluation-error-type)
   (error-message :initarg :error-message :reader failed-evaluation-error-message))
  (:report (lambda (condition stream)
             (format stream "the evaluation this timing measures failed (~:[an error answer~;~:*~A~]~@[: ~A~]): ~
its time says nothing of how fast the code runs, since the code did not run to its end; ~
to read the time of a failure on purpose, pass :even-if-failed t"
                     (failed-evaluation-error-type condition)
                     (let ((message (failed-evaluation-error-message condition)))
                       (and message (one-line message 300)))))))

(defun extract-timing (response &key even-if-failed)
  "The timing object of a time-execution answer: a hash table with string keys
(\"real-time-ms\", \"run-time-ms\", \"gc-time-ms\", \"bytes-allocated\"...). For an
error answer (the evaluation failed), an error naming the evaluation's error, so that
a time limit is never met by code that did not run; with EVEN-IF-FAILED true, the
failure's timing."
  (when (and (not even-if-failed) (or (is-error response) (result-error-type response)))
    (error 'timing-of-failed-evaluation :error-type (result-error-type response)
                                        :error-message (result-error-message response)))
  (gethash "timing" (timing-answer response)))

(defun result-real-time-ms (response &key even-if-failed)
  "timing.real-time-ms of a time-execution answer; for an error answer, an error
naming the evaluation's error unless EVEN-IF-FAILED is true (see EXTRACT-TIMING)."
  (gethash "real-time-ms" (extract-timing response :even-if-failed even-if-failed)))

(defun result-output (response)
  "The output of a time-execution answer; of any other answer, its [stdout]
section (RESULT-STDOUT)."
  (handler-case (gethash "output" (timing-answer response))
    (not-a-timing-answer () (result-stdout response))))

;;; configure-limits answers

(defun limit-after (label text)
  "The integer after LABEL in TEXT; 0 when it reads \"disabled\"; NIL when absent."
  (let ((start (search label text)))
    (when start
      (let ((from (+ start (length label))))
        (if (string= "disabled" text :start2 from :end2 (min (length text) (+ from 8)))
            0
            (parse-integer text :start from :junk-allowed t))))))

(defun extract-config-params (response)
  "The configure-limits arguments that restore the limits a configure-limits
answer reports, as a tool call's arguments: an alist such as ((\"timeout\" . 7)
(\"max-output\" . 123)), for (call-tool server \"configure-limits\" params) or
send-tool-call (not for CONFIGURE-LIMITS, which takes keywords)."
  (let ((text (content-text response)))
    (loop for (label . name) in '(("timeout: " . "timeout") ("max-output: " . "max-output"))
          for value = (limit-after label text)
          when value collect (cons name value))))

;;; Numbers

(defun parse-number (string &key (start 0) end)
  "The number STRING holds between START and END (integer, ratio or float, as
the parse-number library reads it), blanks around it allowed; an error for
anything else."
  (let* ((text (string-trim '(#\Space #\Tab #\Newline #\Return) (subseq string start end)))
         (value (and (plusp (length text))
                     (every (lambda (c) (or (digit-char-p c) (find c "+-./eEdDfFsSlL"))) text)
                     (let ((*read-eval* nil) (*read-default-float-format* 'double-float))
                       (handler-case (read-from-string text) (error () nil))))))
    (unless (numberp value)
      (error "parse-number: ~S is not a number" (subseq string start end)))
    value))

(defun standard-deviation (numbers)
  "Sample standard deviation; 0 for fewer than two numbers."
  (let ((n (length numbers)))
    (if (< n 2)
        0.0d0
        (let ((mean (/ (reduce #'+ numbers) n)))
          (sqrt (/ (reduce #'+ (mapcar (lambda (x) (expt (- x mean) 2)) numbers))
                   (1- n)))))))
