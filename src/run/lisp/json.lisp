;;;; Lisp data to JSON text, for the messages the driver sends to spec-run.
;;;; The mapping is the vocabulary's: an alist is an object (string keys as they
;;;; are; keyword and symbol keys lower-cased, except the names JSON spells in
;;;; camelCase, so :protocolVersion is written "protocolVersion"), T is true,
;;;; :FALSE and :NULL are false and null, a proper list of anything else is an
;;;; array, and NIL is null except as the value of a member MCP defines as an
;;;; object ("params", "arguments", "capabilities"...), where the seeds write '()
;;;; for an empty object. Output is pure ASCII: every other character is escaped.

(in-package #:spec-run)

(defvar *key-spellings* (cl:make-hash-table :test #'equal :synchronized t)
  "Upper-cased name -> its JSON spelling, for keys that are not all lower case.")

(defun learn-key-spelling (spelling)
  "Write keys named like SPELLING (ignoring case) as SPELLING from now on."
  (setf (gethash (string-upcase spelling) *key-spellings*) spelling))

;; The camelCase member names of MCP's messages (its schema, 2025-06-18).
(dolist (spelling '("protocolVersion" "clientInfo" "serverInfo" "isError" "inputSchema"
                    "outputSchema" "listChanged" "structuredContent" "mimeType"
                    "nextCursor" "progressToken" "elicitationId" "readOnlyHint"
                    "destructiveHint" "idempotentHint" "openWorldHint" "includeContext"
                    "maxTokens" "stopSequences" "modelPreferences" "systemPrompt"
                    "lastModified" "uriTemplate" "requestedSchema"))
  (learn-key-spelling spelling))

(defun json-key-name (key)
  (etypecase key
    (string key)
    (symbol (or (gethash (symbol-name key) *key-spellings*)
                (string-downcase (symbol-name key))))))

(defun empty-object-key-p (key)
  (and key (member (json-key-name key)
                   '("params" "arguments" "capabilities" "experimental" "clientInfo"
                     "serverInfo" "roots" "sampling" "elicitation" "tools" "prompts"
                     "resources" "logging" "_meta")
                   :test #'string=)))

(defun json-object-alist-p (value)
  "A non-empty proper list of conses whose cars are names."
  (and (consp value)
       (null (cdr (last value)))
       (every (lambda (entry)
                (and (consp entry)
                     (or (stringp (car entry))
                         (and (symbolp (car entry)) (car entry)))))
              value)))

(defun write-json-string (string stream)
  (write-char #\" stream)
  (loop for char across string
        for code = (char-code char)
        do (case char
             (#\" (write-string "\\\"" stream))
             (#\\ (write-string "\\\\" stream))
             (#\Newline (write-string "\\n" stream))
             (#\Return (write-string "\\r" stream))
             (#\Tab (write-string "\\t" stream))
             (t (cond ((<= 32 code 126) (write-char char stream))
                      ((< code #x10000) (format stream "\\u~4,'0X" code))
                      (t (let ((offset (- code #x10000)))
                           (format stream "\\u~4,'0X\\u~4,'0X"
                                   (+ #xD800 (ash offset -10))
                                   (+ #xDC00 (logand offset #x3FF)))))))))
  (write-char #\" stream))

(defun write-json-number (number stream)
  (etypecase number
    (integer (format stream "~D" number))
    (float
     (when (or (sb-ext:float-infinity-p number) (sb-ext:float-nan-p number))
       (error "~S has no JSON representation" number))
     ;; Printed with its own type as the default format, a float reads back
     ;; as itself and carries no exponent marker JSON would reject.
     (let ((*read-default-float-format* (type-of number)))
       (prin1 number stream)))
    (rational (write-json-number (coerce number 'double-float) stream))))

(defun write-json-object (entries stream)
  (write-char #\{ stream)
  (loop for (key . value) in entries
        for first = t then nil
        unless first do (write-char #\, stream)
        do (write-json-string (json-key-name key) stream)
           (write-char #\: stream)
           (write-json value stream key))
  (write-char #\} stream))

(defun write-json (value stream &optional key)
  (cond ((eq value t) (write-string "true" stream))
        ((eq value :false) (write-string "false" stream))
        ((eq value :null) (write-string "null" stream))
        ((null value) (write-string (if (empty-object-key-p key) "{}" "null") stream))
        ((stringp value) (write-json-string value stream))
        ((characterp value) (write-json-string (string value) stream))
        ((realp value) (write-json-number value stream))
        ((keywordp value) (write-json-string (string-downcase (symbol-name value)) stream))
        ((symbolp value) (write-json-string (symbol-name value) stream))
        ((hash-table-p value)
         (write-json-object (loop for k being the hash-keys of value using (hash-value v)
                                  collect (cons k v))
                            stream))
        ((json-object-alist-p value) (write-json-object value stream))
        ((or (and (listp value) (null (cdr (last value))))
             (vectorp value))
         (write-char #\[ stream)
         (let ((first t))
           (map nil (lambda (element)
                      (unless first (write-char #\, stream))
                      (setf first nil)
                      (write-json element stream))
                value))
         (write-char #\] stream))
        (t (error "~S has no JSON representation" value))))

(defun to-json (value)
  (with-output-to-string (stream) (write-json value stream)))
