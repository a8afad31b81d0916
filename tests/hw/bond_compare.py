#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""rdmatop's figures of a bond's port and of each slave (its JSON's link
`lowers`: each device's `figures`, the port's `port_figures`, the port's
summed counter rows) against the real tools on the same bytes: `ethtool -S
SLAVE` and `ethtool --json -I -a SLAVE` of each slave (tests/hw/bond.sh).
mlx5 fills DCB's PFC requests and indications, ethtool's pause statistics
and `ethtool -S`'s rx_prioN_pause from the same PPCNT registers
(en_dcbnl.c mlx5e_dcbnl_ieee_getpfc, en_stats.c, 6.1 to 6.12), and
LINKSTATE's ext_down_cnt from the one link_down_events_phy reads
(en_ethtool.c mlx5e_get_link_ext_stats): whichever rdmatop read, the
driver's own counters must equal it.  Prints one line per slave and the
port; exits 1 naming every value that differs.
  usage: bond_compare.py RDMATOP.json BOND DIR (DIR/SLAVE.S, DIR/SLAVE.a)"""
import json
import os
import re
import sys

mine_path, bond, odir = sys.argv[1:4]
bad = []


def eq(what, mine, want):
    if mine != want:
        bad.append("%s: rdmatop %r, ethtool %r" % (what, mine, want))


samples = [json.loads(l) for l in open(mine_path) if l.strip()]
if len(samples) < 2:
    sys.exit("bond_compare: fewer than two samples")
last = samples[-1]
link = next((l for l in last.get("links", []) if l.get("netdev") == bond), None)
if not link or "lowers" not in link:
    sys.exit("bond_compare: no link on %s with lowers" % bond)
lowers = link["lowers"]
devs = lowers.get("devices", [])
if len(devs) < 2:
    sys.exit("bond_compare: %d lowers, the fixture has 2" % len(devs))


def ethtool_s(name):
    out = {}
    for line in open(os.path.join(odir, name + ".S")):
        m = re.match(r"^\s+([^:]+): (\d+)$", line)
        if m:
            out[m.group(1)] = int(m.group(2))
    return out


def prio_sum(st, fmt):
    keys = [fmt % p for p in range(8) if fmt % p in st]
    return sum(st[k] for k in keys) if keys else None


# the oracles' figures per slave, by rdmatop's figure keys
want = {}
for d in devs:
    n = d["ifname"]
    st = ethtool_s(n)
    a = json.load(open(os.path.join(odir, n + ".a")))[0].get("statistics", {})
    w = {
        "pause_rx": prio_sum(st, "rx_prio%d_pause"),
        "pause_tx": prio_sum(st, "tx_prio%d_pause"),
        "prio_discards": prio_sum(st, "rx_prio%d_discards"),
        "link_down_events": st.get("link_down_events_phy"),
    }
    # ethtool -a: the link's pause frames, the same PPCNT counts
    eq(n + " ethtool -a rx_pause_frames", w["pause_rx"], a.get("rx_pause_frames"))
    eq(n + " ethtool -a tx_pause_frames", w["pause_tx"], a.get("tx_pause_frames"))
    want[n] = w
    figs = d.get("figures", {})
    for k, v in w.items():
        if v is None:
            eq(n + " " + k + " (ethtool has none)", figs.get(k, {}).get("value"), None)
        else:
            eq(n + " " + k, figs.get(k, {}).get("value"), v)
    print("%s: %s" % (n, ", ".join("%s %s" % (k, w[k]) for k in sorted(w))))

# the port: the slaves' values summed, marked so, its rate their rates'
pf = lowers.get("port_figures", {})
for k in ("pause_rx", "pause_tx", "prio_discards", "link_down_events"):
    vals = [want[d["ifname"]][k] for d in devs if want[d["ifname"]][k] is not None]
    eq("port " + k, pf.get(k, {}).get("value"), sum(vals) if vals else None)
    eq("port " + k + " summed", pf.get(k, {}).get("summed"), True if vals else None)
    rates = [d.get("figures", {}).get(k, {}).get("per_sec") for d in devs
             if k in d.get("figures", {})]
    if None in rates or "per_sec" not in pf.get(k, {}):
        bad.append("port %s: a rate missing (%r, %r)" % (k, pf.get(k), rates))
    elif abs(pf[k]["per_sec"] - sum(rates)) > 1e-6 * max(1, abs(sum(rates))):
        bad.append("port %s: rate %r, the slaves' %r" % (k, pf[k]["per_sec"], rates))
# the port's counter rows the Links columns and the verdict read: each
# slave counter's name on the port, the slaves' ethtool -S values summed
rows = {(c["source"], c["name"]): c for c in last.get("counters", [])
        if c.get("port") == link.get("port") and c.get("ifname") == link.get("ifname")}
for name in ("rx_prio3_pause", "tx_prio3_pause", "rx_prio3_discards", "link_down_events_phy"):
    vals = [ethtool_s(d["ifname"]).get(name) for d in devs]
    vals = [v for v in vals if v is not None]
    eq("port counter driver:" + name, rows.get(("driver", name), {}).get("value"), sum(vals))
# a slave's traffic stays its own: no slave's bytes summed on the port
eq("port counter driver:rx_bytes_phy (traffic, not summed)",
   ("driver", "rx_bytes_phy") in rows, False)
print("port %s: %s" % (bond, ", ".join("%s %s" % (k, pf.get(k, {}).get("value"))
                                      for k in sorted(pf))))
if bad:
    print("\n".join(bad))
    sys.exit(1)
