#!/usr/bin/env python3
"""The throughput of a port counted by the RDMA device itself (efa, bnxt_re),
checked by value against iproute2's rdma through the same shim (tests/hw/
traffic.sh): rdma's two reads give each counter's traffic in one state step;
rdmatop's delta of two samples must be that, its rates that over its interval,
its last value what rdma reads one state later less one step, and its -b text
the figures that rate formats to (src/model/fmt.c: fmt_bits, fmt_si).

    traffic_check.py DIR DEV PORT
DIR holds rdma-a.json, rdma-b.json (the oracle), rt.json and rdma-c.json
(rdmatop -j, then rdma), rt.txt and replay.json (rdmatop -b -w, its
recording replayed with -j).  Prints each comparison; exit 1 on a mismatch,
or when fewer than the floor were compared."""
import json
import re
import sys

NAMES = ("rx_bytes", "tx_bytes", "rx_pkts", "tx_pkts")
RATES = {"rx_bytes": "rx_bytes_per_sec", "tx_bytes": "tx_bytes_per_sec",
         "rx_pkts": "rx_packets_per_sec", "tx_pkts": "tx_packets_per_sec"}
COLS = {"rx_bytes": "RX/s", "tx_bytes": "TX/s", "rx_pkts": "RXPKT/s", "tx_pkts": "TXPKT/s"}
FLOOR = 4 + 4 + 4 + 4 + 1  # deltas, values, rates, -b figures, the source
d, dev, port = sys.argv[1], sys.argv[2], int(sys.argv[3])
bad, n = [], 0


def load(name):
    try:
        txt = open(d + "/" + name).read()
    except OSError as e:
        sys.exit("FAIL: %s: %s" % (name, e))
    if not txt.strip():
        sys.exit("FAIL: %s is empty" % name)
    return txt


def rdma(name):
    for e in json.loads(load(name)):
        if e.get("ifname") == dev and e.get("port") == port:
            return e
    sys.exit("FAIL: %s has no %s/%d" % (name, dev, port))


def last(name):
    return json.loads([l for l in load(name).splitlines() if l.strip()][-1])


def scaled(v, base, units, sep):
    v, u = max(v, 0.0), 0
    while v >= base and u + 1 < len(units):
        v, u = v / base, u + 1
    dec = 0 if u == 0 or v >= 99.95 else 1
    return "%.*f%s%s" % (dec, v, sep if units[u] else "", units[u])


def fmt(name, rate):
    if name.endswith("_bytes"):
        v = rate * 8
        v = 1000.0 if 999.5 <= v < 1000 else v
        return scaled(v, 1000, ("b/s", "Kb/s", "Mb/s", "Gb/s", "Tb/s", "Pb/s", "Eb/s"), " ")
    v = 1000.0 if 999.5 <= rate < 1000 else rate
    return scaled(v, 1000, ("", "K", "M", "G", "T", "P", "E"), "") + "/s"


def value(text):
    """A figure fmt() wrote as (its value, half its last digit), None if not one."""
    m = re.fullmatch(r"(\d+)(\.\d)? ?([KMGTPE]?)(b/s|/s)", text or "")
    if not m:
        return None
    scale = 1000 ** " KMGTPE".index(m.group(3) or " ")
    return float(m.group(1) + (m.group(2) or "")) * scale, (0.05 if m.group(2) else 0.5) * scale


def between(got, lo, hi):
    g, a, b = value(got), value(lo), value(hi)
    return bool(g and a and b) and a[0] - max(a[1], g[1]) <= g[0] <= b[0] + max(b[1], g[1])


def check(what, ok, detail):
    global n
    n += 1
    print("%s: %s (%s)" % ("ok" if ok else "MISMATCH", what, detail))
    if not ok:
        bad.append(what)


a, b, c = rdma("rdma-a.json"), rdma("rdma-b.json"), rdma("rdma-c.json")
delta = {k: b[k] - a[k] for k in NAMES}
if any(v <= 0 for v in delta.values()):
    sys.exit("FAIL: no traffic between rdma's two reads: %s" % delta)


def link(o):
    for l in o.get("links", []):
        if l.get("ifname") == dev and l.get("port") == port:
            return l
    sys.exit("FAIL: rdmatop has no link %s/%d" % (dev, port))


def rate_ok(rate, dv, interval):
    # the interval is printed to the millisecond, the rate to 1e-3
    return dv / (interval + 0.0005) - 0.001 <= rate <= dv / (interval - 0.0005) + 0.001


o = last("rt.json")
lk = link(o)
check("Links throughput source", lk.get("throughput_source") == "hw", lk.get("throughput_source"))
cnt = {x["name"]: x for x in o.get("counters", [])
       if x.get("ifname") == dev and x.get("port") == port and x.get("source") == "hw"}
for k in NAMES:
    x = cnt.get(k, {})
    check("%s delta" % k, x.get("delta") == delta[k], "rdmatop %s, rdma %d" % (x.get("delta"), delta[k]))
    check("%s value" % k, x.get("value") == c[k] - delta[k],
          "rdmatop %s, rdma's next read less one step %d" % (x.get("value"), c[k] - delta[k]))
    r = lk.get(RATES[k])
    check("%s -j %s" % (k, RATES[k]), isinstance(r, (int, float)) and rate_ok(r, delta[k], o["interval"]),
          "rdmatop %s, rdma %d over %.3f s = %.3f" % (r, delta[k], o["interval"], delta[k] / o["interval"]))

# -b: the last sample's LINKS row
txt = load("rt.txt").splitlines()
at = max(i for i, l in enumerate(txt) if l == "LINKS")
head, row = txt[at + 1], None
for l in txt[at + 2:]:
    if not l.strip():
        break
    if l.split()[:2] == [dev, str(port)]:
        row = l
if row is None:
    sys.exit("FAIL: -b's LINKS has no row %s %d" % (dev, port))
iv = last("replay.json")["interval"]
for k in NAMES:
    m = re.search(r"(?<!\S)%s(?!\S)" % re.escape(COLS[k]), head)
    got = None
    if m:
        pat = r"(\d+(?:\.\d)? [KMGTPE]?b/s)$" if k.endswith("_bytes") else r"(\d+(?:\.\d)?[KMGTPE]?/s)$"
        g = re.search(pat, row[:m.end()])
        got = g.group(1) if g else row[:m.end()].split()[-1]
    # the interval to the millisecond: the figure lies between those of
    # its two ends, within half its last digit
    lo, hi = fmt(k, delta[k] / (iv + 0.0005)), fmt(k, delta[k] / (iv - 0.0005))
    check("%s -b %s" % (k, COLS[k]), between(got, lo, hi), "rdmatop '%s', rdma %d over %.3f s: %s to %s" %
          (got, delta[k], iv, lo, hi))
print("%d compared, %d mismatches" % (n, len(bad)))
if n < FLOOR:
    sys.exit("FAIL: %d compared, below the floor of %d" % (n, FLOOR))
sys.exit(1 if bad else 0)
