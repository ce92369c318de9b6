# The command of a container with a memory limit, watched for the kernel's OOM kills. The
# engine learns of such a kill from an event that, on a loaded machine, it sometimes never
# records; the kernel counts every kill in the container's memory cgroup, which is gone once
# the container has ended. So this shell runs the command, reads the count while the cgroup
# still exists, writes "STATUS KILLS" to $2 (KILLS "-" when no count is readable), and exits
# with the command's status.
# Usage: sh -c "$(cat oom-watch.sh)" sh COMMAND VERDICT_FILE
# The engine's stop signal reaches the command's whole process group (the init is told so by
# TINI_KILL_PROCESS_GROUP); this shell outlives it to write the verdict, and the command
# does not inherit the setting.
unset TINI_KILL_PROCESS_GROUP
trap : TERM INT QUIT HUP USR1 USR2
# This shell's own notes ("Killed" when the command dies of a signal) are not the command's
# output: its stderr is /dev/null, the command's is restored in the child.
exec 4>&2 2>/dev/null
sh -c 'exec 2>&4 4>&- && exec sh -c "$1"' sh "$1"
status=$?
kills=-
# cgroup v2, then v1: the container's own cgroup, as the container sees it.
for file in /sys/fs/cgroup/memory.events /sys/fs/cgroup/memory/memory.oom_control; do
  [ -r "$file" ] || continue
  while read -r key value; do
    [ "$key" = oom_kill ] && kills=$value
  done < "$file"
  break
done
echo "$status $kills" > "$2"
exit "$status"
