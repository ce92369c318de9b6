// What `spec-run exec --help` says of a run and of the configuration file: plain text
// without imports, so the help loads none of the executor. A test holds it to the
// schema (every key of it named here).

export const EXEC_DESCRIPTION = `Runs the commands of the stop: section in order, each to its end, under its timeout
(with failFast: true, none after the first that fails, each shown "not run" with why):
on the host in the project directory (--project, default the configuration file's
directory) or its workdir: there, or in Docker (image:) with the project mounted at
/workspace. The variable SPEC_RUN_CONFIG_DIR (or --config-dir-env NAME) carries the
configuration file's directory: an absolute host path, in a container its path under
/workspace.
Exit status: 0 when all succeed, else the first failure's code (124 timeout, 137 killed
or memory limit, 125 could not run), 2 for a bad config; 130, 143 or 129 when SIGINT,
SIGTERM or SIGHUP interrupted it (the command running is stopped; --log FILE gets a
JSON line for the interruption, as for each timeout and memory-limit kill and a run
failFast stopped; with --log-failures too, for each command that failed or could not
run and each whose stored output reached its 1 MiB cap; a run without any writes none).
A process of a container command killed at its memory limit fails the command even
when the command goes on: its report begins "Error: Command exceeded its memory limit",
its exit code is its own when it failed, 137 when it exited 0, and --log gets a
memory-limit line saying the command went on and with which code it exited.
Duration: how long the command ran, from its start to its end (in a container by the
engine's clock, as its timeout counts); a note gives the container's whole time, from its
creation to its removal.`;

export const CONFIG_REFERENCE = `The configuration file (YAML):
  stop:
    defaultTimeout: 5m     the timeout of every command without its own (default 5m;
                           null: none). Durations: 30s, 5m, 2h.
    failFast: true         after the first command that fails, start no other (default
                           false: every command runs; the exit status is the first
                           failure's either way)
    commands:              at least one; each a mapping with run:
      - run: "npm test"    the command, run by sh -c
        timeout: 30s       its own timeout, over defaultTimeout (null: none). At the
                           timeout it gets SIGTERM, 2 s later SIGKILL; exit code 124,
                           or 137 when it had to be killed
        maxOutputLines: 50 lines kept of each of stdout and stderr (1 to 10000); the
                           others are counted and said omitted
        keepOutput: tail   which lines the line limit (and the cap of 1 MiB of stored
                           output) keeps: head, the first (the default), or tail, the
                           last, where test runners print their verdict
        showStdout: false  hide stdout from the report (showStderr: false, stderr)
        message: "..."     shown with the report when the command fails or could
                           not run
        workdir: sub/dir   on the host: relative to the project (or absolute); in a
                           container: an absolute path (default /workspace). It must
                           exist: a missing one is refused (125), in the image too
        env:               variables added to the command's environment
          NODE_ENV: test
        image: node:20     run in a container of this image (pulled when missing),
                           the project mounted at /workspace, removed afterwards
        memory: 512m       container only: memory limit (b, k, m, g; a bare number is bytes), at least 6m
        cpus: 1.5          container only: CPUs, from 0.01 to those the engine has
        network: none      container only: the Docker network
        user: "1000:1000"  container only: user name or uid[:gid]`;
