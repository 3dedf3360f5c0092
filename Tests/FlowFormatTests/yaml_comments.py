#!/usr/bin/env python3
"""Lists the comments of YAML files with PyYAML's scanner, for FormatTests: independent
of feedbackflow's own reading.

    yaml_comments.py PAIRS.json

PAIRS.json is a list of [before, after] paths. For each pair one JSON line is printed:
{"before": [comment, ...], "after": [...], "same_key_order": bool} or {"skip": reason}
when PyYAML cannot read one of them (it reads YAML 1.1, stricter in places).

A comment is text outside every token: from a '#' at a line's start or after a blank to
the end of its line, trailing blanks dropped. A block scalar's token holds its header's
comment (`key: |  # note`), so its header line is read as outside it.
same_key_order says whether every mapping lists its keys in the same order in both files
(PyYAML's composed nodes, in document order).
"""

import json
import re
import sys

import yaml


def comments(text):
    found = []
    covered = []
    for token in yaml.scan(text, Loader=yaml.SafeLoader):
        start, end = token.start_mark.index, token.end_mark.index
        if isinstance(token, yaml.ScalarToken) and token.style in ("|", ">"):
            # The header line is not the text: a comment there is found as any other.
            header_end = text.find("\n", start)
            start = len(text) if header_end < 0 else header_end
        if end > start:
            covered.append((start, end))
    covered.sort()
    position = 0
    index = 0
    length = len(text)
    while position < length:
        while index < len(covered) and covered[index][1] <= position:
            index += 1
        if index < len(covered) and covered[index][0] <= position < covered[index][1]:
            position = covered[index][1]
            continue
        char = text[position]
        if char == "#" and (position == 0 or text[position - 1] in " \t\r\n\ufeff"):
            stop = text.find("\n", position)
            stop = length if stop < 0 else stop
            found.append((position, text[position:stop].rstrip(" \t\r")))
            position = stop
            continue
        position += 1
    found.sort()
    return [text for _, text in found]


def key_orders(text):
    orders = []
    seen = set()

    def walk(node):
        if id(node) in seen:
            return
        seen.add(id(node))
        if isinstance(node, yaml.MappingNode):
            orders.append([key.value if isinstance(key, yaml.ScalarNode) else "?" for key, _ in node.value])
            for key, value in node.value:
                walk(key)
                walk(value)
        elif isinstance(node, yaml.SequenceNode):
            for item in node.value:
                walk(item)

    node = yaml.compose(text, Loader=yaml.SafeLoader)
    if node is not None:
        walk(node)
    return orders


def main():
    with open(sys.argv[1], encoding="utf-8") as handle:
        pairs = json.load(handle)
    for before_path, after_path in pairs:
        try:
            texts = []
            for path in (before_path, after_path):
                with open(path, encoding="utf-8-sig", newline="") as handle:
                    # A CR alone is a line break too (YAML 1.2 §5.4, as PyYAML reads it): the
                    # same text with LF there, every index where it was.
                    texts.append(re.sub("\r(?!\n)", "\n", handle.read()))
            result = {
                "before": comments(texts[0]),
                "after": comments(texts[1]),
                "same_key_order": key_orders(texts[0]) == key_orders(texts[1]),
            }
        except Exception as error:  # PyYAML refuses what YAML 1.2 allows; any refusal is a skip
            result = {"skip": str(error).splitlines()[0] if str(error) else type(error).__name__}
        print(json.dumps(result, ensure_ascii=False))


if __name__ == "__main__":
    main()
