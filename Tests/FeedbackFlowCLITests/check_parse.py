#!/usr/bin/env python3
"""Checks `feedbackflow parse` against an independent YAML parser (PyYAML's composer):
for every file given, the two trees must have the same shape, the same scalar texts
and styles, every node must start at the same line and column, and every plain or
quoted scalar end at the same place (PyYAML counts both
from 0, columns in characters; `parse` from 1, columns in Unicode scalars).

Usage: check_parse.py TOOL FILE...     (TOOL: the feedbackflow executable)
Prints one "ok FILE (N nodes)" line per file that agrees, a line per difference, then
"N files, M nodes, K failed". Exit status 0 when every file agrees, 1 otherwise.

Only files without merge keys (`<<`) and without aliases used as keys belong here:
PyYAML applies merges later (when constructing), and gives an alias key its anchor's
position, where `parse` points at the alias.
"""
import json
import subprocess
import sys

import yaml

STYLES = {None: "plain", "'": "singleQuoted", '"': "doubleQuoted", "|": "literal", ">": "folded"}


def compare(ours, theirs, where, problems):
    """Compares two nodes and their children; returns the number of nodes compared."""
    start = ours["span"]["start"]
    if (start["line"], start["column"]) != (theirs.start_mark.line + 1, theirs.start_mark.column + 1):
        problems.append(f"{where}: starts at {start['line']}:{start['column']}, "
                        f"PyYAML says {theirs.start_mark.line + 1}:{theirs.start_mark.column + 1}")
    if isinstance(theirs, yaml.ScalarNode):
        if ours["kind"] != "scalar":
            problems.append(f"{where}: {ours['kind']}, PyYAML says scalar")
            return 1
        if ours["value"] != theirs.value:
            problems.append(f"{where}: value {ours['value']!r}, PyYAML says {theirs.value!r}")
        if ours["style"] != STYLES.get(theirs.style, theirs.style):
            problems.append(f"{where}: style {ours['style']}, PyYAML says {STYLES.get(theirs.style)}")
        # Plain and quoted scalars end just after their last character in both; block
        # scalars end where each parser's convention puts them, so only flow ones compare.
        end = ours["span"]["end"]
        if theirs.style in (None, "'", '"') and (end["line"], end["column"]) != (theirs.end_mark.line + 1, theirs.end_mark.column + 1):
            problems.append(f"{where}: ends at {end['line']}:{end['column']}, "
                            f"PyYAML says {theirs.end_mark.line + 1}:{theirs.end_mark.column + 1}")
        return 1
    if isinstance(theirs, yaml.SequenceNode):
        if ours["kind"] != "sequence" or len(ours["items"]) != len(theirs.value):
            problems.append(f"{where}: not the same sequence")
            return 1
        return 1 + sum(compare(a, b, f"{where}[{i}]", problems)
                       for i, (a, b) in enumerate(zip(ours["items"], theirs.value)))
    if ours["kind"] != "mapping" or len(ours["entries"]) != len(theirs.value):
        problems.append(f"{where}: not the same mapping")
        return 1
    count = 1
    for i, (entry, (key, value)) in enumerate(zip(ours["entries"], theirs.value)):
        count += compare(entry["key"], key, f"{where}.key[{i}]", problems)
        count += compare(entry["value"], value, f"{where}.{entry['key'].get('value', i)}", problems)
    return count


def main(arguments):
    if len(arguments) < 2:
        print(__doc__)
        return 2
    tool, files = arguments[0], arguments[1:]
    failed = 0
    nodes = 0
    for path in files:
        result = subprocess.run([tool, "parse", path], capture_output=True, text=True)
        problems = []
        if result.returncode != 0:
            problems.append(f"parse exited {result.returncode}: {result.stderr.strip()}")
        else:
            with open(path, encoding="utf-8") as file:
                theirs = yaml.compose(file)
            ours = json.loads(result.stdout)["root"]
            count = compare(ours, theirs, "root", problems)
            nodes += count
        if problems:
            failed += 1
            for problem in problems:
                print(f"{path}: {problem}")
        else:
            print(f"ok {path} ({count} nodes)")
    print(f"{len(files)} files, {nodes} nodes, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
