#!/usr/bin/env python3
# The groups' ledgers against the JSON of the same replay: between two
# samples each group's counter grows by what the JSON's rates say over the
# time between them (the rates are the same deltas over the same span), and
# it never goes down while the group is there.
#   psns.py EXPOSITIONS JSONLINES        rdma_group_psns_total, psn_per_sec
#   psns.py EXPOSITIONS JSONLINES hw     rdma_group_qp_hw_total{class}, the
#       sums of its processes' hw_counters CLASS_per_sec; and a series for
#       exactly the groups whose JSON has hw_counters
import json
import re
import sys

hw = len(sys.argv) > 3 and sys.argv[3] == "hw"
CLASSES = ("retransmits", "errors", "cnps")
samples = []
for block in open(sys.argv[1]).read().split("# HELP rdma_up ")[1:]:
    ts = float(re.search(r"^rdma_sample_timestamp_seconds (\S+)$", block, re.M).group(1))
    if hw:
        c = {(k, g, cl): int(v) for k, g, cl, v in re.findall(
            r'^rdma_group_qp_hw_total\{kind="([^"]*)",group="([^"]*)",class="([^"]*)"\} (\d+)$',
            block, re.M)}
    else:
        c = {(k, g): int(v) for k, g, v in re.findall(
            r'^rdma_group_psns_total\{kind="([^"]*)",group="([^"]*)"\} (\d+)$', block, re.M)}
    samples.append((ts, c))
rates = []
for line in open(sys.argv[2]):
    j = json.loads(line)
    r = {}
    procs = {p["pid"]: p for p in j.get("processes", []) if "pid" in p}
    for g in j.get("groups", []):
        key = (g["kind"], g["name"] or g["kind"])
        if not hw:
            r[key] = g.get("psn_per_sec")
            continue
        if "hw_counters" not in g:
            continue
        hws = [procs[p]["hw_counters"] for p in g["pids"] if "hw_counters" in procs.get(p, {})]
        for cl in CLASSES:
            per = [h.get(cl + "_per_sec") for h in hws]
            # no rate yet (a counter's first sample): none to compare
            r[key + (cl,)] = None if None in per else sum(per)
    rates.append(r)
# (the netdev fixtures' recordings are two samples: tests/hw/record)
assert len(samples) == len(rates) >= 2, (len(samples), len(rates))
checked = 0
for i in range(1, len(samples)):
    (t0, a), (t1, b) = samples[i - 1], samples[i]
    if hw:
        assert set(b) == set(rates[i]), "sample %d: series %s, the JSON's groups with " \
            "hw_counters %s" % (i, sorted(b), sorted(rates[i]))
    for key, v in b.items():
        if key not in a:
            continue
        assert v >= a[key], "sample %d: %s went down (%d -> %d)" % (i, key, a[key], v)
        r = rates[i].get(key)
        if r is None:
            continue
        want = r * (t1 - t0)
        assert abs((v - a[key]) - want) <= max(1, 0.01 * want), \
            "sample %d: %s grew %d, the JSON's rate %s over %.3f s says %.0f" % (
                i, key, v - a[key], r, t1 - t0, want)
        checked += 1
assert checked >= 2 * (len(samples) - 1) // 2, "only %d increments checked" % checked
print("%d increments of %d samples" % (checked, len(samples)))
