"""Reads a storyboard page with Python's own HTML parser and prints what it holds as one
JSON object: the Content-Security-Policy and the SHA-256 of each inline style and script
(hashlib, base64), every element's tag and attributes that could run or load something,
and each scene's screen id, badges, card titles, button names and route links.

  storyboard_facts.py PAGE.html
"""
import base64
import hashlib
import json
import sys
from html.parser import HTMLParser


class Facts(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.policy = None
        self.inline = {"style": [], "script": []}
        self.capturing = None
        self.text = ""
        self.handlers = []      # on* attributes
        self.sources = []       # src/href values
        self.scenes = []
        self.stack = []

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        for name, value in attrs:
            if name.startswith("on"):
                self.handlers.append(f"{tag} {name}")
            if name in ("src", "href", "action", "formaction", "xlink:href"):
                self.sources.append(value)
        if tag == "meta" and attributes.get("http-equiv") == "Content-Security-Policy":
            self.policy = attributes.get("content")
        if tag in ("style", "script"):
            self.capturing, self.text = tag, ""
        if tag == "section" and "scene" in (attributes.get("class") or "").split():
            self.scenes.append({"screen": attributes.get("data-screen"), "badges": [], "titles": [], "buttons": [], "links": []})
        if self.scenes:
            scene = self.scenes[-1]
            classes = (attributes.get("class") or "").split()
            if tag == "span" and "badge" in classes:
                self.stack.append("badge")
            elif tag == "h3" and "title" in classes:
                self.stack.append("title")
            elif tag == "button":
                self.stack.append("button")
            elif tag == "a" and attributes.get("href", "").startswith("#"):
                scene["links"].append(attributes["href"])
                self.stack.append(None)
            else:
                self.stack.append(None)
            if self.stack[-1] in ("badge", "title", "button"):
                self.text = ""

    def handle_endtag(self, tag):
        if tag in ("style", "script") and self.capturing == tag:
            self.inline[tag].append(self.text)
            self.capturing = None
        if self.scenes and self.stack:
            kind = self.stack.pop()
            scene = self.scenes[-1]
            if kind == "badge":
                scene["badges"].append(self.text)
            elif kind == "title":
                scene["titles"].append(self.text)
            elif kind == "button":
                scene["buttons"].append(self.text)

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if self.scenes and self.stack:
            self.stack.pop()

    def handle_data(self, data):
        self.text += data


facts = Facts()
facts.feed(open(sys.argv[1], encoding="utf-8").read())
digest = lambda text: "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"
print(json.dumps({
    "policy": facts.policy,
    "styleHashes": [digest(t) for t in facts.inline["style"]],
    "scriptHashes": [digest(t) for t in facts.inline["script"]],
    "handlers": facts.handlers,
    "sources": facts.sources,
    "scenes": facts.scenes,
}))
