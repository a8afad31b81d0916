#!/usr/bin/env python3
# rdmatop's FEC statistics and histogram (its -j line N) against the newest
# ethtool's `--json -I --show-fec` (ethtool 6.19+ netlink/fec.c: "hist", each
# bin's bin_low, bin_high, total, lanes) on the same bytes: bin by bin, every
# value, and the three block and bit totals.  Prints what it compared, or
# the first differences; exits 1 on any.
#   fec_compare.py RDMATOP.json LINE NETDEV ETHTOOL.json
import json
import sys

rd, line, ndev, eth = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
o = json.loads(open(rd).read().splitlines()[line])
link = [x for x in o["links"] if x.get("netdev") == ndev][0]
mine = link.get("fec", {}).get("statistics", {})
theirs = json.load(open(eth))[0]["statistics"]
bad, n = [], 0
for k in ("corrected_blocks", "uncorrectable_blocks", "corrected_bits"):
    n += 1
    if mine.get(k, {}).get("total") != theirs.get(k, {}).get("total"):
        bad.append("%s: rdmatop %s, ethtool %s" % (k, mine.get(k), theirs.get(k)))
mh, th = mine.get("hist", []), theirs.get("hist", [])
if not th:
    bad.append("ethtool shows no histogram")
if len(mh) != len(th):
    bad.append("bins: rdmatop %d, ethtool %d" % (len(mh), len(th)))
for i, (a, b) in enumerate(zip(mh, th)):
    for k in ("bin_low", "bin_high", "total", "lanes"):
        n += 1
        if a.get(k) != b.get(k):
            bad.append("bin %d %s: rdmatop %s, ethtool %s" % (i, k, a.get(k), b.get(k)))
if bad:
    print("\n".join(bad))
    sys.exit(1)
print("%d bins, %d values equal (%s)" % (len(th), n, ", ".join(
    "%s-%s: %s" % (b["bin_low"], b["bin_high"], b["total"]) for b in th)))
