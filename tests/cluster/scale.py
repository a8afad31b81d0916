#!/usr/bin/env python3
"""Synthetic fleet for `promtool tsdb create-blocks-from openmetrics`.

usage: scale.py EXPOSITION[:N][,EXPOSITION[:N]...] HOSTS POINTS STEP END > fleet.om

EXPOSITION is one rdmatop exporter's OpenMetrics (a bench host: `gen`,
then `rdmatop -r -o openmetrics -b -n 1`), so each host has the series an
rdmatop exporter really serves.  It is repeated for HOSTS instances
(instance="hostNNNN:19101", job="rdma"), at POINTS times STEP seconds
apart ending at END (Unix seconds): counters grow at a rate of their own
per host and series, gauges stay; `up` is added as a scrape would; every
8 hosts share their groups (a job spans hosts).  Several expositions (host
shapes) take turns: "gpu.om:14,storage.om,rxe.om" makes 14 hosts of the
first shape, then one of each of the others, and again.
"""
import re
import sys

expo, hosts, points, step, end = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), \
    float(sys.argv[4]), float(sys.argv[5])
LINE = re.compile(r'^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{.*\})?\s+(\S+)(?:\s+\S+)?$')
order = []      # family names, first seen first
kind = {}       # name -> (type, [HELP/UNIT lines])
shapes = []     # one a shape: {family: [(metric, labels, value)]}
helps = {}      # family -> its HELP and UNIT lines
for spec in expo.split(","):
    path, _, count = spec.partition(":")
    shape = {}
    fam = None
    for line in open(path):
        line = line.rstrip("\n")
        if line.startswith("# EOF"):
            break
        if line.startswith("# TYPE "):
            _, _, fam, typ = line.split(" ", 3)
            if fam not in kind:
                order.append(fam)
                kind[fam] = (typ, helps.get(fam, []))
            shape.setdefault(fam, [])
        elif line.startswith(("# HELP ", "# UNIT ")):
            # rdmatop writes a family's HELP before its TYPE: kept by its name
            lines = helps.setdefault(line.split(" ")[2], [])
            if line.split(" ")[1] not in [h.split(" ")[1] for h in lines]:
                lines.append(line)
        elif line and not line.startswith("#"):
            m = LINE.match(line)
            if m and fam is not None:
                labels = m.group(2)[1:-1] if m.group(2) else ""
                # a scrape's target labels win: the exporter's own become
                # exported_* (honor_labels: false, Prometheus's default)
                labels = re.sub(r'(^|,)(job|instance)="', r'\1exported_\2="', labels)
                shape[fam].append((m.group(1), labels, float(m.group(3))))
    shapes += [shape] * int(count or 1)
times = [end - step * (points - 1 - i) for i in range(points)]
out = sys.stdout
w = out.write
for name in order:
    typ, heads = kind[name]
    w("# TYPE %s %s\n" % (name, typ))
    for h in heads:
        w(h + "\n")
    for host in range(hosts):
        inst = 'instance="host%04d:19101",job="rdma"' % host
        job = host // 8
        for k, (metric, labels, value) in enumerate(shapes[host % len(shapes)].get(name, ())):
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
