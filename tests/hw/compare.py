#!/usr/bin/env python3
"""The hardware fixtures' oracle checks (tests/hw/run writes the inputs).

For one fixture directory FIX and one results directory RES:
  RES/<tool>/<flags>/<name>.json|.txt|.err|.rc   rdma's outputs (tool: host, sid)
  RES/<tool>/trace.txt, RES/<tool>/unmatched.txt   the shim's logs
  RES/rdmatop/rt.json, .err, .rc, trace.txt, unmatched.txt

Checks:
  * every request was answered from the fixture (no unmatched request);
  * rdma's output is valid JSON holding every value the generator put in
    (FIX/expect.jsonl): iproute2 decodes the fixture's bytes as intended;
  * rdmatop reports every object rdma reports (rdma -j -d: what rdmatop
    asks for, no driver details) and every field both report is equal,
    by the test bed's key mapping (tests/vm/vmlib.py); fields only rdma
    reports are listed as "not yet compared", as are whole rdma commands
    rdmatop has no counterpart of (stat qp, stat mr, ...);
  * fields the kernel sent that the oracle does not print are noted.

usage: compare.py FIX RES            (prints the report, exit 1 on a mismatch)
Only the Python standard library is used.
"""

import json
import os
import re
import struct
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "vm"))
from vmlib import KINDS, Report, allowed_extra, fmt, obj_key, parse_sys, read_text  # noqa: E402

# rdma commands: (file name, rdma arguments); res tables as tests/vm names them
COMMANDS = [
    ("dev", "dev"), ("link", "link"), ("res", "res"),
    ("qp", "res show qp"), ("cq", "res show cq"), ("mr", "res show mr"), ("pd", "res show pd"),
    ("ctx", "res show ctx"), ("srq", "res show srq"), ("cm_id", "res show cm_id"),
    ("stat", "stat show"), ("stat_qp", "stat qp show"), ("stat_qp_mode", "stat qp mode"),
    ("stat_mode_supported", "stat mode supported"), ("stat_mode", "stat mode"), ("stat_mr", "stat mr"),
    ("sys", "system"),
    ("frmr_pools", "res show frmr_pools"),
]
# commands an older iproute2 does not have: compared with the newer only
NEWER_COMMANDS = {"frmr_pools": (7, 0)}
# tables compare_rdmatop() checks besides tests/vm's KINDS: (rdmatop's
# JSON key, rdma's file, the keys of an object); a table rdmatop does not
# write is listed as not compared, a mismatch
EXTRA_KINDS = [("frmr_pools", "frmr_pools", ("key",))]

# expect.jsonl "cmd" -> (file, flags)
# ("-dd": rdma -dd of an iproute2 sending DRIVER_DETAILS, 6.9+; "-olddd":
# rdma -dd of an older one, which prints the driver nests only)
EXPECT_FILES = {
    "dev": ("dev", "d"), "link": ("link", "d"), "res": ("res", "d"), "res-dd": ("res", "dd"),
    "res-olddd": ("res", "dd"),
    "stat show": ("stat", "d"), "stat qp show": ("stat_qp", "d"), "stat mr": ("stat_mr", "d"),
}
EXPECT_FILES["res frmr_pools"] = ("frmr_pools", "d")
for t in ("qp", "cq", "mr", "pd", "ctx", "srq", "cm_id"):
    EXPECT_FILES["res " + t] = (t, "d")
    EXPECT_FILES["res %s-dd" % t] = (t, "dd")
    EXPECT_FILES["res %s-olddd" % t] = (t, "dd")

# the stat commands iproute2 6.9+ sends DRIVER_DETAILS with: a 6.1 kernel's
# strict nlmsg_parse() refuses it there (its resource handlers ignore it)
DD_SENT = {"stat_mr"}

# the tables whose objects rdmatop compares with rdma -dd's
DD_KINDS = {"qps", "cm_ids", "cqs", "mrs", "pds", "ctxs", "srqs"}

# rdma commands rdmatop has no counterpart of yet
NO_COUNTERPART = []

# Known disagreements of today's rdmatop with rdma, by field; each must
# still disagree (a fixed one is taken off the list, so it cannot go
# stale).
KNOWN = set()


HEADER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                      "include/uapi/rdma/rdma_netlink.h")


def nldev_attrs():
    """{name: value} of enum rdma_nldev_attr in the vendored uapi header."""
    text = read_text(HEADER)
    body = text[text.index("enum rdma_nldev_attr {"):]
    body = re.sub(r"/\*.*?\*/", "", body[:body.index("};")], flags=re.S)
    out, nxt = {}, 0
    for m in re.finditer(r"(RDMA_NLDEV_\w+)\s*(?:=\s*(\w+))?\s*,", body):
        v = nxt if m.group(2) is None else out.get(m.group(2), int(m.group(2), 0) if m.group(2)[0].isdigit() else 0)
        out[m.group(1)] = v
        nxt = v + 1
    return out


def fixture_attrs(fix, key):
    """The top-level attribute types of the fixture's answer to key (the
    netlink.fix format of tests/hw/fixture.h, read here on its own)."""
    data = open(os.path.join(fix, "netlink.fix"), "rb").read()
    p, types = 8, set()
    while p < len(data):
        kl, = struct.unpack_from("=H", data, p)
        k = data[p + 2:p + 2 + kl].decode()
        p += 2 + kl + 8
        tl, = struct.unpack_from("=H", data, p)
        p += 2 + tl
        n, = struct.unpack_from("=I", data, p)
        p += 4
        for _ in range(n):
            ln, = struct.unpack_from("=I", data, p)
            msg = data[p + 4:p + 4 + ln]
            p += 4 + ln
            if k != key:
                continue
            a = 16
            while a + 4 <= len(msg):
                alen, atype = struct.unpack_from("=HH", msg, a)
                if alen < 4:
                    break
                types.add(atype & 0x3fff)
                a += (alen + 3) & ~3
    return types


# `rdma system show` prints these whether the kernel sent them or not, off
# when not (iproute2 rdma/sys.c: mon_mode = 0, cof = false unless the
# attribute is there): not the kernel's word where it sent none
SYS_DEFAULTS = {"monitor": ("RDMA_NLDEV_SYS_ATTR_MONITOR_MODE", False),
                "copy-on-fork": ("RDMA_NLDEV_SYS_ATTR_COPY_ON_FORK", False)}


def load(path):
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError:
        return None, "missing"
    if not text.strip():
        return [], None
    try:
        return json.loads(text), None
    except ValueError as e:
        return None, "invalid JSON: %s" % e


def procs_of(fix):
    """{tid: (tgid, comm)} of the fixture's proc tree (what the host shows)."""
    out = {}
    pdir = os.path.join(fix, "proc")
    for e in os.listdir(pdir) if os.path.isdir(pdir) else []:
        if not e.isdigit():
            continue
        comm = read_text(os.path.join(pdir, e, "comm")).strip()
        tgid = int(e)
        for line in read_text(os.path.join(pdir, e, "status")).splitlines():
            if line.startswith("Tgid:"):
                tgid = int(line.split()[1])
        out[int(e)] = (tgid, comm)
    return out


def check_logs(rep, label, d, allowed=()):
    for line in read_text(os.path.join(d, "unmatched.txt")).splitlines():
        if line.strip() and line.split(None, 1)[-1] not in allowed:
            rep.fail("%s: request not in the fixture: %s" % (label, line))


def check_rdma(rep, fix, res, tool, version):
    """rdma's outputs: exit status, JSON, and the generator's values."""
    base = os.path.join(res, tool)
    outs = {}
    for flags in ("d", "dd"):
        for name, args in COMMANDS:
            if name in NEWER_COMMANDS and (version is None or version < NEWER_COMMANDS[name]):
                continue	# this iproute2 has no such command
            p = os.path.join(base, flags, name)
            rc = read_text(p + ".rc", "?").strip()
            err = read_text(p + ".err").strip()
            where = "%s %s: rdma -j -%s %s" % (os.path.basename(fix), tool, flags, args)
            if name == "sys":
                rep.ok(rc == "0", "%s: exit %s: %s" % (where, rc, err[:200]))
                outs[(flags, name)] = parse_sys(read_text(p + ".json"))
                continue
            data, why = load(p + ".json")
            if name in NEWER_COMMANDS and on_6_1(fix):
                # a 6.1 kernel does not know the command: -EINVAL
                rep.ok(rc != "0" and "Invalid argument" in err and not data,
                       "%s: a kernel without the command, yet exit %s and %s" % (where, rc, fmt(data)[:200]))
                continue
            if refused_dd(fix, flags, version) and name in DD_SENT:
                # the 6.1 kernel refuses DRIVER_DETAILS: rdma must not
                # print objects (the dump ends with -EINVAL in NLMSG_DONE)
                data, why = load(p + ".json")
                rep.ok(rc != "0" or not data, "%s: a kernel refusing DRIVER_DETAILS, yet exit %s and %s"
                       % (where, rc, fmt(data)[:200]))
                rep.note("%s: the 6.1 kernel refuses DRIVER_DETAILS: exit %s, %s" % (where, rc, err[:120] or "no message"))
                continue
            if not rep.ok(rc == "0" and data is not None, "%s: exit %s, %s; stderr: %s"
                          % (where, rc, why or "ok", err[:200])):
                continue
            outs[(flags, name)] = data
    check_logs(rep, "%s %s" % (os.path.basename(fix), tool), base)
    # the generator's values, as rdma decoded them
    for line in read_text(os.path.join(fix, "expect.jsonl")).splitlines():
        e = json.loads(line)
        if e["cmd"] == "res qp-raw":
            continue	# compare_raw()
        fname, flags = EXPECT_FILES[e["cmd"]]
        if fname in NEWER_COMMANDS and (version is None or version < NEWER_COMMANDS[fname]):
            continue
        if e["cmd"].endswith("-dd") and not sends_dd(version):
            continue	# this iproute2 never asks for driver details
        if e["cmd"].endswith("-olddd") and sends_dd(version):
            continue
        if refused_dd(fix, flags, version) and fname in DD_SENT:
            continue
        data = outs.get((flags, fname)) or []
        want = e["want"]
        keys = [k for k in ("cm-idn", "cntn", "lqpn", "cqn", "mrn", "srqn", "pdn", "ctxn", "port", "key")
                if k in want][:1]
        cands = [o for o in data if o.get("ifname") == e["ifname"] and all(o.get(k) == want[k] for k in keys)]
        where = "%s %s: rdma -j -%s %s %s[%s]" % (os.path.basename(fix), tool, flags, fname, e["ifname"],
                                                   " ".join("%s=%s" % (k, want[k]) for k in keys))
        if not rep.ok(len(cands) == 1, "%s: %d objects in rdma's output, the fixture has one" % (where, len(cands))):
            continue
        o = cands[0]
        for k, v in want.items():
            if k == "comm" and "pid" in want:
                continue	# rdma reads /proc/PID/comm of the host, not the fixture's
            rep.ok(o.get(k) == v, "%s %s: rdma decoded %s, the generator put %s" % (where, k, fmt(o.get(k)), fmt(v)))
    return outs


def sends_dd(version):
    """iproute2 6.9 added -dd's RDMA_NLDEV_ATTR_DRIVER_DETAILS."""
    return version is not None and version >= (6, 9)


def on_6_1(fix):
    return "on a 6.1 kernel" in read_text(os.path.join(fix, "index.txt")).split("\n", 1)[0]


def refused_dd(fix, flags, version):
    """A 6.1 kernel refuses DRIVER_DETAILS in a stat request whatever its
    value; iproute2 6.9+ puts it there (0 without -dd)."""
    return sends_dd(version) and "on a 6.1 kernel" in read_text(os.path.join(fix, "index.txt")).split("\n", 1)[0]


def index_by(kind_keys, objs):
    return {obj_key(kind_keys, o): o for o in objs or []}


def compare_rdmatop(rep, fix, res, outs, tool, version, notyet):
    label = "%s %s/rdmatop" % (os.path.basename(fix), tool)
    rtd = os.path.join(res, "rdmatop")
    rc = read_text(os.path.join(rtd, "rt.rc"), "?").strip()
    lines = [line for line in read_text(os.path.join(rtd, "rt.json")).splitlines() if line.strip()]
    if not rep.ok(rc == "0" and lines, "%s: rdmatop exit %s; stderr: %s"
                  % (label, rc, read_text(os.path.join(rtd, "rt.err"))[:300])):
        return
    try:
        rt = json.loads(lines[-1])
    except ValueError as e:
        rep.fail("%s: invalid JSON: %s" % (label, e))
        return
    procs = procs_of(fix)
    files = {"devices": "dev", "links": "link", "resources": "res", "qps": "qp", "cm_ids": "cm_id",
             "cqs": "cq", "mrs": "mr", "pds": "pd", "ctxs": "ctx", "srqs": "srq"}
    # the driver-detail objects an iproute2 older than 6.9 cannot ask for:
    # rdmatop lists them, and counts them in the summary
    dd_only = {}
    for kind, _, keys in KINDS:
        if kind in DD_KINDS and not sends_dd(version):
            bo = index_by(keys, outs.get(("dd", files[kind])))
            for k, o in index_by(keys, rt.get(kind)).items():
                if k not in bo and "subtype" in o:
                    dd_only[(o.get("ifname"), kind[:-1])] = dd_only.get((o.get("ifname"), kind[:-1]), 0) + 1
    for kind, _, keys in KINDS:
        ro = index_by(keys, rt.get(kind))
        # rdmatop asks for driver details (6.9+: the driver-detail objects)
        # and keeps the driver nests: the objects of a table are rdma -dd's,
        # and so are the summary's counts (each device's RES_GET with
        # DRIVER_DETAILS, as rdma -dd res of iproute2 6.9+ asks; the summary
        # dump would leave them out); devices and links are the same with -d
        dd = kind in DD_KINDS or (kind == "resources" and sends_dd(version))
        base = outs.get(("dd" if dd else "d", files[kind]))
        if base is None:
            continue
        bo = index_by(keys, base)
        for k in sorted(bo, key=str):
            b = dict(bo[k])
            for field in sorted(b):
                n = dd_only.get((b.get("ifname"), field), 0) if kind == "resources" else 0
                if n and isinstance(b[field], int):
                    b[field] += n
                    rep.note("%s: resources[%s] %s: rdmatop counts %d driver-detail object%s more than rdma %s, "
                             "which does not ask for them" % (label, b.get("ifname"), field, n, "s" * (n > 1), tool))
            # what rdma prints on the host itself: the owner's comm
            if isinstance(b.get("pid"), int) and "comm" not in b and b["pid"] in procs:
                b["comm"] = procs[b["pid"]][1]
            where = "%s: %s%s" % (label, kind, list(k))
            if not rep.ok(k in ro, "%s: in rdma, missing in rdmatop" % where):
                continue
            r = ro[k]
            for field in sorted(b):
                if field not in r:
                    notyet.add("%s.%s" % (kind, field))
                    continue
                same = type(r[field]) is type(b[field]) and r[field] == b[field]
                if (kind, field) in KNOWN:
                    if not same:
                        rep.note("%s %s: known mismatch (issue 16): rdmatop %s, rdma %s"
                                 % (label, field, fmt(r[field]), fmt(b[field])))
                    continue
                rep.ok(same, "%s %s: rdmatop %s, rdma %s" % (where, field, fmt(r[field]), fmt(b[field])))
            for field in sorted(set(r) - set(b)):
                if not allowed_extra(kind, field):
                    rep.note("%s: %s.%s reported by rdmatop only (rdma %s does not print it)"
                             % (label, kind, field, tool))
        for k in sorted(set(ro) - set(bo), key=str):
            if kind in DD_KINDS and not sends_dd(version) and "subtype" in ro[k]:
                # a driver-detail object: an iproute2 older than 6.9 never
                # asks for them (the newer one compares it)
                rep.note("%s: %s%s (subtype %s) listed by rdmatop only: rdma %s does not ask for driver details"
                         % (label, kind, list(k), ro[k]["subtype"], tool))
                continue
            rep.fail("%s: %s%s only in rdmatop" % (label, kind, list(k)))
    for kind, fname, keys in EXTRA_KINDS:
        base = outs.get(("d", fname))
        if base is None:
            continue
        if kind not in rt:
            notyet.add("%s: %d object%s (rdmatop has no such table yet)" % (kind, len(base), "s" * (len(base) != 1)))
            continue
        bo, ro = index_by(("ifname",) + keys, base), index_by(("ifname",) + keys, rt[kind])
        for k in sorted(bo, key=str):
            where = "%s: %s%s" % (label, kind, list(k))
            if not rep.ok(k in ro, "%s: in rdma, missing in rdmatop" % where):
                continue
            for field in sorted(bo[k]):
                r = ro[k].get(field)
                rep.ok(type(r) is type(bo[k][field]) and r == bo[k][field],
                       "%s %s: rdmatop %s, rdma %s" % (where, field, fmt(r), fmt(bo[k][field])))
        for k in sorted(set(ro) - set(bo), key=str):
            rep.fail("%s: %s%s only in rdmatop" % (label, kind, list(k)))
    # the summary counts what the tables list (a still fixture: no race)
    for d in rt.get("resources") or []:
        for kind in sorted(DD_KINDS):
            if kind[:-1] in d:
                n = len([o for o in rt.get(kind) or [] if o.get("ifname") == d.get("ifname")])
                rep.ok(d[kind[:-1]] == n, "%s: resources[%s] %s %s, its table has %d"
                       % (label, d.get("ifname"), kind[:-1], d[kind[:-1]], n))
    # hardware counters: rdma stat show per port
    rc_ = {(c.get("ifname"), c.get("port"), c.get("name")): c.get("value")
           for c in rt.get("counters") or [] if c.get("source") == "hw"}
    for o in outs.get(("d", "stat")) or []:
        for name, v in o.items():
            if name in ("ifname", "port", "ifindex"):
                continue
            k = (o.get("ifname"), o.get("port"), name)
            rep.ok(rc_.get(k) == v, "%s: counter %s/%s %s: rdmatop %s, rdma %s"
                   % (label, k[0], k[1], name, fmt(rc_.get(k)), fmt(v)))
    rdma_names = {(o.get("ifname"), o.get("port"), n) for o in outs.get(("d", "stat")) or [] for n in o}
    for k in sorted(set(rc_) - rdma_names, key=str):
        rep.fail("%s: counter %s only in rdmatop" % (label, k))
    # system
    sysr = dict(rt.get("system") or {})
    sysb = outs.get(("d", "sys")) or {}
    for k in sorted(sysr):
        if k not in sysb:
            rep.note("%s: system %s=%s not checked: rdma %s does not print it" % (label, k, sysr[k], tool))
            continue
        rep.ok(sysr[k] == sysb[k], "%s: system %s: rdmatop %s, rdma %s" % (label, k, fmt(sysr[k]), fmt(sysb[k])))
    sent = fixture_attrs(fix, "sys_get")
    attrs = nldev_attrs()
    for k, (a, _) in sorted(SYS_DEFAULTS.items()):
        rep.ok(k not in sysr or attrs[a] in sent, "%s: system %s=%s in rdmatop, but the kernel sent no %s"
               % (label, k, fmt(sysr.get(k)), a))
    for k in sorted(set(sysb) - set(sysr)):
        if k in SYS_DEFAULTS and attrs[SYS_DEFAULTS[k][0]] not in sent:
            # the kernel sent none (6.1 has no MONITOR_MODE): rdmatop says
            # nothing, rdma its default
            rep.ok(sysb[k] is SYS_DEFAULTS[k][1], "%s: system %s: the kernel sent none, yet rdma %s says %s"
                   % (label, k, tool, fmt(sysb[k])))
            rep.note("%s: system %s: not sent by this kernel; rdma %s prints its default %s"
                     % (label, k, tool, fmt(sysb[k])))
            continue
        notyet.add("system.%s" % k)
    compare_stat(rep, label, rt, outs, procs)
    for name in NO_COUNTERPART:
        data = outs.get(("d", name))
        if data:
            notyet.add("%s: %d object%s (no rdmatop counterpart yet)" % (name, len(data), "s" * (len(data) > 1)))


def vlan_ids(fix):
    """{VLAN device: id} of the fixture's /proc/net/vlan/config, as
    net/8021q/vlanproc.c vlan_seq_show() prints it: two header lines, then
    "NAME<padded to 15>| ID  | REAL-DEVICE" (netdev names hold no blanks)."""
    out = {}
    for line in read_text(os.path.join(fix, "proc/net/vlan/config")).splitlines()[2:]:
        name, vid, real = line.rsplit("|", 2)
        out[name.rstrip(" ")] = int(vid.strip())
    return out


def sysfs_port(fix, dev, port, netdev, protocol):
    """What the generator put in the fixture's sysfs tree for one port, read
    by the kernel's sysfs.c formats, in rdmatop's JSON keys (no iproute2
    tool shows GIDs, P_Keys or the MTU: `rdma link` does not, and
    `ibv_devinfo -v` needs verbs, which the shim does not give)."""
    pd = os.path.join(fix, "sys/class/infiniband", dev, "ports", str(port))
    ll = read_text(os.path.join(pd, "link_layer")).strip()
    vlans = vlan_ids(fix)
    out, gids = {}, []
    for k in range(256):
        g = read_text(os.path.join(pd, "gids", str(k))).strip()
        if not g or set(g) <= {"0", ":"}:
            break
        e = {"index": k, "gid": g}
        t = read_text(os.path.join(pd, "gid_attrs/types", str(k))).strip()
        if t:
            e["type"] = {"IB/RoCE v1": "IB" if ll == "InfiniBand" else "RoCE v1"}.get(t, t)
        n = read_text(os.path.join(pd, "gid_attrs/ndevs", str(k))).strip()
        if n:
            e["netdev"] = n
            if n in vlans:
                e["vlan"] = vlans[n]
        gids.append(e)
    if gids:
        out["gids"] = gids
        iid = gids[0]["gid"].split(":")[4:]
        out["port_guid"] = ":".join(iid)
    pk = []
    for k in range(32):
        v = read_text(os.path.join(pd, "pkeys", str(k))).strip()
        if not v or int(v, 16) == 0:
            break
        pk.append("0x%04x" % int(v, 16))
    if pk:
        out["pkeys"] = pk
    mtu = read_text(os.path.join(fix, "sys/class/net", netdev or "-", "mtu")).strip() if netdev else ""
    if mtu:
        out["netdev_mtu"] = int(mtu)
        if protocol == "roce":
            # ib_addr.h iboe_get_mtu(): the netdev MTU less 96 header bytes
            m = int(mtu) - 96
            out["active_mtu"] = max([x for x in (256, 512, 1024, 2048, 4096) if x <= m] or [0]) or None
            if out["active_mtu"] is None:
                del out["active_mtu"]
    return out


def compare_sysfs(rep, fix, res):
    """rdmatop's port facts from sysfs against the generator's files."""
    label = "%s rdmatop" % os.path.basename(fix)
    lines = [line for line in read_text(os.path.join(res, "rdmatop", "rt.json")).splitlines() if line.strip()]
    if not lines:
        return
    rt = json.loads(lines[-1])
    protos = {d.get("ifname"): d.get("protocol") for d in rt.get("devices") or []}
    for link in rt.get("links") or []:
        want = sysfs_port(fix, link["ifname"], link["port"], link.get("netdev"), protos.get(link["ifname"]))
        where = "%s: links[%s/%s]" % (label, link["ifname"], link["port"])
        for k in ("port_guid", "gids", "pkeys", "netdev_mtu", "active_mtu"):
            rep.ok(link.get(k) == want.get(k), "%s %s: rdmatop %s, the fixture's sysfs %s"
                   % (where, k, fmt(link.get(k)), fmt(want.get(k))))


def compare_objects(rep, label, what, rdma, mine, keys, procs):
    """Every object rdma lists is in rdmatop's with every field equal."""
    ro = {tuple(o.get(k) for k in keys): o for o in mine}
    bo = {tuple(o.get(k) for k in keys): o for o in rdma}
    for k in sorted(bo, key=str):
        b = dict(bo[k])
        if isinstance(b.get("pid"), int) and "comm" not in b and b["pid"] in procs:
            b["comm"] = procs[b["pid"]][1]
        where = "%s: %s%s" % (label, what, list(k))
        if not rep.ok(k in ro, "%s: in rdma, missing in rdmatop" % where):
            continue
        for field in sorted(b):
            r = ro[k].get(field)
            rep.ok(type(r) is type(b[field]) and r == b[field],
                   "%s %s: rdmatop %s, rdma %s" % (where, field, fmt(r), fmt(b[field])))
    for k in sorted(set(ro) - set(bo), key=str):
        rep.fail("%s: %s%s only in rdmatop" % (label, what, list(k)))


def compare_stat(rep, label, rt, outs, procs):
    """stat qp show, stat qp mode, stat mode [supported], stat mr."""
    if ("d", "stat_qp") in outs:
        compare_objects(rep, label, "stat_qp", outs[("d", "stat_qp")], rt.get("stat_qp") or [],
                        ("ifname", "port", "cntn"), procs)
    if ("d", "stat_qp_mode") in outs:
        mine = {(o["ifname"], o["port"]): o for o in rt.get("stat_qp_mode") or []}
        for o in outs[("d", "stat_qp_mode")]:
            k = (o.get("ifname"), o.get("port"))
            m = mine.pop(k, None)
            if not rep.ok(m is not None, "%s: stat_qp_mode%s: in rdma, missing in rdmatop" % (label, list(k))):
                continue
            want = m["mode"]
            # iproute2 7.x adds the auto mode's optional-counters binding
            # (STAT_OPCOUNTER_ENABLED, 6.15+; "off" where the kernel sent
            # none), 6.1 never; rdmatop adds it where the kernel sent it
            sfx = " optional-counters " + ("on" if m.get("optional_counters") else "off")
            if m["counter_mode"] == "auto" and "optional_counters" in m:
                if "optional-counters" not in o.get("mode", "") and want.endswith(sfx):
                    want = want[:-len(sfx)]
            elif m["counter_mode"] == "auto" and "optional-counters" in o.get("mode", ""):
                want += sfx
            rep.ok(o.get("mode") == want, "%s: stat_qp_mode%s mode: rdmatop %s, rdma %s"
                   % (label, list(k), fmt(want), fmt(o.get("mode"))))
            rep.ok(o.get("ifindex") == m["ifindex"], "%s: stat_qp_mode%s ifindex" % (label, list(k)))
        for k in mine:
            rep.fail("%s: stat_qp_mode%s only in rdmatop" % (label, list(k)))
    opt = {}
    for o in rt.get("optional_counters") or []:
        opt.setdefault((o["ifname"], o["port"]), []).append(o)
    for name, key, enabled_only in (("stat_mode_supported", "supported optional-counters", False),
                                    ("stat_mode", "optional-counters", True)):
        if ("d", name) not in outs:
            continue
        seen = set()
        for o in outs[("d", name)]:
            k = (o.get("ifname"), o.get("port"))
            seen.add(k)
            mine = [c["name"] for c in opt.get(k, []) if c["enabled"] or not enabled_only]
            rep.ok(o.get(key) == mine, "%s: %s%s: rdmatop %s, rdma %s"
                   % (label, name, list(k), fmt(mine), fmt(o.get(key))))
        for k, cs in opt.items():
            if k not in seen and any(c["enabled"] or not enabled_only for c in cs):
                rep.fail("%s: %s%s only in rdmatop" % (label, name, list(k)))
    if ("d", "stat_mr") in outs:
        rdma = outs[("d", "stat_mr")]
        # an MR without driver stats: rdma lists it bare, rdmatop in its MR table
        bare = [o for o in rdma if set(o) <= {"ifindex", "ifname", "mrn"}]
        mrs = {(o.get("ifname"), o.get("mrn")) for o in rt.get("mrs") or []}
        for o in bare:
            rep.ok((o.get("ifname"), o.get("mrn")) in mrs, "%s: stat_mr %s/%s: not an MR of rdmatop"
                   % (label, o.get("ifname"), o.get("mrn")))
        compare_objects(rep, label, "stat_mr", [o for o in rdma if o not in bare],
                        rt.get("stat_mr") or [], ("ifname", "mrn"), procs)


def compare_raw(rep, fix, res, tools, outs_by_tool):
    """The peer: the raw QP contexts (`rdma -j -r res show qp`'s "data",
    the bytes the kernel sent) equal rdmatop's kept bytes ("raw") byte for
    byte and the generator's; rdmatop's decoded peer address, LID and
    local port equal what the generator put at mlx5_ifc.h's offsets; a CM
    QP's peer is its CM_ID's destination as rdma prints it."""
    name = os.path.basename(fix)
    want = [json.loads(line) for line in read_text(os.path.join(fix, "expect.jsonl")).splitlines()]
    want = [e for e in want if e["cmd"] == "res qp-raw"]
    lines = [line for line in read_text(os.path.join(res, "rdmatop", "rt.json")).splitlines() if line.strip()]
    rt = json.loads(lines[-1]) if lines else {}
    qps = {(q.get("ifname"), q.get("lqpn")): q for q in rt.get("qps", [])}
    for tool in tools:
        p = os.path.join(res, tool, "r", "qp")
        rc = read_text(p + ".rc", "?").strip()
        data, why = load(p + ".json")
        where = "%s %s: rdma -j -r res show qp" % (name, tool)
        if not want:
            continue	# a driver without raw fill (-EINVAL) or no QP: nothing to compare
        if not rep.ok(rc == "0" and data is not None, "%s: exit %s, %s; stderr: %s"
                      % (where, rc, why or "ok", read_text(p + ".err").strip()[:200])):
            continue
        for dev in sorted({e["ifname"] for e in want}):
            # rdma asks per link where it lists links: a QP on no port is
            # left out there, so each entry it prints is matched to one put
            got = ["".join("%02x" % b for b in o.get("data", [])) for o in data if o.get("ifname") == dev]
            exp = {e["want"]["data"]: e["want"]["lqpn"] for e in want if e["ifname"] == dev}
            rep.ok(got and all(g in exp for g in got),
                   "%s %s: rdma's data is not the generator's bytes (%d entries, %d of them put)"
                   % (where, dev, len(got), sum(g in exp for g in got)))
            for g in got:
                if g not in exp:
                    continue
                b = qps.get((dev, exp[g]), {}).get("raw") or ""
                rep.ok(g == b, "%s %s: lqpn=%s: rdmatop's raw bytes differ from rdma's data at byte %s"
                       % (where, dev, exp[g], next((k // 2 for k in range(0, min(len(g), len(b)), 2)
                                                    if g[k:k + 2] != b[k:k + 2]), "(length)")))
    for e in want:
        w = e["want"]
        q = qps.get((e["ifname"], w["lqpn"]), {})
        where = "%s rdmatop: qps[%s, lqpn=%s]" % (name, e["ifname"], w["lqpn"])
        rep.ok(q.get("raw") == w["data"], "%s raw: rdmatop kept other bytes than the generator put" % where)
        for k in ("peer", "peer_lid", "peer_local"):
            if k == "peer" and q.get("peer_from") == "cm":
                continue	# a CM QP's address is its CM_ID's
            rep.ok(q.get(k) == w.get(k), "%s %s: rdmatop %s, the generator put %s"
                   % (where, k, fmt(q.get(k)), fmt(w.get(k))))
    # a CM QP: its CM_ID's destination, as rdma prints it
    for tool in tools:
        for c in outs_by_tool.get(tool, {}).get(("d", "cm_id"), []) or []:
            if "lqpn" not in c or not c.get("dst-addr"):
                continue
            q = qps.get((c.get("ifname"), c["lqpn"]), {})
            host = c["dst-addr"].rsplit(":", 1)[0]
            rep.ok(q.get("peer") == host and q.get("peer_from") == "cm",
                   "%s rdmatop: qps[%s, lqpn=%s] peer: rdmatop %s (%s), rdma's cm_id dst-addr %s"
                   % (name, c.get("ifname"), c["lqpn"], fmt(q.get("peer")), fmt(q.get("peer_from")), host))


def main():
    fix, res = sys.argv[1], sys.argv[2]
    rep = Report()
    notyet = set()
    tools = [t for t in ("host", "sid") if os.path.isdir(os.path.join(res, t))]
    outs_by_tool = {}
    for tool in tools:
        from vmlib import iproute2_version
        version = iproute2_version(read_text(os.path.join(res, tool, "version.txt")))
        outs = check_rdma(rep, fix, res, tool, version)
        outs_by_tool[tool] = outs
        compare_rdmatop(rep, fix, res, outs, tool, version, notyet)
    compare_raw(rep, fix, res, tools, outs_by_tool)
    check_logs(rep, "%s rdmatop" % os.path.basename(fix), os.path.join(res, "rdmatop"))
    compare_sysfs(rep, fix, res)
    # every table and field rdma prints has rdmatop's beside it: one
    # rdmatop leaves out (a table it stopped writing) is a mismatch
    for n in sorted(notyet):
        rep.fail("%s: rdma prints it, rdmatop has no counterpart" % n)
    rep.dump(sys.stdout)
    print("not yet compared (%s): %s" % (os.path.basename(fix), ", ".join(sorted(notyet)) or "none"))
    return 1 if rep.errors else 0


if __name__ == "__main__":
    sys.exit(main())
