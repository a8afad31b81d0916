#!/usr/bin/env python3
"""`-b`'s headline figures against the JSON of the same replay.
  text_links.py JSON TEXT
JSON: `rdmatop -r REC -j` (a sample a line), TEXT: `rdmatop -r REC -b`.  In
the last sample, each LINKS row's RX/s, TX/s (bits a second on screen,
bytes in JSON), RXPKT/s, TXPKT/s, ERR/s, HEALTH, UTIL%, SRC and FLAPS must
be the JSON's figure as far as the shown digits go ("sat" where JSON says
the figure's counter is saturated, n/a where it has none; FLAPS "255+" at
its counter's maximum), and the verdict
line must name the JSON's worst port, its level and its reasons' texts in
order.  tests/net/truth.py proves the JSON from the oracles; this carries
the proof to the text.  TAMPER=KEY multiplies that JSON figure of the first
link by 1.5: the check must then fail.  Exits 1 on a difference."""
import json
import os
import re
import sys

rows = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
last = rows[-1]
text = open(sys.argv[2]).read().splitlines()
tamper = os.environ.get("TAMPER")
if tamper and last["links"] and tamper in last["links"][0]:
    last["links"][0][tamper] *= 1.5
SI = {"": 1, "K": 1e3, "M": 1e6, "G": 1e9, "T": 1e12, "P": 1e15}
bad, n = [], 0


def shown(cell, want, unit, scale=1.0, sat=False):
    """whether the cell says the JSON's figure (want, None: no figure)"""
    global n
    n += 1
    if sat:
        return cell == "sat"
    if want is None:
        return cell == "n/a"
    m = re.match(r"^([\d.]+) ?([KMGTP]?)" + re.escape(unit) + "$", cell)
    if not m:
        return False
    dec = len(m.group(1).split(".")[1]) if "." in m.group(1) else 0
    got = float(m.group(1)) * SI[m.group(2)]
    # the shown digits' half step, and a rounding of the SI prefix's
    return abs(got - want * scale) <= 0.5 * 10 ** -dec * SI[m.group(2)] * 1.0001 + 1e-9


# the last LINKS block
start = max(i for i, l in enumerate(text) if l == "LINKS")
hdr = text[start + 1]
cols = ("RX/s", "TX/s", "RXPKT/s", "TXPKT/s", "ERR/s", "HEALTH", "UTIL%", "SRC", "FLAPS")
if not all(c in hdr for c in cols):
    sys.exit("LINKS header lacks one of %s: %s" % (cols, hdr))
CELL = r"(n/a|sat|[\d.]+ ?[KMGTP]?b/s|[\d.]+[KMGTP]?/s)"
ROW = re.compile(r"^(\S+)\s+(\d+) .*? " + r"\s+".join([CELL] * 5) +
                 r"\s+(OK|WARN|FAIL|n/a)\s+(n/a|[\d.]+%)\s+(\S+)\s+(\d+\+?|n/a)\s")
links = {(l["ifname"], str(l["port"])): l for l in last["links"]}
seen = 0
for line in text[start + 2:]:
    if not line.strip():
        break
    m = ROW.match(line + " ")
    if not m:
        bad.append("a LINKS row not read: %r" % line)
        continue
    dev, port, rx, tx, rxp, txp, err, health, util, src, flaps = m.groups()
    l = links.get((dev, port))
    if l is None:
        bad.append("%s/%s: in the text, not in JSON" % (dev, port))
        continue
    seen += 1
    for cell, key, unit, scale in ((rx, "rx_bytes", "b/s", 8), (tx, "tx_bytes", "b/s", 8),
                                   (rxp, "rx_packets", "/s", 1), (txp, "tx_packets", "/s", 1),
                                   (err, "errors", "/s", 1)):
        if not shown(cell, l.get(key + "_per_sec"), unit, scale, l.get(key + "_saturated") is True):
            bad.append("%s/%s %s: text %r, JSON %r%s" % (dev, port, key, cell, l.get(key + "_per_sec"),
                                                         " (saturated)" if l.get(key + "_saturated") else ""))
    n += 1
    if health != l.get("health", "n/a"):
        bad.append("%s/%s HEALTH: text %s, JSON %s" % (dev, port, health, l.get("health")))
    u = l.get("utilisation_percent")
    n += 1
    if (u is None) != (util == "n/a") or (u is not None and abs(float(util[:-1]) - u) > 0.05 + 1e-9):
        bad.append("%s/%s UTIL%%: text %s, JSON %r" % (dev, port, util, u))
    want_src = "%s:%s" % (l["throughput_source"], l["throughput_counter"]) \
        if l.get("throughput_counter") else "n/a"
    n += 1
    if src != want_src:
        bad.append("%s/%s SRC: text %s, JSON %s" % (dev, port, src, want_src))
    n += 1
    # a count at its counter's maximum: "255+"
    fsat = "+" if l.get("%s_saturated" % l.get("flaps_counter")) is True else ""
    if flaps != str(l.get("flaps", "n/a")) + (fsat if "flaps" in l else ""):
        bad.append("%s/%s FLAPS: text %s, JSON %r" % (dev, port, flaps, l.get("flaps")))
if seen != len(links):
    bad.append("%d links in JSON, %d rows read in the text" % (len(links), seen))
# the verdict line: the worst port (the worst level, then the most
# reasons), its level and its reasons' texts in order
verdict = [l for l in text if l.startswith("verdict: ")][-1]
order = {"FAIL": 3, "WARN": 2, "OK": 1}
rated = [l for l in last["links"] if l.get("health") in order]
n += 1
if any(l["health"] != "OK" for l in rated):
    worst = max(rated, key=lambda l: (order[l["health"]], len(l.get("reasons", []))))
    texts = ", ".join(r["text"] for r in worst.get("reasons", []))
    want = "verdict: %s %s/%s" % (worst["health"], worst["ifname"], worst["port"])
    if not verdict.startswith(want) or not verdict.endswith(": " + texts):
        bad.append("verdict line %r, JSON's worst %s: %s" % (verdict, want, texts))
elif rated and not verdict.startswith("verdict: network OK"):
    bad.append("verdict line %r, JSON: every port OK" % verdict)
for b in bad:
    print(b)
print("%d links, %d figures compared, %d differ" % (seen, n, len(bad)))
sys.exit(1 if bad or not seen else 0)
