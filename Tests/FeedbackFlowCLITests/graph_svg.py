#!/usr/bin/env python3
"""Reads a graph's DOT text on standard input, draws it with Graphviz (`dot -Tsvg`), and
prints what the drawing shows as JSON (with `--read FILE`, what the SVG drawing FILE
shows): {"nodes": {NAME: [LINE, ...]}, "edges": [[FROM, TO,
[LINE, ...], STYLE], ...]}, read from the SVG with Python's own XML parser, so the test
compares what a person sees with what the flow says. Exits 1 when dot fails or writes
anything to its error output (a warning), with that output."""
import json
import subprocess
import sys
import xml.etree.ElementTree as ET

if sys.argv[1:2] == ["--read"]:
    with open(sys.argv[2], "rb") as drawing:
        svg = drawing.read()
else:
    run = subprocess.run(["dot", "-Tsvg"], input=sys.stdin.read().encode(), capture_output=True, timeout=60)
    if run.returncode != 0 or run.stderr:
        sys.stderr.write(run.stderr.decode(errors="replace") or f"dot exited {run.returncode}\n")
        sys.exit(1)
    svg = run.stdout
ns = {"svg": "http://www.w3.org/2000/svg"}
root = ET.fromstring(svg)
nodes, edges = {}, []
for group in root.iter("{http://www.w3.org/2000/svg}g"):
    kind = group.get("class")
    title = group.find("svg:title", ns)
    texts = [t.text or "" for t in group.findall("svg:text", ns)]
    if kind == "node":
        nodes[title.text] = texts
    elif kind == "edge":
        tail, head = title.text.split("->")
        path = group.find("svg:path", ns)
        dash = path.get("stroke-dasharray") if path is not None else None
        width = path.get("stroke-width") if path is not None else None
        style = "dashed" if dash == "5,2" else "dotted" if dash == "1,5" else "bold" if width == "2" else "solid"
        edges.append([tail, head, texts, style])
json.dump({"nodes": nodes, "edges": edges}, sys.stdout, ensure_ascii=False)
