;;;; The channel to spec-run (the host). Spec code may use the process's stdin
;;;; and stdout, so the driver talks on fds 3 (host to driver: one readable
;;;; s-expression per message) and 4 (driver to host: one JSON object per line).
;;;; Requests to runtime servers are made by the host: the driver asks and
;;;; blocks until the reply, which is the next message on fd 3.

(in-package #:spec-run)

(defvar *from-host* nil)
(defvar *to-host* nil)

(defun open-host-channel ()
  (setf *from-host* (sb-sys:make-fd-stream 3 :input t :external-format :utf-8
                                             :buffering :full :name "spec-run host input")
        *to-host* (sb-sys:make-fd-stream 4 :output t :external-format :utf-8
                                           :buffering :full :name "spec-run host output")))

(defun send-to-host (message)
  ;; Encoded whole before writing: a value with no JSON form must fail here, not
  ;; leave half a line on the channel.
  (write-line (to-json message) *to-host*)
  (finish-output *to-host*))

(defun read-from-host ()
  "The next message of the host. The host going away ends the driver."
  (handler-case
      (with-standard-io-syntax
        (let ((*package* (find-package '#:spec-run))
              (*read-eval* nil))
          (read *from-host*)))
    (end-of-file ()
      (sb-ext:exit :code 0 :abort t))))

(define-condition host-request-failed (error)
  ((operation :initarg :operation :reader host-request-operation)
   (message :initarg :message :reader host-request-message))
  (:report (lambda (condition stream)
             (format stream "~A failed: ~A"
                     (host-request-operation condition)
                     (host-request-message condition)))))

(defvar *last-request-id* 0)

(defun host-request (operation &rest fields)
  "Ask the host to do OPERATION; FIELDS is an alist sent along. Returns the
host's value, or signals HOST-REQUEST-FAILED with the host's explanation."
  (let ((rid (incf *last-request-id*)))
    (send-to-host `((:type . "request") (:rid . ,rid) (:op . ,operation) ,@fields))
    (let ((reply (read-from-host)))
      (unless (and (consp reply) (eq (first reply) :reply) (eql (second reply) rid))
        (error "spec-run protocol: expected the reply to request ~D, got ~S" rid reply))
      (destructuring-bind (status value) (third reply)
        (ecase status
          (:ok value)
          (:error (error 'host-request-failed :operation operation :message value)))))))
