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

import json
import os
import shutil
import sys

import check_faults

import check_scale  # the scale scenario (tests/vm/check_scale.py)

PSN_MOD = 1 << 24

# (rdmatop key, rdma file, key fields besides ifindex)
KINDS = [
    ("devices", "dev.json", ()),
    ("links", "link.json", ("port",)),
    ("resources", "res.json", ()),
    ("qps", "qp.json", ("lqpn", "port")),
    ("cm_ids", "cm_id.json", ("cm-idn",)),
    ("cqs", "cq.json", ("cqn",)),
    ("mrs", "mr.json", ("mrn",)),
    ("pds", "pd.json", ("pdn",)),
    ("ctxs", "ctx.json", ("ctxn",)),
    ("srqs", "srq.json", ("srqn",)),
]

# How a field may move between the before and after rdma sets.
PSN_FIELDS = {"qps": {"rq-psn", "sq-psn"}}
RANGE_FIELDS = {
    "cqs": {"users"},
    "pds": {"users"},
    "srqs": {"users"},
    "mrs": {"users"},
    "resources": {"pd", "cq", "qp", "cm_id", "mr", "ctx", "srq"},
}

# Keys rdmatop adds to rdma's; any "*_per_sec" key is allowed as well.
EXTRA_KEYS = {
    "*": {"process_pid", "process_comm"},
    "links": {"rate", "link_layer"},
}

# What the kernel sends but the oracle's iproute2 does not print: rdmatop
# may report it, the comparison cannot check its value.  Debian's 6.1.192
# kernel sends RDMA_NLDEV_ATTR_DEV_PROTOCOL ("roce" for rxe) and
# RDMA_NLDEV_SYS_ATTR_PRIVILEGED_QKEY_MODE; iproute2 6.1 prints neither
# (iproute2 6.15 prints both).
ORACLE_BLIND = [
    ((6, 15), {"devices": {"protocol"}, "system": {"privileged-qkey"}}),
]


def blind_fields(iproute2):
    out = {}
    if iproute2 is None:
        return out
    for below, fields in ORACLE_BLIND:
        if iproute2 < below:
            for k, v in fields.items():
                out.setdefault(k, set()).update(v)
    return out


def iproute2_version(text):
    """"rdma utility, iproute2-6.1.0" -> (6, 1)."""
    import re
    m = re.search(r"iproute2-(?:ss)?(\d+)\.(\d+)", text or "")
    return (int(m.group(1)), int(m.group(2))) if m else None


TOP_KEYS = ["time", "interval", "host", "kernel", "devices", "links",
            "resources", "qps", "cm_ids", "cqs", "mrs", "pds", "ctxs", "srqs",
            "counters", "processes", "notes"]

PROC_COUNTS = [("qps", "qps"), ("cqs", "cqs"), ("mrs", "mrs"), ("pds", "pds"),
               ("cm_ids", "cm_ids"), ("ctxs", "ctxs"), ("srqs", "srqs")]

COUNTER_UNITS = {"packets", "bytes", "events"}


class Report:
    def __init__(self):
        self.errors = []
        self.notes = []
        self.checks = 0

    def fail(self, msg):
        self.errors.append(msg)

    def note(self, msg):
        if msg not in self.notes:
            self.notes.append(msg)

    def ok(self, cond, msg):
        self.checks += 1
        if not cond:
            self.fail(msg)
        return cond

    def dump(self, out):
        for n in self.notes:
            print("note: " + n, file=out)
        for e in self.errors:
            print("MISMATCH " + e, file=out)
        print("%d checks, %d mismatches" % (self.checks, len(self.errors)), file=out)


def read_json(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    return json.loads(text) if text.strip() else None


def read_json_lines(path):
    out = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.strip():
                out.append(json.loads(line))
    return out


def read_text(path, default=""):
    try:
        with open(path, encoding="utf-8") as f:
            return f.read()
    except OSError:
        return default


def rc_text(rc):
    """Exit status of an rdmatop run in the guest, explained."""
    if rc in ("124", "143", "137"):
        return "%s (still running after its timeout: killed)" % rc
    return rc


def read_meta(d):
    meta = {}
    for line in read_text(os.path.join(d, "meta.txt")).splitlines():
        if "=" in line:
            k, v = line.split("=", 1)
            meta[k] = v
    return meta


def parse_sys(text):
    """`rdma sys show` text ("netns shared copy-on-fork on ...") -> dict.
    iproute2 6.1 and 6.15 print it as text even with -j."""
    words = text.split()
    return {words[i]: words[i + 1] for i in range(0, len(words) - 1, 2)}


def same(a, b):
    return type(a) is type(b) and a == b


def fmt(v):
    return json.dumps(v)


def obj_key(kind_keys, o):
    return (o.get("ifindex"),) + tuple(o.get(k) for k in kind_keys)


def key_str(kind, key, o):
    name = o.get("ifname", "?")
    parts = ["%s" % name, "ifindex=%s" % key[0]]
    for k, v in zip(dict(KINDS_BY_NAME[kind])["keys"], key[1:]):
        if v is not None:
            parts.append("%s=%s" % (k, v))
    return "%s[%s]" % (kind, " ".join(parts))


KINDS_BY_NAME = {k: [("file", f), ("keys", ks)] for k, f, ks in KINDS}


class RdmaSet:
    """One `rdma -j` set as written by rdma_set in tests/vm/guest/lib.sh."""

    def __init__(self, d):
        self.dir = d
        self.objs = {}
        self.missing = []
        for kind, fname, keys in KINDS:
            path = os.path.join(d, fname)
            data = None
            try:
                data = read_json(path)
            except (OSError, ValueError) as e:
                self.missing.append("%s (%s)" % (fname, e))
            self.objs[kind] = {obj_key(keys, o): o for o in (data or [])}
        self.ifindex = {}
        for o in self.objs["devices"].values():
            self.ifindex[o.get("ifname")] = o.get("ifindex")
        for o in self.objs["links"].values():
            self.ifindex.setdefault(o.get("ifname"), o.get("ifindex"))
        self.counters = {}
        try:
            stat = read_json(os.path.join(d, "stat.json")) or []
        except (OSError, ValueError) as e:
            self.missing.append("stat.json (%s)" % e)
            stat = []
        for o in stat:
            ifi = self.ifindex.get(o.get("ifname"))
            for k, v in o.items():
                if k in ("ifname", "port", "ifindex"):
                    continue
                self.counters[(ifi, o.get("port"), k)] = (o.get("ifname"), v)
        self.sys = None
        if os.path.exists(os.path.join(d, "sys.txt")):
            self.sys = parse_sys(read_text(os.path.join(d, "sys.txt")))


def load_procs(path):
    """procs.txt: "tid tgid comm" -> {tid: (tgid, comm)}."""
    m = {}
    for line in read_text(path).splitlines():
        parts = line.split(None, 2)
        if len(parts) >= 2 and parts[0].isdigit() and parts[1].isdigit():
            m[int(parts[0])] = (int(parts[1]), parts[2] if len(parts) > 2 else "")
    return m


def allowed_extra(kind, field):
    return (field.endswith("_per_sec") or field in EXTRA_KEYS["*"]
            or field in EXTRA_KEYS.get(kind, ()))


def check_field(rep, where, kind, field, b, a, r):
    if kind in PSN_FIELDS and field in PSN_FIELDS[kind]:
        if not (isinstance(r, int) and isinstance(b, int) and isinstance(a, int)):
            rep.ok(same(r, b), "%s %s: rdmatop %s, rdma %s/%s" % (where, field, fmt(r), fmt(b), fmt(a)))
            return
        span = (a - b) % PSN_MOD
        off = (r - b) % PSN_MOD
        rep.ok(off <= span, "%s %s: rdmatop %d not between rdma before %d and after %d (24-bit)"
               % (where, field, r, b, a))
        return
    if kind in RANGE_FIELDS and field in RANGE_FIELDS[kind] and isinstance(b, int) and isinstance(a, int):
        lo, hi = min(a, b), max(a, b)
        rep.ok(isinstance(r, int) and not isinstance(r, bool) and lo <= r <= hi,
               "%s %s: rdmatop %s not within rdma before %d / after %d" % (where, field, fmt(r), b, a))
        return
    if same(b, a):
        rep.ok(same(r, b), "%s %s: rdmatop %s, rdma %s" % (where, field, fmt(r), fmt(b)))
    else:
        rep.ok(same(r, b) or same(r, a), "%s %s: rdmatop %s, rdma before %s, after %s (changed)"
               % (where, field, fmt(r), fmt(b), fmt(a)))


def compare_snapshot(d, rep, rt=None, label=None, iproute2=None):
    """Compare rdmatop's sample with the rdma sets around it.  Returns the
    (before, after, rt) triple for further checks, or None.  iproute2: the
    oracle's version, (major, minor)."""
    label = label or os.path.basename(d.rstrip("/"))
    blind = blind_fields(iproute2)
    before = RdmaSet(os.path.join(d, "before"))
    after = RdmaSet(os.path.join(d, "after"))
    for s in (before, after):
        for m in s.missing:
            rep.fail("%s: rdma output unusable: %s/%s" % (label, os.path.basename(s.dir), m))
    if rt is None:
        rtp = os.path.join(d, "rt.json")
        if not os.path.exists(rtp):
            rep.note("%s: rdmatop not run (no binary under test): rdma side only" % label)
            return before, after, None
        rc = read_text(os.path.join(d, "rt.rc"), "0").strip()
        err = read_text(os.path.join(d, "rt.err")).strip()
        try:
            lines = read_json_lines(rtp)
        except ValueError as e:
            rep.fail("%s: rdmatop -j -n 1 printed invalid JSON (%s); rc=%s; stderr: %s"
                     % (label, e, rc, err[:300]))
            return before, after, None
        if not rep.ok(rc == "0" and len(lines) == 1,
                      "%s: rdmatop -j -n 1 exit %s, %d lines; stderr: %s"
                      % (label, rc_text(rc), len(lines), err[:300])):
            if not lines:
                return before, after, None
        rt = lines[-1]
    if not isinstance(rt, dict):
        rep.fail("%s: rdmatop sample is not a JSON object" % label)
        return before, after, None
    for k in TOP_KEYS:
        rep.ok(k in rt, "%s: rdmatop sample has no \"%s\"" % (label, k))

    for kind, _, keys in KINDS:
        bo, ao = before.objs[kind], after.objs[kind]
        ro = {}
        for o in rt.get(kind) or []:
            k = obj_key(keys, o)
            if k in ro:
                rep.fail("%s: %s twice in rdmatop" % (label, key_str(kind, k, o)))
            ro[k] = o
        for k in sorted(set(bo) & set(ao), key=str):
            where = "%s: %s" % (label, key_str(kind, k, bo[k]))
            if not rep.ok(k in ro, "%s: in rdma before and after, missing in rdmatop" % where):
                continue
            b, a, r = bo[k], ao[k], ro[k]
            for field in sorted(set(b) | set(a)):
                if field in b and field in a:
                    if not rep.ok(field in r, "%s %s: rdma reports %s, rdmatop omits it"
                                  % (where, field, fmt(b[field]))):
                        continue
                    check_field(rep, where, kind, field, b[field], a[field], r[field])
            for field in sorted(set(r) - set(b) - set(a)):
                if field in blind.get(kind, ()):
                    rep.note("%s: %s %s not checked: iproute2 %d.%d does not print it"
                             % (label, kind, field, iproute2[0], iproute2[1]))
                    continue
                rep.ok(allowed_extra(kind, field), "%s %s: rdmatop reports %s, rdma does not"
                       % (where, field, fmt(r[field])))
        for k in sorted(set(ro) - set(bo) - set(ao), key=str):
            rep.fail("%s: %s only in rdmatop (not in rdma before or after)"
                     % (label, key_str(kind, k, ro[k])))

    # counters: the "hw" entries are `rdma -j stat show`'s per-port counters
    rc_ = {}
    for c in rt.get("counters") or []:
        if not isinstance(c, dict):
            rep.fail("%s: counters entry is not an object: %s" % (label, fmt(c)))
            continue
        rep.ok(c.get("unit") in COUNTER_UNITS, "%s: counter %s/%s %s: unit %s"
               % (label, c.get("ifname"), c.get("port"), c.get("name"), fmt(c.get("unit"))))
        if c.get("source") != "hw":
            continue
        k = (c.get("ifindex"), c.get("port"), c.get("name"))
        if k in rc_:
            rep.fail("%s: counter %s twice in rdmatop" % (label, k))
        rc_[k] = c
    for k in sorted(set(before.counters) & set(after.counters), key=str):
        ifname, b = before.counters[k]
        _, a = after.counters[k]
        where = "%s: counter %s/%s %s" % (label, ifname, k[1], k[2])
        if not rep.ok(k in rc_, "%s: in rdma stat, missing in rdmatop (source hw)" % where):
            continue
        c = rc_[k]
        rep.ok(c.get("ifname") == ifname, "%s: ifname %s" % (where, fmt(c.get("ifname"))))
        v = c.get("value")
        if a >= b:
            rep.ok(isinstance(v, int) and b <= v <= a, "%s: rdmatop %s not between rdma before %d and after %d"
                   % (where, fmt(v), b, a))
        else:
            rep.note("%s went down %d -> %d between the rdma runs (reset)" % (where, b, a))
    for k in sorted(set(rc_) - set(before.counters) - set(after.counters), key=str):
        rep.fail("%s: counter %s only in rdmatop (source hw), not in rdma stat" % (label, k))

    # system: `rdma sys show`
    if before.sys is not None and after.sys is not None and before.sys == after.sys:
        sysrt = dict(rt.get("system") or {})
        for k in sorted(blind.get("system", ())):
            if k in sysrt and k not in before.sys:
                rep.note("%s: system %s=%s not checked: iproute2 %d.%d does not print it"
                         % (label, k, sysrt.pop(k), iproute2[0], iproute2[1]))
        rep.ok(sysrt == before.sys, "%s: system: rdmatop %s, rdma %s" % (label, fmt(sysrt), fmt(before.sys)))

    check_processes(d, rep, label, before, after, rt)
    return before, after, rt


def owned(s, kind):
    """{key: obj} of objects with a pid (user-space owners)."""
    return {k: o for k, o in s.objs[kind].items() if isinstance(o.get("pid"), int)}


def check_processes(d, rep, label, before, after, rt):
    procs = load_procs(os.path.join(d, "procs.txt"))
    procs.update({k: v for k, v in load_procs(os.path.join(d, "procs_after.txt")).items() if k not in procs})
    if not procs:
        rep.note("%s: no task list: process checks skipped" % label)
        return
    rtp = {}
    for p in rt.get("processes") or []:
        pid = p.get("pid")
        if pid in rtp:
            rep.fail("%s: processes: pid %s listed twice" % (label, pid))
        rtp[pid] = p
        if pid in procs:
            rep.ok(procs[pid][0] == pid, "%s: processes: pid %s is a thread of %s, not a process id (Tgid)"
                   % (label, pid, procs[pid][0]))
    # per-object process_pid/process_comm
    for kind, _, keys in KINDS:
        for o in rt.get(kind) or []:
            pid = o.get("pid")
            if isinstance(pid, int) and pid in procs and "process_pid" in o:
                tg = procs[pid][0]
                rep.ok(o.get("process_pid") == tg, "%s: %s pid %d: process_pid %s, Tgid is %d"
                       % (label, key_str(kind, obj_key(keys, o), o), pid, fmt(o.get("process_pid")), tg))
                if tg in procs and "process_comm" in o:
                    rep.ok(o.get("process_comm") == procs[tg][1], "%s: %s: process_comm %s, comm of %d is %s"
                           % (label, key_str(kind, obj_key(keys, o), o), fmt(o.get("process_comm")), tg,
                              fmt(procs[tg][1])))
    # per process: counts of stable objects <= rdmatop <= counts of all seen
    lo, hi, threads, mrb_lo, mrb_hi = {}, {}, {}, {}, {}
    for kind, pkey in PROC_COUNTS:
        bo, ao = owned(before, kind), owned(after, kind)
        for k in set(bo) | set(ao):
            o = bo.get(k) or ao.get(k)
            tg = procs.get(o["pid"], (None,))[0]
            if tg is None:
                continue
            hi.setdefault(tg, {}).setdefault(pkey, 0)
            hi[tg][pkey] += 1
            if kind == "mrs":
                mrb_hi[tg] = mrb_hi.get(tg, 0) + (o.get("mrlen") or 0)
            if k in bo and k in ao:
                lo.setdefault(tg, {}).setdefault(pkey, 0)
                lo[tg][pkey] += 1
                threads.setdefault(tg, set()).add(o["pid"])
                if kind == "mrs":
                    mrb_lo[tg] = mrb_lo.get(tg, 0) + (o.get("mrlen") or 0)
    for tg in sorted(lo):
        where = "%s: processes[pid %d %s]" % (label, tg, procs.get(tg, (0, "?"))[1])
        if not rep.ok(tg in rtp, "%s: holds %s (rdma), not in rdmatop's processes" % (where, lo[tg])):
            continue
        p = rtp[tg]
        for _, pkey in PROC_COUNTS:
            lv, hv = lo[tg].get(pkey, 0), hi.get(tg, {}).get(pkey, 0)
            v = p.get(pkey, 0)
            rep.ok(isinstance(v, int) and lv <= v <= hv, "%s %s: rdmatop %s, rdma %s"
                   % (where, pkey, fmt(v), lv if lv == hv else "%d..%d" % (lv, hv)))
        if "mr_bytes" in p or mrb_lo.get(tg):
            v = p.get("mr_bytes")
            rep.ok(isinstance(v, int) and mrb_lo.get(tg, 0) <= v <= mrb_hi.get(tg, 0),
                   "%s mr_bytes: rdmatop %s, rdma %d..%d" % (where, fmt(v), mrb_lo.get(tg, 0), mrb_hi.get(tg, 0)))
        th = set(p.get("threads") or [])
        rep.ok(threads[tg] <= th, "%s threads: rdmatop %s, owners in rdma %s"
               % (where, sorted(th), sorted(threads[tg])))
        if tg in procs:
            rep.ok(p.get("comm") == procs[tg][1], "%s comm: rdmatop %s" % (where, fmt(p.get("comm"))))
        if "uid" in p:
            rep.ok(p.get("uid") == 0, "%s uid: rdmatop %s, the guest runs everything as root" % (where, fmt(p.get("uid"))))
    for pid in sorted(set(rtp) - set(hi), key=str):
        if pid in procs:
            rep.fail("%s: processes: pid %s (%s) in rdmatop owns nothing in rdma"
                     % (label, pid, procs[pid][1]))


# ---- ground truth -------------------------------------------------------

def stat_value(path, ifname, port, name):
    for o in read_json(path) or []:
        if o.get("ifname") == ifname and o.get("port") == port:
            return o.get(name)
    return None


def rt_counter(sample, ifname, port, name):
    for c in sample.get("counters") or []:
        if (c.get("ifname") == ifname and c.get("port") == port and c.get("name") == name
                and c.get("source") == "hw"):
            return c
    return None


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


# Scenarios that take no oracle snapshot of their own.
NO_SNAPSHOT = {"events", "priv", "demo", "scale"}


def check_scenario(d, scen, kv, rep, rdmatop=None):
    meta = read_meta(d)
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
        check_scale.check(d, kv, rep, meta)
    elif scen == "faults":
        check_faults.check(d, rep, kv, meta)
    elif scen == "many-qp":
        for pid in meta.get("pids", "").split():
            check_owner(d, rep, "many", pid, want_qps=int(meta["qps_per_process"]))
        rep.ok(meta.get("many_qp_rc") == "0", "many_qp exit status %s" % meta.get("many_qp_rc"))
        for k in ("rdmatop_sample_s", "rdma_qp_dump_s"):
            if k in meta:
                rep.note("%s QPs: %s = %s" % (int(meta["qps_per_process"]) * int(meta["processes"]), k, meta[k]))


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
    gone = [i for i, h in enumerate(has) if not h]
    rep.ok(bool(gone), "churn: rxe1 was deleted for 3 s, but every sample shows it")
    rep.ok(bool(gone) and any(has[gone[0]:]) and has[-1],
           "churn: rxe1 was re-added, but rdmatop did not show it again")


# ---- record/replay, the dashboard, issue 6 ---------------------------------

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


def rate_nonzero(tok):
    """"1.6K/s", "0/s", "12/s", "n/a" -> is it a non-zero rate?"""
    import re
    m = re.match(r"^([0-9.]+)([KMGT]?)(/s)?$", tok or "")
    return bool(m) and float(m.group(1)) > 0


def screen_table(lines, header_re):
    """Rows (lists of blank-separated words) of the table whose header
    matches header_re, with the header's words; stops at an empty line."""
    import re
    for i, line in enumerate(lines):
        if re.search(header_re, line):
            hdr = line.split()
            rows = []
            for row in lines[i + 1:]:
                if not row.strip() or "F1Help" in row:
                    break
                rows.append(row.split())
            return hdr, rows
    return None, []


def col(hdr, name):
    for i, h in enumerate(hdr):
        if h.rstrip("v^\u25b2\u25bc") == name:
            return i
    return None


def right_col_value(lines, header_re, label, row_re):
    """Value of the right-aligned column `label` in the row matching row_re
    of the table whose header matches header_re (ends where the label ends)."""
    import re
    for i, line in enumerate(lines):
        if re.search(header_re, line):
            end = line.find(label)
            if end < 0:
                return None
            end += len(label)
            for row in lines[i + 1:]:
                if re.search(row_re, row):
                    part = row[:end].rstrip()
                    return part.split()[-1] if part.split() else None
    return None


def check_tui(d, rep, kv, meta, comm):
    """The dashboard during the traffic (issue 4): the two processes, their
    QPs sorted by process (PID column ascending, each process's rows
    together), non-zero PSN and packet rates, header mode, clean exit."""
    first = os.path.join(d, "tui_first.txt")
    if not os.path.exists(first):
        if os.path.exists(os.path.join(d, "busy", "rt.json")):
            rep.fail("tui: the dashboard never drew its header in tmux (no tui_first.txt); log: %s"
                     % read_text(os.path.join(d, "log.txt"))[-300:])
        return
    pids = {int(meta["server_pid"]), int(meta["client_pid"])}
    head = read_text(first).splitlines()[:1]
    mode = "events" if kv == "6.12" else "polling"
    rep.ok(bool(head) and ("changes %s" % mode) in head[0],
           "tui: header does not say \"changes %s\": %s" % (mode, head[0] if head else "(empty)"))
    rep.ok(meta.get("tui_rate_s", "timeout") != "timeout", "tui: no non-zero rate on screen within 60 s")
    qps = read_text(os.path.join(d, "tui_qps.txt")).splitlines()
    hdr, rows = screen_table(qps, r"^DEV +PORT +LQPN")
    if not rep.ok(hdr is not None, "tui: no QP table on screen:\n%s" % "\n".join(qps)):
        return
    ip, ic, ir = col(hdr, "PID"), col(hdr, "COMM"), col(hdr, "PSN/s")
    if not rep.ok(None not in (ip, ic, ir) and any(h.startswith("PID") and h != "PID" for h in hdr),
                  "tui: QP table not sorted by PID (header %s)" % " ".join(hdr)):
        return
    seq = [r[ip] for r in rows if len(r) == len(hdr)]
    nums = [int(x) for x in seq if x.isdigit()]
    rep.ok(nums == sorted(nums), "tui: PID column not ascending: %s" % nums)
    # each process's rows together (sorted by process)
    runs = [k for i, k in enumerate(nums) if i == 0 or nums[i - 1] != k]
    rep.ok(len(runs) == len(set(runs)), "tui: a process's QPs are not together: %s" % nums)
    for pid in sorted(pids):
        mine = [r for r in rows if len(r) == len(hdr) and r[ip] == str(pid)]
        if not rep.ok(mine, "tui: process %d (%s) has no QP row on screen:\n%s" % (pid, comm, "\n".join(qps))):
            continue
        rep.ok(all(r[ic] == comm for r in mine), "tui: pid %d rows' COMM %s, want %s"
               % (pid, [r[ic] for r in mine], comm))
        rep.ok(any(rate_nonzero(r[ir]) for r in mine), "tui: pid %d QP rows have PSN/s %s (want non-zero)"
               % (pid, [r[ir] for r in mine]))
    for lab in ("RXPKT/s", "TXPKT/s"):
        v = right_col_value(qps, r"^DEV +PORT +STATE", lab, r"^rxe0 ")
        rep.ok(rate_nonzero((v or "") + "/s" if v and not v.endswith("/s") else v),
               "tui: rxe0 %s on screen is %s (want non-zero)" % (lab, v))
    procs = read_text(os.path.join(d, "tui_procs.txt")).splitlines()
    hdr, rows = screen_table(procs, r"^ +PID +COMM +UID")
    if rep.ok(hdr is not None, "tui: no Processes table after key 2:\n%s" % "\n".join(procs)):
        # PID and COMM lead the row; MR_BYTES has a blank ("4.0 KiB"): the
        # PSN rate is the one word ending in /s
        for pid in sorted(pids):
            mine = [r for r in rows if r and r[0] == str(pid)]
            if rep.ok(len(mine) == 1, "tui: Processes shows pid %d %d times:\n%s"
                      % (pid, len(mine), "\n".join(procs))):
                rate = [w for w in mine[0] if w.endswith("/s")]
                rep.ok(mine[0][1] == comm and len(rate) == 1 and rate_nonzero(rate[0]),
                       "tui: Processes row of %d: %s (want %s, non-zero PSN/s)" % (pid, " ".join(mine[0]), comm))
    rep.ok("EXITED:0" in read_text(os.path.join(d, "tui_exit.txt")), "tui: q did not end rdmatop with status 0")
    rep.note("tui: first screen after %ss, a non-zero rate after %ss more"
             % (meta.get("tui_first_s"), meta.get("tui_rate_s")))


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


def row_attrs(esc_lines, dev):
    """The escape sequences (SGR) in front of the device name on its links
    row of a `capture-pane -e` screen, or None."""
    import re
    for line in esc_lines:
        m = re.match(r"^((?:\x1b\[[0-9;]*m)*)" + re.escape(dev) + r"(?:\x1b\[[0-9;]*m)* ", line)
        if m:
            return m.group(1)
    return None


def sample_events(path):
    try:
        s = read_json_lines(path)
    except (OSError, ValueError):
        return None
    return s


def check_events(d, rep, kv, meta):
    """Issue 6: hot-plug, rename and port state on screen and in "events"."""
    if not os.path.exists(os.path.join(d, "tui_start.txt")):
        rep.note("events: rdmatop not run")
        return
    delay = float(meta.get("delay", "5"))
    mode = "events" if kv == "6.12" else "polling"
    head = read_text(os.path.join(d, "tui_start.txt")).splitlines()[:1]
    rep.ok(bool(head) and ("changes %s" % mode) in head[0],
           "events: header does not say \"changes %s\": %s" % (mode, head[0] if head else "(empty)"))
    kernel = kv == "6.12"
    # (the status line shows a sample's last change; see events.sh)
    want = {
        "add": "(REGISTER|NETDEV_ATTACH|dev_added) rxe1",
        "rename": "dev_renamed rxe9 rxe1 -> rxe9",
        "down": "port_(phys_)?state rxe9 .*-> (DOWN|DISABLED)",
        "up": "port_(phys_)?state rxe9 .*-> (ACTIVE|LINK_UP)",
        "delete": "(UNREGISTER|dev_removed) rxe9",
    }
    # the device's row in the links pane after the change
    rows = {"add": r"^rxe1 +1 ", "rename": r"^rxe9 +1 ", "down": r"^rxe9 +1 +DOWN ",
            "up": r"^rxe9 +1 +ACTIVE ", "delete": None}
    import re
    for act, pat in want.items():
        seen = meta.get("%s_seen_s" % act, "timeout")
        screen = read_text(os.path.join(d, "tui_%s.txt" % act)).splitlines()
        if not rep.ok(seen != "timeout", "events: %s never showed /%s/ on screen; last screen:\n%s"
                      % (act, pat, "\n".join(screen))):
            continue
        limit = 0.5 if kernel and act in ("add", "delete") else delay + 3.0
        rep.ok(float(seen) <= limit, "events: %s on screen %ss after the command (limit %.1fs)" % (act, seen, limit))
        hit = [i for i, line in enumerate(screen) if re.search(pat, line)]
        # the status line is the third line (under the header's two)
        rep.ok(2 in hit, "events: %s: the status line (line 3) does not show it: %s"
               % (act, screen[2] if len(screen) > 2 else ""))
        esc = read_text(os.path.join(d, "tui_%s.esc.txt" % act)).splitlines()
        if act in ("add", "rename"):
            # the changed device's row is drawn in another colour than rxe0's
            dev = "rxe1" if act == "add" else "rxe9"
            r0, r1 = row_attrs(esc, "rxe0"), row_attrs(esc, dev)
            if rep.ok(r0 is not None and r1 is not None, "events: %s: no rxe0/%s rows in the attributed screen"
                      % (act, dev)):
                rep.ok(r0 != r1, "events: %s: %s's row is not marked (same attributes as rxe0's: %r)"
                       % (act, dev, r1))
        devrows = [x for x in screen if re.match(r"^rxe[19] ", x)]
        if rows[act]:
            rep.ok(any(re.match(rows[act], x) for x in devrows), "events: %s: no device row /%s/ on screen: %s"
                   % (act, rows[act], devrows))
        else:
            rep.ok(not devrows, "events: %s: the deleted device still has a row: %s" % (act, devrows))
        rep.note("events: %s on screen %ss after `%s` returned (it ran %ss): %s"
                 % (act, seen, act, meta.get("%s_ran_s" % act), screen[2].strip() if len(screen) > 2 else ""))
    # JSON "events" around each action
    jwant = {
        "add": ([("kernel", "REGISTER", "rxe1"), ("kernel", "NETDEV_ATTACH", "rxe1")] if kernel
                else [("poll", "dev_added", "rxe1")]),
        "rename": [("poll", "dev_renamed", "rxe9")],
        "down": [("poll", "port_state", "rxe9")],
        "up": [("poll", "port_state", "rxe9")],
        "delete": ([("kernel", "UNREGISTER", "rxe9")] if kernel else [("poll", "dev_removed", "rxe9")]),
    }
    for act, wants in jwant.items():
        samples = sample_events(os.path.join(d, "j_%s.json" % act))
        rc = meta.get("j_%s_rc" % act)
        if not rep.ok(samples is not None and len(samples) == 2 and rc == "0",
                      "events: rdmatop -j -n 2 -d 2 around %s: exit %s, %s samples; stderr: %s"
                      % (act, rc_text(rc), None if samples is None else len(samples),
                         read_text(os.path.join(d, "j_%s.err" % act))[:300])):
            continue
        evs = samples[1].get("events") or []
        got = [(e.get("source"), e.get("type"), e.get("ifname")) for e in evs]
        for w in wants:
            rep.ok(w in got, "events: %s: no %s in the second sample's events %s" % (act, w, got))
        if not kernel:
            rep.ok(all(e.get("source") == "poll" for e in evs), "events: a kernel event on 6.1: %s" % got)
        for e in evs:
            if e.get("type") == "NETDEV_ATTACH":
                rep.ok(e.get("netdev") == "dummy1" and e.get("port") == 1,
                       "events: NETDEV_ATTACH %s (want port 1, netdev dummy1)" % fmt(e))
            if e.get("type") == "dev_renamed":
                rep.ok(e.get("from") == "rxe1" and e.get("to") == "rxe9", "events: dev_renamed %s" % fmt(e))
            if e.get("type") == "port_state" and act in ("down", "up"):
                exp = ("ACTIVE", "DOWN") if act == "down" else ("DOWN", "ACTIVE")
                rep.ok((e.get("from"), e.get("to")) == exp, "events: %s port_state %s (want %s -> %s)"
                       % (act, fmt(e), exp[0], exp[1]))
        first = [(e.get("source"), e.get("type")) for e in samples[0].get("events") or []]
        rep.note("events: %s: %s" % (act, ", ".join("%s %s %s" % g for g in got) or "none"))
        if first:
            rep.note("events: %s: the first sample also had %s" % (act, first))
        mon = (samples[1].get("system") or {}).get("monitor")
        if kernel:
            rep.ok(mon == "on", "events: system monitor %s on 6.12" % fmt(mon))


def note_of(sample, word):
    return [n for n in sample.get("notes") or [] if word in (n.get("message") or "")]


def check_priv(d, rep, meta):
    """Issue 6: unprivileged run (hidden MR/PD keys, said so), netns mode."""
    if not os.path.exists(os.path.join(d, "root.json")):
        rep.note("priv: rdmatop not run")
        return
    ident = read_text(os.path.join(d, "nobody_id.txt"))
    rep.ok("uid=65534" in ident, "priv: su nobody runs as %s" % ident.strip())
    pids = {int(meta["server_pid"]), int(meta["client_pid"])}
    for who in ("nobody", "root"):
        rc = meta.get("%s_rc" % who)
        try:
            smp = read_json_lines(os.path.join(d, "%s.json" % who))
        except ValueError as e:
            rep.fail("priv: %s: invalid JSON: %s" % (who, e))
            continue
        if not rep.ok(rc == "0" and len(smp) == 1, "priv: rdmatop -j -n 1 as %s: exit %s, %d samples; stderr: %s"
                      % (who, rc_text(rc), len(smp), read_text(os.path.join(d, "%s.err" % who))[:300])):
            continue
        s = smp[0]
        mrs = [m for m in s.get("mrs") or [] if m.get("process_pid") in pids]
        rep.ok(len(mrs) >= 2, "priv: %s: %d MRs of the pingpong pair (want >= 2)" % (who, len(mrs)))
        pds = [p for p in s.get("pds") or [] if p.get("process_pid") in pids]
        hidden = note_of(s, "CAP_NET_ADMIN")
        if who == "nobody":
            rep.ok(bool(hidden), "priv: nobody: no CAP_NET_ADMIN note in %s" % fmt(s.get("notes")))
            rep.ok(all("rkey" not in m and "lkey" not in m for m in mrs), "priv: nobody: MR keys present: %s"
                   % fmt(mrs)[:300])
            rep.ok(all("local_dma_lkey" not in p for p in pds), "priv: nobody: PD keys present")
            if hidden:
                rep.note("priv: nobody: note \"%s\"" % hidden[0].get("message"))
        else:
            rep.ok(not hidden, "priv: root: hidden-keys note as root: %s" % fmt(hidden))
            rep.ok(bool(mrs) and all("rkey" in m and "lkey" in m for m in mrs), "priv: root: MR keys missing: %s"
                   % fmt(mrs)[:300])
    # the oracle agrees: rdma as nobody gets no keys either
    try:
        rn = read_json(os.path.join(d, "mr_nobody.json")) or []
        rr = read_json(os.path.join(d, "mr_root.json")) or []
        rep.ok(rr and all("rkey" in m for m in rr if "pid" in m) and all("rkey" not in m for m in rn),
               "priv: rdma itself: keys as root %s, as nobody %s" % (fmt(rr)[:200], fmt(rn)[:200]))
    except ValueError as e:
        rep.fail("priv: rdma -j res show mr: %s" % e)
    tn = read_text(os.path.join(d, "tui_nobody.txt"))
    if rep.ok("CAP_NET_ADMIN" in tn, "priv: the dashboard as nobody does not show the note:\n%s" % tn):
        line = [x for x in tn.splitlines() if "CAP_NET_ADMIN" in x][0].strip()
        rep.note("priv: dashboard as nobody: %s" % line)
    # The process detail (Enter on a process) lists its MRs.  rdmatop bug,
    # reported, not fixed here: its RKEY/LKEY columns say "n/a" without
    # CAP_NET_ADMIN (only the main tables substitute "hidden"), and its
    # title line is drawn over the status line without clearing it.
    tp = read_text(os.path.join(d, "tui_nobody_proc.txt"))
    if rep.ok("MRs (" in tp, "priv: no process detail with MRs as nobody:\n%s" % tp):
        mr = tp[tp.index("MRs ("):].splitlines()[1:3]
        if "hidden" not in tp:
            rep.note("priv: rdmatop bug (reported): the process detail as nobody shows MR keys as n/a, "
                     "not \"hidden\": %s" % " / ".join(x.strip() for x in mr))

    # --set-netns-mode
    def sysm(k):
        return parse_sys(meta.get("ns_%s_sys" % k, "")).get("netns")

    def out(k):
        return (read_text(os.path.join(d, "ns_%s.out" % k)) + read_text(os.path.join(d, "ns_%s.err" % k))).strip()
    rep.ok(sysm("start") == "shared", "netns: mode at the start %s" % meta.get("ns_start_sys"))
    for k, rc, mode, words in (("exclusive", "0", "exclusive", ("set to exclusive", "verified")),
                               ("exclusive_again", "0", "exclusive", ("already exclusive",)),
                               ("shared", "0", "shared", ("set to shared", "verified")),
                               ("nobody", "1", "shared", ("CAP_NET_ADMIN", "nothing changed")),
                               ("busy", "1", "shared", ("EBUSY", "namespaces", "stays shared"))):
        o = out(k)
        rep.ok(meta.get("ns_%s_rc" % k) == rc, "netns %s: exit %s (want %s): %s" % (k, meta.get("ns_%s_rc" % k), rc, o))
        rep.ok(sysm(k) == mode, "netns %s: rdma sys show says %s (want %s)" % (k, meta.get("ns_%s_sys" % k), mode))
        for w in words:
            rep.ok(w in o, "netns %s: the message lacks \"%s\": %s" % (k, w, o))
        rep.note("netns %s: exit %s, \"%s\"; rdma sys show: netns %s" % (k, meta.get("ns_%s_rc" % k), o, sysm(k)))
    rep.ok(meta.get("netns_add_rc") == "0", "netns: ip netns add x failed: %s"
           % read_text(os.path.join(d, "netns_add.txt")))


MTU_ENUM = {1: 256, 2: 512, 3: 1024, 4: 2048, 5: 4096}
# RoCEv2 on Ethernet, per packet: Ethernet 14 + IPv4 20 + UDP 8 + BTH 12 +
# ICRC 4 (veth counts no FCS); an RC ACK adds AETH 4 to that.
ROCE_HDR = 58
ROCE_ACK = 62


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
        for name in ("sent_pkts", "rcvd_pkts"):
            sb = stat_value(os.path.join(d, "stat_before.json"), dev, 1, name)
            sa = stat_value(os.path.join(d, "stat_after.json"), dev, 1, name)
            c = rt_counter(s2, dev, 1, name)
            if c and isinstance(sb, int) and isinstance(sa, int):
                rep.ok(c.get("delta") == sa - sb, "counters: %s %s: rdmatop delta %s, rdma stat delta %d "
                       "(the workload ran inside the interval)" % (dev, name, fmt(c.get("delta")), sa - sb))
                rep.note("counters: %s %s: rdmatop %s/s * %.3f s = %s, rdma -j stat show delta %d"
                         % (dev, name, c.get("rate"), iv, c.get("delta"), sa - sb))
        link = [x for x in s2.get("links") or [] if x.get("ifname") == dev]
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
            rep.ok(abs(moved - expect) <= 0.05 * expect,
                   "counters: %s netdev %s: %.0f B/s * %.3f s = %.0f B, the workload moved %d B (%d x %d B "
                   "messages + headers and ACKs): %.1f%% apart (> 5%%)"
                   % (dev, name, rate, iv, moved, expect, k, size, 100.0 * (moved - expect) / expect))
            rep.note("counters: %s netdev %s %.0f B/s over %.2f s = %.0f B; workload %d B (payload %d B): %+.2f%%"
                     % (dev, name, rate, iv, moved, expect, k * size, 100.0 * (moved - expect) / expect))
            if rep.ok(len(link) == 1, "counters: no link %s/1" % dev):
                rep.ok(link[0].get(lkey) == rate, "counters: link %s %s %s, netdev %s rate %s"
                       % (dev, lkey, fmt(link[0].get(lkey)), name, rate))
    rep.note("counters: workload %d x %d B in %ss" % (k, size, meta.get("workload_s")))


def check_demo(d, rep, kv, meta, rdmatop):
    """The demo recording: enough samples, processes, events; replays."""
    p = os.path.join(d, "demo.json")
    if not os.path.exists(p):
        rep.note("demo: rdmatop not run")
        return
    try:
        smp = read_json_lines(p)
    except ValueError as e:
        rep.fail("demo: invalid JSON: %s" % e)
        return
    rep.ok(meta.get("rt_rc") == "0", "demo: recorder exit %s; stderr %s"
           % (rc_text(meta.get("rt_rc")), read_text(os.path.join(d, "demo.err"))[:300]))
    rep.ok(len(smp) >= 60, "demo: %d samples (want >= 60)" % len(smp))
    comms = set()
    evs = set()
    for s in smp:
        for q in s.get("processes") or []:
            if q.get("pid"):
                comms.add(q.get("comm"))
        for e in s.get("events") or []:
            evs.add((e.get("source"), e.get("type")))
    types = set()
    for s in smp:
        for q in s.get("qps") or []:
            types.add(q.get("type"))
    for c in ("ibv_rc_pingpong", "ibv_ud_pingpong", "rping", "ib_write_bw"):
        rep.ok(c in comms, "demo: %s never seen" % c)
    for t in ("RC", "UD"):
        rep.ok(t in types, "demo: no %s QP" % t)
    if kv == "6.12":
        rep.ok(("kernel", "REGISTER") in evs and ("kernel", "UNREGISTER") in evs, "demo: kernel events %s" % evs)
    rec = os.path.join(d, "demo.rdrec")
    size = os.path.getsize(rec) if os.path.exists(rec) else 0
    rep.ok(0 < size < 1 << 20, "demo: recording is %d bytes (want < 1 MiB)" % size)
    rep.note("demo: %d samples, %d bytes, processes %s, events %s" % (len(smp), size, sorted(comms), sorted(evs)))
    if rdmatop and size:
        check_roundtrip_files(rep, rdmatop, rec, p, "demo")


def check_roundtrip_files(rep, rdmatop, rec, live_path, label):
    import subprocess
    try:
        p = subprocess.run([rdmatop, "-r", rec, "-j"], capture_output=True, text=True, timeout=120, check=False)
    except (OSError, subprocess.TimeoutExpired) as e:
        rep.fail("%s: cannot replay: %s" % (label, e))
        return
    rep.ok(p.returncode == 0 and p.stdout == read_text(live_path),
           "%s: rdmatop -r -j (exit %d) does not print the live run's JSON" % (label, p.returncode))


# ---- capture ---------------------------------------------------------------

def replay_check(rdmatop, rec, js):
    """A recording replayed by the host binary must print what the live
    run printed: every recording is a regression test of the parsers."""
    import subprocess
    try:
        p = subprocess.run([rdmatop, "-r", rec, "-b", "-o", "json"], capture_output=True, text=True,
                           timeout=60, check=False)
    except (OSError, subprocess.TimeoutExpired) as e:
        return "cannot run %s: %s" % (rdmatop, e)
    if p.returncode != 0:
        return "replay exit %d: %s" % (p.returncode, p.stderr.strip()[:300])
    try:
        got = [json.loads(x) for x in p.stdout.splitlines() if x.strip()]
        want = read_json_lines(js)
    except ValueError as e:
        return "replay printed invalid JSON: %s" % e
    if got != want:
        for i, (g, w) in enumerate(zip(got, want)):
            for k in sorted(set(g) | set(w)):
                if g.get(k) != w.get(k):
                    return "sample %d key %s differs: replay %s, live %s" % (
                        i, k, fmt(g.get(k))[:200], fmt(w.get(k))[:200])
        return "replay printed %d samples, the live run %d" % (len(got), len(want))
    return None


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


# ---- self-test --------------------------------------------------------------
# rdma outputs from Debian 12's kernel 6.1.0-57 with iproute2 6.1 and rxe
# (ibv_rc_pingpong + rping running), trimmed; rdmatop's sample written by
# hand after the schema.

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
        "system": {"netns": "shared", "copy-on-fork": "on"},
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
        rt["system"]["copy-on-fork"] = "off"
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
        rt["system"]["privileged-qkey"] = "off"
    run("attributes iproute2 6.1 cannot print", newer_attrs, iproute2=(6, 1))
    run("attributes iproute2 6.15 would print", newer_attrs, iproute2=(6, 15),
        expect=["protocol: rdmatop reports \"roce\", rdma does not", "system: rdmatop"])
    if iproute2_version("rdma utility, iproute2-6.15.0\n") != (6, 15):
        failures.append("iproute2_version")

    # parse_sys on both iproute2 versions' texts
    if parse_sys("netns shared privileged-qkey off monitor on copy-on-fork on\n") != {
            "netns": "shared", "privileged-qkey": "off", "monitor": "on", "copy-on-fork": "on"}:
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

    failures += check_scale.self_test()

    failures += check_faults.self_test()
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
