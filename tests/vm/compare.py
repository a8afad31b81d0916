#!/usr/bin/env python3
"""Oracle comparison of rdmatop against iproute2's `rdma` (host side).

Inside the guest each snapshot directory holds the `rdma -j` set taken
before (before/), `rdmatop -j -n 1` (rt.json), and the same set taken after
(after/), back to back, plus the task list (procs.txt: "tid tgid comm").
Every field both tools report is compared object by object:

  * static fields must be equal in all three (a field that changed between
    before and after must equal one of them);
  * fields that move under traffic must lie between before and after:
    counters (monotonic), PSNs (24-bit, may wrap), "users" and the resource
    summary counts (between the smaller and the larger);
  * objects missing from the before or the after set are skipped (churn).

Scenario ground truth (iteration counts, processes, rates) is checked from
the files the scenario wrote (meta.txt and friends).

usage: compare.py --kernel KV --scenario NAME DIR
       compare.py --snapshot DIR          (one snapshot directory)
       compare.py --store-capture OUT --kernel KV [--rdmatop BIN] RESULTS SCENARIO...
       compare.py --self-test
Only the Python standard library is used.
"""

import datetime
import json
import os
import re
import shutil
import sys
import subprocess
import tempfile

import check_bond
import check_faults
import check_host
import check_groups
import check_scale  # the scale scenario (tests/vm/check_scale.py)
import check_stall  # the stall scenario (tests/vm/check_stall.py)

from vmlib import (RdmaSet, Report, compare_snapshot, iproute2_version, parse_sys, read_json_lines,
                   read_meta, read_text)

from check_traffic import (check_alive, check_churn, check_counters, check_iterations, check_owner,
                           check_cm_peer, check_cm_peer_self_test, check_rate, check_roundtrip,
                           check_threads)

from check_screen import (check_demo, check_events, check_priv, check_tui, col, rate_nonzero,
                          replay_check, right_col_value, row_attrs, screen_table)


# Scenarios that take no oracle snapshot of their own.
NO_SNAPSHOT = {"events", "priv", "demo", "scale", "groups", "late", "flap", "host", "nic", "bond"}


RDMATOP_JSON = re.compile(r"^(rt[^/]*|live|rdmatop[^/]*)\.json$")


def check_unpaced(d, rep):
    """Every rdmatop JSON sample of a scenario has every table fresh (age 0):
    the comparisons with rdma assume it, and rxe's tables of a few objects
    cost far less than any budget (a paced table would be a carried one)."""
    for top, _, files in os.walk(d):
        for f in sorted(files):
            if not RDMATOP_JSON.match(f):
                continue
            path = os.path.join(top, f)
            try:
                samples = read_json_lines(path)
            except (OSError, ValueError):
                continue        # the scenario's own checks say so
            for i, smp in enumerate(samples):
                tables = smp.get("tables") if isinstance(smp, dict) else None
                old = sorted((t, v.get("age")) for t, v in (tables or {}).items()
                             if isinstance(v, dict) and v.get("age"))
                rep.ok(not old, "%s sample %d: tables paced %s (budget %s): rdma sees them live"
                       % (os.path.relpath(path, d), i, old, (smp.get("self") or {}).get("budget")))


def check_late(rep, meta):
    """late: served without RDMA (rdma_up 0 and why), then rxe0 once loaded,
    by the same process."""
    rep.ok(meta.get("rdma_without_rc", "0") != "0",
           "without the RDMA modules rdma dev fails (rc %s)" % meta.get("rdma_without_rc"))
    before = meta.get("before_netlink", "")
    rep.ok(re.match(r'^rdma_up\{source="netlink",reason="[^"]+"\} 0$', before) is not None,
           "without RDMA: %r" % before)
    after = meta.get("after_netlink", "")
    rep.ok(after == 'rdma_up{source="netlink"} 1', "after modprobe and rdma link add: %r" % after)
    rep.ok(meta.get("after_device", "").startswith('rdma_device_info{device="rxe0"'),
           "rxe0 served: %r" % meta.get("after_device"))
    rep.ok(meta.get("same_pid") == "1", "the same process, no restart")
    rep.ok(meta.get("rdmatop_rc") == "0", "rdmatop ended by SIGTERM with status %s" % meta.get("rdmatop_rc"))
    rep.note("rxe0 served %s s after rdma link add" % meta.get("seen_s"))


def check_flap(d, rep, rdmatop=None):
    """rdmatop's carrier counts of rxe0's netdev are the kernel's (sysfs,
    read in the guest after the run), its FLAPS is carrier_down_count, and
    its history holds the flap: a change with carrier changes counted,
    timed between the flap and the sample after it."""
    def num(name):
        try:
            return int(read_text(os.path.join(d, name)).strip())
        except ValueError:
            return None
    rep.ok(read_text(os.path.join(d, "rt.rc")).strip() == "0",
           "flap: rdmatop exit %r: %s" % (read_text(os.path.join(d, "rt.rc")).strip(),
                                          read_text(os.path.join(d, "rt.err"))[-300:]))
    lines = [x for x in read_text(os.path.join(d, "rt.json")).splitlines() if x.strip()]
    if len(lines) < 3:
        rep.fail("flap: %d samples, want 3" % len(lines))
        return
    samples = [json.loads(x) for x in lines]
    link = [x for x in samples[-1]["links"] if x["ifname"] == "rxe0"]
    if not link:
        rep.fail("flap: no link rxe0 in the last sample")
        return
    link = link[0]
    kernel = {k: num(k) for k in ("carrier_changes", "carrier_up_count", "carrier_down_count")}
    before = num("before_carrier_changes")
    rep.ok(None not in kernel.values() and before is not None,
           "flap: the guest's sysfs counts: %r (before %r)" % (kernel, before))
    rep.ok(kernel["carrier_changes"] is not None and before is not None and
           kernel["carrier_changes"] >= before + 2,
           "flap: the kernel counted no flap: %r -> %r" % (before, kernel["carrier_changes"]))
    for k, v in kernel.items():
        rep.ok(link.get(k) == v, "flap: rdmatop's %s %r, the kernel's %r" % (k, link.get(k), v))
    rep.ok(link.get("flaps") == kernel["carrier_down_count"] and
           link.get("flaps_counter") == "carrier_down_count",
           "flap: FLAPS %r (%r), carrier_down_count %r" % (
               link.get("flaps"), link.get("flaps_counter"), kernel["carrier_down_count"]))
    t0, t1 = num("flap_start"), num("flap_end")
    chg = [c for c in link.get("changes", []) if c.get("carrier_changes", 0) > 0]
    if not chg or t0 is None or t1 is None:
        rep.fail("flap: no change with carrier changes in the history: %r (flap %r..%r)" % (
            link.get("changes"), t0, t1))
        return
    total = sum(c["carrier_changes"] for c in link["changes"])
    rep.ok(total == kernel["carrier_changes"] - before,
           "flap: the history counts %d carrier changes, the kernel %d" % (
               total, kernel["carrier_changes"] - before))
    when = datetime.datetime.strptime(chg[0]["time"], "%Y-%m-%dT%H:%M:%S.%fZ").replace(
        tzinfo=datetime.timezone.utc).timestamp()
    # seen by the sample after the flap: within its interval (2 s) and a
    # slow guest's second
    rep.ok(t0 - 1 <= when <= t1 + 2 + 2,
           "flap: change seen at %s, the flap was %d..%d" % (chg[0]["time"], t0, t1))
    rep.ok(link.get("last_change") == link["changes"][-1]["time"],
           "flap: last_change %r, the newest change %r" % (link.get("last_change"),
                                                          link["changes"][-1]["time"]))
    # the kernel's downs: the carrier's, or rxe's own link_downed where it
    # counts more (the admin down/up takes rxe's port down and up with no
    # carrier change), whichever says more, as the flaps rule counts them
    downs = kernel["carrier_down_count"] - (num("before_carrier_down_count") or 0)
    if num("link_downed") is not None and num("before_link_downed") is not None:
        downs = max(downs, num("link_downed") - num("before_link_downed"))
    check_flap_verdict(d, rep, link, downs, rdmatop)


def flap_thresholds(md=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "doc",
                                    "counters.md")):
    """the flaps rule's WARN and FAIL from doc/counters.md's verdict table"""
    for line in read_text(md).splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 3 and cells[0] == "`flaps`":
            return tuple(float("inf") if x == "never" else float(x) for x in cells[1:3])
    return None


def check_flap_verdict(d, rep, link, downs, rdmatop=None):
    """the verdict on the flapped port, worked out from the kernel's own
    count (sysfs carrier_down_count over the run) and doc/counters.md's
    flaps thresholds: its level and value, the port's health that level;
    then the run's recording replayed with the threshold moved past the
    count in the config file: no flaps reason, health OK."""
    thr = flap_thresholds()
    if not rep.ok(thr is not None, "flap: no flaps row in doc/counters.md's verdict table"):
        return
    want = "FAIL" if downs >= thr[1] else "WARN" if downs >= thr[0] else None
    got = {r.get("rule"): r for r in link.get("reasons", [])}
    if want is None:
        rep.fail("flap: the kernel counted %d carrier downs, under the flaps rule's %g: "
                 "the scenario must flap more" % (downs, thr[0]))
        return
    r = got.get("flaps", {})
    rep.ok(r.get("level") == want and r.get("value") == downs,
           "flap: verdict flaps %r %r, the kernel's %d carrier downs make %s" % (
               r.get("level"), r.get("value"), downs, want))
    rep.ok(link.get("health") == want and set(got) == {"flaps"},
           "flap: health %r with reasons %s, want %s for flaps alone" % (
               link.get("health"), sorted(got), want))
    rec = os.path.join(d, "flap.rdrec")
    if not rdmatop:
        rep.skip("flap: the recording's replay with the threshold moved", "no host rdmatop (--rdmatop)")
        return
    if not rep.ok(os.path.isfile(rec), "flap: no recording flap.rdrec"):
        return
    with tempfile.TemporaryDirectory() as cfg:
        os.makedirs(os.path.join(cfg, "rdmatop"))
        runs = {}
        for moved in (None, "%d" % (downs + 1)):
            with open(os.path.join(cfg, "rdmatop", "config"), "w") as f:
                f.write("threshold = flaps=%s\n" % moved if moved else "")
            p = subprocess.run([rdmatop, "-r", rec, "-j"], capture_output=True, text=True,
                               env=dict(os.environ, XDG_CONFIG_HOME=cfg), timeout=60)
            rows = [json.loads(x) for x in p.stdout.splitlines() if x.strip()]
            lk = [x for x in (rows[-1]["links"] if rows else []) if x.get("ifname") == "rxe0"]
            runs[moved] = lk[0] if lk else {}
            if not rows or p.returncode:
                rep.fail("flap: replay (threshold %s): exit %d: %s" % (moved, p.returncode, p.stderr[-300:]))
    rep.ok([(x.get("rule"), x.get("value")) for x in runs[None].get("reasons", [])] == [("flaps", downs)] and
           runs[None].get("health") == want,
           "flap: the replay says %r %r, the live run %s flaps" % (
               runs[None].get("health"), runs[None].get("reasons"), want))
    moved = runs["%d" % (downs + 1)]
    rep.ok(moved.get("health") == "OK" and not moved.get("reasons"),
           "flap: the replay with threshold = flaps=%d in the config file: %r %r, want OK" % (
               downs + 1, moved.get("health"), moved.get("reasons")))


def check_nic_traffic(d, rep, ndev):
    """RX/s and TX/s of the e1000e port while pings flow: rdmatop's samples
    bracketed by iproute2's `ip -s -j link` before and after its run (the
    same netdev counters: ip's before <= rdmatop's first <= its last <=
    ip's after, whatever the loaded TCG host does to the ping rate), the
    link's rate the counter's over its interval, its source named, and its
    verdict said."""
    rc = read_text(os.path.join(d, "traffic.rc")).strip()
    if not rep.ok(rc == "0", "nic traffic: rdmatop exit %r: %s" % (
            rc, read_text(os.path.join(d, "traffic.err"))[:300])):
        return
    try:
        ip0 = json.loads(read_text(os.path.join(d, "traffic_ip0.json")))[0]["stats64"]
        ip1 = json.loads(read_text(os.path.join(d, "traffic_ip1.json")))[0]["stats64"]
        t0 = float(read_text(os.path.join(d, "traffic_t0")))
        t1 = float(read_text(os.path.join(d, "traffic_t1")))
    except (ValueError, IndexError, KeyError) as e:
        rep.fail("nic traffic: ip -s -j link said nothing usable (%s)" % e)
        return
    samples = [json.loads(x) for x in read_text(os.path.join(d, "traffic.json")).splitlines() if x.strip()]
    if not rep.ok(len(samples) >= 2, "nic traffic: %d samples from rdmatop, want 3" % len(samples)):
        return
    link = next((x for x in samples[-1].get("links", []) if x.get("netdev") == ndev), {})

    def ctr(smp, name):
        return next((c for c in smp.get("counters", []) if c.get("source") == "netdev"
                     and c.get("name") == name and c.get("ifname") == link.get("ifname")), {})
    iv = samples[-1].get("interval")
    for k, key in (("tx", "tx_bytes_per_sec"), ("rx", "rx_bytes_per_sec")):
        want = (ip1[k]["bytes"] - ip0[k]["bytes"]) / (t1 - t0)
        if k == "tx":
            # the pings sent: 10 KB/s and more, or the check means nothing
            rep.ok(want > 10000, "nic traffic: ip -s -j link counted %.0f B/s sent, want pings" % want)
        first, prev, last = (ctr(x, k + "_bytes") for x in (samples[0], samples[-2], samples[-1]))
        v = [first.get("value"), prev.get("value"), last.get("value")]
        if not rep.ok(all(isinstance(x, int) for x in v), "nic traffic: no netdev %s_bytes in rdmatop: %r" % (k, v)):
            continue
        rep.ok(ip0[k]["bytes"] <= v[0] <= v[1] <= v[2] <= ip1[k]["bytes"],
               "nic traffic: %s_bytes: ip before %d, rdmatop %r, ip after %d: not in order"
               % (k, ip0[k]["bytes"], v, ip1[k]["bytes"]))
        got = link.get(key)
        rep.ok(isinstance(got, (int, float)) and isinstance(iv, (int, float)) and iv > 0
               and abs(got * iv - (v[2] - v[1])) <= 2 + 0.001 * got,
               "nic traffic: %s %r over %r s (printed to the ms), the counter moved %d"
               % (key, got, iv, v[2] - v[1]))
        rep.note("nic traffic: %s %.0f B/s (ip -s -j link over the whole run: %.0f B/s over %.1f s)"
                 % (key, got or 0, want, t1 - t0))
    rep.ok(link.get("throughput_source") == "netdev" and link.get("throughput_counter") == "rx_bytes",
           "nic traffic: the source named: %r %r" % (link.get("throughput_source"),
                                                    link.get("throughput_counter")))
    rep.ok(link.get("health") in ("OK", "WARN", "FAIL"), "nic traffic: no verdict: %r" % link.get("health"))


def check_nic(d, rep):
    """The nic scenario: rdmatop's Ethernet layer of the guest's e1000e
    (the kernel's driver: its ethtool -S strings and values, PAUSE_GET,
    FEC_GET and DCB refused) against the guest's ethtool and dcb on the
    same port, through tests/net/compare.py; and enough of it that the
    comparison means something."""
    import subprocess
    ndev = read_text(os.path.join(d, "netdev")).strip()
    if not rep.ok(bool(ndev), "nic: no e1000e netdev in the guest"):
        return
    rep.ok(read_text(os.path.join(d, "carrier")).strip() == "1", "nic: %s has no carrier" % ndev)
    rc = read_text(os.path.join(d, "rt.rc")).strip()
    if not rep.ok(rc == "0", "nic: rdmatop exit %r: %s" % (rc, read_text(os.path.join(d, "rt.err"))[:300])):
        return
    net_cmp = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "net", "compare.py")
    p = subprocess.run([sys.executable, net_cmp, os.path.join(d, "rt.json"), ndev, d, "-"],
                       capture_output=True, text=True, timeout=60)
    out = (p.stdout + p.stderr).strip()
    rep.ok(p.returncode == 0, "nic: rdmatop against %s's ethtool and dcb on %s:\n%s"
           % (read_text(os.path.join(d, "ethtool_version")).strip(), ndev, out))
    last = [json.loads(x) for x in read_text(os.path.join(d, "rt.json")).splitlines() if x.strip()][-1]
    link = next((x for x in last.get("links", []) if x.get("netdev") == ndev), {})
    drv = [c for c in last.get("counters", []) if c.get("source") == "driver"
           and c.get("ifname") == link.get("ifname")]
    eth = [x for x in read_text(os.path.join(d, "stats.txt")).splitlines()[1:] if ": " in x]
    rep.ok(len(drv) >= 20 and len(eth) >= 20,
           "nic: %d driver counters in rdmatop, %d in ethtool -S (want e1000e's, >= 20 each)" % (len(drv), len(eth)))
    rep.ok(any(c.get("value", 0) > 0 for c in drv), "nic: every driver counter is 0 (the ARP requests were sent)")
    check_nic_traffic(d, rep, ndev)
    rep.ok(os.path.exists(os.path.join(d, "dcb.rc")),
           "nic: dcb answered for e1000e, which has no DCB ops: %s" % read_text(os.path.join(d, "dcb.json"))[:200])
    un = link.get("network", {}).get("unavailable", {})
    rep.ok(un.get("dcb") and un.get("fec"), "nic: rdmatop does not say why DCB and FEC are missing: %r" % un)
    rep.ok("autonegotiate" in link.get("pause", {}), "nic: no pause parameters for %s: %r" % (ndev, link.get("pause")))
    # the booleans: ethtool 6.1 prints them as true whatever the kernel
    # sent (show_bool_val passes a pointer), newer ones as they are
    ver = read_text(os.path.join(d, "ethtool_version")).split()
    try:
        pj = json.loads(read_text(os.path.join(d, "pause.json")))[0]
    except (ValueError, IndexError):
        pj = None
    if len(ver) >= 3 and ver[2] not in ("6.1",) and pj is not None:
        for k in ("autonegotiate", "rx", "tx"):
            rep.ok(link.get("pause", {}).get(k) == pj.get(k),
                   "nic: pause %s: rdmatop %r, ethtool %r" % (k, link.get("pause", {}).get(k), pj.get(k)))
    # what autonegotiation made of pause, from ethtool -a's text (its
    # JSON booleans are 6.1's, above): printed where pause autoneg is on
    # and both sides' link modes are known (netlink/pause.c)
    kv = dict(x.strip().partition(": ")[::2] for x in read_text(os.path.join(d, "pause.txt")).splitlines()
              if ": " in x)
    want = None
    if "RX negotiated" in kv or "TX negotiated" in kv:
        want = {"rx": kv.get("RX negotiated") == "on", "tx": kv.get("TX negotiated") == "on"}
    rep.ok(link.get("pause", {}).get("negotiated") == want,
           "nic: pause negotiated: rdmatop %r, ethtool -a %r" % (link.get("pause", {}).get("negotiated"), want))
    check_nic_pci(d, last, link, rep)
    # the headline figures and the verdict of rxe_nic worked out from
    # the guest's ethtool outputs and its sysfs files (the tree the guest
    # copied with cat) by doc/counters.md's tables (tests/net/truth.py):
    # the counters still, so every rate 0, the choice of counters and the
    # verdict what the tables say of e1000e's and rxe's names
    truth = os.path.join(os.path.dirname(net_cmp), "truth.py")
    md = os.path.join(os.path.dirname(net_cmp), "..", "..", "doc", "counters.md")
    port = os.path.join(d, "tree", "sys", "class", "infiniband", "rxe_nic", "ports", "1")
    p = subprocess.run([sys.executable, truth, os.path.join(d, "rt.json"), ndev, port, d, d, md],
                       capture_output=True, text=True, timeout=60)
    tout = (p.stdout + p.stderr).strip()
    rep.ok(p.returncode == 0, "nic: rxe_nic's figures and verdict against the oracles' (truth.py):\n%s" % tout)
    rep.note("nic: truth.py: %s" % (tout.splitlines()[-1] if tout else ""))
    rep.note("nic: %s (%s), %d driver counters equal ethtool -S; pause negotiated %r; %s"
             % (ndev, read_text(os.path.join(d, "ethtool_version")).strip(), len(drv), want,
                out.splitlines()[-1] if out else ""))


def check_nic_pci(d, last, link, rep):
    """rxe_nic's PCI locality: its netdev's function behind q35's PCIe root
    port, with a link, and every value equal to the guest's lspci -vv
    (tests/hw/pci_compare.py: class, ids, link status and capability,
    degraded, the path to the root port from lspci's bus numbers)."""
    import subprocess
    addr = read_text(os.path.join(d, "pci_addr")).strip()
    dev = next((x for x in last.get("devices", []) if x.get("ifname") == link.get("ifname")), {})
    pci = dev.get("pci", {})
    rep.ok(pci.get("address") == addr, "nic: %s's PCI function: rdmatop %r, sysfs %r"
           % (link.get("ifname"), pci.get("address"), addr))
    rep.ok(len(pci.get("path", [])) >= 1 and "link" in pci,
           "nic: %s: no PCIe path or link behind the root port: %r" % (addr, pci))
    cmp = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "hw", "pci_compare.py")
    p = subprocess.run([sys.executable, cmp, os.path.join(d, "rt.json"),
                        os.path.join(d, "lspci-vv.txt"), os.path.join(d, "lspci-n.txt"), "-", "-",
                        "8"], capture_output=True, text=True, timeout=60)
    out = (p.stdout + p.stderr).strip()
    rep.ok(p.returncode == 0, "nic: rdmatop's PCI locality against the guest's lspci -vv:\n%s" % out)
    rep.note("nic: %s behind %s, link %r; lspci: %s"
             % (addr, [x.get("address") for x in pci.get("path", [])], pci.get("link"),
                out.splitlines()[-1] if out else ""))


def check_flap_self_test():
    """check_flap on a made-up flap: clean, then one count or time off."""
    import tempfile
    fails = []
    link = {"ifname": "rxe0", "carrier_changes": 6, "carrier_up_count": 3, "carrier_down_count": 3,
            "flaps": 3, "flaps_counter": "carrier_down_count", "last_change": "2026-01-01T00:00:12.000Z",
            "changes": [{"time": "2026-01-01T00:00:12.000Z", "carrier_changes": 6, "link_downed": 0}],
            "health": "WARN", "reasons": [{"rule": "flaps", "level": "WARN", "value": 3}]}
    t0 = int(datetime.datetime(2026, 1, 1, tzinfo=datetime.timezone.utc).timestamp()) + 10
    files = {"rt.rc": "0", "before_carrier_changes": "0", "before_carrier_down_count": "0",
             "carrier_changes": "6", "carrier_up_count": "3", "carrier_down_count": "3",
             "flap_start": str(t0), "flap_end": str(t0 + 1)}

    def run(mut_link=None, mut_files=None):
        lk = json.loads(json.dumps(link))
        fs = dict(files)
        if mut_link:
            mut_link(lk)
        if mut_files:
            mut_files(fs)
        with tempfile.TemporaryDirectory() as d:
            for k, v in fs.items():
                with open(os.path.join(d, k), "w") as f:
                    f.write(v + "\n")
            with open(os.path.join(d, "rt.json"), "w") as f:
                for _ in range(3):
                    f.write(json.dumps({"links": [lk]}) + "\n")
            rep = Report()
            check_flap(d, rep)
        return rep.errors
    if run():
        fails.append("flap: clean: %s" % run())
    for name, ml, mf in (
            ("count", lambda x: x.update(carrier_down_count=1), None),
            ("kernel", None, lambda f: f.update(carrier_up_count="4")),
            ("no flap", None, lambda f: f.update(before_carrier_changes="4")),
            ("time", lambda x: x["changes"][0].update(time="2026-01-01T00:01:00.000Z"), None),
            ("history", lambda x: x.update(changes=[]), None),
            ("verdict value", lambda x: x["reasons"][0].update(value=2), None),
            ("verdict level", lambda x: x["reasons"][0].update(level="FAIL"), None),
            ("health", lambda x: x.update(health="OK"), None),
            ("another reason", lambda x: x["reasons"].append({"rule": "errors", "level": "WARN"}), None),
            ("too few flaps", None, lambda f: f.update(before_carrier_down_count="1")),
            ("rxe's downs", None, lambda f: f.update(before_link_downed="0", link_downed="4"))):
        if not run(ml, mf):
            fails.append("flap: %s off went unnoticed" % name)
    return fails


def check_scenario(d, scen, kv, rep, rdmatop=None):
    meta = read_meta(d)
    if scen != "scale":
        check_unpaced(d, rep)
    iproute2 = iproute2_version(read_text(os.path.join(d, "..", "rdma_version.txt")))
    if iproute2 is None:
        rep.note("iproute2 version unknown: every field rdmatop adds must be in rdma's output")
    snaps = sorted(e for e in os.listdir(d)
                   if os.path.isdir(os.path.join(d, e)) and os.path.isdir(os.path.join(d, e, "before")))
    if not snaps and scen not in NO_SNAPSHOT:
        rep.fail("%s: no snapshot taken (scenario log: %s)" % (scen, read_text(os.path.join(d, "log.txt"))[-500:]))
    for s in snaps:
        compare_snapshot(os.path.join(d, s), rep, iproute2=iproute2)
    if scen in ("rc", "ud"):
        check_iterations(d, rep, meta)
        check_alive(rep, meta)
        check_rate(os.path.join(d, "rate"), rep, busy=True)
        for k in ("server_pid", "client_pid"):
            check_owner(d, rep, "busy", meta[k], want_qps=1)
        if scen == "rc":
            check_roundtrip(os.path.join(d, "roundtrip"), rep, rdmatop)
            check_tui(d, rep, kv, meta, "ibv_rc_pingpong")
    elif scen == "stall":
        check_stall.check_stall(d, rep, rdmatop)
    elif scen == "flap":
        check_flap(os.path.join(d, "flap"), rep, rdmatop)
    elif scen == "nic":
        check_nic(os.path.join(d, "nic"), rep)
    elif scen == "bond":
        check_bond.check_bond(os.path.join(d, "bond"), rep, rdmatop)
    elif scen == "idle":
        check_rate(os.path.join(d, "rate"), rep, busy=False)
        s = RdmaSet(os.path.join(d, "snap", "before"))
        rep.ok(len(s.objs["devices"]) == 2, "idle: %d devices in rdma, expected rxe0 and rxe1" % len(s.objs["devices"]))
        rep.ok(0 in {k[0] for k in s.objs["devices"]}, "idle: no device with ifindex 0 (rxe0)")
    elif scen == "cm":
        check_alive(rep, meta)
        check_rate(os.path.join(d, "rate"), rep, busy=True)
        for k in ("server_pid", "client_pid"):
            check_owner(d, rep, "busy", meta[k], want_qps=1, kinds=("qps", "cm_ids"), multi_thread=True)
        check_threads(d, rep, "busy", [int(meta[k]) for k in ("server_pid", "client_pid")])
        check_cm_peer(d, rep)
        check_cm_peer_self_test(rep)
        check_roundtrip(os.path.join(d, "roundtrip"), rep, rdmatop)
        check_tui(d, rep, kv, meta, "rping")
    elif scen == "bw":
        check_alive(rep, meta, "write_alive")
        check_alive(rep, meta, "send_alive")
        check_rate(os.path.join(d, "write_rate"), rep, busy=True, names=("sent_pkts",))
        for k in ("write_server_pid", "write_client_pid"):
            check_owner(d, rep, "write", meta[k], want_qps=int(meta["write_qps"]))
        for k in ("send_server_pid", "send_client_pid"):
            check_owner(d, rep, "send", meta[k], want_qps=int(meta["send_qps"]))
    elif scen == "churn":
        check_churn(d, rep, meta)
    elif scen == "events":
        check_events(d, rep, kv, meta)
    elif scen == "priv":
        check_priv(d, rep, meta)
    elif scen == "counters":
        check_counters(d, rep, meta)
    elif scen == "demo":
        check_demo(d, rep, kv, meta, rdmatop)
    elif scen == "scale":
        check_scale.check(d, kv, rep, meta, rdmatop)
    elif scen == "faults":
        check_faults.check(d, rep, kv, meta)
    elif scen == "groups":
        check_groups.check(d, rep, kv, meta)
    elif scen == "late":
        check_late(rep, meta)
    elif scen == "host":
        check_host.check(d, rep, meta)
    elif scen == "many-qp":
        for pid in meta.get("pids", "").split():
            check_owner(d, rep, "many", pid, want_qps=int(meta["qps_per_process"]))
        rep.ok(meta.get("many_qp_rc") == "0", "many_qp exit status %s" % meta.get("many_qp_rc"))
        for k in ("rdmatop_sample_s", "rdma_qp_dump_s"):
            if k in meta:
                rep.note("%s QPs: %s = %s" % (int(meta["qps_per_process"]) * int(meta["processes"]), k, meta[k]))


def store_capture(out, kv, res, scens, rdmatop=None):
    os.makedirs(out, exist_ok=True)
    uname = read_text(os.path.join(res, "uname.txt")).strip()
    ok = True
    lines = []
    for s in scens:
        c = os.path.join(res, s, "capture")
        if not os.path.isdir(c):
            print("capture %s %s: nothing captured (no rdmatop, or the scenario failed early)" % (kv, s))
            ok = False
            continue
        rdma_out = os.path.join(out, s + ".rdma")
        shutil.rmtree(rdma_out, ignore_errors=True)
        # rdma's stderr only when it said something
        shutil.copytree(os.path.join(c, "rdma"), rdma_out, ignore=lambda d, names: [
            n for n in names if n.endswith(".err") and os.path.getsize(os.path.join(d, n)) == 0])
        rec = os.path.join(c, s + ".rdrec")
        rc = read_text(os.path.join(c, "rdmatop.rc"), "?").strip()
        if rc == "0" and os.path.exists(rec) and os.path.getsize(rec) > 0:
            shutil.copy(rec, os.path.join(out, s + ".rdrec"))
            shutil.copy(os.path.join(c, "rdmatop.json"), os.path.join(out, s + ".rdmatop.json"))
            lines.append("%s: %s.rdrec, %s.rdmatop.json, %s.rdma/" % (s, s, s, s))
            print("capture %s %s: stored %s.rdrec" % (kv, s, s))
            if rdmatop:
                err = replay_check(rdmatop, os.path.join(out, s + ".rdrec"),
                                   os.path.join(out, s + ".rdmatop.json"))
                if err:
                    print("capture %s %s: MISMATCH replay on the host differs from the guest: %s" % (kv, s, err))
                    ok = False
                else:
                    print("capture %s %s: host replay (-r) prints the same samples" % (kv, s))
        else:
            err = read_text(os.path.join(c, "rdmatop.err")).strip().splitlines()
            print("capture %s %s: the rdmatop under test cannot record (-w exit %s: %s); "
                  "stored the JSON files only" % (kv, s, rc, err[0] if err else ""))
            src = os.path.join(c, "rdmatop-j.json")
            if read_text(os.path.join(c, "rdmatop-j.rc"), "?").strip() == "0":
                shutil.copy(src, os.path.join(out, s + ".rdmatop.json"))
            lines.append("%s: %s.rdmatop.json, %s.rdma/ (no recording)" % (s, s, s))
    # SOURCE.txt: one line per scenario; scenarios not captured this time
    # keep their line (and their kernel line).
    src = os.path.join(out, "SOURCE.txt")
    entries = {}
    for line in read_text(src).splitlines():
        if line.startswith("  "):
            entries[line.split(":", 1)[0].strip()] = line
    for s_, line in zip([x.split(":", 1)[0] for x in lines], lines):
        entries[s_] = "  %s (kernel %s)" % (line, uname.split(" ")[2] if len(uname.split(" ")) > 2 else uname)
    version = ""
    if rdmatop:
        import subprocess
        try:
            version = subprocess.run([rdmatop, "-V"], capture_output=True, text=True, timeout=10,
                                     check=False).stdout.strip().splitlines()[0]
        except (OSError, IndexError, subprocess.TimeoutExpired):
            version = ""
    with open(src, "w", encoding="utf-8") as f:
        f.write("captured by tests/vm/run --capture (tests/vm/README.md)\nlast kernel: %s\n"
                "driver: rdma_rxe (Soft-RoCE), rxe0 on dummy0 10.0.0.1/24\n" % uname)
        if version:
            f.write("recorded by: %s\n" % version)
        f.write("fixtures:\n")
        f.write("\n".join(entries[k] for k in sorted(entries)) + "\n")
    return ok


ST_BEFORE = {
    "dev.json": [{"ifindex": 0, "ifname": "rxe0", "node_type": "ca", "node_guid": "0000:00ff:fe00:0001",
                  "sys_image_guid": "0000:00ff:fe00:0001", "adaptive-moderation": False,
                  "caps": ["BAD_PKEY_CNTR", "MEM_WINDOW_TYPE_2B"]}],
    "link.json": [{"ifindex": 0, "ifname": "rxe0", "port": 1, "state": "ACTIVE",
                   "physical_state": "LINK_UP", "netdev": "dummy0", "netdev_index": 2}],
    "res.json": [{"ifindex": 0, "ifname": "rxe0", "pd": 5, "cq": 3, "qp": 3, "cm_id": 3, "mr": 2,
                  "ctx": 2, "srq": 0}],
    "qp.json": [
        {"ifindex": 0, "ifname": "rxe0", "port": 1, "lqpn": 19, "rqpn": 20, "type": "RC", "state": "RTS",
         "rq-psn": 16777000, "sq-psn": 13334292, "path-mig-state": "MIGRATED", "pdn": 5, "pid": 393,
         "comm": "rping"},
        {"ifindex": 0, "ifname": "rxe0", "port": 1, "lqpn": 20, "rqpn": 19, "type": "RC", "state": "RTS",
         "rq-psn": 13334292, "sq-psn": 16777000, "path-mig-state": "MIGRATED", "pdn": 6, "pid": 390,
         "comm": "rping"},
        {"ifindex": 0, "ifname": "rxe0", "port": 1, "lqpn": 1, "type": "GSI", "state": "RTS", "sq-psn": 3,
         "comm": "ib_core"}],
    "cm_id.json": [
        {"ifindex": 0, "ifname": "rxe0", "port": 1, "cm-idn": 0, "state": "LISTEN", "ps": "TCP", "pid": 390,
         "comm": "rping", "src-addr": "10.0.0.1:7174", "dst-addr": "0.0.0.0:0"},
        {"ifindex": 0, "ifname": "rxe0", "port": 1, "cm-idn": 1, "lqpn": 19, "qp-type": "RC",
         "state": "CONNECT", "ps": "TCP", "pid": 393, "comm": "rping", "src-addr": "10.0.0.1:36434",
         "dst-addr": "10.0.0.1:7174"},
        {"ifindex": 0, "ifname": "rxe0", "port": 1, "cm-idn": 2, "lqpn": 20, "qp-type": "RC",
         "state": "CONNECT", "ps": "TCP", "pid": 390, "comm": "rping", "src-addr": "10.0.0.1:7174",
         "dst-addr": "10.0.0.1:36434"}],
    "cq.json": [
        {"ifindex": 0, "ifname": "rxe0", "cqn": 0, "cqe": 1023, "users": 2, "poll-ctx": "WORKQUEUE",
         "adaptive-moderation": False, "comm": "ib_core"},
        {"ifindex": 0, "ifname": "rxe0", "cqn": 3, "cqe": 63, "users": 2, "adaptive-moderation": False,
         "ctxn": 4, "pid": 393, "comm": "rping"},
        {"ifindex": 0, "ifname": "rxe0", "cqn": 4, "cqe": 63, "users": 2, "adaptive-moderation": False,
         "ctxn": 2, "pid": 390, "comm": "rping"}],
    "mr.json": [
        {"ifindex": 0, "ifname": "rxe0", "mrn": 4, "rkey": "696", "lkey": "696", "mrlen": 1024, "pdn": 5,
         "pid": 393, "comm": "rping"},
        {"ifindex": 0, "ifname": "rxe0", "mrn": 8, "rkey": "a57", "lkey": "a57", "mrlen": 1024, "pdn": 6,
         "pid": 390, "comm": "rping"}],
    "pd.json": [
        {"ifindex": 0, "ifname": "rxe0", "pdn": 0, "local_dma_lkey": "1b7", "users": 1, "comm": "ib_core"},
        {"ifindex": 0, "ifname": "rxe0", "pdn": 2, "local_dma_lkey": "0", "users": 0, "ctxn": 2, "pid": 390,
         "comm": "rping"},
        {"ifindex": 0, "ifname": "rxe0", "pdn": 4, "local_dma_lkey": "0", "users": 0, "ctxn": 4, "pid": 395,
         "comm": "rping"},
        {"ifindex": 0, "ifname": "rxe0", "pdn": 5, "local_dma_lkey": "0", "users": 5, "ctxn": 4, "pid": 393,
         "comm": "rping"},
        {"ifindex": 0, "ifname": "rxe0", "pdn": 6, "local_dma_lkey": "0", "users": 4, "ctxn": 2, "pid": 390,
         "comm": "rping"}],
    "ctx.json": [
        {"ifindex": 0, "ifname": "rxe0", "ctxn": 2, "pid": 390, "comm": "rping"},
        {"ifindex": 0, "ifname": "rxe0", "ctxn": 4, "pid": 395, "comm": "rping"}],
    "srq.json": [],
    "stat.json": [{"ifname": "rxe0", "port": 1, "sent_pkts": 180395, "rcvd_pkts": 180395,
                   "duplicate_request": 227, "link_downed": 0}],
    "sys.txt": "netns shared copy-on-fork on\n",
}


# rping's threads (6.1 capture): 390 392 398 and 393 395 396
ST_PROCS = "1 1 init\n390 390 rping\n392 390 rping\n398 390 rping\n393 393 rping\n395 393 rping\n396 393 rping\n"


def st_after():
    a = json.loads(json.dumps(ST_BEFORE))
    a["qp.json"][0]["rq-psn"] = 120          # wrapped past 2^24
    a["qp.json"][1]["sq-psn"] = 120
    a["qp.json"][0]["sq-psn"] += 500
    a["qp.json"][1]["rq-psn"] += 500
    a["stat.json"][0]["sent_pkts"] += 2000
    a["stat.json"][0]["rcvd_pkts"] += 2000
    return a


def st_rdmatop():
    b = ST_BEFORE

    def add(kind, objs):
        out = []
        for o in objs:
            o = dict(o)
            if isinstance(o.get("pid"), int):
                tg = {390: 390, 392: 390, 398: 390, 393: 393, 395: 393, 396: 393}[o["pid"]]
                o["process_pid"] = tg
                o["process_comm"] = "rping"
            out.append(o)
        return out
    qps = add("qps", b["qp.json"])
    qps[0]["rq-psn"] = 5                      # between 16777000 and 120 (wrapped)
    qps[0]["sq_psn_per_sec"] = 100.0
    counters = []
    for k, v in b["stat.json"][0].items():
        if k in ("ifname", "port"):
            continue
        counters.append({"ifindex": 0, "ifname": "rxe0", "port": 1, "name": k, "value": v + 1000 if k.endswith("_pkts") else v,
                         "unit": "packets" if k.endswith("_pkts") else "events", "source": "hw"})
    counters.append({"ifindex": 0, "ifname": "rxe0", "port": 1, "name": "tx_bytes", "value": 99,
                     "unit": "bytes", "source": "netdev"})
    links = add("links", b["link.json"])
    links[0]["rate"] = 2.5
    links[0]["link_layer"] = "Ethernet"
    return {
        "time": "2026-11-30T05:00:00Z", "interval": 0, "host": "guest", "kernel": "6.1.0-57-amd64",
        "system": {"netns": "shared", "copy-on-fork": True},
        "devices": add("devices", b["dev.json"]), "links": links, "resources": add("resources", b["res.json"]),
        "qps": qps, "cm_ids": add("cm_ids", b["cm_id.json"]), "cqs": add("cqs", b["cq.json"]),
        "mrs": add("mrs", b["mr.json"]), "pds": add("pds", b["pd.json"]), "ctxs": add("ctxs", b["ctx.json"]),
        "srqs": [], "counters": counters, "notes": [],
        "processes": [
            {"pid": 390, "comm": "rping", "uid": 0, "threads": [390], "qps": 1, "cqs": 1, "mrs": 1, "mr_bytes": 1024,
             "pds": 2, "cm_ids": 2, "ctxs": 1, "srqs": 0},
            {"pid": 393, "comm": "rping", "uid": 0, "threads": [393, 395], "qps": 1, "cqs": 1, "mrs": 1,
             "mr_bytes": 1024, "pds": 2, "cm_ids": 1, "ctxs": 1, "srqs": 0}],
    }


def st_write(d, sets, rt):
    for sub, data in sets.items():
        os.makedirs(os.path.join(d, sub), exist_ok=True)
        for name, v in data.items():
            with open(os.path.join(d, sub, name), "w", encoding="utf-8") as f:
                f.write(v if isinstance(v, str) else json.dumps(v))
    with open(os.path.join(d, "procs.txt"), "w", encoding="utf-8") as f:
        f.write(ST_PROCS)
    with open(os.path.join(d, "rt.json"), "w", encoding="utf-8") as f:
        f.write(json.dumps(rt) + "\n")
    with open(os.path.join(d, "rt.rc"), "w", encoding="utf-8") as f:
        f.write("0\n")


def self_test():
    import tempfile
    failures = []

    def run(name, mutate=None, expect=(), iproute2=None):
        rt = st_rdmatop()
        sets = {"before": ST_BEFORE, "after": st_after()}
        if mutate:
            mutate(rt, sets)
        with tempfile.TemporaryDirectory() as d:
            st_write(d, sets, rt)
            rep = Report()
            compare_snapshot(d, rep, label="st", iproute2=iproute2)
        text = "\n".join(rep.errors)
        if not expect and rep.errors:
            failures.append("%s: unexpected mismatches:\n  %s" % (name, "\n  ".join(rep.errors)))
        for e in expect:
            if e not in text:
                failures.append("%s: expected a mismatch containing %r, got:\n  %s"
                                % (name, e, "\n  ".join(rep.errors) or "(none)"))
        if expect and len(rep.errors) != len(expect):
            failures.append("%s: %d mismatches for %d expected:\n  %s"
                            % (name, len(rep.errors), len(expect), "\n  ".join(rep.errors)))
        return rep

    rep = run("clean sample")
    if rep.checks < 100:
        failures.append("clean sample: only %d checks ran" % rep.checks)

    def static(rt, _):
        rt["qps"][0]["rqpn"] = 21
    run("static field differs", static, ["rqpn: rdmatop 21, rdma 20"])

    def psn(rt, _):
        rt["qps"][1]["sq-psn"] = 16776000
    run("psn outside the wrapped range", psn, ["sq-psn: rdmatop 16776000 not between"])

    def typ(rt, _):
        rt["mrs"][0]["rkey"] = 0x696
    run("type differs", typ, ["rkey: rdmatop 1686, rdma \"696\""])

    def missing_obj(rt, _):
        del rt["cm_ids"][1]
    run("object missing", missing_obj, ["cm_ids[rxe0 ifindex=0 cm-idn=1]: in rdma before and after, missing"])

    def churned(rt, sets):
        # an object only in the before set is skipped; rdmatop may show it or not
        sets["before"] = json.loads(json.dumps(ST_BEFORE))
        sets["before"]["mr.json"].append({"ifindex": 0, "ifname": "rxe0", "mrn": 9, "rkey": "1", "lkey": "1",
                                          "mrlen": 16, "pdn": 6, "pid": 390, "comm": "rping"})
        rt["processes"][0]["mr_bytes"] = 1040
        rt["processes"][0]["mrs"] = 2
        rt["mrs"].append(dict(sets["before"]["mr.json"][-1], process_pid=390, process_comm="rping"))
    run("churned object skipped", churned)

    def extra(rt, _):
        rt["cqs"][1]["poll-ctx"] = "DIRECT"
    run("field rdma does not report", extra, ["poll-ctx: rdmatop reports \"DIRECT\", rdma does not"])

    def omitted(rt, _):
        del rt["devices"][0]["node_guid"]
    run("field omitted", omitted, ["node_guid: rdma reports"])

    def counter(rt, _):
        rt["counters"][0]["value"] = 1
    run("counter outside", counter, ["sent_pkts: rdmatop 1 not between rdma before 180395 and after 182395"])

    def thread_as_process(rt, _):
        rt["processes"][1]["pid"] = 395
    run("thread id as process", thread_as_process,
        ["pid 395 is a thread of 393", "processes[pid 393 rping]: holds",
         "processes: pid 395 (rping) in rdmatop owns nothing"])

    def tgid(rt, _):
        rt["pds"][3]["process_pid"] = 395
    run("process_pid not the Tgid", tgid, ["pdn=5] pid 393: process_pid 395, Tgid is 393"])

    def system(rt, _):
        rt["system"]["copy-on-fork"] = False
    run("system differs", system, ["system: rdmatop"])

    def users(rt, sets):
        sets["after"]["pd.json"][3]["users"] = 7
        rt["pds"][3]["users"] = 6
    run("users in range", users)

    def users_out(rt, sets):
        sets["after"]["pd.json"][3]["users"] = 7
        rt["pds"][3]["users"] = 8
    run("users out of range", users_out, ["users: rdmatop 8 not within rdma before 5 / after 7"])

    def extra_obj(rt, _):
        rt["srqs"].append({"ifindex": 0, "ifname": "rxe0", "srqn": 1})
    run("object only in rdmatop", extra_obj, ["srqs[rxe0 ifindex=0 srqn=1] only in rdmatop"])

    def newer_attrs(rt, _):
        rt["devices"][0]["protocol"] = "roce"
        rt["system"]["privileged-qkey"] = False
    run("attributes iproute2 6.1 cannot print", newer_attrs, iproute2=(6, 1))
    run("attributes iproute2 6.15 would print", newer_attrs, iproute2=(6, 15),
        expect=["protocol: rdmatop reports \"roce\", rdma does not", "system: rdmatop"])
    if iproute2_version("rdma utility, iproute2-6.15.0\n") != (6, 15):
        failures.append("iproute2_version")

    # parse_sys on both iproute2 versions' texts
    if parse_sys("netns shared privileged-qkey off monitor on copy-on-fork on\n") != {
            "netns": "shared", "privileged-qkey": False, "monitor": True, "copy-on-fork": True}:
        failures.append("parse_sys")

    # rate check
    with tempfile.TemporaryDirectory() as d:
        def c(v, rate=None, delta=None):
            e = {"ifindex": 0, "ifname": "rxe0", "port": 1, "name": "sent_pkts", "value": v, "unit": "packets",
                 "source": "hw"}
            if rate is not None:
                e["rate"] = rate
                e["delta"] = delta
            return e
        for name, v in (("stat_before.json", 100), ("stat_after.json", 400)):
            with open(os.path.join(d, name), "w", encoding="utf-8") as f:
                json.dump([{"ifname": "rxe0", "port": 1, "sent_pkts": v}], f)
        with open(os.path.join(d, "rt2.json"), "w", encoding="utf-8") as f:
            f.write(json.dumps({"interval": 0, "counters": [c(110)]}) + "\n")
            f.write(json.dumps({"interval": 1.002, "counters": [c(310, 199.6, 200)]}) + "\n")
        rep = Report()
        check_rate(d, rep, busy=True, names=("sent_pkts",))
        if rep.errors:
            failures.append("rate ok: %s" % rep.errors)
        with open(os.path.join(d, "rt2.json"), "w", encoding="utf-8") as f:
            f.write(json.dumps({"interval": 0, "counters": [c(110)]}) + "\n")
            f.write(json.dumps({"interval": 1.0, "counters": [c(310, 150.0, 200)]}) + "\n")
        rep = Report()
        check_rate(d, rep, busy=True, names=("sent_pkts",))
        if len(rep.errors) != 1 or "> 2% apart" not in rep.errors[0]:
            failures.append("rate off by 25%%: %s" % rep.errors)

    # screen parsing (the dashboard in tmux): a QP table sorted by PID, the
    # links row, rates, and the attributes of a marked device row
    scr = ["DEV        PORT STATE  PHYS     NETDEV     RATE                  RX/s       TX/s  RXPKT/s  TXPKT/s",
           "rxe0          1 ACTIVE LINK_UP  dummy0     2.5 Gb/s 1X SDR        0 B        0 B     1.1K        0",
           " 1 QPs   2 Processes",
           "DEV        PORT    LQPN    RQPN TYPE  STATE   PSN/s    PIDv COMM",
           "rxe0          1      17      18 RC    RTS    1.1K/s    1282 ibv_rc_pingpong",
           "rxe0          1       1     n/a GSI   RTS       0/s     n/a ib_core",
           ""]
    hdr, rows = screen_table(scr, r"^DEV +PORT +LQPN")
    if not hdr or col(hdr, "PID") != 7 or len(rows) != 2 or rows[0][7] != "1282":
        failures.append("screen_table: %s %s" % (hdr, rows))
    if (right_col_value(scr, r"^DEV +PORT +STATE", "RXPKT/s", r"^rxe0 ") != "1.1K"
            or right_col_value(scr, r"^DEV +PORT +STATE", "TXPKT/s", r"^rxe0 ") != "0"):
        failures.append("right_col_value")
    if not (rate_nonzero("1.1K/s") and rate_nonzero("3") and not rate_nonzero("0/s")
            and not rate_nonzero("n/a") and not rate_nonzero("0.0/s")):
        failures.append("rate_nonzero")
    esc = ["rxe0          1 ACTIVE", "\x1b[1m\x1b[37mrxe1\x1b[0m\x1b[39m\x1b[49m          1 ACTIVE",
           "\x1b[39m\x1b[49mrxe1          1       1 GSI"]
    if row_attrs(esc, "rxe0") != "" or row_attrs(esc, "rxe1") != "\x1b[1m\x1b[37m" or row_attrs(esc, "rxe9"):
        failures.append("row_attrs")

    failures += check_flap_self_test()
    failures += check_scale.self_test()

    failures += check_faults.self_test()
    failures += check_bond.self_test()
    failures += check_groups.self_test()
    for f in failures:
        print("self-test FAIL: " + f)
    print("self-test: %s" % ("ok" if not failures else "%d failures" % len(failures)))
    return 0 if not failures else 1


def main(argv):
    args = argv[1:]
    if args == ["--self-test"]:
        return self_test()
    opts = {}
    rest = []
    i = 0
    while i < len(args):
        if args[i] in ("--kernel", "--scenario", "--store-capture", "--snapshot", "--rdmatop"):
            opts[args[i]] = args[i + 1]
            i += 2
        else:
            rest.append(args[i])
            i += 1
    if "--store-capture" in opts:
        return 0 if store_capture(opts["--store-capture"], opts.get("--kernel", "?"), rest[0], rest[1:],
                                  opts.get("--rdmatop")) else 1
    rep = Report()
    if "--snapshot" in opts:
        compare_snapshot(opts["--snapshot"], rep)
    elif "--scenario" in opts and len(rest) == 1:
        try:
            check_scenario(rest[0], opts["--scenario"], opts.get("--kernel"), rep, opts.get("--rdmatop"))
        except (OSError, ValueError, KeyError) as e:
            rep.fail("%s: results incomplete: %s: %s" % (opts["--scenario"], type(e).__name__, e))
    else:
        print(__doc__, file=sys.stderr)
        return 2
    rep.dump(sys.stdout)
    return 1 if rep.errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
