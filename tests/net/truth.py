#!/usr/bin/env python3
"""A port's headline figures and its verdict worked out from the oracles'
own output on the same bytes, with rdmatop's ranked table and rule table
(doc/counters.md) as the only shared input, against rdmatop's JSON.
  truth.py RDMATOP_JSON NETDEV SYSROOT_PORT S0_DIR S1_DIR COUNTERS_MD
S0_DIR and S1_DIR hold `ethtool -S` (stats.txt), `ethtool --json -S
--all-groups` (std.json) and `ethtool --json -I --show-fec` (fec.json) on
the netshim's sample 0 and sample 1; SYSROOT_PORT the fixture's
sys/class/infiniband/DEV/ports/N (its link_layer, hw_counters); the netdev's
sysfs statistics come from the fixture tree (cat).  COUNTERS_MD is
doc/counters.md: its "headline figures" table (written from
src/model/truth_tab.c, test_truth checks it) picks each figure's counters.
The rates are the oracles' deltas over the time rdmatop's last interval
took (a counter's delta over its rate in rdmatop's JSON: the clock only).
NETDEV "-" and S0_DIR, S1_DIR "-": a port without a netdev (InfiniBand,
efa), its sysfs counters only (the fixture's first-sample file has their
first values).  TAMPER=NAME adds 1000 to that counter's second value
(ethtool -S; SOURCE:NAME for another source's): the check must then fail.  Prints what it compared; exits 1 on a difference
or when fewer than 6 figures were compared."""
import json
import os
import re
import sys

rt_path, ndev, port_dir, s0, s1, md = sys.argv[1:7]
rows = [json.loads(l) for l in open(rt_path) if l.strip()]
last = rows[-1]
# NETDEV "-": a port without one (InfiniBand, efa): the port by its sysfs
# directory, sys/class/infiniband/DEV/ports/N, and no ethtool oracle
pdev, pnum = os.path.normpath(port_dir).split(os.sep)[-3], os.path.basename(port_dir)
if ndev == "-":
    link = next((l for l in last["links"] if l.get("ifname") == pdev and str(l.get("port")) == pnum), None)
    ndev = "%s/%s" % (pdev, pnum)
else:
    link = next((l for l in last["links"] if l.get("netdev") == ndev), None)
if link is None:
    sys.exit("no link on %s in rdmatop's output" % ndev)
# the clock is rdmatop's (the oracles ran at other moments): the time its
# last interval measured, as a counter's delta over its rate says it
# (each source's, read at its own moment: per counter where it has a rate)
clock = {(c["source"], c["name"]): c["delta"] / c["rate"] for c in last["counters"]
         if c.get("rate") and c.get("delta") and c.get("ifname") == link["ifname"]}
interval = next(iter(clock.values()), last["interval"])


def dt(n):
    return clock.get(n, interval)


def read(p):
    try:
        return open(p).read()
    except OSError:
        return None


def oracle(d):
    """(source, name) -> value from one sample's oracle outputs"""
    v = {}
    if d == "-":
        return v
    st = read(os.path.join(d, "stats.txt"))
    if not st or "NIC statistics" not in st:
        sys.exit("ethtool -S said nothing in %s" % d)
    for line in st.splitlines()[1:]:
        m = re.match(r"^\s+(\S.*?): (\d+)$", line)
        if m:
            v[("driver", m.group(1))] = int(m.group(2))
    std = read(os.path.join(d, "std.json"))
    if std:
        for grp, vals in json.loads(std)[0].items():
            if isinstance(vals, dict):
                for k, x in vals.items():
                    if isinstance(x, int):
                        v[("ethtool", "%s-%s" % (grp, k))] = x
    fec = read(os.path.join(d, "fec.json"))
    if fec and json.loads(fec):
        stats = json.loads(fec)[0].get("statistics", {})
        for k in ("corrected_blocks", "uncorrectable_blocks", "corrected_bits"):
            if isinstance(stats.get(k), dict) and "total" in stats[k]:
                v[("ethtool", "fec_" + k)] = stats[k]["total"]
    return v


a, b = oracle(s0), oracle(s1)
# the netdev's sysfs statistics, the RDMA device's hw_counters and the
# PMA's counters, read from the fixture tree as `cat` would (the second
# sample); the first sample's value where the tree's first-sample file
# (tests/hw/gen_sysfs.c) has one, else the same
root = os.path.normpath(port_dir)
root = root[:root.index(os.sep + "sys" + os.sep + "class" + os.sep)]
first = {}
for line in (read(os.path.join(root, "first-sample")) or "").splitlines():
    path, _, val = line.rpartition(" ")
    if val.isdigit():
        first[os.path.normpath(os.path.join(root, path))] = int(val)
ndir = os.path.join(port_dir, "..", "..", "..", "..", "net", ndev, "statistics")
# IBTA PortRcvData and PortXmitData count octets divided by 4 (IB
# Architecture Specification vol. 1, 16.1.3.5 PortCounters); the kernel's
# sysfs shows the register (drivers/infiniband/core/sysfs.c, no scaling)
PMA_X4 = ("port_rcv_data", "port_xmit_data")
for base, src in ((ndir, "netdev"), (os.path.join(port_dir, "hw_counters"), "hw"),
                  (os.path.join(port_dir, "counters"), "pma")):
    if os.path.isdir(base):
        for f in os.listdir(base):
            path = os.path.normpath(os.path.join(base, f))
            t = (read(path) or "").strip()
            if t.isdigit():
                k = 4 if src == "pma" and f in PMA_X4 else 1
                b[(src, f)] = int(t) * k
                a[(src, f)] = first.get(path, int(t)) * k
# TAMPER=NAME (ethtool -S's) or SOURCE:NAME: its second value 1000 higher
tamper = os.environ.get("TAMPER")
if tamper:
    tk = tuple(tamper.split(":", 1)) if ":" in tamper else ("driver", tamper)
    if tk not in b:
        sys.exit("TAMPER: no counter %s" % tamper)
    b[tk] += 1000
ll = (read(os.path.join(port_dir, "link_layer")) or "").strip()
ll = {"Ethernet": "Ethernet", "InfiniBand": "IB"}.get(ll, "any")

# the table: | figure | link layer | counters (summed) | ...
table = []
text = open(md).read()
block = text[text.index("<!-- the headline figures"):text.index("### One event, one count")]
for line in block.splitlines():
    cells = [c.strip() for c in line.strip().strip("|").split("|")]
    if len(cells) < 3 or cells[0] in ("figure", "---"):
        continue
    names = [tuple(x.split(":", 1)) for x in re.findall(r"`([^`]+)`", cells[2])]
    table.append((cells[0], cells[1], names))
if len(table) < 30:
    sys.exit("the headline figures' table of %s has %d rows" % (md, len(table)))


# IBTA PortCounters' widths (IB Architecture Specification vol. 1, table
# "PortCounters"): a counter at its maximum has stopped (saturated), its
# rate unknown; the data and packet counters are 32 bits there (64 in
# PortCountersExtended: the kernel's sysfs shows the extended ones where
# the device has them, and a 64-bit counter is never full)
PMA_BITS = {"symbol_error": 16, "link_error_recovery": 8, "link_downed": 8,
            "port_rcv_errors": 16, "port_rcv_remote_physical_errors": 16,
            "port_rcv_switch_relay_errors": 16, "port_xmit_discards": 16,
            "port_xmit_constraint_errors": 8, "port_rcv_constraint_errors": 8,
            "local_link_integrity_errors": 4, "excessive_buffer_overrun_errors": 4,
            "VL15_dropped": 16, "port_xmit_data": 32, "port_rcv_data": 32,
            "port_xmit_packets": 32, "port_rcv_packets": 32, "port_xmit_wait": 32}


# the kernel shows the extended table where the device has it
# (drivers/infiniband/core/sysfs.c get_counter_table, 4.x-7.x: pma_group_ext
# when the PMA's ClassPortInfo has IB_PMA_CLASS_CAP_EXT_WIDTH), and only
# that table has unicast_rcv_packets: then data and packets are 64 bits
EXT = ("pma", "unicast_rcv_packets") in b
WIDE = ("port_xmit_data", "port_rcv_data", "port_xmit_packets", "port_rcv_packets")


# hfi1's synthesized port counters hold at CNTR_MAX, 2^64 - 1, once they
# roll over (drivers/infiniband/hw/hfi1/chip.c read_dev_port_cntr(), "If
# we rolled we are saturated"; CNTR_SYNTH in port_cntrs[], 4.x-6.x)
HFI1_SYNTH = re.compile(r"^(TxWait|TxFlitVL\d+|TxPktVL\d+|TxWaitVL\d+|SwLinkDown|SwLinkUp|"
                        r"XmitDscd|XmitDscdVl\d+|XmitCstrErr|RcvCstrErr)$")


def saturated(n):
    if n[0] == "hw" and HFI1_SYNTH.match(n[1]):
        return b.get(n) == (1 << 64) - 1
    if n[0] != "pma" or n[1] not in PMA_BITS or n not in b or (EXT and n[1] in WIDE):
        return False
    k = 4 if n[1] in PMA_X4 else 1
    return b[n] == ((1 << PMA_BITS[n[1]]) - 1) * k


def figure(key):
    """(rate, first counter) of the figure by the table, "sat" where its
    row's counter is saturated and no later row has one, None: no row (a
    saturated row yields to the next, as rdmatop's table says)"""
    sat = False
    for fig, lyr, names in table:
        if fig != key or (lyr != "any" and ll != "any" and lyr != ll):
            continue
        if names[0] not in b:
            continue
        if any(saturated(n) for n in names):
            sat = True
            continue
        rate = sum((b[n] - a[n]) / dt(n) for n in names if n in b and n in a)
        return rate, names[0]
    return "sat" if sat else None


bad, compared = [], 0


def eq(what, mine, want, rel=1e-6):
    global compared
    compared += 1
    # rdmatop's JSON has 3 decimals
    if mine is None or abs(mine - want) > max(rel * abs(want), 0.0011):
        bad.append("%s: rdmatop %r, the oracles %r" % (what, mine, want))


def sat_eq(what, jkey):
    """a figure whose counter is saturated: rdmatop says so, no rate"""
    global compared
    compared += 1
    if link.get(jkey) is not True or what in link:
        bad.append("%s: the oracles' counter is saturated, rdmatop %r, %s %r" % (
            what, link.get(what), jkey, link.get(jkey)))


for key, jkey in (("rx_bytes", "rx_bytes_per_sec"), ("tx_bytes", "tx_bytes_per_sec"),
                  ("rx_packets", "rx_packets_per_sec"), ("tx_packets", "tx_packets_per_sec")):
    f = figure(key)
    if f is None:
        continue
    if f == "sat":
        sat_eq(jkey, key + "_saturated")
        continue
    eq(jkey, link.get(jkey), f[0])
    if key == "rx_bytes":
        compared += 1
        if link.get("throughput_counter") != f[1][1] or link.get("throughput_source") != f[1][0]:
            bad.append("SRC: rdmatop %s:%s, the table %s:%s" % (
                link.get("throughput_source"), link.get("throughput_counter"), f[1][0], f[1][1]))
# the error figures on the link, every port's (InfiniBand's too)
for key in ("discards", "out_of_buffer", "symbol_errors", "fcs_errors"):
    f = figure(key)
    if f == "sat":
        sat_eq(key + "_per_sec", key + "_saturated")
    elif f is not None:
        eq(key + "_per_sec", link.get(key + "_per_sec"), f[0])
net = link.get("network")
d, o = figure("discards"), figure("out_of_buffer")
d, o = (None if d == "sat" else d), (None if o == "sat" else o)
if net is None:
    pass
elif d or o:
    eq("network.discard_per_sec (discards + out-of-buffer)", net.get("discard_per_sec"),
       (d[0] if d else 0) + (o[0] if o else 0))
for key, jkey in (("symbol_errors", "symbol_errors_per_sec"), ("fcs_errors", "fcs_errors_per_sec")):
    f = figure(key)
    if f is not None and f != "sat" and net is not None:
        eq("network." + jkey, net.get(jkey), f[0])
# ERR/s: every class-error counter once, by doc/counters.md's class table
# and rules, its "One event, one count" table, and its rule for the
# netdev's totals (they yield to the driver's own error counters and the
# standard groups)
classes, pats = {}, []
ctab = text[text.index("<!-- the table: tests/unit/test_classify.c -->"):text.index("### Rules")]
for m in re.finditer(r"^\| `([^`]+)` \| (\w+) \|", ctab, re.M):
    if "#" in m.group(1):
        pats.append((re.compile("^" + re.escape(m.group(1)).replace("\\#", r"\d+") + "$"), m.group(2)))
    else:
        classes.setdefault(m.group(1), m.group(2))
rules = []
rtab = text[text.index("### Rules"):text.index("<!-- end of the table -->")]
for line in rtab.splitlines():
    cells = [c.strip() for c in line.strip().strip("|").split("|")]
    if len(cells) >= 2 and cells[0].startswith("`"):
        rules.append((re.findall(r"`([^`]+)`", cells[0]), cells[1]))


def cls(name):
    n = name[6:] if name.startswith("vport_") else name
    if n in classes:
        return classes[n]
    for rx, c in pats:
        if rx.match(n):
            return c
    for words, c in rules:
        if any(w.lower() in n.lower() for w in words):
            return c
    return "info"


sames = []
stab = text[text.index("### One event, one count"):text.index("### The verdict")]
for line in stab.splitlines():
    cells = [c.strip() for c in line.strip().strip("|").split("|")]
    if len(cells) >= 3 and cells[1].startswith("`"):
        sames.append(([tuple(x.split(":", 1)) for x in re.findall(r"`([^`]+)`", cells[1])],
                      cells[2].startswith("the others are parts")))


def member(n, pat):
    return n[0] == pat[0] and (re.match("^" + re.escape(pat[1]).replace("\\#", r"\d") + "$", n[1])
                               is not None)


def same_event(n):
    for names, part in sames:
        at = next((i for i, p in enumerate(names) if member(n, p)), -1)
        if at <= 0:
            continue
        if part and names[0] in b:
            return True
        if not part and any(p in b for p in names[:at]):
            return True
    return False


errs = [n for n in b if n in a and cls(n[1]) == "error"]
finer = any(n[0] == "driver" or (n[0] == "ethtool" and "-" in n[1]) for n in errs)
want_err = sum((b[n] - a[n]) / dt(n) for n in errs
               if not (n[0] == "netdev" and finer) and not same_event(n))
if len(classes) < 300 or len(sames) < 10:
    bad.append("doc/counters.md: %d names, %d events read" % (len(classes), len(sames)))
if "errors_per_sec" in link:
    eq("errors_per_sec (ERR/s, %d error counters)" % len(errs), link.get("errors_per_sec"), want_err)


# ---- the verdict: every rule of doc/counters.md's table ("The verdict":
# its thresholds the only input shared), worked out from the same oracle
# values; rdmatop's health and reasons[] must be these, level and value
vt = {}
vtab = text[text.index("### The verdict"):text.index("<!-- end of the headline figures -->")]
for line in vtab.splitlines():
    cells = [c.strip() for c in line.strip().strip("|").split("|")]
    if len(cells) >= 3 and cells[0].startswith("`"):
        try:
            vt[cells[0].strip("`")] = tuple(float("inf") if x == "never" else float(x) for x in cells[1:3])
        except ValueError:
            # a transceiver's rule: its thresholds are the module's own
            # (ethtool -m's, tests/hw/module.sh); these ports have none,
            # so any such reason from rdmatop is one the oracles lack
            pass
if len(vt) < 14:
    bad.append("doc/counters.md: %d verdict rules read" % len(vt))
LEVELS = ("n/a", "OK", "WARN", "FAIL")
want = {}


def judge(rule, value, prio=None, cap=None):
    """a reason as src/model/verdict.c's reason() would give it"""
    w, f = vt.get(rule, (float("inf"), float("inf")))
    if not value >= w or not (w > 0 or value > 0):
        return
    level = "FAIL" if value >= f else "WARN"
    if cap and level == "FAIL":
        level = cap
    want[rule] = (level, value, prio)


def rate(n):
    """a counter's rate; one that reached its maximum in the window moved
    at least this much (a lower bound: enough to trip a rule), one that
    stood at it on both sides has none"""
    if n not in a or n not in b or (saturated(n) and a[n] == b[n]):
        return None
    return (b[n] - a[n]) / dt(n)


state = (read(os.path.join(port_dir, "state")) or "").strip()
if state and not state.startswith("4"):
    judge("port_down", 1)
for k, (pats, rule) in enumerate(((r"^rx_prio(\d)_pause_duration$|^pfc_pri(\d)_rx_duration_us$|^rx_global_pause_duration$", "pause_rx"),
                                  (r"^tx_prio(\d)_pause_duration$|^pfc_pri(\d)_tx_duration_us$|^tx_global_pause_duration$", "pause_tx"))):
    sh = {}
    for n in b:
        m = re.match(pats, n[1])
        if n[0] == "driver" and m and rate(n) is not None:
            g = m.group(1) or m.group(2)
            sh[int(g) if g else -1] = rate(n) / 1e6 * 100
    if sh:
        p = max(sh, key=lambda x: (sh[x], -x))
        judge(rule, min(sh[p], 100), p if p >= 0 else None)
storm = rate(("driver", "tx_pause_storm_error_events"))
if storm:
    judge("pause_storm", storm)
elif rate(("driver", "tx_pause_storm_warning_events")):
    judge("pause_storm", rate(("driver", "tx_pause_storm_warning_events")), cap="WARN")
figs = {}
for key in ("discards", "out_of_buffer", "symbol_errors", "fcs_errors"):
    f = figure(key)
    if f is not None and f != "sat":
        figs[key] = f[0]
        judge(key, f[0])
ler = rate(("pma", "link_error_recovery"))
if ler is not None:
    judge("link_error_recovery", ler)
fec = rate(("ethtool", "fec_uncorrectable_blocks"))
if fec is not None:
    judge("fec_uncorrectable", fec)
# flaps: the kernel's counts of downs between the samples (link_downed, the
# carrier's changes two a flap)
downs = [b[n] - a[n] for n in (("pma", "link_downed"), ("hw", "link_downed")) if n in a and n in b and not saturated(n)]
judge("flaps", max(downs + [0]))
if any(saturated(n) for n in errs):
    judge("saturated", 1)
dev_dir = os.path.realpath(os.path.join(port_dir, "..", "..", "device"))


def gts(x):
    m = re.match(r"^([\d.]+)", x or "")
    return float(m.group(1)) if m else None


cur_s, max_s = gts(read(os.path.join(dev_dir, "current_link_speed"))), gts(read(os.path.join(dev_dir, "max_link_speed")))
cur_w, max_w = (read(os.path.join(dev_dir, f)) for f in ("current_link_width", "max_link_width"))
if cur_s and max_s and cur_w and max_w and (cur_s < max_s or int(cur_w) < int(max_w)):
    judge("pcie_degraded", 1)
if want_err > 0:
    rest = want_err - sum(figs.values()) - sum(x or 0 for x in (storm, ler, fec))
    if rest > 1e-9 * want_err and rest > 1e-3:
        judge("errors", rest)
got = {r["rule"]: r for r in link.get("reasons", [])}
for rule in sorted(set(want) | set(got)):
    compared += 1
    if rule not in want:
        bad.append("verdict: rdmatop says %s %s (%r), the oracles nothing" % (
            got[rule].get("level"), rule, got[rule].get("value")))
    elif rule not in got:
        bad.append("verdict: the oracles say %s %s (%r), rdmatop nothing" % (want[rule][0], rule, want[rule][1]))
    else:
        r, (level, value, prio) = got[rule], want[rule]
        if r.get("level") != level or abs(r.get("value", 0) - value) > max(1e-6 * value, 0.0011) or \
                (prio is not None and r.get("priority") != prio):
            bad.append("verdict %s: rdmatop %s %r prio %r, the oracles %s %r prio %r" % (
                rule, r.get("level"), r.get("value"), r.get("priority"), level, value, prio))
health = max((LEVELS.index(x[0]) for x in want.values()), default=1)
compared += 1
if link.get("health") != LEVELS[health]:
    bad.append("health: rdmatop %r, the oracles %s" % (link.get("health"), LEVELS[health]))
print("%s: verdict %s from the oracles: %s" % (ndev, LEVELS[health], ", ".join(
    "%s %s %.4g" % (k, v[0], v[1]) for k, v in sorted(want.items())) or "no reason"))
for line in bad:
    print(line)
print("%s: %d figures compared, %d differ" % (ndev, compared, len(bad)))
if compared < 6:
    sys.exit("%s: only %d figures compared, want 6 or more" % (ndev, compared))
sys.exit(1 if bad else 0)
