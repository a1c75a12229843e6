#!/usr/bin/env python3
"""html_frames.py FILE - the frames of the flame graph in an HTML document
(chromium --dump-dom's output of an --html page), one line per frame,
sorted by depth and then left edge: "DEPTH LEFT% WIDTH% NAME", "*" after
the name of the frame zoomed to.  Exits 1 if there is no flame graph."""
import re
import sys
from html.parser import HTMLParser


class Frames(HTMLParser):
    def __init__(self):
        super().__init__()
        self.frames, self.current, self.found = [], None, False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if a.get("id") == "flame":
            self.found = True
        if tag == "div" and a.get("class") == "frame":
            left = re.search(r"left:\s*([0-9.e-]+)%", a.get("style", ""))
            self.current = [int(a["data-depth"]),
                            float(left.group(1)) if left else 0.0,
                            a["data-width"], a["data-name"],
                            a.get("data-focus") == "yes"]

    def handle_endtag(self, tag):
        if tag == "div" and self.current:
            self.frames.append(self.current)
            self.current = None


p = Frames()
p.feed(open(sys.argv[1], encoding="utf-8").read())
if not p.found:
    sys.exit("no flame graph in " + sys.argv[1])
for depth, left, width, name, focus in sorted(p.frames):
    print("%d %.1f %s %s%s" % (depth, left, width, name, " *" if focus else ""))
