#!/usr/bin/env python3
"""Every output of a real recording rewritten with hostile process names.

    hostile.py MKHOSTILE RDMATOP RECORDING TMPDIR FORMAT...

FORMAT is json, text, openmetrics or prometheus.  MKHOSTILE -l lists the
names (tests/unit/hostile.c: every ill-formed UTF-8 unit next to each
escaped character, bidi controls, `a"\\xff`); the recording is rewritten in
batches (MKHOSTILE -a FIRST) until every name has been some process's, and
each batch is replayed in every FORMAT, each run killed after 20 s.  The
oracles are Python's own: json and the UTF-8 decoder (U+FFFD for each
ill-formed unit), unicodedata for what a terminal must not get raw,
prometheus_client's OpenMetrics and text parsers, and promtool.
Prints TAP lines and exits with the number of failures.
"""
import json
import os
import subprocess
import sys
import unicodedata

MK, BIN, REC, TMP = sys.argv[1:5]
FORMATS = sys.argv[5:]
BIDI_CLASSES = {'LRE', 'RLE', 'LRO', 'RLO', 'PDF', 'LRI', 'RLI', 'FSI', 'PDI'}
BIDI_MARKS = {'LEFT-TO-RIGHT MARK', 'RIGHT-TO-LEFT MARK', 'ARABIC LETTER MARK'}
failures = 0


def check(cond, name, detail=''):
    global failures
    print(('ok - ' if cond else 'not ok - ') + name, flush=True)
    if not cond:
        failures += 1
        if detail:
            print('    ' + detail[:2000].replace('\n', '\n    '))


def invisible(ch):
    """Drawn in no cell, or reordering the line: format characters (Cf:
    the bidi controls and marks, U+200B, U+00AD, U+FEFF, ...) and the line
    and paragraph separators (Unicode's own properties)."""
    return unicodedata.category(ch) in ('Cf', 'Zl', 'Zp') or \
        unicodedata.bidirectional(ch) in BIDI_CLASSES or \
        unicodedata.name(ch, '') in BIDI_MARKS


def unsafe(ch):
    """What a terminal must not be sent raw."""
    return unicodedata.category(ch) == 'Cc' or invisible(ch)


def term_escaped(raw):
    """The screen's and text's form: \\xNN for each byte of a control
    character or of what is not UTF-8 (surrogateescape gives one per
    byte), \\uXXXX for an invisible character, \\\\ for \\."""
    out = []
    for ch in raw.decode('utf-8', 'surrogateescape'):
        if 0xdc80 <= ord(ch) <= 0xdcff:
            out.append('\\x%02x' % (ord(ch) - 0xdc00))
        elif ch == '\\':
            out.append('\\\\')
        elif unicodedata.category(ch) == 'Cc':
            out.append(''.join('\\x%02x' % b for b in ch.encode()))
        elif invisible(ch):
            out.append(('\\U%08x' if ord(ch) > 0xffff else '\\u%04x') % ord(ch))
        else:
            out.append(ch)
    return ''.join(out)


def label_value(raw):
    """A label value as read back: U+FFFD for each ill-formed unit and for
    each control but the newline (the formats escape only \\ " and \\n)."""
    return ''.join('\ufffd' if (unicodedata.category(c) == 'Cc' and c != '\n') else c
                   for c in raw.decode('utf-8', 'replace'))


def run(args, what):
    try:
        p = subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=20)
    except subprocess.TimeoutExpired:
        return None, what + ': did not end within 20 s'
    if p.returncode:
        return None, '%s: exit %d: %s' % (what, p.returncode, p.stderr.decode(errors='replace'))
    return p.stdout, ''


def strings(v):
    if isinstance(v, dict):
        for k, x in v.items():
            if k in ('comm', 'process_comm') and isinstance(x, str):
                yield x
            yield from strings(x)
    elif isinstance(v, list):
        for x in v:
            yield from strings(x)


def check_json(out, batch, plain):
    want = {n.decode('utf-8', 'replace') for n in batch}
    seen = set()
    for line in out.decode('utf-8').splitlines():
        for s in strings(json.loads(line)):
            if s not in plain:
                if s not in want:
                    return 'comm %r is none of %r' % (s, sorted(want))
                seen.add(s)
    return '' if seen else 'no hostile comm in the output'


def check_text(out, batch, plain):
    text = out.decode('utf-8')
    for i, ch in enumerate(text):
        if ch != '\n' and unsafe(ch):
            return 'U+%04X raw at %d' % (ord(ch), i)
    forms = [term_escaped(n) for n in batch] + ['[%s]' % p for p in plain] + list(plain)
    section, seen = None, False
    # the tables whose last column is the owner's comm, and the others
    owned = ('QPS', 'CM_IDS', 'CQS', 'MRS', 'PDS', 'CTXS', 'SRQS', 'PROCESSES')
    titles = owned + ('DEVICES', 'LINKS', 'RESOURCES', 'GROUPS', 'COUNTERS', 'EVENTS', 'NOTES')
    for line in text.split('\n'):
        if line in titles or line.startswith('rdmatop '):
            section = line if line in owned else None
            continue
        if not line or line.lstrip().startswith(('DEV ', 'PID ')) or section is None:
            continue
        # COMM is the last column: the row must end with a name's escaped form
        if not any(line.endswith(' ' + f) for f in forms):
            return '%s row ends with none of the escaped names: %r' % (section, line)
        seen = seen or not any(line.endswith(' ' + f) for f in forms[len(batch):])
    return '' if seen else 'no hostile comm in the QP and process tables'


def expositions(out, om):
    """Split a batch run's samples: each starts with rdma_up's HELP."""
    parts = out.split(b'# HELP rdma_up ')
    return [b'# HELP rdma_up ' + p for p in parts[1:]]


def check_om(out, batch, plain, om):
    if om:
        from prometheus_client.openmetrics.parser import text_string_to_metric_families
    else:
        from prometheus_client.parser import text_string_to_metric_families
    want = {label_value(n) for n in batch}
    seen = False
    exps = expositions(out, om)
    if not exps:
        return 'no exposition'
    for x in exps:
        if om and not x.endswith(b'# EOF\n'):
            return 'an exposition does not end with # EOF'
        for fam in text_string_to_metric_families(x.decode('utf-8')):
            for s in fam.samples:
                c = s.labels.get('comm')
                if c is None or c in plain or c == '':
                    continue
                if c not in want:
                    return 'comm label %r is none of %r' % (c, sorted(want))
                seen = True
        if not om:
            p = subprocess.run(['promtool', 'check', 'metrics'], input=x,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=20)
            if p.returncode:
                return 'promtool: ' + p.stdout.decode(errors='replace')
    return '' if seen else 'no hostile comm label'


def main():
    names = [bytes.fromhex(h.decode()) for h in
             subprocess.run([MK, '-l'], stdout=subprocess.PIPE, check=True).stdout.split()]
    plain = {'ib_core', 'rdma_cm', 'ib_cm', 'rdma-ndd'}
    args = {'json': ['-j'], 'text': ['-b'], 'openmetrics': ['-b', '-o', 'openmetrics'],
            'prometheus': ['-b', '-o', 'prometheus']}
    faults = {f: '' for f in FORMATS}
    first, batches = 0, 0
    rec = os.path.join(TMP, 'hostile-batch.rdrec')
    while first < len(names):
        p = subprocess.run([MK, '-a', str(first), REC, rec], stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, timeout=60)
        k = int(p.stdout or b'0')
        if p.returncode or k <= 0:
            check(False, 'rewrite the recording', p.stderr.decode(errors='replace'))
            return
        batch = [names[(first + i) % len(names)] for i in range(k)]
        for f in FORMATS:
            if faults[f]:
                continue
            out, err = run([BIN, '-r', rec, '-n', '2'] + args[f], f)
            if out is not None:
                try:
                    if f == 'json':
                        err = check_json(out, batch, plain)
                    elif f == 'text':
                        err = check_text(out, batch, plain)
                    else:
                        err = check_om(out, batch, plain, f == 'openmetrics')
                except Exception as e:  # a parser's complaint
                    err = '%s: %s' % (type(e).__name__, e)
            if err:
                faults[f] = 'names %d..%d: %s' % (first, first + k - 1, err)
        first += k
        batches += 1
    for f in FORMATS:
        check(not faults[f], '%s of %d hostile names (%d rewritten recordings) ends and reads back'
              % (f, len(names), batches), faults[f])


main()
sys.exit(failures)
