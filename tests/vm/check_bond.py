"""The bond scenario (tests/vm/scenarios/bond.sh), host side: rdmatop's
per-slave figures of rxe_bond (bond0 over bva, bvb) against iproute2's
`ip -s -j link` read in the guest around rdmatop's runs, the slave taken
down named by the verdict, the bond's own files read with cat, the VLAN
bond0.7's traffic within bond0's, the run's recording replayed.  Only the standard library."""

import copy
import json
import os
import subprocess

from vmlib import Report, read_text

STATS = ("bytes", "packets", "dropped", "errors")


def _ip(d, name):
    try:
        return json.loads(read_text(os.path.join(d, name)))[0]
    except (ValueError, IndexError, KeyError, TypeError):
        return None


def _samples(d, name):
    out = []
    for line in read_text(os.path.join(d, name)).splitlines():
        if line.strip():
            try:
                out.append(json.loads(line))
            except ValueError:
                pass
    return out


def _link(smp, dev):
    return next((x for x in smp.get("links", []) if x.get("ifname") == dev), {})


def _lower(link, name):
    return next((x for x in (link.get("lowers") or {}).get("devices", [])
                 if x.get("ifname") == name), None)


def _between(rep, what, lo, got, hi):
    """Every statistic of got (rdmatop's stats64) between ip's lo and hi."""
    for k in ("rx", "tx"):
        for s in STATS:
            a, b = lo["stats64"][k][s], hi["stats64"][k][s]
            v = ((got or {}).get("stats64") or {}).get(k, {}).get(s)
            rep.ok(isinstance(v, int) and a <= v <= b,
                   "bond: %s %s %s: ip before %d, rdmatop %r, ip after %d" % (what, k, s, a, v, b))


def _equal(rep, what, lo, got, hi):
    for k in ("rx", "tx"):
        for s in STATS:
            a, b = lo["stats64"][k][s], hi["stats64"][k][s]
            v = ((got or {}).get("stats64") or {}).get(k, {}).get(s)
            # a quiet link can still carry a frame between the readings
            # (IPv6 neighbour discovery, the bond's own): exact where
            # nothing moved, else within them
            rep.ok(isinstance(v, int) and (a == b == v or a < b and a <= v <= b),
                   "bond: still: %s %s %s: ip %d and %d, rdmatop %r" % (what, k, s, a, b, v))


def check_replay(d, rep, smp, rdmatop):
    """The run's recording replayed: every sample's lowers and reasons of
    both ports as the live run printed them."""
    rec = os.path.join(d, "bond.rdrec")
    if not rdmatop:
        rep.skip("bond: the recording's replay", "no host rdmatop (--rdmatop)")
        return
    if not rep.ok(os.path.isfile(rec), "bond: no recording bond.rdrec"):
        return
    p = subprocess.run([rdmatop, "-r", rec, "-j"], capture_output=True, text=True, timeout=60)
    rows = [json.loads(x) for x in p.stdout.splitlines() if x.strip()]
    if not rep.ok(p.returncode == 0 and len(rows) == len(smp),
                  "bond: replay exit %d, %d samples (live %d): %s" % (p.returncode, len(rows), len(smp),
                                                                     p.stderr[-300:])):
        return
    for i, (a, b) in enumerate(zip(smp, rows)):
        for dev in ("rxe_bond",):
            la, lb = _link(a, dev), _link(b, dev)
            rep.ok(la.get("lowers") == lb.get("lowers") and la.get("reasons") == lb.get("reasons"),
                   "bond: sample %d of %s replayed differs: live %r %r, replay %r %r" % (
                       i, dev, la.get("lowers"), la.get("reasons"), lb.get("lowers"), lb.get("reasons")))


def check_bond(d, rep, rdmatop=None):
    rc = read_text(os.path.join(d, "rt.rc")).strip()
    if not rep.ok(rc == "0", "bond: rdmatop exit %r: %s" % (rc, read_text(os.path.join(d, "rt.err"))[:300])):
        return
    lowers = read_text(os.path.join(d, "lowers_bond0")).split()
    rep.ok(lowers == ["lower_bva", "lower_bvb"], "bond: the kernel's links of bond0: %r" % lowers)
    rep.ok(read_text(os.path.join(d, "lowers_vlan")).split() == ["lower_bond0"],
           "bond: the kernel's links of bond0.7: %r" % read_text(os.path.join(d, "lowers_vlan")))
    smp = _samples(d, "rt.json")
    if not rep.ok(len(smp) == 3, "bond: %d samples from rdmatop, want 3" % len(smp)):
        return
    first, last = _link(smp[0], "rxe_bond"), _link(smp[-1], "rxe_bond")
    lw = last.get("lowers") or {}
    rep.ok(lw.get("upper_kind") == "bond" and lw.get("bond_mode") == 1,
           "bond: bond0 as rdmatop saw it: %r" % {k: lw.get(k) for k in ("upper_kind", "bond_mode")})
    act0, act1 = (read_text(os.path.join(d, f)).strip() for f in ("active_before", "active_after"))
    rep.ok(act0 == "bva" and act1 == "bvb", "bond: the kernel's active slave %r -> %r, want bva -> bvb"
           % (act0, act1))
    rep.ok((first.get("lowers") or {}).get("active_slave") == act0 and lw.get("active_slave") == act1,
           "bond: rdmatop's active slave %r -> %r, the kernel's %r -> %r"
           % ((first.get("lowers") or {}).get("active_slave"), lw.get("active_slave"), act0, act1))
    for s in ("bva", "bvb"):
        lo, hi = _ip(d, "ip0_%s.json" % s), _ip(d, "ip1_%s.json" % s)
        if not rep.ok(lo and hi, "bond: no ip -s -j link of %s" % s):
            continue
        _between(rep, "%s first sample" % s, lo, _lower(first, s), hi)
        _between(rep, "%s last sample" % s, lo, _lower(last, s), hi)
        got = _lower(last, s) or {}
        kern = read_text(os.path.join(d, "mii_" + s)).strip()
        rep.ok(got.get("mii_status") == kern and got.get("operstate") == read_text(
            os.path.join(d, "oper_" + s)).strip(),
               "bond: %s mii %r operstate %r, the kernel's %r %r" % (
                   s, got.get("mii_status"), got.get("operstate"), kern,
                   read_text(os.path.join(d, "oper_" + s)).strip()))
        rep.ok(got.get("down") == (s == "bva"), "bond: %s down %r" % (s, got.get("down")))
    # the traffic went through the slaves: bvb after the failover
    b = _lower(last, "bvb") or {}
    rep.ok((b.get("tx_bytes_per_sec") or 0) > 1000,
           "bond: bvb carried the pings after the failover: %r B/s" % b.get("tx_bytes_per_sec"))
    reasons = last.get("reasons") or []
    rep.ok(last.get("health") in ("WARN", "FAIL") and any(
        r.get("rule") == "lower_down" and r.get("slave") == "bva" and r.get("level") == "WARN"
        and r.get("text") == "slave bva down" for r in reasons),
           "bond: the verdict names bva: %r %r" % (last.get("health"), reasons))
    rep.ok(not any(r.get("rule") == "lower_down" for r in (first.get("reasons") or [])),
           "bond: a lower_down reason before bva went down: %r" % first.get("reasons"))
    # the VLAN on bond0: its traffic is the slaves' (bond0's bytes, which the
    # slaves' sum makes, moved at least as much as the VLAN's)
    v0, v1 = _ip(d, "ip0_bond0.7.json"), _ip(d, "ip1_bond0.7.json")
    b0, b1 = _ip(d, "ip0_bond0.json"), _ip(d, "ip1_bond0.json")
    if rep.ok(v0 and v1 and b0 and b1, "bond: no ip -s -j link of bond0.7 or bond0"):
        vt = v1["stats64"]["tx"]["bytes"] - v0["stats64"]["tx"]["bytes"]
        st = sum(((_lower(last, s) or {}).get("stats64") or {}).get("tx", {}).get("bytes", 0) -
                 ((_lower(first, s) or {}).get("stats64") or {}).get("tx", {}).get("bytes", 0)
                 for s in ("bva", "bvb"))
        rep.ok(vt > 1000 and b1["stats64"]["tx"]["bytes"] - b0["stats64"]["tx"]["bytes"] >= vt,
               "bond: the VLAN sent %d bytes, bond0 %d" % (vt, b1["stats64"]["tx"]["bytes"] - b0["stats64"]["tx"]["bytes"]))
        rep.note("bond: the slaves sent %d bytes between rdmatop's first and last samples; bond0.7 %d over the run" % (st, vt))
    # still: equal
    rc = read_text(os.path.join(d, "still.rc")).strip()
    st = _samples(d, "still.json")
    if rep.ok(rc == "0" and len(st) == 1, "bond: still run exit %r, %d samples" % (rc, len(st))):
        for s, dev in (("bva", "rxe_bond"), ("bvb", "rxe_bond")):
            lo, hi = _ip(d, "still0_%s.json" % s), _ip(d, "still1_%s.json" % s)
            if rep.ok(lo and hi, "bond: no still ip -s -j link of %s" % s):
                _equal(rep, s, lo, _lower(_link(st[0], dev), s), hi)
    check_replay(d, rep, smp, rdmatop)
    rep.note("bond: bvb %s B/s sent after the failover" % b.get("tx_bytes_per_sec"))


def self_test():
    """The checks fail on a tampered run: a sample whose figure left ip's
    bracket, a verdict naming another slave, a wrong active slave."""
    ipd = lambda n: [{"ifname": n, "stats64": {"rx": {s: n0 for s in STATS}, "tx": {s: n0 for s in STATS}}}
                     for n0 in (100,)]
    ipd2 = lambda n: [{"ifname": n, "stats64": {"rx": {s: 200 for s in STATS}, "tx": {s: 200 for s in STATS}}}]
    dev = lambda n, v, **kw: dict({"ifname": n, "stats64": {"rx": {s: v for s in STATS},
                                                              "tx": {s: v for s in STATS}}}, **kw)
    still = lambda n: [{"ifname": n, "stats64": {"rx": {s: 300 for s in STATS}, "tx": {s: 300 for s in STATS}}}]

    def link_b(v, down, active, reasons, rate=5000.0):
        return {"ifname": "rxe_bond", "health": "WARN" if reasons else "OK", "reasons": reasons,
                "lowers": {"upper_kind": "bond", "bond_mode": 1, "active_slave": active,
                           "devices": [dev("bva", v, mii_status="down" if down else "up",
                                           operstate="down" if down else "up", down=down),
                                       dev("bvb", v, mii_status="up", operstate="up", down=False,
                                           tx_bytes_per_sec=rate)]}}

    warn = [{"rule": "lower_down", "slave": "bva", "level": "WARN", "text": "slave bva down"}]
    base = {
        "rt.rc": "0", "still.rc": "0", "lowers_bond0": "lower_bva\nlower_bvb", "lowers_vlan": "lower_bond0",
        "active_before": "bva", "active_after": "bvb", "mii_bva": "down", "mii_bvb": "up",
        "oper_bva": "down", "oper_bvb": "up",
    }
    for n in ("bva", "bvb", "bond0"):
        base["ip0_%s.json" % n] = json.dumps(ipd(n))
        base["ip1_%s.json" % n] = json.dumps(ipd2(n))
        base["still0_%s.json" % n] = json.dumps(still(n))
        base["still1_%s.json" % n] = json.dumps(still(n))
    samples = [{"links": [link_b(150, False, "bva", [])]},
               {"links": [link_b(160, True, "bvb", warn)]},
               {"links": [link_b(170, True, "bvb", warn)]}]
    still_s = [{"links": [link_b(300, True, "bvb", warn)]}]
    base["ip0_bond0.7.json"] = json.dumps([{"ifname": "bond0.7", "stats64": {"tx": {"bytes": 0}}}])
    base["ip1_bond0.7.json"] = json.dumps([{"ifname": "bond0.7", "stats64": {"tx": {"bytes": 2000}}}])
    base["ip1_bond0.json"] = json.dumps([{"ifname": "bond0", "stats64": {"tx": {"bytes": 5100}}}])

    def run(mut=None):
        import tempfile
        fs = dict(base)
        sm = copy.deepcopy(samples)
        if mut:
            mut(fs, sm)
        with tempfile.TemporaryDirectory() as d:
            for k, v in fs.items():
                with open(os.path.join(d, k), "w") as f:
                    f.write(v + "\n")
            with open(os.path.join(d, "rt.json"), "w") as f:
                f.write("".join(json.dumps(x) + "\n" for x in sm))
            with open(os.path.join(d, "still.json"), "w") as f:
                f.write(json.dumps(still_s[0]) + "\n")
            rep = Report()
            check_bond(d, rep)
            return [e for e in rep.errors if e]
    fails = []
    if run():
        fails.append("bond: clean run fails: %s" % run())
    tampers = (
        ("a figure past ip's after", lambda f, s: s[2]["links"][0]["lowers"]["devices"][1]["stats64"]["rx"].update(bytes=201)),
        ("the verdict names bvb", lambda f, s: s[2]["links"][0]["reasons"][0].update(slave="bvb")),
        ("no verdict", lambda f, s: s[2]["links"][0].update(reasons=[])),
        ("active slave", lambda f, s: s[2]["links"][0]["lowers"].update(active_slave="bva")),
        ("a still figure", lambda f, s: f.update({k: json.dumps([{"ifname": "bvb", "stats64": {
            "rx": {x: v for x in STATS}, "tx": {x: 300 for x in STATS}}}])
            for k, v in (("still0_bvb.json", 301), ("still1_bvb.json", 302))})),
        ("no traffic on bvb", lambda f, s: s[2]["links"][0]["lowers"]["devices"][1].update(tx_bytes_per_sec=0)),
        ("the VLAN past bond0", lambda f, s: f.update({"ip1_bond0.7.json": json.dumps(
            [{"ifname": "bond0.7", "stats64": {"tx": {"bytes": 6000}}}])})),
        ("bva not down", lambda f, s: s[2]["links"][0]["lowers"]["devices"][0].update(down=False)),
    )
    for name, mut in tampers:
        if not run(mut):
            fails.append("bond: %s went unnoticed" % name)
    return fails
