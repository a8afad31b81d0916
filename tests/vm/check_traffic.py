"""Checks of scenarios with traffic (host side, imported by compare.py):
ground truth by iterations, rates against rdma stat, owners and threads,
churn, record/replay round trips, counters against the netdev.
Only the Python standard library is used.
"""

import json
import os
import subprocess

from vmlib import (KINDS, RdmaSet, TOP_KEYS, fmt, load_procs, owned, rc_text, read_json_lines,
                   read_text, rt_counter, stat_value)


def check_iterations(d, rep, meta):
    """K completed pingpong iterations move sent_pkts/rcvd_pkts by >= 2K."""
    k = int(meta.get("iters", "0"))
    rep.ok(meta.get("gt_client_rc") == "0" and meta.get("gt_server_rc") == "0",
           "ground truth run failed: client rc %s, server rc %s; client said: %s"
           % (meta.get("gt_client_rc"), meta.get("gt_server_rc"),
              read_text(os.path.join(d, "gt_client.txt")).strip()[-300:]))
    s0, s1 = os.path.join(d, "stat0.json"), os.path.join(d, "stat1.json")
    for name in ("sent_pkts", "rcvd_pkts"):
        a, b = stat_value(s0, "rxe0", 1, name), stat_value(s1, "rxe0", 1, name)
        if rep.ok(isinstance(a, int) and isinstance(b, int), "rdma stat has no rxe0/1 %s" % name):
            rep.ok(b - a >= 2 * k, "rdma stat: %d iterations moved %s by %d (< %d)" % (k, name, b - a, 2 * k))
            rep.note("%d iterations: rdma stat %s +%d" % (k, name, b - a))
        p0, p1 = os.path.join(d, "rt0.json"), os.path.join(d, "rt1.json")
        if not os.path.exists(p0):
            continue
        try:
            r0, r1 = read_json_lines(p0)[-1], read_json_lines(p1)[-1]
        except (ValueError, IndexError, OSError) as e:
            rep.fail("rdmatop -j -n 1 around the ground truth run: %s" % e)
            continue
        c0, c1 = rt_counter(r0, "rxe0", 1, name), rt_counter(r1, "rxe0", 1, name)
        if rep.ok(c0 is not None and c1 is not None, "rdmatop reports no hw counter rxe0/1 %s" % name):
            v0, v1 = c0.get("value"), c1.get("value")
            rep.ok(isinstance(v0, int) and isinstance(v1, int) and v1 - v0 >= 2 * k,
                   "rdmatop: %d iterations moved %s from %s to %s (< +%d)" % (k, name, fmt(v0), fmt(v1), 2 * k))
            rep.ok(v0 == a and v1 == b, "rdmatop %s %s/%s, rdma stat %s/%s (no traffic between them)"
                   % (name, fmt(v0), fmt(v1), a, b))


def check_rate(d, rep, busy, names=("sent_pkts", "rcvd_pkts"), dev="rxe0", ivl=(0.5, 10)):
    """`rdmatop -j -n 2 -d 1` bracketed by rdma stat: rate*interval of the
    second sample within 2% of the value delta, values between the stats.
    Returns the two samples (or None)."""
    p = os.path.join(d, "rt2.json")
    label = os.path.basename(d)
    if not os.path.exists(p):
        return None
    rc = read_text(os.path.join(d, "rt2.rc"), "0").strip()
    try:
        samples = read_json_lines(p)
    except ValueError as e:
        rep.fail("%s: rdmatop -j -n 2: invalid JSON: %s" % (label, e))
        return None
    if not rep.ok(rc == "0" and len(samples) == 2, "%s: rdmatop -j -n 2: exit %s, %d samples; stderr: %s"
                  % (label, rc_text(rc), len(samples), read_text(os.path.join(d, "rt2.err"))[:300])):
        return None
    s1, s2 = samples
    rep.ok(s1.get("interval") == 0, "%s: first sample interval %s (want 0)" % (label, fmt(s1.get("interval"))))
    iv = s2.get("interval")
    rep.ok(isinstance(iv, (int, float)) and ivl[0] <= iv <= ivl[1], "%s: second sample interval %s" % (label, fmt(iv)))
    for name in names:
        sb = stat_value(os.path.join(d, "stat_before.json"), dev, 1, name)
        sa = stat_value(os.path.join(d, "stat_after.json"), dev, 1, name)
        c1, c2 = rt_counter(s1, dev, 1, name), rt_counter(s2, dev, 1, name)
        where = "%s: %s/1 %s" % (label, dev, name)
        if not rep.ok(c1 is not None and c2 is not None, "%s: missing in rdmatop" % where):
            continue
        v1, v2 = c1.get("value"), c2.get("value")
        if not rep.ok(isinstance(v1, int) and isinstance(v2, int), "%s: values %s %s" % (where, fmt(v1), fmt(v2))):
            continue
        rep.ok(sb <= v1 <= v2 <= sa, "%s: rdmatop %d, %d not between rdma stat %d and %d" % (where, v1, v2, sb, sa))
        delta = v2 - v1
        rate = c2.get("rate")
        if not rep.ok(isinstance(rate, (int, float)) and isinstance(iv, (int, float)),
                      "%s: second sample has no rate (%s)" % (where, fmt(rate))):
            continue
        est = rate * iv
        rep.ok(abs(est - delta) <= max(0.02 * delta, 1.0),
               "%s: rate %s * interval %s = %.1f, value delta %d (> 2%% apart)" % (where, rate, iv, est, delta))
        if "delta" in c2:
            rep.ok(c2["delta"] == delta, "%s: delta %s, values moved %d" % (where, fmt(c2["delta"]), delta))
        if busy:
            rep.ok(delta > 0, "%s: no packets during the rate sample, traffic was running" % where)
        else:
            rep.ok(delta == 0 and rate == 0, "%s: moved by %d (rate %s) with no traffic" % (where, delta, rate))
        rep.note("%s: %d in %.2fs (rate %s)" % (where, delta, iv, rate))
    return samples


def check_alive(rep, meta, key="alive"):
    rep.ok(meta.get(key) == "1", "the traffic (%s) ended before the snapshot was taken: "
           "raise its duration for this kernel" % key)
    tries = meta.get(key.replace("_alive", "_attempts"), "1") if key.endswith("_alive") else "1"
    if tries != "1":
        rep.note("%s: the workload was started %s times (it failed on its own before the snapshot; "
                 "see the console)" % (key, tries))


def tgids_owning(d, snapdir, comm):
    s = RdmaSet(os.path.join(d, snapdir, "before"))
    procs = load_procs(os.path.join(d, snapdir, "procs.txt"))
    return s, procs


def user_objs(s, kind, tgid, procs):
    return [o for o in owned(s, kind).values() if procs.get(o["pid"], (None,))[0] == tgid]


def rt_process(d, snapdir, pid):
    p = os.path.join(d, snapdir, "rt.json")
    if not os.path.exists(p):
        return None
    try:
        for q in read_json_lines(p)[-1].get("processes") or []:
            if q.get("pid") == pid:
                return q
    except (ValueError, IndexError, AttributeError):
        return None
    return {}


def check_owner(d, rep, snap, pid, want_qps=None, kinds=("qps",), multi_thread=False):
    s = RdmaSet(os.path.join(d, snap, "before"))
    procs = load_procs(os.path.join(d, snap, "procs.txt"))
    pid = int(pid)
    comm = procs.get(pid, (0, "?"))[1]
    n = {k: len(user_objs(s, k, pid, procs)) for k in ("qps", "cqs", "mrs", "pds", "cm_ids", "ctxs")}
    for k in kinds:
        rep.ok(n[k] > 0, "%s: process %d (%s) owns no %s in rdma" % (snap, pid, comm, k))
    if want_qps is not None:
        rep.ok(n["qps"] == want_qps, "%s: process %d (%s) owns %d QPs in rdma, expected %d"
               % (snap, pid, comm, n["qps"], want_qps))
    owners = {o["pid"] for k in n for o in user_objs(s, k, pid, procs)}
    tasks = [t for t, (tg, _) in procs.items() if tg == pid]
    if multi_thread:
        rep.note("%s: %s %d has threads %s; resources created by %s"
                 % (snap, comm, pid, sorted(tasks), sorted(owners)))
    p = rt_process(d, snap, pid)
    if p is None:
        return
    if not rep.ok(p, "%s: rdmatop processes has no entry for %s pid %d" % (snap, comm, pid)):
        return
    if multi_thread:
        rep.ok(owners <= set(p.get("threads") or []), "%s: %s %d: rdmatop threads %s, owners %s"
               % (snap, comm, pid, p.get("threads"), sorted(owners)))


def check_churn(d, rep, meta):
    p = os.path.join(d, "churn.json")
    if not os.path.exists(p):
        rep.note("churn: rdmatop not run")
        return
    rep.ok(meta.get("rt_rc") == "0", "churn: rdmatop exit status %s; stderr: %s"
           % (rc_text(meta.get("rt_rc")), read_text(os.path.join(d, "churn.err"))[:300]))
    try:
        samples = read_json_lines(p)
    except ValueError as e:
        rep.fail("churn: rdmatop printed invalid JSON: %s" % e)
        return
    want = int(meta.get("samples", "0"))
    rep.ok(len(samples) == want, "churn: %d samples, expected %d" % (len(samples), want))
    has = []
    for i, s in enumerate(samples):
        for k in TOP_KEYS:
            rep.ok(k in s, "churn: sample %d has no \"%s\"" % (i, k))
        has.append(any(o.get("ifname") == "rxe1" for o in s.get("devices") or []))
    rep.note("churn: rxe1 present per sample: %s" % "".join("1" if h else "0" for h in has))
    holds = [(s.get("self") or {}).get("hold") for s in samples]
    gone = [i for i, h in enumerate(has) if not h]
    rep.ok(bool(gone), "churn: rxe1 was deleted for 3 s, but every sample shows it (samples held "
           "apart by the budget: %s)" % [h for h in holds if h is not None])
    rep.ok(bool(gone) and any(has[gone[0]:]) and has[-1],
           "churn: rxe1 was re-added, but rdmatop did not show it again")


def check_roundtrip(d, rep, rdmatop):
    """`rdmatop -b -o json -n 3 -d 1 -w rec.rdrec` in the guest (live.json);
    `rdmatop -r rec.rdrec -j` on the host must print the same bytes."""
    label = os.path.basename(d.rstrip("/"))
    if not os.path.isdir(d):
        rep.note("%s: no recording (no rdmatop in the guest)" % label)
        return
    rc = read_text(os.path.join(d, "live.rc"), "?").strip()
    live = read_text(os.path.join(d, "live.json"))
    n = len([x for x in live.splitlines() if x.strip()])
    if not rep.ok(rc == "0" and n == 3, "%s: rdmatop -b -o json -n 3 -d 1 -w: exit %s, %d samples; stderr: %s"
                  % (label, rc_text(rc), n, read_text(os.path.join(d, "live.err"))[:300])):
        return
    if not rdmatop:
        rep.note("%s: no host binary: the replay is not checked" % label)
        return
    import subprocess
    rec = os.path.join(d, "rec.rdrec")
    try:
        p = subprocess.run([rdmatop, "-r", rec, "-j"], capture_output=True, text=True, timeout=60, check=False)
    except (OSError, subprocess.TimeoutExpired) as e:
        rep.fail("%s: cannot replay: %s" % (label, e))
        return
    if not rep.ok(p.returncode == 0, "%s: rdmatop -r rec.rdrec -j: exit %d: %s"
                  % (label, p.returncode, p.stderr.strip()[:300])):
        return
    if p.stdout == live:
        rep.ok(True, "")
        rep.note("%s: replay of the %d-byte recording printed the live run's %d samples byte for byte"
                 % (label, os.path.getsize(rec), n))
        return
    got, want = p.stdout.splitlines(), live.splitlines()
    for i, (g, w) in enumerate(zip(got, want)):
        if g != w:
            try:
                gj, wj = json.loads(g), json.loads(w)
                keys = [k for k in sorted(set(gj) | set(wj)) if gj.get(k) != wj.get(k)]
                k = keys[0] if keys else "(key order or formatting)"
                rep.fail("%s: replay differs from the live run at sample %d, key %s: replay %s, live %s"
                         % (label, i, k, fmt(gj.get(k))[:200], fmt(wj.get(k))[:200]))
            except ValueError as e:
                rep.fail("%s: replay sample %d differs and is not JSON: %s" % (label, i, e))
            return
    rep.fail("%s: replay printed %d samples, the live run %d" % (label, len(got), len(want)))


def check_threads(d, rep, snap, pids):
    """rping (multi-threaded): a resource's "pid" is the creating thread,
    "process_pid" its Tgid, and the process's "threads" lists the ids."""
    p = os.path.join(d, snap, "rt.json")
    if not os.path.exists(p):
        return
    procs = load_procs(os.path.join(d, snap, "procs.txt"))
    try:
        rt = read_json_lines(p)[-1]
    except (ValueError, IndexError) as e:
        rep.fail("threads: %s" % e)
        return
    byp = {q.get("pid"): q for q in rt.get("processes") or []}
    foreign = []
    for kind, _, _ in KINDS:
        for o in rt.get(kind) or []:
            tid, tg = o.get("pid"), o.get("process_pid")
            if tg in pids and isinstance(tid, int):
                rep.ok(procs.get(tid, (tg,))[0] == tg, "threads: %s pid %d is a thread of %s, process_pid %s"
                       % (kind, tid, procs.get(tid, ("?",))[0], tg))
                rep.ok(tid in (byp.get(tg) or {}).get("threads", []),
                       "threads: %s owner thread %d not in process %d's threads %s"
                       % (kind, tid, tg, (byp.get(tg) or {}).get("threads")))
                if tid != tg:
                    foreign.append((kind, tid, tg))
    for tg in pids:
        rep.ok(tg in byp and sum(1 for q in rt.get("processes") or [] if q.get("pid") == tg) == 1,
               "threads: rping %d is not exactly one process in rdmatop" % tg)
    if rep.ok(foreign, "threads: no rping resource was created by a thread other than the main one"):
        rep.note("threads: resources created by non-main threads: %s"
                 % ", ".join("%s by %d (process %d)" % f for f in sorted(set(foreign))))


MTU_ENUM = {1: 256, 2: 512, 3: 1024, 4: 2048, 5: 4096}


# RoCEv2 on Ethernet, per packet: Ethernet 14 + IPv4 20 + UDP 8 + BTH 12 +
# ICRC 4 (veth counts no FCS); an RC ACK adds AETH 4 to that.
ROCE_HDR = 58


ROCE_ACK = 62


NETDEV_OF = {"rxe1": "veth0", "rxe2": "veth1"}   # counters.sh


def netdev_value(path, netdev, name):
    """A counter from counters.sh's stats file ("NETDEV NAME VALUE" lines)."""
    for line in read_text(path).splitlines():
        w = line.split()
        if len(w) == 3 and w[0] == netdev and w[1] == name and w[2].isdigit():
            return int(w[2])
    return None


def check_counters(d, rep, meta):
    """Issue 6: netdev bytes/s of rxe1 (veth0) and rxe2 (veth1) against the
    bytes the K-iteration pingpong moved; hw packet rates against rdma
    stat deltas."""
    rep.ok(meta.get("client_rc") == "0" and meta.get("server_rc") == "0",
           "counters: the workload did not finish inside rdmatop's interval (client %s, server %s, %ss): %s"
           % (meta.get("client_rc"), meta.get("server_rc"), meta.get("workload_s"),
              read_text(os.path.join(d, "client.txt"))[-300:]))
    k, size = int(meta["iters"]), int(meta["size"])
    mtu = MTU_ENUM.get(int(meta.get("mtu") or 3), 1024)
    pkts = -(-size // mtu)
    # each direction, per iteration: the SEND's packets and the ACK of the other side's SEND
    expect = k * (size + pkts * ROCE_HDR + ROCE_ACK)
    iv = None
    for dev in ("rxe1", "rxe2"):
        samples = check_rate(d, rep, busy=True, dev=dev, ivl=(1, 60))
        if not samples:
            continue
        s1, s2 = samples
        iv = s2.get("interval")
        # (sent_bytes, rcvd_bytes: rxe's hw byte counters, new in 7.x)
        for name in ("sent_pkts", "rcvd_pkts", "sent_bytes", "rcvd_bytes"):
            sb = stat_value(os.path.join(d, "stat_before.json"), dev, 1, name)
            sa = stat_value(os.path.join(d, "stat_after.json"), dev, 1, name)
            c = rt_counter(s2, dev, 1, name)
            if c and isinstance(sb, int) and isinstance(sa, int):
                rep.ok(c.get("delta") == sa - sb, "counters: %s %s: rdmatop delta %s, rdma stat delta %d "
                       "(the workload ran inside the interval)" % (dev, name, fmt(c.get("delta")), sa - sb))
                rep.note("counters: %s %s: rdmatop %s/s * %.3f s = %s, rdma -j stat show delta %d"
                         % (dev, name, c.get("rate"), iv, c.get("delta"), sa - sb))
        link = [x for x in s2.get("links") or [] if x.get("ifname") == dev]
        # 7.x: rxe has IB PMA port counters (sysfs ports/1/counters); they
        # count the RDMA packets without the Ethernet header: at least the
        # payload, at most what the netdev counted.  The link's bytes/s
        # stay the netdev's on an Ethernet port (the truth table,
        # src/model/truth_tab.c: PMA bytes rank only on InfiniBand), which
        # on rxe sees every packet the port sends
        pma = {}
        for name, lkey in (("port_xmit_data", "tx_bytes_per_sec"), ("port_rcv_data", "rx_bytes_per_sec")):
            c = [x for x in s2.get("counters") or [] if x.get("ifname") == dev and x.get("name") == name
                 and x.get("source") == "pma" and isinstance(x.get("rate"), (int, float))]
            if c:
                pma[lkey] = c[0]
        for name, lkey in (("tx_bytes", "tx_bytes_per_sec"), ("rx_bytes", "rx_bytes_per_sec")):
            c = [x for x in s2.get("counters") or [] if x.get("ifname") == dev and x.get("name") == name
                 and x.get("source") == "netdev"]
            if not rep.ok(len(c) == 1, "counters: %s has no netdev %s" % (dev, name)):
                continue
            c = c[0]
            rep.ok(c.get("unit") == "bytes", "counters: %s %s unit %s" % (dev, name, fmt(c.get("unit"))))
            rate = c.get("rate")
            if not rep.ok(isinstance(rate, (int, float)) and isinstance(iv, (int, float)),
                          "counters: %s %s has no rate" % (dev, name)):
                continue
            moved = rate * iv
            # at least what the workload moved; at most what the netdev
            # counted between the scenario's reads before and after
            # rdmatop's two samples (rxe retransmits a few packets when a
            # busy host slows the guest down: 6.1 and 6.12)
            nd = NETDEV_OF.get(dev)
            b0 = netdev_value(os.path.join(d, "netdev0.txt"), nd, name)
            b1 = netdev_value(os.path.join(d, "netdev1.txt"), nd, name)
            upper = max(b1 - b0, expect) if b0 is not None and b1 is not None else 1.05 * expect
            rep.ok(0.95 * expect <= moved <= upper * 1.001 + 1,
                   "counters: %s netdev %s: %.0f B/s * %.3f s = %.0f B, the workload moved %d B (%d x %d B "
                   "messages + headers and ACKs), %s counted %s B around it: outside [%d, %.0f]"
                   % (dev, name, rate, iv, moved, expect, k, size, nd,
                      "n/a" if b0 is None or b1 is None else b1 - b0, 0.95 * expect, upper))
            rep.note("counters: %s netdev %s %.0f B/s over %.2f s = %.0f B; workload %d B (payload %d B): %+.2f%%"
                     % (dev, name, rate, iv, moved, expect, k * size, 100.0 * (moved - expect) / expect))
            if lkey in pma:
                p = pma[lkey]
                pm = p["rate"] * iv
                rep.ok(p.get("unit") == "bytes" and k * size <= pm <= moved * 1.001 + 1,
                       "counters: %s pma %s: %.0f B/s * %.3f s = %.0f B (%s), outside [payload %d, netdev %.0f]"
                       % (dev, p.get("name"), p["rate"], iv, pm, fmt(p.get("unit")), k * size, moved))
                rep.note("counters: %s pma %s %.0f B/s over %.2f s = %.0f B (payload %d B, netdev %.0f B)"
                         % (dev, p.get("name"), p["rate"], iv, pm, k * size, moved))
            if rep.ok(len(link) == 1, "counters: no link %s/1" % dev):
                rep.ok(link[0].get(lkey) == rate, "counters: link %s %s %s, netdev %s rate %s"
                       % (dev, lkey, fmt(link[0].get(lkey)), name, rate))
                rep.ok(link[0].get("throughput_source") == "netdev",
                       "counters: link %s throughput from %r, want the netdev's (an Ethernet port)"
                       % (dev, link[0].get("throughput_source")))
    rep.note("counters: workload %d x %d B in %ss" % (k, size, meta.get("workload_s")))


def cm_peers(cm_ids):
    """(ifname, lqpn) -> the address of dst-addr ("10.0.0.1:7174",
    "[fe80::1]:7174"), of the CM_IDs that have a QP and a destination."""
    want = {}
    for c in cm_ids or []:
        dst = c.get("dst-addr") or ""
        if "lqpn" not in c or not dst or dst.startswith("0.0.0.0:") or dst.startswith("[::]:"):
            continue
        addr = dst.rsplit(":", 1)[0]
        want[(c.get("ifname"), c["lqpn"])] = addr[1:-1] if addr.startswith("[") else addr
    return want


def check_cm_peer(d, rep, snap="busy", rt=None):
    """Issue 50: a CM QP's peer is its CM_ID's destination, as
    `rdma -j res show cm_id` prints it (dst-addr, without the port), from
    the same moment (the CM_IDs before and after rdmatop's sample agree);
    peer_from says cm.  rping's two QPs (client and server) have one each."""
    sd = os.path.join(d, snap)
    sets = []
    for part in ("before", "after"):
        try:
            sets.append(cm_peers(json.loads(read_text(os.path.join(sd, part, "cm_id.json")) or "[]")))
        except ValueError as e:
            rep.fail("cm peer: rdma's cm_id.json (%s): %s" % (part, e))
            return
    try:
        rt = rt if rt is not None else read_json_lines(os.path.join(sd, "rt.json"))[-1]
    except (ValueError, IndexError) as e:
        rep.fail("cm peer: rdmatop's JSON: %s" % e)
        return
    want = {k: v for k, v in sets[0].items() if sets[1].get(k) == v}
    if not rep.ok(len(want) >= 2, "cm peer: rdma lists %d CM_IDs with a QP and a destination, "
                  "rping's two wanted: %r" % (len(want), sets)):
        return
    qps = {(q.get("ifname"), q.get("lqpn")): q for q in rt.get("qps") or []}
    for key, addr in sorted(want.items(), key=str):
        q = qps.get(key)
        if not rep.ok(q is not None, "cm peer: QP %s/%s (CM_ID dst %s) not in rdmatop" % (key[0], key[1], addr)):
            continue
        rep.ok(q.get("peer") == addr and q.get("peer_from") == "cm",
               "cm peer: QP %s/%s: rdmatop's peer %r from %r, rdma's CM_ID dst-addr %s"
               % (key[0], key[1], q.get("peer"), q.get("peer_from"), addr))
        rep.note("cm peer: QP %s/%s: peer %s (cm), as the CM_ID's dst-addr" % (key[0], key[1], addr))


def check_cm_peer_self_test(rep):
    """The peer check fails on a peer that is not the CM_ID's."""
    class Rep:
        def __init__(self):
            self.bad = 0

        def ok(self, cond, msg):
            self.bad += not cond
            return cond

        def fail(self, msg):
            self.bad += 1

        def note(self, msg):
            pass

    import tempfile
    with tempfile.TemporaryDirectory() as t:
        for part in ("before", "after"):
            os.makedirs(os.path.join(t, "busy", part))
            with open(os.path.join(t, "busy", part, "cm_id.json"), "w") as f:
                json.dump([{"ifname": "rxe0", "lqpn": 19, "dst-addr": "10.0.0.1:7174"},
                           {"ifname": "rxe0", "lqpn": 20, "dst-addr": "10.0.0.1:36434"}], f)
        good = {"qps": [{"ifname": "rxe0", "lqpn": 19, "peer": "10.0.0.1", "peer_from": "cm"},
                        {"ifname": "rxe0", "lqpn": 20, "peer": "10.0.0.1", "peer_from": "cm"}]}
        r = Rep()
        check_cm_peer(t, r, rt=good)
        bad = json.loads(json.dumps(good))
        bad["qps"][1]["peer"] = "10.0.0.2"
        r2 = Rep()
        check_cm_peer(t, r2, rt=bad)
        rep.ok(r.bad == 0 and r2.bad == 1, "cm peer self-test: the right peers pass (%d failed), "
               "a wrong one fails (%d failed)" % (r.bad, r2.bad))
