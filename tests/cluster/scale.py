#!/usr/bin/env python3
"""Synthetic fleet for `promtool tsdb create-blocks-from openmetrics`.

usage: scale.py EXPOSITION HOSTS POINTS STEP END > fleet.om

EXPOSITION is one rdmatop exporter's OpenMetrics (a bench host: `gen`,
then `rdmatop -r -o openmetrics -b -n 1`), so each host has the series an
rdmatop exporter really serves.  It is repeated for HOSTS instances
(instance="hostNNNN:19101", job="rdma"), at POINTS times STEP seconds
apart ending at END (Unix seconds): counters grow at a rate of their own
per host and series, gauges stay; `up` is added as a scrape would; every
8 hosts share their groups (a job spans hosts).
"""
import re
import sys

expo, hosts, points, step, end = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), \
    float(sys.argv[4]), float(sys.argv[5])
LINE = re.compile(r'^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{.*\})?\s+(\S+)(?:\s+\S+)?$')
families = []   # (name, type, help, unit, [(metric, labels, value)])
fam = None
for line in open(expo):
    line = line.rstrip("\n")
    if line.startswith("# TYPE "):
        _, _, name, typ = line.split(" ", 3)
        fam = [name, typ, [], []]
        families.append(fam)
    elif line.startswith("# EOF") or not line or line.startswith("#"):
        if line.startswith("# HELP") or line.startswith("# UNIT"):
            fam_head = line
            if fam is not None:
                fam[2].append(fam_head)
        continue
    else:
        m = LINE.match(line)
        if m and fam is not None:
            labels = m.group(2)[1:-1] if m.group(2) else ""
            fam[3].append((m.group(1), labels, float(m.group(3))))
times = [end - step * (points - 1 - i) for i in range(points)]
out = sys.stdout
w = out.write
for name, typ, heads, samples in families:
    w("# TYPE %s %s\n" % (name, typ))
    for h in heads:
        w(h + "\n")
    for host in range(hosts):
        inst = 'instance="host%04d:19101",job="rdma"' % host
        job = host // 8
        for k, (metric, labels, value) in enumerate(samples):
            lab = re.sub(r'group="[^"]*"', 'group="job%d"' % job, labels) if "group=" in labels else labels
            lab = (lab + "," if lab else "") + inst
            rate = ((host * 31 + k * 17) % 97) * 10.0 if typ == "counter" else 0
            for i, t in enumerate(times):
                if metric == "rdma_sample_timestamp_seconds":
                    v = t
                else:
                    v = value + rate * step * i
                w("%s{%s} %r %.3f\n" % (metric, lab, v, t))
w("# TYPE up gauge\n")
for host in range(hosts):
    for t in times:
        w('up{instance="host%04d:19101",job="rdma"} 1 %.3f\n' % (host, t))
w("# EOF\n")
