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
    m, rm = _read(d, "move.out"), _read(d, "rdma_move.out")
    # rxe has no disassociate_ucontext: ib_device_set_netns_put() refuses
    # (EOPNOTSUPP) in exclusive mode too (device.c, 6.1 and 6.12)
    same = (meta.get("move_rc") == "0") == (meta.get("rdma_move_rc") == "0") and \
        ("EOPNOTSUPP" in m) == ("Operation not supported" in rm) and "cannot open" not in m
    rep.ok(meta.get("exclusive_rc") == "0", "rdma system set netns exclusive: exit %s" % meta.get("exclusive_rc"))
    rep.ok(same, "move rxe0: rdmatop exit %s (%s), rdma exit %s (%s)"
           % (meta.get("move_rc"), m.strip()[:200], meta.get("rdma_move_rc"), rm.strip()[:120]))
    # (the namespace may outlive ip netns del a while: then shared is EBUSY)
    rep.note("back to shared mode: exit %s" % meta.get("shared_rc"))
    rep.note("move rxe0: %s | rdma: %s" % (m.strip()[:240], rm.strip()[:120]))
    rep.note("after the move: here %s | in the namespace %s"
             % (_read(d, "dev_after.json").strip()[:160], _read(d, "dev_in_ns.json").strip()[:160]))
