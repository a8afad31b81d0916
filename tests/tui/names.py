#!/usr/bin/env python3
"""The names on a captured screen against the names in the same sample's JSON.

    names.py SCREEN JSON

For each table on the screen (a header line starting "DEV " and the rows
under it): every DEV cell is a device the JSON names, or it is cut with the
mark (... or ~) into the start and the end of one, and of one only; two
different devices never read the same; on the Counters table every NAME cell
is a counter's name or one cut with the mark.  Prints "ok" or one line per
fault (exit 1).
"""
import json
import re
import sys

MARKS = ("\u2026", "~")


def matches(cell, names):
    """The names cell can stand for: itself whole, or a marked cut of it."""
    cell = cell.lstrip("`\u2514")
    if cell in names:
        return [cell]
    for m in MARKS:
        if m in cell:
            head, _, tail = cell.partition(m)
            return [n for n in names if n != cell and len(n) > len(head) + len(tail)
                    and n.startswith(head) and n.endswith(tail)]
    return []


def main():
    lines = open(sys.argv[1], encoding="utf-8", errors="replace").read().splitlines()
    s = json.loads(open(sys.argv[2]).readline())
    faults = faults_of(lines, s)
    for f in faults:
        print(f)
    if not faults:
        print("ok")
    return 1 if faults else 0


def faults_of(lines, s):
    """the faults of a screen's lines against the sample s (tests/tui/panes.py)"""
    devs = {x.get("ifname") for x in s.get("links", []) + s.get("devices", []) if x.get("ifname")}
    cnames = {c["name"] for c in s.get("counters", [])}
    faults = []
    i = 0
    while i < len(lines):
        hdr = lines[i]
        if not hdr.startswith("DEV "):
            i += 1
            continue
        counters = re.match(r"DEV +PORT +NAME ", hdr) is not None
        seen = {}
        i += 1
        while i < len(lines) and lines[i].strip() and not lines[i].startswith(("DEV ", " 1 QPs", "1 QPs", "1QP", "F1")):
            w = lines[i].split()
            i += 1
            if not w or w[0].startswith("("):
                continue
            m = matches(w[0], devs)
            if len(m) != 1:
                faults.append("DEV %r stands for %s of %s" % (w[0], m or "none", sorted(devs)))
                continue
            if seen.setdefault(w[0], m[0]) != m[0]:
                faults.append("DEV %r reads the same for %s and %s" % (w[0], seen[w[0]], m[0]))
            if counters and len(w) > 2 and len(matches(w[2], cnames)) != 1:
                faults.append("counter NAME %r is no counter's name, nor one cut with the mark" % w[2])
        shown = set(seen.values())
        if len(shown) != len(seen):
            faults.append("%d devices drawn as %d names" % (len(shown), len(seen)))
    return faults


if __name__ == "__main__":
    sys.exit(main())
