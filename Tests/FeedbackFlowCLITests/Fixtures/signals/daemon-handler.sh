#!/bin/sh
# A handler program that starts a daemon in a session of its own (setsid: out of the
# handler's process group, which is what run kills when the handler ends), writes the
# daemon's pid to the file named by its first argument, and exits at once.
setsid sleep 300 </dev/null >/dev/null 2>&1 &
echo $! > "$1.tmp" && mv "$1.tmp" "$1"
