#!/usr/bin/env python3
"""rdma_port_errors_total against ERR/s: usage errors.py EXPOSITIONS.prom SAMPLES.jsonl

EXPOSITIONS is `rdmatop -r REC -b -o prometheus` (one exposition a sample),
SAMPLES the same recording's `-j` lines.  Every port's counter must never
fall, and its increase from one sample to the next over the samples' time
apart must be that port's errors_per_sec in the later sample's JSON (within
0.1% or 0.01/s: JSON rounds to 0.1); a port with errors_per_sec must have
the series.  Prints one summary line; exit 1 on the first mismatch.
"""
import json
import re
import sys
from datetime import datetime

SERIES = re.compile(r'^rdma_port_errors_total\{device="([^"]*)",port="([^"]*)"\} (\S+)$')


def expositions(path):
    out, cur, ts = [], None, None
    for line in open(path):
        line = line.rstrip("\n")
        if line.startswith("rdma_sample_timestamp_seconds "):
            ts = float(line.split()[1])
            cur = {}
            out.append((ts, cur))
        m = SERIES.match(line)
        if m and cur is not None:
            cur[(m.group(1), m.group(2))] = float(m.group(3))
    return out


def epoch(iso):
    return datetime.strptime(iso.replace("Z", "+0000"), "%Y-%m-%dT%H:%M:%S.%f%z").timestamp()


exp = expositions(sys.argv[1])
samples = [json.loads(l) for l in open(sys.argv[2])]
if len(exp) != len(samples) or len(exp) < 2:
    sys.exit("%d expositions, %d samples: need the same, two or more" % (len(exp), len(samples)))
n = 0
for i in range(1, len(samples)):
    (t0, a), (t1, b) = exp[i - 1], exp[i]
    if abs(t1 - t0 - (epoch(samples[i]["time"]) - epoch(samples[i - 1]["time"]))) > 0.002:
        sys.exit("sample %d: the exposition's time apart is not the JSON's" % i)
    for link in samples[i]["links"]:
        key = (link["ifname"], str(link["port"]))
        want = link.get("errors_per_sec")
        if want is None:
            continue
        if key not in a or key not in b:
            sys.exit("sample %d %s/%s: ERR/s %r without rdma_port_errors_total" % (i, *key, want))
        if b[key] < a[key]:
            sys.exit("sample %d %s/%s: the counter fell, %r -> %r" % (i, *key, a[key], b[key]))
        got = (b[key] - a[key]) / (t1 - t0)
        if abs(got - want) > max(0.01, 1e-3 * abs(want), 0.05):
            sys.exit("sample %d %s/%s: rate %.3f/s, ERR/s %r" % (i, *key, got, want))
        n += 1
if not n:
    sys.exit("no port with ERR/s")
print("%d port-samples as ERR/s" % n)
