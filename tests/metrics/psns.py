#!/usr/bin/env python3
# rdma_group_psns_total against the JSON of the same replay: between two
# samples each group's counter grows by what its psn_per_sec says over the
# time between them (the rates are the same PSN deltas over the same span),
# and it never goes down while the group is there.
#   psns.py EXPOSITIONS JSONLINES     (0.0.4 text of every sample, -j)
import json
import re
import sys

samples = []
for block in open(sys.argv[1]).read().split("# HELP rdma_up ")[1:]:
    ts = float(re.search(r"^rdma_sample_timestamp_seconds (\S+)$", block, re.M).group(1))
    c = {(k, g): int(v) for k, g, v in
         re.findall(r'^rdma_group_psns_total\{kind="([^"]*)",group="([^"]*)"\} (\d+)$', block, re.M)}
    samples.append((ts, c))
rates = []
for line in open(sys.argv[2]):
    rates.append({(g["kind"], g["name"] or g["kind"]): g.get("psn_per_sec")
                  for g in json.loads(line).get("groups", [])})
assert len(samples) == len(rates) >= 3, (len(samples), len(rates))
checked = 0
for i in range(1, len(samples)):
    (t0, a), (t1, b) = samples[i - 1], samples[i]
    for key, v in b.items():
        if key not in a:
            continue
        assert v >= a[key], "sample %d: %s went down (%d -> %d)" % (i, key, a[key], v)
        r = rates[i].get(key)
        if r is None:
            continue
        want = r * (t1 - t0)
        assert abs((v - a[key]) - want) <= max(1, 0.01 * want), \
            "sample %d: %s grew %d, psn_per_sec %s over %.3f s says %.0f" % (i, key, v - a[key], r, t1 - t0, want)
        checked += 1
assert checked >= 2 * (len(samples) - 1) // 2, "only %d increments checked" % checked
print("%d increments of %d samples" % (checked, len(samples)))
