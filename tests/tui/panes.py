#!/usr/bin/env python3
"""Every pane's screen of one recording at one size, read back.

    panes.py COLSxROWS JSON DIR

DIR holds one capture per pane or detail (tests/tui/panes.sh), named
NN-KIND-WHAT: KIND "table" (WHAT: the pane) or "detail".  Each must have
no line wider than the terminal and no more lines than it has; the header
lines intact (the title line "rdmatop ...", the summary "devices ..."); a
table its tab bar ("1 QPs ...", "1QPs ..." where brief) and the F1 footer, a detail the Esc
footer; in every table each DEV cell and Counters NAME one of the sample's
names or cut with the mark into one only (tests/tui/names.py), and each
COMM or GROUP cell one of the sample's strings, or cut with the mark into
the start and the end of one.  Prints "ok" or one line per fault (exit 1).
"""
import re
import json
import os
import sys
import unicodedata

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import names  # noqa: E402  (tests/tui/names.py)


def cells(s):
    return sum(0 if unicodedata.combining(c) else
               2 if unicodedata.east_asian_width(c) in 'WF' else 1 for c in s)


def strings(v, out):
    if isinstance(v, str):
        out.add(v)
    elif isinstance(v, dict):
        for x in v.values():
            strings(x, out)
    elif isinstance(v, list):
        for x in v:
            strings(x, out)
    return out


def col_cells(lines, texts, faults, what):
    """COMM and GROUP cells below each header that has them"""
    for i, hdr in enumerate(lines):
        for col in ('COMM', 'GROUP'):
            k = hdr.find(' ' + col + ' ')
            if k < 0 and hdr.endswith(' ' + col):
                k = len(hdr) - len(col) - 1
            if k < 0 or not (hdr.startswith('DEV ') or hdr.startswith('KIND ') or
                             hdr.lstrip().startswith('PID ')):
                continue
            start = k + 1
            for row in lines[i + 1:]:
                if not row.strip() or row.startswith(('1 QPs', 'F1', 'DEV ')):
                    break
                if row.lstrip().startswith('(') or row[start:start + 1] in ('', ' '):
                    continue    # a note; an empty cell
                cell = row[start:].split(' ')[0]
                if cell == 'n/a':
                    continue
                whole = row[start:].split('  ')[0].strip()  # a name with a space
                if whole in texts:
                    continue
                bare = cell.strip('[]`\u2514 ')
                if bare in texts or cell in texts:
                    continue
                if names.matches(bare, texts):
                    continue
                faults.append('%s: %s %r is no name of the sample, nor one cut with the mark'
                              % (what, col, cell))


def main():
    cols, rows = (int(x) for x in sys.argv[1].split('x'))
    s = json.loads(open(sys.argv[2]).readline())
    texts = strings(s, set())
    faults = []
    caps = sorted(os.listdir(sys.argv[3]))
    for f in caps:
        lines = open(os.path.join(sys.argv[3], f), encoding='utf-8',
                     errors='replace').read().split('\n')
        if lines and lines[-1] == '':
            lines.pop()
        what = f.split('-', 1)[1]
        if len(lines) > rows:
            faults.append('%s: %d lines on %d rows' % (what, len(lines), rows))
        for n, line in enumerate(lines):
            if cells(line) > cols:
                faults.append('%s: line %d is %d cells wide: %r' % (what, n + 1, cells(line), line))
        if not lines or not lines[0].startswith('rdmatop ') or len(lines) < 2 or \
                not lines[1].startswith('devices '):
            faults.append('%s: the header lines are not intact: %r' % (what, lines[:2]))
        foot = [x for x in lines if x.strip()][-1:] or ['']
        if '-table-' in f:
            if not any(re.match(r'^ ?1 ?QPs?\b', x) for x in lines):
                faults.append('%s: no tab bar' % what)
            if not foot[0].startswith('F1Help'):
                faults.append('%s: footer %r' % (what, foot[0]))
            faults += ['%s: %s' % (what, x) for x in names.faults_of(lines, s)]
            col_cells(lines, texts, faults, what)
        elif not foot[0].startswith('EscBack'):
            faults.append('%s: footer %r' % (what, foot[0]))
    if not caps:
        faults.append('no screen captured')
    for x in faults:
        print(x)
    if not faults:
        print('ok %d screens' % len(caps))
    return 1 if faults else 0


if __name__ == '__main__':
    sys.exit(main())
