#!/bin/sh
# A handler program that never finishes by itself: it starts a background child in its
# process group, writes the group's id (its own pid: it leads the group) to the file
# named by its first argument, and sleeps.
sleep 300 &
echo $$ > "$1.tmp" && mv "$1.tmp" "$1"
sleep 300
