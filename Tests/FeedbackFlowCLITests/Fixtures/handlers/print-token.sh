#!/bin/sh
# A handler program that writes the API_TOKEN it was given (empty when none) to the file named by $1.
printf '%s' "${API_TOKEN-}" > "$1"
