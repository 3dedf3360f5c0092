#!/bin/sh
# A handler program that starts a background child holding its standard output and
# error open, writes the child's pid to the file named by $1, and exits with status $2.
sleep 30 &
echo $! > "$1"
echo "exiting with $2" >&2
exit "$2"
