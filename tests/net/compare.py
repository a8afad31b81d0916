#!/usr/bin/env python3
"""The Ethernet layer's oracles on the same bytes: rdmatop's JSON (the last
sample of `rdmatop -j -n 2`) against iproute2's `dcb -s -j pfc show`,
ethtool's `--json -I -a`, `--json -I --show-fec`, `-S`, `--json -S
--all-groups`, plain `ethtool DEV` (link detected, speed, lanes, duplex,
autonegotiation), and the generator's expect.json.  Every value both
report must be equal; prints one line per difference and exits 1 when
there is one.
  compare.py RDMATOP_JSON NETDEV ORACLE_DIR EXPECT_JSON
ORACLE_DIR holds dcb.json, pause.json, fec.json, stats.txt, std.json,
link.txt (any may be missing: that tool said nothing, and rdmatop must say
why) and each tool's exit status beside (dcb.json.rc, ...).  Each oracle
counts the values it compared and fails below its floor (ORACLES): a tool
that printed nothing, exited non-zero or is missing where the fixture
serves what it reads fails the comparison, never passes it on the
generator's own values.  EXPECT_JSON "-": a real driver (the test bed's e1000e), no
generator: no DCB, no FEC, only the tools' values.  NET_DOWN=1: the
fixture's link-down answers are in place."""
import json
import os
import sys

rt_path, ndev, odir, exp_path = sys.argv[1:5]
# NET_ONLY=dcb: only dcb's answer is in ORACLE_DIR (another iproute2's)
only_dcb = os.environ.get("NET_ONLY") == "dcb"
rows = [json.loads(l) for l in open(rt_path) if l.strip()]
last = rows[-1]
link = next((l for l in last["links"] if l.get("netdev") == ndev), None)
bad = []
checked = 0
# the oracles by the prefix of what they compared, and their files
ORACLES = (("dcb ", "dcb.json"), ("ethtool -a ", "pause.json"), ("ethtool --show-fec", "fec.json"),
           ("ethtool -S ", "stats.txt"), ("ethtool --all-groups", "std.json"), ("ethtool ", "link.txt"))
per = {}


def eq(what, a, b):
    global checked
    checked += 1
    o = next((o for o, _ in ORACLES if what.startswith(o)), None)
    if o is not None:
        per[o] = per.get(o, 0) + 1
    if a != b:
        bad.append("%s: rdmatop %r, oracle %r" % (what, a, b))


def floors(want):
    """each oracle in want ({prefix: least values}) compared at least that
    many values, and exited 0 where its status was kept"""
    for o, f in ORACLES:
        if o not in want:
            continue
        rc = os.path.join(odir, f + ".rc")
        rc = open(rc).read().strip() if os.path.exists(rc) else "0"
        if rc != "0":
            err = os.path.join(odir, f + ".err")
            err = open(err).read().strip()[:200] if os.path.exists(err) else ""
            bad.append("%s: the oracle exited %s: %s" % (o.strip(), rc, err))
        if per.get(o, 0) < want[o]:
            bad.append("%s: %d values compared, at least %d expected (%s said %s)"
                       % (o.strip(), per.get(o, 0), want[o], f,
                          "nothing" if load(f) is None else "too little"))


def finish():
    for b in bad:
        print(b)
    print("%d values compared (%s), %d differ" % (
        checked, ", ".join("%s %d" % (o.strip(), per.get(o, 0)) for o, _ in ORACLES), len(bad)))
    sys.exit(1 if bad else 0)


if link is None:
    sys.exit("no link on netdev %s in rdmatop's output" % ndev)
if exp_path == "-":
    exp = {"dcb": False, "fec": False, "stats": {}}
else:
    exp = json.load(open(exp_path))[ndev]["1"]
ctr = {(c["source"], c["name"]): c["value"] for c in last["counters"]
       if c.get("ifname") == link["ifname"] and c.get("port") == link["port"]}


def load(name):
    p = os.path.join(odir, name)
    if not os.path.exists(p) or not os.path.getsize(p):
        return None
    return open(p).read()


# dcb -s -j pfc show dev X: pfc_cap, macsec_bypass, delay, prio_pfc, requests, indications
d = load("dcb.json")
if d is not None:
    d = json.loads(d)
    pfc = link.get("pfc")
    if pfc is None:
        bad.append("dcb reports PFC, rdmatop has none")
    else:
        for k in ("pfc_cap", "macsec_bypass", "delay", "prio_pfc", "requests", "indications"):
            if k in d:
                eq("dcb " + k, pfc.get(k), d[k])
elif exp["dcb"]:
    bad.append("the fixture has DCB, dcb said nothing")
elif "pfc" in link:
    bad.append("rdmatop reports PFC where dcb has none")

if only_dcb:
    floors({"dcb ": 6} if exp["dcb"] else {})
    finish()

# ethtool --json -I -a: statistics (6.1 prints its booleans as true whatever
# the kernel sent: show_bool_val passes a pointer; not compared)
p = load("pause.json")
if p is not None:
    p = json.loads(p)[0]
    st = p.get("statistics", {})
    mine = link.get("pause", {}).get("statistics", {})
    for k in ("tx_pause_frames", "rx_pause_frames"):
        if k in st:
            eq("ethtool -a " + k, mine.get(k), st[k])

# ethtool -a's text (its JSON booleans are not read, above): "RX
# negotiated" and "TX negotiated", printed where pause autonegotiation is
# on and the link modes of both sides are known (netlink/pause.c)
t = load("pause.txt")
if t is not None:
    kv = dict(l.strip().partition(": ")[::2] for l in t.splitlines() if ": " in l)
    want = None
    if "RX negotiated" in kv or "TX negotiated" in kv:
        want = {"rx": kv.get("RX negotiated") == "on", "tx": kv.get("TX negotiated") == "on"}
    eq("ethtool -a RX/TX negotiated", link.get("pause", {}).get("negotiated"), want)

# ethtool --json -I --show-fec: the totals; active as the link mode bit
f = load("fec.json")
f = (json.loads(f) or [None])[0] if f is not None else None
if f is None and not exp["fec"]:
    # the driver has no FEC op: ethtool printed nothing, rdmatop must say so
    eq("no FEC: rdmatop's reason", link.get("network", {}).get("unavailable", {}).get("fec"),
       "not supported by the driver or kernel")
    eq("no FEC: rdmatop's fec", link.get("fec"), None)
if f is not None:
    mine = link.get("fec", {})
    names = {49: "BaseR", 50: "RS", 74: "LLRS", 63: "Off"}
    for a in f.get("active", []):
        eq("ethtool --show-fec active", mine.get("active"), [names.get(a, a) if isinstance(a, int) else a])
    for k, v in f.get("statistics", {}).items():
        eq("ethtool --show-fec " + k, mine.get("statistics", {}).get(k, {}).get("total"), v.get("total"))
        if "lanes" in v:
            eq("ethtool --show-fec %s lanes" % k, mine.get("statistics", {}).get(k, {}).get("lanes"), v["lanes"])
elif exp["fec"]:
    bad.append("the fixture has FEC, ethtool said nothing")

# ethtool -S: every driver counter rdmatop lists has ethtool's value, and
# rdmatop lists every one but the per-queue counters
s = load("stats.txt")
if s is not None:
    eth = {}
    for line in s.splitlines()[1:]:
        k, _, v = line.strip().rpartition(": ")
        if k:
            eth[k] = int(v)
    mine = {n: v for (src, n), v in ctr.items() if src == "driver"}
    for n, v in mine.items():
        eq("ethtool -S " + n, v, eth.get(n))
    for n in eth:
        if n not in mine and not (n[:2] in ("rx", "tx") and n[2:3].isdigit()):
            bad.append("ethtool -S lists %s, rdmatop does not" % n)

# the generator's values
if exp_path != "-":
    eq("expect negotiated", link.get("pause", {}).get("negotiated"), exp.get("negotiated"))
for k in ("tx_pause_frames", "rx_pause_frames"):
    if ("ethtool", k) in ctr and k in exp:  # "-": no generator's value
        eq("expect " + k, ctr[("ethtool", k)], exp[k])
if exp["dcb"]:
    for i in range(8):
        eq("expect requests[%d]" % i, ctr.get(("dcb", "requests_prio%d" % i)), exp["requests"][i])
        eq("expect indications[%d]" % i, ctr.get(("dcb", "indications_prio%d" % i)), exp["indications"][i])
for n, v in exp["stats"].items():
    if not (n[:2] in ("rx", "tx") and n[2:3].isdigit()):
        eq("expect " + n, ctr.get(("driver", n)), v)

unavailable = link.get("network", {}).get("unavailable", {})
down = os.environ.get("NET_DOWN") == "1"
gen = exp_path != "-"   # the generator's fixture, not a real driver

# ethtool --json -S DEV --all-groups (netlink/stats.c): a group's object
# each, empty where the driver set nothing; rmon's buckets as
# rx-pktsNtoM / tx-pktsNtoM lists of {low, high, val}
mine_std = link.get("standard", {})
t = load("std.json")
t = (json.loads(t) or [None])[0] if t is not None else None
if t is not None:
    theirs = {g: v for g, v in t.items() if g != "ifname" and v}
    eq("ethtool --all-groups: the groups with statistics", sorted(mine_std), sorted(theirs))
    for g, v in theirs.items():
        for k, x in v.items():
            eq("ethtool --all-groups %s %s" % (g, k), mine_std.get(g, {}).get(k), x)
    for g, v in mine_std.items():
        for k in v:
            if k not in theirs.get(g, {}):
                bad.append("rdmatop has %s %s, ethtool --all-groups does not" % (g, k))
    if not theirs:
        eq("no standard statistics: rdmatop's reason", unavailable.get("standard statistics"),
           "not reported by the driver")
elif gen and exp["std"]:
    bad.append("the fixture has STATS_GET, ethtool said nothing")
elif gen:
    eq("no STATS_GET: rdmatop's reason", unavailable.get("standard statistics"),
       "no such command in this kernel (STATS_GET: 5.13+)")
    eq("no STATS_GET: rdmatop's standard", mine_std, {})

# plain `ethtool DEV` (netlink/settings.c): 6.1 prints no "Link Down
# Events" (7.x does); the extended state follows "Link detected: no"
lt = load("link.txt")
if lt is not None:
    kv = {}
    for line in lt.splitlines()[1:]:
        k, sep, v = line.strip().partition(": ")
        if sep:
            kv[k] = v
    sp = kv.get("Speed", "")
    eq("ethtool Speed", link.get("speed"), int(sp[:-4]) if sp.endswith("Mb/s") else None)
    eq("ethtool Lanes", link.get("lanes"), int(kv["Lanes"]) if "Lanes" in kv else None)
    du = kv.get("Duplex")
    eq("ethtool Duplex", link.get("duplex"), "Unknown" if du and du.startswith("Unknown") else du)
    eq("ethtool Auto-negotiation", link.get("autoneg"), {"on": True, "off": False}.get(kv.get("Auto-negotiation")))
    ld = kv.get("Link detected", "")
    eq("ethtool Link detected", link.get("link_detected"), {"yes": True, "no": False}.get(ld.split(" ")[0]))
    why = ld.partition(" (")[2].rstrip(")")
    st, _, ss = why.partition(", ")
    eq("ethtool Link detected: extended state", link.get("link_ext_state"), st or None)
    eq("ethtool Link detected: extended substate", link.get("link_ext_substate"), ss or None)
    if "Link Down Events" in kv:
        eq("ethtool Link Down Events", link.get("link_down_events"), int(kv["Link Down Events"]))
elif gen:
    bad.append("ethtool DEV said nothing")

# the generator's values
if gen:
    eq("expect speed", link.get("speed"), None if down else exp["speed"])
    eq("expect lanes", link.get("lanes"), None if down else exp["lanes"])
    eq("expect link_detected", link.get("link_detected"), not down)
    if "link_down_events" in exp:
        eq("expect link_down_events", link.get("link_down_events"),
           exp["link_down_events"] + down)
    for g, v in exp["standard"].items():
        for k, x in v.items():
            if k in ("rx", "tx"):
                x = [{"low": a, "high": b, "val": c} for a, b, c in x] or None
                k = k + "-pktsNtoM"
            eq("expect %s %s" % (g, k), mine_std.get(g, {}).get(k), x)

# the floors: what each oracle must have compared for this fixture
if gen:
    want = {"ethtool -a ": 3, "ethtool -S ": len([n for n in exp["stats"]
                                                 if not (n[:2] in ("rx", "tx") and n[2:3].isdigit())]),
            "ethtool ": 6}
    if exp["dcb"]:
        want["dcb "] = 6
    if exp["fec"]:
        want["ethtool --show-fec"] = 3
    if exp["std"]:
        want["ethtool --all-groups"] = exp["std"]
else:
    # a real driver (the test bed's e1000e): its ethtool -S strings, the
    # pause negotiation, the link's settings
    want = {"ethtool -a ": 1, "ethtool -S ": 20, "ethtool ": 6}
floors(want)
finish()
