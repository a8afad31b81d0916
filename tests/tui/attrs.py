#!/usr/bin/env python3
"""The attributes a text has on a `tmux capture-pane -e -p` screen.

    attrs.py SCREEN TEXT [N]

Finds the Nth (1-based, default 1; -1 the last) place the plain screen (the escape
sequences taken out) shows TEXT and prints the attributes of its cells, the
same on each: the words of "bold dim italic underline reverse", then fg=N
and bg=N where a colour is set, or "plain"; "mixed: ..." when its cells
differ (one line per cell), "none" when the screen has no such text.
"""
import re
import sys

SGR = re.compile(r"\x1b\[([0-9;:]*)m")
NAMES = {1: "bold", 2: "dim", 3: "italic", 4: "underline", 7: "reverse"}
OFF = {22: ("bold", "dim"), 23: ("italic",), 24: ("underline",), 27: ("reverse",)}


def cells(line):
    """The line's characters, each with its attributes (a frozenset)."""
    on, fg, bg, out, pos = set(), None, None, [], 0
    for m in SGR.finditer(line + "\x1b[m"):
        for ch in line[pos:m.start()]:
            out.append((ch, frozenset(on | ({"fg=%s" % fg} if fg else set())
                                     | ({"bg=%s" % bg} if bg else set()))))
        pos = m.end()
        codes = [int(c) if c.isdigit() else 0 for c in re.split("[;:]", m.group(1) or "0")]
        i = 0
        while i < len(codes):
            c = codes[i]
            if c == 0:
                on, fg, bg = set(), None, None
            elif c in NAMES:
                on.add(NAMES[c])
            elif c in OFF:
                on -= set(OFF[c])
            elif 30 <= c <= 37 or 90 <= c <= 97:
                fg = str(c - 30 if c < 90 else c - 82)
            elif c == 39:
                fg = None
            elif 40 <= c <= 47 or 100 <= c <= 107:
                bg = str(c - 40 if c < 100 else c - 92)
            elif c == 49:
                bg = None
            elif c in (38, 48) and i + 2 < len(codes) and codes[i + 1] == 5:
                if c == 38:
                    fg = str(codes[i + 2])
                else:
                    bg = str(codes[i + 2])
                i += 2
            i += 1
    return out


def main():
    path, text = sys.argv[1], sys.argv[2]
    nth = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    found = []
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f.read().split("\n"):
            cs = cells(line)
            plain = "".join(c for c, _ in cs)
            at = plain.find(text)
            while at >= 0:
                found.append([a for _, a in cs[at:at + len(text)]])
                at = plain.find(text, at + 1)
    if not found or nth == 0 or abs(nth) > len(found):
        print("none")
        return 1
    got = found[nth - 1 if nth > 0 else nth]
    words = lambda a: " ".join(sorted(a)) or "plain"
    if all(a == got[0] for a in got):
        print(words(got[0]))
    else:
        print("mixed: " + " | ".join(words(a) for a in got))
    return 0


if __name__ == "__main__":
    sys.exit(main())
