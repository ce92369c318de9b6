;;;; Sessions that spec code can no longer reach are closed: each session object
;;;; carries a finalizer that records its server id once the garbage collector
;;;; has found it unreachable, and the next session started tells the host to
;;;; stop the recorded ones. When the sessions alive pass a cap, a full
;;;; collection runs first, so a loop making sessions holds a few dozen runtime
;;;; workers, not one per trial. An explicit stop cancels the finalizer.

(in-package #:spec-run)

(defparameter *live-session-cap* 32
  "Sessions started and not yet stopped or collected above which starting another
first collects garbage.")

(defvar *unreachable-servers* '()
  "Server ids of collected sessions, not yet told to the host. Finalizers run in
SBCL's finalizer thread, hence ATOMIC-PUSH and ATOMIC-POP.")

(defvar *live-sessions* 0
  "Sessions started whose finalizer has neither run nor been cancelled.")

(defun watch-session (session server)
  "Arrange for SERVER to be released when SESSION becomes unreachable; SESSION."
  ;; The finalizer must not close over SESSION, or SESSION would stay reachable.
  (sb-ext:finalize session (lambda () (sb-ext:atomic-push server *unreachable-servers*))
                   :dont-save t)
  (incf *live-sessions*)
  session)

(defun forget-session (session)
  "SESSION is stopped explicitly: it no longer needs its finalizer."
  (sb-ext:cancel-finalization session)
  (decf *live-sessions*))

(defun take-unreachable-servers ()
  "Server ids of sessions collected since the last call, to be stopped by the
host. Collects garbage first when the live sessions have reached the cap."
  (when (>= *live-sessions* *live-session-cap*)
    (sb-ext:gc :full t)
    ;; Run the finalizers now rather than whenever their thread gets to them.
    (sb-kernel:run-pending-finalizers))
  (loop for server = (sb-ext:atomic-pop *unreachable-servers*)
        while server
        do (decf *live-sessions*)
        collect server))
