#!/usr/bin/env python3
# README's table of metric families against expositions: every family
# exported (the # TYPE lines of EXPOSITION, 0.0.4 text) is in the table
# with its type, and its samples carry no label the table does not list.
#   table.py README.md EXPOSITION
import itertools
import re
import sys

readme, expo = open(sys.argv[1]).read(), open(sys.argv[2]).read()


def expand(name):
    # rdma_port_{receive,transmit}_bytes_total -> both names
    parts = re.split(r"\{([^}]*)\}", name)
    alts = [p.split(",") if i % 2 else [p] for i, p in enumerate(parts)]
    return ["".join(x) for x in itertools.product(*alts)]


table = {}
for m in re.finditer(r"^\| `([a-z_{},]+)` \| (\w+) \| [^|]* \| ([^|]*) \|", readme, re.M):
    for n in expand(m.group(1)):
        table[n] = (m.group(2), {x.strip() for x in m.group(3).split(",") if x.strip()})
got = {}
fam = None
for line in expo.splitlines():
    m = re.match(r"# TYPE (\S+) (\S+)", line)
    if m:
        fam = m.group(1)
        got.setdefault(fam, (m.group(2), set()))
        continue
    m = re.match(r"([a-z_]+)(?:\{(.*)\})? ", line)
    if m and fam:
        got[fam][1].update(re.findall(r'(\w+)="', m.group(2) or ""))
bad = 0
for f, (t, labels) in sorted(got.items()):
    if f not in table:
        print("not in README's table: %s" % f)
        bad = 1
    elif table[f][0] != t or not labels <= table[f][1]:
        print("%s: README says %s {%s}, exported %s {%s}" % (
            f, table[f][0], ",".join(sorted(table[f][1])), t, ",".join(sorted(labels))))
        bad = 1
print("%d families exported, %d in the table" % (len(got), len(table)))
sys.exit(bad)
