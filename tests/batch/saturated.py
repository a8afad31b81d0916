#!/usr/bin/env python3
# A saturated counter never reads as a rate of 0 (JSON, -b text,
# OpenMetrics), on a recording of tests/hw's mlx5-ib-sat fixtures:
#   saturated.py NAME REPLAY.json REPLAY.txt REPLAY.om
# NAME's expected saturated PMA counters are below (gen_drivers.c gives
# them their values); REPLAY.* are the recording's -j, -b and -o
# openmetrics.  Every sample is checked; the rates of the last one too.
import json
import re
import sys

name, jpath, tpath, opath = sys.argv[1:5]
# the counters at their maximum in the last sample, and which of them
# reached it between the two samples (a rate up to it)
WANT = {
    "mlx5-ib-sat": ({"excessive_buffer_overrun_errors", "link_downed", "link_error_recovery",
                     "local_link_integrity_errors", "port_xmit_discards", "port_xmit_wait",
                     "symbol_error"},
                    {"link_error_recovery", "local_link_integrity_errors", "symbol_error"}),
    "mlx5-ib-sat32": ({"excessive_buffer_overrun_errors", "link_downed", "port_rcv_data",
                       "port_rcv_packets", "port_xmit_data", "port_xmit_discards",
                       "port_xmit_wait", "symbol_error"},
                      {"port_rcv_data", "port_xmit_discards"}),
}
sat_want, reached = WANT[name]
errors = []

samples = [json.loads(line) for line in open(jpath)]
if len(samples) < 2:
    errors.append("want two samples, got %d" % len(samples))
for n, j in enumerate(samples):
    last = n == len(samples) - 1
    sat = set()
    for c in j["counters"]:
        if not c.get("saturated"):
            continue
        key = (c["ifname"], c.get("port", 0), c["name"])
        sat.add(c["name"])
        if c.get("rate") == 0 or c.get("delta") == 0:
            errors.append("sample %d: %s saturated with rate %r delta %r" % (
                n, key, c.get("rate"), c.get("delta")))
        if last and (c["name"] in reached) != ("rate" in c):
            errors.append("last sample: %s: rate %r, reached it: %s" % (
                key, c.get("rate"), c["name"] in reached))
    if last and sat != sat_want:
        errors.append("saturated %s, want %s" % (sorted(sat), sorted(sat_want)))
    for li in j["links"]:
        for k in ("rx_bytes", "tx_bytes", "rx_packets", "tx_packets"):
            if li.get(k + "_saturated") and k + "_per_sec" in li:
                errors.append("sample %d: link %s: %s saturated and a rate" % (n, li["ifname"], k))
    # PortCounters' 32-bit data counters at their maximum: the link rates
    if last and name == "mlx5-ib-sat32":
        li = [x for x in j["links"] if x["ifname"] == "mlx5_0"][0]
        for k in ("rx_bytes", "tx_bytes", "rx_packets"):
            if not li.get(k + "_saturated"):
                errors.append("link mlx5_0: %s not saturated: %r" % (k, li))
        if not li.get("tx_packets_per_sec", 0) > 0:
            errors.append("link mlx5_0: tx_packets has no rate: %r" % li)

# -b, its last sample: each saturated counter's row has its value marked
# and its rate "sat"
text = open(tpath).read().split("\nDEVICES\n")[-1].splitlines()
rows = [line for line in text if re.match(r"mlx5_0\s+1\s+pma\s", line)]
seen = set()
for line in rows:
    cname = line.split()[3]
    if cname not in sat_want:
        continue
    seen.add(cname)
    f = line.split()
    # DEV PORT SRC NAME VALUE[ UNIT-PREFIX] UNIT RATE ...: the value's mark
    # ends the first field after NAME that ends in "+"
    if not any(x.endswith("+") for x in f[4:6]):
        errors.append("text: %s: value not marked: %s" % (cname, line.rstrip()))
    if "sat" not in f or "0/s" in f:
        errors.append("text: %s: rate not sat: %s" % (cname, line.rstrip()))
if seen != sat_want:
    errors.append("text: saturated rows %s, want %s" % (sorted(seen), sorted(sat_want)))
links = [line for line in text if re.match(r"mlx5_0\s+1\s+ACTIVE", line)]
# RX/s, TX/s, RXPKT/s and ERR/s (its error counters are stuck too)
if name == "mlx5-ib-sat32" and links[-1].split().count("sat") != 4:
    errors.append("text: links row of the last sample: %s" % links[-1].rstrip())

# OpenMetrics, the last sample: one rdma_stat_saturated series per
# saturated counter
expo = [x for x in open(opath).read().split("# EOF") if x.strip()][-1]
om = set(re.findall(r'^rdma_stat_saturated\{device="mlx5_0",port="1",counter="(\w+)",'
                    r'source="pma"\} 1$', expo, re.M))
if om != sat_want:
    errors.append("openmetrics: rdma_stat_saturated for %s, want %s" % (sorted(om), sorted(sat_want)))

for e in errors:
    print(e)
sys.exit(1 if errors else 0)
