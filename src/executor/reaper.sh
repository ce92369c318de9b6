# Init of a host command's PID namespace: runs the command (fd 3 closed for it), writes
# "exited STATUS" on fd 3 as soon as it ends, then stops whatever it left in the namespace
# (setsid children, daemons): SIGTERM, then SIGKILL after $1 ticks of 50 ms. Writes
# "terminated" or "killed" on fd 3 when it found something, and exits with the command's status.
# Usage: sh reaper.sh GRACE_TICKS COMMAND
grace_ticks=$1
# This shell's own notes ("Terminated" when the command dies of a signal) are not the
# command's output: its stderr is /dev/null, and the command's fds are set in the child
# (dash applies a command's redirections in the parent while it waits).
exec 4>&2 2>/dev/null
sh -c 'exec 2>&4 3>&- 4>&- && exec sh -c "$1"' reaper "$2"
status=$?
# The command's own end decides its result (its time, whether it timed out): said before the cleanup.
echo "exited $status" >&3
# As init, `kill -1` reaches every other process of the namespace and no other.
if kill -s 0 -- -1 2>/dev/null; then
  kill -s TERM -- -1 2>/dev/null
  how=terminated
  while kill -s 0 -- -1 2>/dev/null; do
    if [ "$grace_ticks" -le 0 ]; then
      kill -s KILL -- -1 2>/dev/null
      how=killed
    fi
    grace_ticks=$((grace_ticks - 1))
    # A foreground sleep also reaps the namespace's orphans that have ended.
    sleep 0.05
  done
  echo "$how" >&3
fi
exit "$status"
