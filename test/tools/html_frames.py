#!/usr/bin/env python3
"""html_frames.py [--labels] FILE - the frames of the flame graph in an HTML
document (chromium --dump-dom's output of an --html page), one line per
frame, sorted by depth and then left edge: "DEPTH LEFT% WIDTH% NAME", "*"
after the name of the frame zoomed to.  With --labels, what the frame
shows instead of NAME: "TEXT | TOOLTIP", a line break in the tooltip
written as "<LF>".  Exits 1 if there is no flame graph."""
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
                            a.get("data-focus") == "yes", "",
                            a.get("title", "").replace("\n", "<LF>")]

    def handle_data(self, data):
        if self.current:
            self.current[5] += data

    def handle_endtag(self, tag):
        if tag == "div" and self.current:
            self.frames.append(self.current)
            self.current = None


labels = sys.argv[1] == "--labels"
path = sys.argv[2 if labels else 1]
p = Frames()
p.feed(open(path, encoding="utf-8").read())
if not p.found:
    sys.exit("no flame graph in " + path)
for depth, left, width, name, focus, text, title in sorted(p.frames):
    if labels:
        name = "%s | %s" % (text, title)
    print("%d %.1f %s %s%s" % (depth, left, width, name, " *" if focus else ""))
