;;;; JSON values in test code: building them, reading a path through them, asking
;;;; what they are, and writing them as one line of JSON text.
;;;;
;;;; Parsed JSON comes in the two shapes the vocabulary already gives: a response
;;;; (SEND-REQUEST, CALL-TOOL...) is an alist keyed by upper-cased keywords, where
;;;; {}, [], false and null all read as NIL but a member stays present as an entry
;;;; (:ISERROR); PARSE-JSON gives EQUAL hash tables with string keys, where {} is an
;;;; empty table. Both are read alike here: keys are matched ignoring case, as
;;;; RESULT-FIELD matches them, and arrays are lists (or vectors).
;;;;
;;;; Built values take the shape JSON.LISP writes: an object is an alist, an array
;;;; a list, T true, :FALSE false, :NULL or NIL null. NIL cannot be an empty object
;;;; or array, so the empty ones are an empty hash table and an empty vector.
;;;;
;;;; Functions here call each other through the unexported ones (JSON-PATH,
;;;; OBJECT-P...), never through an exported name a document may redefine.

(in-package #:spec-run)

(defun object-p (value)
  (or (hash-table-p value) (json-object-alist-p value)))

(defun array-p (value)
  (or (and (vectorp value) (not (stringp value)))
      (and (consp value) (null (cdr (last value))) (not (json-object-alist-p value)))))

(defun json-path (value path)
  "The value at PATH in VALUE and whether every step of PATH was there."
  (dolist (step path (values value t))
    (cond ((and (integerp step) (array-p value) (< -1 step (length value)))
           (setf value (elt value step)))
          ((and (or (stringp step) (and (symbolp step) step)) (object-p value))
           (let ((entry (field-entry value step)))
             (unless entry (return (values nil nil)))
             (setf value (cdr entry))))
          (t (return (values nil nil))))))

(defun json-get (value &rest path)
  "The value at PATH in VALUE, a parsed JSON value (a response, PARSE-JSON's
value, or one built with JSON-OBJECT): each step of PATH is a key of an object
(a string or a symbol, matched ignoring case) or an index into an array (an
integer from 0). A second value says whether every step was there; NIL and NIL
when one is missing. (json-get response \"result\" \"content\" 0 \"text\");
(json-get r \"result\" \"isError\") reads what result-field reads, but as JSON is: NIL for
a refused call, which has no result (result-field refuses to read it)."
  (json-path value path))

(defun json-key-p (value &rest path)
  "True when PATH leads to something in VALUE, even a null, a false or an empty
value: (json-key-p response \"result\" \"isError\") is true for \"isError\":
false. Steps as JSON-GET's; a key, usually, as the last."
  (nth-value 1 (json-path value path)))

(defun json-keys (object)
  "The keys of a JSON object, as strings, in their order: a response's member
names as JSON spells MCP's (\"isError\", \"protocolVersion\"), other keys of a
response in lower case (its keys are upper-cased keywords; compare with
STRING-EQUAL), string keys as written. NIL for anything that is no object."
  (cond ((hash-table-p object)
         (loop for key being the hash-keys of object collect (json-key-name key)))
        ((json-object-alist-p object)
         (mapcar (lambda (entry) (json-key-name (car entry))) object))))

(defun json-object-p (value)
  "True for a JSON object: an alist with string or symbol keys, or a hash table
(PARSE-JSON's objects, JSON-OBJECT's empty one). A response's {} reads as NIL,
which is no object (JSON-KEY-P still tells that the member is there)."
  (object-p value))

(defun json-array-p (value)
  "True for a JSON array: a list that is no object, or a vector (JSON-ARRAY's
empty one). A response's [] reads as NIL, which is no array."
  (array-p value))

(defun json-object (&rest keys-and-values)
  "A JSON object of the keys and values given in turn: (json-object \"name\"
\"evaluate-lisp\" \"arguments\" (json-object \"code\" \"(+ 1 2)\")). Keys are
strings, written as they are, or symbols (:protocolVersion is written as JSON
spells it). Values are JSON values: T true, :FALSE false, :NULL (or NIL) null.
An alist, as the vocabulary's requests are; (json-object) is {}, an empty hash
table, since NIL is null."
  (unless (evenp (length keys-and-values))
    (error "json-object takes keys and values in turn; ~S has no value" (first (last keys-and-values))))
  (if (null keys-and-values)
      (make-hash-table :test #'equal)
      (loop for (key value) on keys-and-values by #'cddr
            unless (or (stringp key) (and (symbolp key) key))
              do (error "json-object: a key is a string or a symbol, not ~S" key)
            collect (cons key value))))

(defun json-array (&rest values)
  "A JSON array of VALUES: a list, as parsed arrays are; (json-array) is [], an
empty vector, since NIL is null."
  (if values (copy-list values) (vector)))

(defun encode-json (value &optional stream)
  "VALUE as one line of JSON text (no newline in it, non-ASCII characters
escaped), mapped as requests are sent: an alist or hash table is an object, a
list or vector an array, T true, :FALSE false, :NULL and NIL null. Returns the
string; with STREAM (T for *STANDARD-OUTPUT*), writes it there instead and
returns VALUE. The inverse of PARSE-JSON."
  (let ((text (to-json value)))
    (cond ((null stream) text)
          (t (write-string text (if (eq stream t) *standard-output* stream))
             value))))
