#!/usr/bin/env python3
"""-b text keeps every column aligned, whatever a value's length.

    text_align.py RDMATOP MKHOSTILE RECORDING CUTREC TMPDIR [REC...]

Each REC's text (-b), RECORDING rewritten with hostile process names
(tests/unit/hostile.c: escaped, up to 36 cells), and CUTREC, whose
Counters rates are wider than RATE/s's 9 cells ("50.8 MiB/s"), are read
table by table: in each, the last column starts where its header does in
every row (a space before it, the value right after), or every row is
exactly as wide as the header (a right-aligned last column).  Widths are
display cells (unicodedata).  CUTREC's cut values end in the screen's mark
("…"; "~" with --ascii, and where the locale is not UTF-8) and only that
one.  Prints TAP lines and exits with the number of failures.
"""
import os
import subprocess
import sys
import unicodedata

BIN, MK, REC, CUTREC, TMP = sys.argv[1:6]
RECS = sys.argv[6:]
failures = 0


def check(cond, name, detail=''):
    global failures
    print('%s %s' % ('ok' if cond else 'not ok', name))
    if not cond:
        failures += 1
        for line in detail.splitlines()[:6]:
            print('#   ' + line)


def cells(s):
    w = 0
    for ch in s:
        if unicodedata.combining(ch):
            continue
        w += 2 if unicodedata.east_asian_width(ch) in 'WF' else 1
    return w


def at(s, col):
    """the character at display column col, '' past the end"""
    w = 0
    for ch in s:
        if w == col:
            return ch
        w += cells(ch)
    return ''


def tables(text):
    """(title, header, rows) of each section: a title, its header, rows"""
    lines = text.split('\n')
    i = 0
    while i + 1 < len(lines):
        t = lines[i]
        if t and t.isupper() and ' ' not in t and (i == 0 or not lines[i - 1]):
            rows = []
            j = i + 2
            while j < len(lines) and lines[j] and not lines[j].startswith('rdmatop '):
                rows.append(lines[j])
                j += 1
            if t != 'NOTES':    # a table, not prose
                yield t, lines[i + 1], rows
            i = j
        else:
            i += 1


def misaligned(text):
    """the first row of a table out of line with its header, or ''"""
    n = 0
    for title, header, rows in tables(text):
        n += 1
        head = header.rstrip(' ')
        last = head.rsplit(' ', 1)[-1]
        w = cells(head) - cells(last)
        total = cells(header)
        if all(cells(r) == total for r in rows):
            continue
        for r in rows:
            if at(r, w - 1) != ' ' or at(r, w) == ' ':
                return '%s: %r\n  under %r' % (title, r, header)
    return '' if n else 'no table'


def run(args, env=None):
    e = dict(os.environ)
    e.update(env or {})
    p = subprocess.run([BIN] + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       timeout=60, env=e)
    return p.returncode, p.stdout.decode('utf-8', errors='replace')


def main():
    for rec in RECS:
        rc, out = run(['-r', rec, '-b'])
        bad = misaligned(out) if rc == 0 else 'exit %d' % rc
        check(not bad, 'text aligned: %s' % rec, bad)
    hrec = os.path.join(TMP, 'align-hostile.rdrec')
    p = subprocess.run([MK, '-a', '0', REC, hrec], stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, timeout=60)
    if p.returncode:
        check(False, 'rewrite the recording with hostile names', p.stderr.decode())
        return
    rc, out = run(['-r', hrec, '-n', '2', '-b'])
    bad = misaligned(out) if rc == 0 else 'exit %d' % rc
    check(not bad, 'text aligned with hostile process names', bad)
    utf8 = {'LC_ALL': 'C.UTF-8'}
    for name, args, env, mark, other in (
            ('UTF-8', [], utf8, '\u2026', '~'),
            ('--ascii', ['--ascii'], utf8, '~', '\u2026'),
            ('LC_ALL=C', [], {'LC_ALL': 'C'}, '~', '\u2026')):
        rc, out = run(['-r', CUTREC, '-b'] + args, env)
        bad = misaligned(out) if rc == 0 else 'exit %d' % rc
        check(not bad, 'text aligned with values past their column (%s)' % name, bad)
        rows = [r for t in tables(out) if t[0] == 'COUNTERS' for r in t[2]]
        cut = [r for r in rows if mark in r]
        check(bool(cut) and other not in out,
              'a value past its column is cut with %r (%s): %d rows' % (mark, name, len(cut)),
              '\n'.join(rows[:4]))

main()
sys.exit(failures)
