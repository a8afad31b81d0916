#!/usr/bin/env python3
"""om_gpu.py EXPOSITION JSON: rdma_process_gpu_far{pid,comm,gpu_relation}
must have one series per process of the JSON with a gpu_relation, its
value gpu_far (1/0) and its label gpu_relation; exit 1 with a line per
mismatch."""
import json
import re
import sys

om, js = open(sys.argv[1]).read(), open(sys.argv[2]).read()
o = json.loads([l for l in js.split("\n") if l.strip()][-1])
got = {}
for line in om.split("\n"):
    m = re.fullmatch(r'rdma_process_gpu_far\{pid="(\d+)",comm="[^"]*",gpu_relation="(\w+)"\} (\S+)', line)
    if m:
        got[int(m.group(1))] = (m.group(2), float(m.group(3)))
want = {p["pid"]: (p["gpu_relation"], 1.0 if p["gpu_far"] else 0.0)
        for p in o["processes"] if "pid" in p and "gpu_relation" in p}
bad = ["MISMATCH process %s: exposition %r, JSON %r" % (k, got.get(k), want.get(k))
       for k in sorted(set(got) | set(want)) if got.get(k) != want.get(k)]
if not want:
    bad.append("MISMATCH the JSON has no process with a gpu_relation")
for b in bad:
    print(b)
print("%d processes, %d mismatches, %d far" % (len(want), len(bad), sum(v[1] for v in want.values())))
sys.exit(1 if bad else 0)
