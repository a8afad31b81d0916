"""The test bed's shared pieces for the host-side checks: reading the
results a scenario brought back, the report, and the oracle comparison of
one snapshot (rdma -j before, rdmatop, rdma -j after); see compare.py.
Only the Python standard library is used.
"""

import json
import os
import re


PSN_MOD = 1 << 24


def has_notify(kv):
    """The kernel has the RDMA notify group (RDMA_NL_GROUP_NOTIFY): Debian's
    6.12 and the newest kernel (--kernel latest), not 6.1."""
    return kv != "6.1"


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
    # sysfs facts rdma link does not show (tests/hw/compare.py checks them
    # against the fixture's files)
    "links": {"rate", "link_layer", "port_guid", "netdev_mtu", "active_mtu", "gids", "pkeys",
              # the netdev's carrier counts and the changes seen (the flap
              # scenario checks them against the guest's sysfs files)
              "carrier_changes", "carrier_up_count", "carrier_down_count", "flaps",
              "flaps_counter", "link_downed", "link_downed_saturated", "link_error_recovery",
              "link_error_recovery_saturated", "last_change", "last_change_age_sec", "changes",
              "throughput_source", "packets_source", "utilisation_percent",
              # which counter the throughput is, and the port's verdict
              # (tests/net/truth.py and tests/unit/test_truth.c check them)
              "throughput_counter", "packets_counter", "health", "reasons",
              # the netdev's DCB and ethtool answers (tests/net checks them
              # against dcb and ethtool on the same bytes)
              "network", "pfc", "pause", "fec", "link_detected", "link_down_events", "speed",
              "lanes", "duplex", "autoneg", "link_ext_state", "link_ext_substate", "standard"},
    # a QP's other end (src/nl/qp_raw.c: a CM_ID's destination, or mlx5's
    # raw context): rdma res show qp prints none of it; tests/hw holds a
    # CM QP's peer against rdma's cm_id dst-addr and the raw bytes
    # against rdma -r
    "qps": {"peer", "peer_from", "peer_local", "peer_lid", "cur_retry_count", "cur_rnr_retry",
            "raw"},
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
        self.skips = []
        self.checks = 0

    def fail(self, msg):
        self.errors.append(msg)

    def note(self, msg):
        if msg not in self.notes:
            self.notes.append(msg)

    def skip(self, what, why):
        """a check that could not run: "skip - " lines, counted by tests/run-all"""
        self.skips.append("%s: %s" % (what, why))

    def ok(self, cond, msg):
        self.checks += 1
        if not cond:
            self.fail(msg)
        return cond

    def dump(self, out):
        for n in self.notes:
            print("note: " + n, file=out)
        for n in self.skips:
            print("skip - " + n, file=out)
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
    """`rdma sys show` text ("netns shared copy-on-fork on ...") -> dict,
    in the JSON's types: on/off as booleans, as iproute2 6.15+'s `rdma -j
    system show` prints them (print_on_off) and rdmatop's JSON does.
    iproute2 6.1 and 6.15 print the text even with -j."""
    words = text.split()
    onoff = {"on": True, "off": False}
    return {words[i]: onoff.get(words[i + 1], words[i + 1]) for i in range(0, len(words) - 1, 2)}


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
    # drv_*: a driver nest, which rdma prints with -dd only
    return (field.endswith("_per_sec") or field.startswith("drv_") or field in EXTRA_KEYS["*"]
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
    # rdmatop asks every resource dump with DRIVER_DETAILS (6.9+ honour it,
    # 6.1's resource handlers ignore it, a kernel refusing it is asked again
    # without): it never costs a table
    for n in rt.get("notes") or []:
        msg = n.get("message", "") if isinstance(n, dict) else str(n)
        rep.ok("table unavailable" not in msg, "%s: rdmatop lost a table: %s" % (label, msg))

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
        rep.skip("%s: the process checks" % label, "no task list from the guest")
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
