#!/usr/bin/env python3
"""Real parsers on the writers' outputs that the fuzz targets dumped.

    oracle.py json|openmetrics|text FILE...

json: every line parses with Python's json (and is an object).
openmetrics: the OpenMetrics parser of python3-prometheus-client reads it.
text (the text writer, the screen's cells): UTF-8, and no character that
Unicode calls a control (Cc) but the newline, no line or paragraph
separator, no explicit bidi formatting character or bidi mark.
Prints "N outputs" and exits 1 with the first fault.
"""
import json
import sys
import unicodedata

BIDI_CLASSES = {'LRE', 'RLE', 'LRO', 'RLO', 'PDF', 'LRI', 'RLI', 'FSI', 'PDI'}
BIDI_MARKS = {'LEFT-TO-RIGHT MARK', 'RIGHT-TO-LEFT MARK', 'ARABIC LETTER MARK'}


def check_json(data):
    for line in data.decode('utf-8').splitlines():
        if not isinstance(json.loads(line), dict):
            raise ValueError('a line is not an object')


def check_openmetrics(data):
    from prometheus_client.openmetrics.parser import text_string_to_metric_families
    for _ in text_string_to_metric_families(data.decode('utf-8')):
        pass


def check_text(data):
    for i, ch in enumerate(data.decode('utf-8')):
        cat = unicodedata.category(ch)
        if (cat == 'Cc' and ch != '\n') or cat in ('Zl', 'Zp') or \
                unicodedata.bidirectional(ch) in BIDI_CLASSES or \
                unicodedata.name(ch, '') in BIDI_MARKS:
            raise ValueError('U+%04X (%s) at character %d' % (ord(ch), cat, i))


def main():
    kind, files = sys.argv[1], sys.argv[2:]
    check = {'json': check_json, 'openmetrics': check_openmetrics, 'text': check_text}[kind]
    for path in files:
        with open(path, 'rb') as f:
            data = f.read()
        try:
            check(data)
        except Exception as e:  # any parser's complaint is a fault
            print('%s: %s: %s' % (path, type(e).__name__, e))
            return 1
    print('%d outputs' % len(files))
    return 0


sys.exit(main())
