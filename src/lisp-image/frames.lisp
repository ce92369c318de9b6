;;;; Backtraces of the frames a handler sees, for the runtime worker's [Backtrace]
;;;; and the Lisp driver's failing points. Frames are walked with
;;;; sb-debug::map-backtrace (internal in SBCL, its one walker of live frames) and
;;;; chosen by the names of the functions they run, never by searching printed
;;;; text; each image decides which frames are the user's.

(defpackage #:spec-run.frames
  (:use #:common-lisp)
  (:export #:frame-home #:backtrace-text))

(in-package #:spec-run.frames)

(defun frame-function-name (frame)
  "The name of the function FRAME runs: a symbol, or a list like (LAMBDA () :IN F)."
  (sb-di:debug-fun-name (sb-di:frame-debug-fun frame)))

(defun frame-home (name)
  "The symbol of the global function a frame's function NAME belongs to: NAME
itself, F for (LAMBDA () :IN F) or (FLET G :IN F), F for (SETF F); NIL if none."
  (let ((in (and (consp name) (member :in name))))
    (cond (in (frame-home (second in)))
          ((consp name) (frame-home (second name)))
          ((and name (symbolp name)) name))))

(defun frame-text (frame)
  "FRAME as a backtrace prints it, \"N: (F args...)\", cut to 200 characters."
  (let ((text (with-output-to-string (out)
                (let ((*print-length* 5) (*print-level* 3) (*print-circle* t))
                  (sb-debug::print-frame-call frame out :number t)))))
    (if (> (length text) 200) (concatenate 'string (subseq text 0 197) "...") text)))

(defun backtrace-text (&key start end limit)
  "The frames below the caller, one per line: from the one whose index START
returns (given the list of the frames' function names, innermost first) to the
last before the first one whose name satisfies END, at most LIMIT of them.
NIL when none is left. Call it in a handler, while the frames exist."
  (let ((frames '()))
    (sb-debug::map-backtrace (lambda (frame) (push frame frames)) :count 40)
    (let* ((frames (nreverse frames))
           (names (mapcar #'frame-function-name frames))
           (first (funcall start names))
           (after (or (position-if end names :start first) (length frames)))
           (shown (subseq frames first (min after (+ first limit)))))
      (when shown
        (format nil "~{~A~^~%~}" (mapcar #'frame-text shown))))))
