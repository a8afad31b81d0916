"""host (issue 28): tests/vm/scenarios/host.sh's results."""
import json
import os


def _read(d, name):
    try:
        with open(os.path.join(d, name)) as f:
            return f.read()
    except OSError:
        return ""


def check(d, rep, meta):
    rt = [l for l in _read(d, "rt.json").splitlines() if l.strip()]
    rep.ok(meta.get("rt_rc") == "0" and rt, "rdmatop -j -n 2: exit %s" % meta.get("rt_rc"))
    if not rt:
        return
    procs = {p.get("pid"): p for p in json.loads(rt[-1]).get("processes", [])}
    ps = {}
    for line in _read(d, "ps.txt").splitlines()[1:]:
        f = line.split(None, 2)
        if len(f) == 3 and f[0].isdigit():
            ps[int(f[0])] = (f[1], f[2])
    for k in ("server_pid", "client_pid"):
        pid = int(meta[k])
        p, (rss, args) = procs.get(pid, {}), ps.get(pid, ("", ""))
        rep.ok(p.get("cmdline") == args, "pid %d cmdline: rdmatop %r, ps %r" % (pid, p.get("cmdline"), args))
        # busybox ps prints RSS in KiB ("1234") or with a unit ("12m")
        want = int(rss) * 1024 if rss.isdigit() else None
        rep.ok(want is not None and abs(p.get("rss_bytes", -1 << 40) - want) <= 256 * 1024,
               "pid %d rss: rdmatop %s, ps %s KiB" % (pid, p.get("rss_bytes"), rss))
    # CPU: the server's ticks over the run against rdmatop's last interval
    t = [int(x) for x in meta.get("srv_ticks", "0 0 0 0").split()]
    srv = procs.get(int(meta["server_pid"]), {})
    interval = json.loads(rt[-1]).get("interval", 0)
    rep.ok("cpu_percent" in srv and interval > 0,
           "server cpu_percent %s over %s s (its ticks %s -> %s over the whole run)"
           % (srv.get("cpu_percent"), interval, t[0] + t[1], t[2] + t[3]))
    # bind: rdmatop's answer and rdma's the same
    rep.ok(meta.get("srv_lqpn", "") != "", "the server's QP number found")
    b, rb = _read(d, "bind.out"), _read(d, "rdma_bind.out")
    # rxe keeps no per-counter statistics (no counter_alloc_stats): both
    # get ENOMEM from rdma_counter_alloc() (counters.c, 6.1 and 6.12)
    same = (meta.get("bind_rc") == "0") == (meta.get("rdma_bind_rc") == "0") and \
        ("ENOMEM" in b) == ("Cannot allocate memory" in rb)
    rep.ok(same, "bind on rxe: rdmatop exit %s (%s), rdma exit %s (%s)"
           % (meta.get("bind_rc"), b.strip()[:160], meta.get("rdma_bind_rc"), rb.strip()[:120]))
    rep.note("bind on rxe: %s | rdma: %s | rdma -j statistic qp show: %s"
             % (b.strip()[:200], rb.strip()[:120], _read(d, "stat_qp.json").strip()[:200]))
    check_controls(d, rep, meta)
    m, rm = _read(d, "move.out"), _read(d, "rdma_move.out")
    # 6.1 and 6.12: rxe has no disassociate_ucontext, and
    # ib_device_set_netns_put() refuses (EOPNOTSUPP) in exclusive mode too
    # (device.c); 7.x moves it: rdmatop's move done, rdma's finds no rxe0
    # here, and the namespace's rdma sees it
    if meta.get("move_rc") == "0":
        here = [x.get("ifname") for x in _json_list(_read(d, "dev_after.json"))]
        there = [x.get("ifname") for x in _json_list(_read(d, "dev_in_ns.json"))]
        same = "verified" in m and "rxe0" not in here and "rxe0" in there
    else:
        same = (meta.get("rdma_move_rc") != "0") and \
            ("EOPNOTSUPP" in m) == ("Operation not supported" in rm) and "cannot open" not in m
    rep.ok(meta.get("exclusive_rc") == "0", "rdmatop --set-netns-mode exclusive: exit %s (%s)"
           % (meta.get("exclusive_rc"), _read(d, "exclusive.out").strip()[:160]))
    rep.ok(netns_mode(_read(d, "sys_exclusive.json")) == "exclusive",
           "rdma -j system after --set-netns-mode exclusive: %s" % _read(d, "sys_exclusive.json").strip()[:160])
    rep.ok(same, "move rxe0: rdmatop exit %s (%s), rdma exit %s (%s)"
           % (meta.get("move_rc"), m.strip()[:200], meta.get("rdma_move_rc"), rm.strip()[:120]))
    rep.ok(meta.get("shared_rc") == "0" and netns_mode(_read(d, "sys_shared.json")) == "shared",
           "rdmatop --set-netns-mode shared: exit %s (%s); rdma -j system: %s"
           % (meta.get("shared_rc"), _read(d, "shared.out").strip()[:160], _read(d, "sys_shared.json").strip()[:160]))
    rep.note("move rxe0: %s | rdma: %s" % (m.strip()[:240], rm.strip()[:120]))
    rep.note("after the move: here %s | in the namespace %s"
             % (_read(d, "dev_after.json").strip()[:160], _read(d, "dev_in_ns.json").strip()[:160]))


def _json_list(text):
    try:
        j = json.loads(text)
    except ValueError:
        return []
    return [x for x in j if isinstance(x, dict)] if isinstance(j, list) else []


# rdmatop names the errno (src/nl/*_set.c), rdma prints strerror()
ERRNO = {"ENOMEM": "Cannot allocate memory", "EOPNOTSUPP": "Operation not supported",
         "EINVAL": "Invalid argument", "ENOENT": "No such file or directory",
         "EBUSY": "Device or resource busy", "EPERM": "Operation not permitted",
         "ENODEV": "No such device", "EEXIST": "File exists"}


def same_answer(rt_rc, rt_out, rdma_rc, rdma_out):
    """both succeeded, or both failed with the same errno; where rdma
    names none (it exits 1 silently, or says "error: Success" after a
    check of its own: iproute2 6.1 to 7.3), the exit statuses alone"""
    if (rt_rc == "0") != (rdma_rc == "0"):
        return False
    if rt_rc == "0":
        return True
    if not any(v in rdma_out for v in ERRNO.values()):
        return True
    mine = [e for e in ERRNO if e in rt_out]
    return len(mine) == 1 and ERRNO[mine[0]] in rdma_out


def netns_mode(text):
    """`rdma -j system`: iproute2 prints text whatever -j says (6.1 to
    7.3: "netns exclusive copy-on-fork on"), JSON where it would"""
    try:
        j = json.loads(text)
        j = j[0] if isinstance(j, list) and j else j
        return j.get("netns") if isinstance(j, dict) else None
    except ValueError:
        w = text.split()
        return w[w.index("netns") + 1] if "netns" in w[:-1] else None


def qp_mode(text, dev="rxe0", port=1):
    """rdma -j statistic qp mode: the link's mode, as "qp auto type on",
    "qp auto off" (iproute2 6.1 to 7.3)"""
    try:
        rows = json.loads(text)
    except ValueError:
        return None
    for r in rows if isinstance(rows, list) else []:
        if r.get("ifname") == dev and r.get("port") == port:
            return r.get("mode")
    return None


def check_controls(d, rep, meta):
    """--unbind-qp-counter, --set-qp-counters, --optional-counters against
    rdma's own answers on the same kernel, auto mode read back"""
    for what, mine, theirs in (("unbind", "unbind", "rdma_unbind"), ("optional counters on", "opt", "rdma_opt"),
                               ("optional counters off", "optoff", "rdma_optoff"),
                               ("auto mode type", "auto", "rdma_auto")):
        a, b = _read(d, mine + ".out").strip(), _read(d, theirs + ".out").strip()
        rep.ok(same_answer(meta.get(mine + "_rc"), a, meta.get(theirs + "_rc"), b),
               "%s on rxe: rdmatop exit %s (%s), rdma exit %s (%s)"
               % (what, meta.get(mine + "_rc"), a[:160], meta.get(theirs + "_rc"), b[:160]))
        rep.note("%s: rdmatop exit %s: %s | rdma exit %s: %s"
                 % (what, meta.get(mine + "_rc"), a[:200], meta.get(theirs + "_rc"), b[:200]))
    rep.note("qp mode after auto: %s | after off: %s"
             % (_read(d, "mode_auto.json").strip()[:200], _read(d, "mode_off.json").strip()[:200]))
    if meta.get("auto_rc") == "0":
        m = qp_mode(_read(d, "mode_auto.json"))
        # (6.12 and 7.3 add " optional-counters off")
        rep.ok(isinstance(m, str) and m.startswith("qp auto type on"),
               "rdma -j statistic qp mode after --set-qp-counters rxe0/1 type: %r" % (m,))
        rep.ok("verified" in _read(d, "auto.out"), "--set-qp-counters rxe0/1 type: %s"
               % _read(d, "auto.out").strip()[:160])
        rep.ok(meta.get("off_rc") == "0", "--set-qp-counters rxe0/1 off: exit %s (%s)"
               % (meta.get("off_rc"), _read(d, "off.out").strip()[:160]))
        m = qp_mode(_read(d, "mode_off.json"))
        rep.ok(m == "qp auto off", "rdma -j statistic qp mode after --set-qp-counters rxe0/1 off: %r" % (m,))
