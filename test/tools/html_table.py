#!/usr/bin/env python3
"""html_table.py FILE TABLE-ID - the table of that id in an HTML document
(e.g. chromium --dump-dom's output), as text: a line "heading: TITLE
[CLASS]" per column heading, then one line per body row, its cells
separated by " | ".  Exits 1 if there is no such table."""
import sys
from html.parser import HTMLParser


class Tables(HTMLParser):
    def __init__(self, wanted):
        super().__init__()
        self.wanted, self.depth, self.out = wanted, 0, []
        self.cell = None
        self.row = None
        self.found = False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "table" and a.get("id") == self.wanted:
            self.depth, self.found = 1, True
        elif tag == "table" and self.depth:
            self.depth += 1
        if not self.depth:
            return
        if tag == "tr":
            self.row = []
        elif tag in ("td", "th"):
            self.cell = [tag, a.get("class", ""), ""]

    def handle_endtag(self, tag):
        if not self.depth:
            return
        if tag in ("td", "th") and self.cell is not None:
            self.row.append(self.cell)
            self.cell = None
        elif tag == "tr" and self.row is not None:
            if all(c[0] == "th" for c in self.row):
                for c in self.row:
                    self.out.append("heading: %s [%s]" % (c[2], c[1]))
            else:
                self.out.append(" | ".join(c[2] for c in self.row))
            self.row = None
        elif tag == "table":
            self.depth -= 1

    def handle_data(self, data):
        if self.cell is not None:
            self.cell[2] += data


p = Tables(sys.argv[2])
p.feed(open(sys.argv[1], encoding="utf-8").read())
if not p.found:
    sys.exit("html_table: no table %r in %s" % (sys.argv[2], sys.argv[1]))
print("\n".join(p.out))
