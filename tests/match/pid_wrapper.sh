#!/bin/sh
# Runs a program after appending this process's id to a file: `pid_wrapper.sh PIDFILE PROGRAM ARGS...`.
# The match tests start engines through it to check afterwards that none is left running.
echo $$ >> "$1"
shift
exec "$@"
