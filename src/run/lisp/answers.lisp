;;;; Reading the text of a tool's answer: its lines, its sections, the numbers and
;;;; values in it. The runtime contract shapes evaluate-lisp's text as sections
;;;; headed by a line "[NAME]" (the rest of that line may say more: "[ERROR]
;;;; DIVISION-BY-ZERO"), then the printed values, one "=> " line each, then notes
;;;; starting "; " (the timing line of capture-time). time-execution answers one
;;;; JSON object.
;;;;
;;;; Every reader takes the text as a string or as the response that carries it.
;;;; Readers that look something up in a text take the text first, as
;;;; RESULT-FIELD takes the response first; COUNT-OCCURRENCES takes what it
;;;; counts first, as COUNT and SEARCH do. Where one argument is a response, it
;;;; is the text whichever place it is given in.
;;;;
;;;; A document may define a function of its own under an exported name (its
;;;; CL-USER inherits the symbol), so readers call each other through the
;;;; unexported functions here, never through an exported name.

(in-package #:spec-run)

;;; The text of a string or a response

(defun answer-text (source)
  "SOURCE when it is a string; the content text of SOURCE when it is a response."
  (typecase source
    (string source)
    (list (content-text source))
    (t (error "expected a tool's answer as a string or a response, got ~S" source))))

(defun text-and-key (text key)
  "TEXT's text and KEY, TEXT being whichever of the two is a response."
  (if (and (stringp text) (consp key))
      (values (answer-text key) text)
      (values (answer-text text) key)))

(defun lines-of (string)
  (unless (zerop (length string))
    (mapcar (lambda (line) (string-right-trim '(#\Return) line))
            (newline-split (if (char= (char string (1- (length string))) #\Newline)
                             (subseq string 0 (1- (length string)))
                             string)))))

(defun split-lines (text)
  "The lines of TEXT (a string, or a response whose content text is read),
without their line ends; a last newline ends the last line, it does not start
an empty one."
  (lines-of (answer-text text)))

(defun first-line (text)
  "The first line of TEXT (a string, or a response whose content text is read),
without its line end: the [ERROR] line of an error answer. NIL for an empty text."
  (first (lines-of (answer-text text))))

(defun find-line (text needle &key (test #'char=))
  "The first line of TEXT (a string, or a response whose content text is read)
that contains NEEDLE, compared with TEST as SEARCH compares (#'CHAR-EQUAL
ignores case); its index among SPLIT-LINES as a second value. NIL when no line
contains it."
  (multiple-value-bind (string needle) (text-and-key text needle)
    (loop for line in (lines-of string)
          for index from 0
          when (search needle line :test test)
            return (values line index))))

(defun count-occurrences (needle text &key (test #'char=))
  "How many times NEEDLE occurs in TEXT (a string, or a response whose content
text is read), compared with TEST as SEARCH compares; occurrences that overlap
count each."
  (multiple-value-bind (string needle)
      (if (consp needle) (text-and-key needle text) (values (answer-text text) needle))
    (when (zerop (length needle))
      (error "count-occurrences: an empty string occurs everywhere; give what to count"))
    (loop for start = 0 then (1+ found)
          for found = (search needle string :start2 start :test test)
          while found
          count t)))

;;; Sections

(defun heading (line)
  "The name and the rest of LINE when it heads a section, \"[NAME] rest\": NAME
a letter then letters, digits, - or _."
  (when (and (> (length line) 2) (char= (char line 0) #\[) (alpha-char-p (char line 1)))
    (let ((close (position #\] line)))
      (when (and close
                 (every (lambda (c) (or (alphanumericp c) (find c "-_"))) (subseq line 1 close)))
        (values (subseq line 1 close) (string-trim " " (subseq line (1+ close))))))))

(defun blank-line-p (line)
  (every (lambda (c) (member c '(#\Space #\Tab))) line))

(defun value-line-p (line)
  (and (>= (length line) 3) (string= "=> " line :end2 3)))

(defun note-line-p (line)
  (and (>= (length line) 2) (string= "; " line :end2 2)))

(defun values-start (lines)
  "The index of the first value line of LINES: a => line that is no line of a
section, that is, one with no heading above it or a blank line between it and
the last heading above it. NIL when there is none."
  (loop with blank-since-heading = t
        for line across lines
        for index from 0
        do (cond ((heading line) (setf blank-since-heading nil))
                 ((blank-line-p line) (setf blank-since-heading t))
                 ((and blank-since-heading (value-line-p line)) (return index)))))

(defun trailing-notes-start (lines end values-start)
  "The index where the notes that end LINES (below END) begin, END when there
are none: the notes are \"; \" lines, the first after a blank line or among the
values (from VALUES-START), and what follows them: further notes, blank lines,
and the JSON line time-execution ends an error answer with."
  (let ((start end))
    (loop while (and (plusp start)
                     (let ((line (aref lines (1- start))))
                       (or (note-line-p line) (blank-line-p line)
                           (and (plusp (length line)) (char= (char line 0) #\{)))))
          do (decf start))
    (loop for index from start below end
          when (and (note-line-p (aref lines index))
                    (or (zerop index)
                        (blank-line-p (aref lines (1- index)))
                        (and values-start (> index values-start))))
            return index
          finally (return end))))

(defun join-lines (lines)
  (format nil "~{~A~^~%~}" lines))

(defun trimmed-lines (lines start end)
  "LINES from START below END, blank lines at the end left out."
  (loop while (and (> end start) (blank-line-p (aref lines (1- end)))) do (decf end))
  (coerce (subseq lines start end) 'list))

(defun section-name (name)
  "NAME as a section is named: a string or symbol, its brackets left out."
  (string-trim "[]" (if (stringp name) name (symbol-name name))))

(defun sections (string)
  "STRING's sections in order, each (name rest body-lines)."
  (let* ((lines (coerce (lines-of string) 'vector))
         (values-start (values-start lines))
         (end (or values-start (trailing-notes-start lines (length lines) nil))))
    (loop for index from 0 below end
          for (name rest) = (multiple-value-list (heading (aref lines index)))
          when name
            collect (list name rest
                          (trimmed-lines lines (1+ index)
                                         (or (position-if #'heading lines :start (1+ index) :end end)
                                             end))))))

(defun extract-section (text name)
  "The body of the section of TEXT (a string, or a response whose content text
is read) headed [NAME], as a string; the rest of its heading line
(\"DIVISION-BY-ZERO\" after [ERROR]) as a second value. NIL when TEXT has no
such section. NAME is matched ignoring case, with or without its brackets
(\"Backtrace\", \"[Backtrace]\", :backtrace). A section runs from its heading
line to the next one; the last stops before the values (=> lines) and notes
(; lines) that end an answer; blank lines at its end are left out."
  (multiple-value-bind (string name) (text-and-key text name)
    (section-body string name)))

(defun section-body (string name)
  (let ((section (find (section-name name) (sections string) :key #'first :test #'string-equal)))
    (when section
      (destructuring-bind (heading-name rest body) section
        (declare (ignore heading-name))
        (values (join-lines body) rest)))))

(defun section-names (text)
  "The names of the sections of TEXT (a string, or a response whose content
text is read), in order, as written and without brackets: (\"ERROR\"
\"Backtrace\" \"stdout\")."
  (mapcar #'first (sections (answer-text text))))

;;; Numbers and JSON in a text

(defun number-at (string start)
  "The number written at START of STRING, and where it ends: an integer, or a
double-float when it has a fraction or an exponent. NIL when none starts there."
  (let* ((end (length string))
         (i start))
    (flet ((digits ()
             (let ((from i))
               (loop while (and (< i end) (digit-char-p (char string i))) do (incf i))
               (> i from))))
      (when (and (< i end) (find (char string i) "+-")) (incf i))
      (let ((whole (digits))
            (float nil))
        (when (and (< i (1- end)) (char= (char string i) #\.) (digit-char-p (char string (1+ i))))
          (incf i)
          (digits)
          (setf float t))
        (when (or whole float)
          (let ((mark i))
            (when (and (< i end) (find (char string i) "eE"))
              (incf i)
              (when (and (< i end) (find (char string i) "+-")) (incf i))
              (if (digits) (setf float t) (setf i mark))))
          (let ((token (subseq string start i)))
            (values (if float
                        (let ((*read-default-float-format* 'double-float) (*read-eval* nil))
                          (coerce (read-from-string token) 'double-float))
                        (parse-integer token))
                    i)))))))

(defun name-end (string start)
  "Where the name going on at START of STRING ends: letters, _, and - before a letter."
  (loop with end = (length string)
        for i from start below end
        for c = (char string i)
        unless (or (alpha-char-p c) (char= c #\_)
                   (and (char= c #\-) (< (1+ i) end) (alpha-char-p (char string (1+ i)))))
          return i
        finally (return end)))

(defun extract-number (text label &key (test #'char=))
  "The number that follows LABEL in TEXT (a string, or a response whose content
text is read), past any quotes, colons, equals signs and blanks: 60 after
\"timeout:\" in \"timeout: 60 seconds\", 0.5d0 after \"real-time-ms\" in
{\"real-time-ms\": 0.5}. An integer, or a double-float when written with a
fraction or an exponent. LABEL may begin a longer name (\"allocation-rate\"
reads allocation-rate-mb-per-sec's number). LABEL is matched as SEARCH matches,
with TEST (#'CHAR-EQUAL ignores case); where it is followed by no number, its
next occurrence is tried. NIL when none is followed by a number."
  (multiple-value-bind (string label) (text-and-key text label)
    (loop for found = (search label string :test test)
            then (search label string :test test :start2 (1+ found))
          while found
          do (let ((start (position-if-not (lambda (c) (find c " 	\"':=")) string
                                           :start (name-end string (+ found (length label))))))
               (when start
                 (let ((number (number-at string start)))
                   (when number (return number))))))))

(defun parse-json (text)
  "The JSON value TEXT holds (a string, or a response whose content text is
read, as time-execution's): objects as EQUAL hash tables with string keys, as
EXTRACT-TIMING gives them, arrays as lists, true as T, false and null as NIL,
numbers as integers or double-floats. An error saying so when TEXT is no JSON."
  (let ((string (answer-text text)))
    (handler-case (parse-json-text string :hash-tables t)
      (host-request-failed (condition)
        (error "parse-json: not JSON (~A): ~A" condition
               (if (> (length string) 300) (concatenate 'string (subseq string 0 300) "...") string))))))

;;; An evaluation's answer, part by part

(defun json-answer (response)
  "The object of an answer whose whole text is one JSON object (time-execution's), else NIL."
  (let ((text (string-left-trim '(#\Space #\Newline) (answer-text response))))
    (when (and (plusp (length text)) (char= (char text 0) #\{))
      (let ((value (handler-case (parse-json-text text :hash-tables t)
                     (host-request-failed () nil))))
        (and (hash-table-p value) value)))))

(defun section-content (response name)
  "The lines of every section of RESPONSE named NAME: its heading's rest, when
any (a server may write \"[stderr] text\"), then its body."
  (loop for (heading rest body) in (sections (answer-text response))
        when (string-equal heading name)
          append (if (plusp (length rest)) (cons rest body) body)))

(defun nonempty (string)
  (and (plusp (length string)) string))

(defun as-text-shows (text)
  "TEXT without its last newline, as an answer's text shows a stream's output: the
readers give the same whether they read the text or the data."
  (let ((end (length text)))
    (if (and (plusp end) (char= (char text (1- end)) #\Newline))
        (subseq text 0 (1- end))
        text)))

(defun structured-answer (response)
  "The answer's parts as data, when the server gives them (the built-in runtime's
structuredContent: values, stdout, stderr, warnings), else NIL: read before the text,
which cannot always tell what was printed from its own structure."
  (when (consp response)
    (let ((data (field (field response "result") "structuredContent")))
      (and (consp data) (field-entry data "values") data))))

(defun result-values (response)
  "The values an evaluation printed, one string each, in order: the text after
\"=> \" of each value line, with the lines that continue it (a value printed
over several lines); for a time-execution answer, the lines of its result.
NIL for an answer with no values (an error). Read from the answer's data when the
server gives it, so printed output that looks like a value line is never one."
  (let ((json (json-answer response))
        (data (structured-answer response)))
    (cond
      (data (copy-list (field data "values")))
      (json
        (let ((result (gethash "result" json)))
          (and (stringp result) (plusp (length result)) (newline-split result))))
      (t
        (let* ((lines (coerce (lines-of (answer-text response)) 'vector))
               (start (values-start lines)))
          (when start
            (let ((values '()))
              (loop for index from start below (trailing-notes-start lines (length lines) start)
                    for line = (aref lines index)
                    do (if (value-line-p line)
                           (push (list (subseq line 3)) values)
                           (push line (first values))))
              (mapcar (lambda (lines)
                        (join-lines (reverse (member-if-not #'blank-line-p lines))))
                      (nreverse values)))))))))

(defun written-stream (response name)
  "What the evaluation wrote to the stream NAME (\"stdout\" or \"stderr\"): the
answer's data when the server gives it, else the member NAME of a time-execution
answer (its \"output\" for stdout), else the [NAME] section of an evaluate-lisp
answer (an error's too, what was written before it), its last newline left out as
the text leaves it. NIL when nothing was written."
  (let ((json (json-answer response))
        (data (structured-answer response)))
    (nonempty (cond (data (as-text-shows (or (field data name) "")))
                    (json (or (gethash (if (string= name "stdout") "output" name) json) ""))
                    (t (join-lines (section-content response name)))))))

(defun result-stdout (response)
  "What the evaluation wrote to *standard-output*, as WRITTEN-STREAM reads it."
  (written-stream response "stdout"))

(defun result-stderr (response)
  "What the evaluation wrote to *error-output*, as WRITTEN-STREAM reads it."
  (written-stream response "stderr"))

(defun result-warnings (response)
  "The warnings the evaluation signalled, one line each (\"SIMPLE-WARNING: text\"): the
lines of the [warnings] section (or of [Warning] lines), the warnings of a
time-execution answer; the answer's data when the server gives it. NIL when there
were none."
  (let ((json (json-answer response))
        (data (structured-answer response)))
    (cond (data (copy-list (field data "warnings")))
          (json (gethash "warnings" json))
          (t (remove-if #'blank-line-p
                        (append (section-content response "warnings")
                                (section-content response "warning")))))))

(defun structured-error (response)
  "The error of an answer given as data: (values error T), ERROR NIL for an answer that
is no error; (values NIL NIL) when the server gives no data, and the text is read."
  (let ((data (structured-answer response)))
    (if data
        (values (field data "error") t)
        (values nil nil))))

(defun result-error-type (response)
  "The condition type an error answer names on its [ERROR] line, as written
(\"DIVISION-BY-ZERO\", \"TIMEOUT\"); NIL for an answer that is no error (read from the
answer's data when the server gives it: a printed \"[ERROR] X\" line is no error)."
  (multiple-value-bind (error data) (structured-error response)
    (if data
        (and error (nonempty (field error "type")))
        (multiple-value-bind (body rest) (section-body (answer-text response) "ERROR")
          (declare (ignore body))
          (when rest
            (nonempty (subseq rest 0 (position #\Space rest))))))))

(defun result-error-message (response)
  "The message under an error answer's [ERROR] line; NIL for an answer that is no error
(read from the answer's data when the server gives it)."
  (multiple-value-bind (error data) (structured-error response)
    (if data
        (and error (nonempty (field error "message")))
        (nonempty (section-body (answer-text response) "ERROR")))))

(defun result-backtrace (response)
  "The [Backtrace] section of an error answer, its frames one per line; NIL when it has
none (read from the answer's data when the server gives it)."
  (multiple-value-bind (error data) (structured-error response)
    (if data
        (and error (nonempty (field error "backtrace")))
        (nonempty (section-body (answer-text response) "Backtrace")))))
