;;;; A driver that runs many documents, each in a process of its own, started as
;;;; (spec-run::zygote-main :version "x.y.z") as the init of a PID namespace of its own.
;;;; It never runs spec code: for each (:fork) the host sends, it forks, and the child
;;;; becomes a document's driver (MAIN), speaking on the same fds 3 and 4. The child starts
;;;; from this image as it was before any document (no definition, special, package,
;;;; thread or open file of an earlier document can be in it: those lived in other
;;;; processes), without paying SBCL's start for every document. Once the child has
;;;; ended, every process left in the namespace (programs its spec code started, setsid
;;;; or not) is killed and reaped, and the host is told with an "ended" message.

(in-package #:spec-run)

(eval-when (:compile-toplevel :load-toplevel :execute)
  (require :sb-posix))

(defun outer-pid ()
  "This process's id as the machine sees it: in a PID namespace getpid answers the
namespace's own numbering, while /proc (the machine's) names the process by its outer id."
  (values (parse-integer (sb-unix:unix-readlink "/proc/self"))))

(defun end-namespace-remains ()
  "As the init of a PID namespace: kill every other process in it and reap them all."
  ;; kill(-1) from a namespace's init reaches every process of the namespace but itself.
  (sb-unix:unix-kill -1 sb-unix:sigkill)
  (loop (handler-case (sb-posix:waitpid -1 0)
          (sb-posix:syscall-error () (return)))))

(defun exit-status (status)
  "The \"ended\" message of a child that ended with wait STATUS."
  (cond ((sb-posix:wifexited status)
         `((:type . "ended") (:code . ,(sb-posix:wexitstatus status))))
        ((sb-posix:wifsignaled status)
         `((:type . "ended") (:signal . ,(sb-posix:wtermsig status))))
        (t `((:type . "ended")))))

(defun warm-compiler ()
  "Compile once before any fork: the first compilation in a process pays for the
compiler's own start (its tables paged in, its caches filled), which every forked
driver then inherits instead of paying it for each document. The function compiled
is anonymous and discarded: no name, package or state a document could see."
  (compile nil '(lambda (items)
                 (handler-case
                     (let ((total 0))
                       (loop for item in items
                             do (incf total (length (format nil "~A" item))))
                       (values total (string-upcase (prin1-to-string items))))
                   (error (condition) (princ-to-string condition))))))

(defparameter *populated-allocation-bytes* (* 1024 1024)
  "Bytes of the heap's free pages a forked driver has the kernel populate before it says
ready: about what a small document's definitions and units allocate.")

(defun populate-allocation-pages ()
  "Have the kernel give this process, in one call, the free heap pages it allocates into
next (from the heap's high-water mark, where a process that has not collected allocates):
a forked driver otherwise takes a page fault for each page it first writes, a few hundred
while a small document compiles its definitions. The pages stay zero, as free pages are.
Where the kernel does not offer this (MADV_POPULATE_WRITE, Linux 5.14), the call fails
and the pages fault in as before."
  (let ((madv-populate-write 23))
    (sb-alien:alien-funcall
     (sb-alien:extern-alien "madvise" (function sb-alien:int sb-alien:unsigned-long sb-alien:unsigned-long sb-alien:int))
     (sb-sys:sap-int (sb-kernel:dynamic-space-free-pointer)) *populated-allocation-bytes* madv-populate-write)))

(defun fork-driver (version)
  "Fork a document's driver (MAIN), wait for it, end what it left in the namespace and
tell the host it has ended."
  (let ((pid (sb-posix:fork)))
    (when (zerop pid)
      ;; Before it says ready: a driver forked ahead of time does it while the document
      ;; before still runs.
      (populate-allocation-pages)
      (main :version version :pid (outer-pid)))
    (let ((status (nth-value 1 (sb-posix:waitpid pid 0))))
      (end-namespace-remains)
      (send-to-host (exit-status status)))))

(defun zygote-main (&key (version (error "the zygote needs spec-run's version")))
  (unless (= (sb-posix:getpid) 1)
    ;; Without a namespace of its own, kill(-1) would reach every process of the user.
    (error "the zygote must be the init of a PID namespace"))
  (open-host-channel)
  (warm-compiler)
  (send-to-host '((:type . "ready")))
  (loop
    (let ((command (read-from-host)))
      (cond ((and (consp command) (eq (first command) :reply))
             ;; Answers a request of the driver forked last, written after that driver
             ;; ended and before the host knew: no driver reads it.
             (format *error-output* "~&spec-run zygote: dropped a reply to request ~S of a driver that has ended~%"
                     (second command))
             (finish-output *error-output*))
            ((equal command '(:fork))
             (fork-driver version))
            ((and (consp command) (member (first command) '(:block :test :verify :exit)))
             ;; Written for the driver forked last, which ended before it read it: a unit's
             ;; command sent while the unit before still ran (driver.ts's send), or the exit
             ;; the host sent as the driver died. No driver reads it.
             nil)
            (t (error "the zygote takes (:fork), not ~S" command))))))
