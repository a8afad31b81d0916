"""Checks of the groups scenario (tests/vm/scenarios/groups.sh), host side.

The scenario moved each ibv_rc_pingpong process into a cgroup made the way
SLURM, the kubelet, docker and systemd name theirs, and wrote down the
group each should land in (meta want_PID = "KIND NAME"), the guest's
/proc/PID/cgroup before and after rdmatop's run (cgroups.txt,
cgroups_after.txt), rdma's QPs (qp.json), rdmatop's JSON (groups.json, two
samples), its text (-b), its OpenMetrics and the dashboard's screens.

  cgroups:  the move took (each /proc/PID/cgroup is the cgroup v2 line of
            the path the scenario made) and rdmatop's process has that
            path as its cgroup;
  groups:   each intended group exists with exactly the intended pids; its
            QP count is what rdma lists for those pids, in RTS; its sums
            are its processes' sums;
  outputs:  the text table, the metrics and the screen show the groups;
            Enter on the job lists its two processes and no other.

Only the Python standard library is used.
"""

import json
import os
import re

from vmlib import Report, read_text


def _cgroups(text):
    """'PID 0::/path ' lines -> {pid: path}."""
    out = {}
    for line in text.splitlines():
        words = line.split()
        if len(words) >= 2 and words[1].startswith("0::"):
            out[int(words[0])] = words[1][3:]
    return out


def _json_lines(text):
    return [json.loads(l) for l in text.splitlines() if l.strip()]


def check_files(f, meta, rep):
    """f: {file name: text}; meta: the scenario's meta."""
    pids = [int(p) for p in meta.get("pids", "").split()]
    rep.ok(len(pids) == 6, "groups: %d processes started, expected 6" % len(pids))
    rep.ok(meta.get("rt_rc") == "0", "groups: rdmatop -j exit status %s" % meta.get("rt_rc"))
    want = {}
    for p in pids:
        kind, _, name = meta.get("want_%d" % p, "").partition(" ")
        want[p] = (kind, name)
    before, after = _cgroups(f.get("cgroups.txt", "")), _cgroups(f.get("cgroups_after.txt", ""))
    try:
        samples = _json_lines(f.get("groups.json", ""))
        qps = json.loads(f.get("qp.json", "") or "[]")
    except ValueError as e:
        rep.fail("groups: unreadable JSON: %s" % e)
        return
    if not rep.ok(len(samples) == 2, "groups: %d samples, expected 2" % len(samples)):
        return
    last = samples[-1]
    procs = {p["pid"]: p for p in last.get("processes", []) if "pid" in p}
    rdma_qps = {}
    for q in qps:
        if "pid" in q:
            rdma_qps[q["pid"]] = rdma_qps.get(q["pid"], 0) + 1
    # the guest's cgroups, and rdmatop's reading of them
    for p in pids:
        rep.ok(p in before and before.get(p) == after.get(p),
               "groups: pid %d: /proc/PID/cgroup %r then %r" % (p, before.get(p), after.get(p)))
        kind, name = want[p]
        if kind == "cgroup":
            rep.ok(before.get(p) == name, "groups: pid %d should be in %s, is in %r" % (p, name, before.get(p)))
        rep.ok(p in procs, "groups: pid %d not among rdmatop's processes" % p)
        if p in procs:
            rep.ok(procs[p].get("cgroup") == before.get(p),
                   "groups: pid %d: rdmatop's cgroup %r, the guest's %r" % (p, procs[p].get("cgroup"), before.get(p)))
    # the groups: intended members exactly, QPs as rdma counts them
    groups = {(g["kind"], g["name"]): g for g in last.get("groups", [])}
    members = {}
    for p in pids:
        members.setdefault(want[p], []).append(p)
    rep.ok(len(members) == 5, "groups: %d intended groups, expected 5" % len(members))
    for key, ps in sorted(members.items()):
        g = groups.get(key)
        if not rep.ok(g is not None, "groups: no group %s %s (rdmatop has %s)" % (key + (sorted(groups),))):
            continue
        rep.ok(sorted(g.get("pids", [])) == sorted(ps),
               "groups: %s %s holds pids %s, expected %s" % (key + (g.get("pids"), sorted(ps))))
        rep.ok(g.get("n_processes") == len(ps), "groups: %s %s n_processes %s" % (key + (g.get("n_processes"),)))
        n = sum(rdma_qps.get(p, 0) for p in ps)
        rep.ok(n >= len(ps) and g.get("qps") == n,
               "groups: %s %s has %s QPs, rdma lists %d for its pids" % (key + (g.get("qps"), n)))
        rep.ok(g.get("qp_states", {}).get("RTS") == n,
               "groups: %s %s QPs by state %s" % (key + (g.get("qp_states"),)))
        for k in ("cqs", "mrs", "mr_bytes", "pds", "ctxs"):
            s = sum(procs[p].get(k, 0) for p in ps if p in procs)
            rep.ok(g.get(k) == s, "groups: %s %s %s = %s, its processes' sum %s" % (key + (k, g.get(k), s)))
        if key[0] in ("job", "pod", "container", "unit"):
            rep.ok(g.get("runtime") in ("slurm", "kubernetes", "docker", "containerd", "systemd"),
                   "groups: %s %s runtime %r" % (key + (g.get("runtime"),)))
    # the text table, the metrics, the screens
    text = f.get("groups.txt", "")
    rep.ok(re.search(r"^GROUPS$", text, re.M) is not None, "groups: -b has no GROUPS table")
    rep.ok(re.search(r"^job +2 +2 +2 +0 +0 .* slurm +1$", text, re.M) is not None,
           "groups: -b has no row for job 1 with 2 processes and 2 QPs in RTS")
    om = f.get("groups.om", "")
    rep.ok('rdma_group_processes{kind="job",group="1"} 2' in om, "groups: metrics lack job 1's 2 processes")
    rep.ok(re.search(r'rdma_group_qps\{kind="pod",group="8e2f3b1a-5c4d-4e6f-9a0b-1c2d3e4f5a6b",'
                     r'state="RTS"\} 1', om) is not None, "groups: metrics lack the pod's QP")
    scr = f.get("tui_groups.txt", "")
    # a name wider than its column is cut in the middle with the mark (the
    # layout rule, src/ui/fit.c): its start and its end are the name's own
    def drawn_as(cell, name):
        if cell == name:
            return True
        for mark in ("\u2026", "~"):
            if mark in cell:
                head, tail = cell.split(mark, 1)
                return bool(head) and bool(tail) and name.startswith(head) and \
                    name.endswith(tail) and len(head) + len(tail) < len(name)
        return False
    for kind, name in sorted(members):
        n = len(members[(kind, name)])
        cells = re.findall(r"^%s +(\S+) +%d " % (re.escape(kind), n), scr, re.M)
        rep.ok(any(drawn_as(c, name) for c in cells),
               "groups: the screen has no row %s %s (whole or cut with the mark) with %d processes: %s"
               % (kind, name, n, cells))
    job = f.get("tui_job.txt", "")
    rep.ok("processes of job 1" in job, "groups: Enter on job 1 did not show its processes")
    shown = {int(m.group(1)) for m in re.finditer(r"^ *([0-9]+) +ibv_rc_pingpong", job, re.M)}
    rep.ok(shown == set(members.get(("job", "1"), [])),
           "groups: job 1's processes on the screen %s, expected %s" % (sorted(shown), members.get(("job", "1"))))
    every = {int(m.group(1)) for m in re.finditer(r"^ *([0-9]+) +ibv_rc_pingpong", f.get("tui_all.txt", ""), re.M)}
    rep.ok(every == set(pids), "groups: after Esc the screen lists %s, expected %s" % (sorted(every), sorted(pids)))


FILES = ("cgroups.txt", "cgroups_after.txt", "groups.json", "qp.json", "groups.txt", "groups.om",
         "tui_groups.txt", "tui_job.txt", "tui_all.txt")


def check(d, rep, kv, meta):
    del kv  # the same on both kernels
    check_files({n: read_text(os.path.join(d, n)) for n in FILES}, meta, rep)


# ---- self-test: a clean run passes, each fault is caught ------------------

_PATHS = {
    11: ("/system.slice/slurmstepd.scope/job_1/step_0/user/task_0", "job 1"),
    12: ("/system.slice/slurmstepd.scope/job_1/step_1/user/task_0", "job 1"),
    13: ("/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod8e2f3b1a_5c4d_4e6f_9a0b_1c2d3e4f5a6b"
         ".slice/cri-containerd-4bd9.scope", "pod 8e2f3b1a-5c4d-4e6f-9a0b-1c2d3e4f5a6b"),
    14: ("/system.slice/docker-0123.scope", "container 0123"),
    15: ("/system.slice/ib-bench.service", "unit ib-bench.service"),
    16: ("/", "cgroup /"),
}
_RT = {"job 1": "slurm", "pod 8e2f3b1a-5c4d-4e6f-9a0b-1c2d3e4f5a6b": "kubernetes",
       "container 0123": "docker", "unit ib-bench.service": "systemd", "cgroup /": None}


def _st_files():
    cg = "".join("%d 0::%s \n" % (p, v[0]) for p, v in sorted(_PATHS.items()))
    procs = [{"pid": p, "comm": "ibv_rc_pingpong", "qps": 1, "qp_states": {"RTS": 1}, "cqs": 1,
              "mrs": 1, "mr_bytes": 4096, "pds": 1, "ctxs": 1, "cgroup": v[0]} for p, v in sorted(_PATHS.items())]
    groups = []
    for key in ("job 1", "pod 8e2f3b1a-5c4d-4e6f-9a0b-1c2d3e4f5a6b", "container 0123",
                "unit ib-bench.service", "cgroup /"):
        ps = [p for p, v in sorted(_PATHS.items()) if v[1] == key]
        kind, name = key.split(" ", 1)
        g = {"kind": kind, "name": name, "n_processes": len(ps), "pids": ps, "qps": len(ps),
             "qp_states": {"RTS": len(ps)}, "cqs": len(ps), "mrs": len(ps), "mr_bytes": 4096 * len(ps),
             "pds": len(ps), "ctxs": len(ps)}
        if _RT[key]:
            g["runtime"] = _RT[key]
        groups.append(g)
    sample = json.dumps({"processes": procs, "groups": groups})
    screen = ("KIND      GROUP                                PROCS    QP   RTS  ERR\n"
              "job       1                                        2     2     2    0\n"
              "pod       8e2f3b1a-5c4d-4e6f-9a0b-1c2d3e4f5a6b     1     1     1    0\n"
              "container 0123                                     1     1     1    0\n"
              "unit      ib-bench.service                         1     1     1    0\n"
              "cgroup    /                                        1     1     1    0\n")
    plist = "    PID COMM\n" + "".join("%7d ibv_rc_pingpong\n" % p for p in sorted(_PATHS))
    return {
        "cgroups.txt": cg, "cgroups_after.txt": cg, "groups.json": sample + "\n" + sample + "\n",
        "qp.json": json.dumps([{"ifname": "rxe0", "lqpn": 17 + i, "pid": p} for i, p in enumerate(sorted(_PATHS))]),
        "groups.txt": "GROUPS\nKIND      PROCS    QP   RTS  ERR OTHER    MR   MR_BYTES   PSN/s RUNTIME    GROUP\n"
                      "job           2     2     2    0     0     2    8.0 KiB  4.0K/s slurm      1\n",
        "groups.om": 'rdma_group_processes{kind="job",group="1"} 2\n'
                     'rdma_group_qps{kind="pod",group="8e2f3b1a-5c4d-4e6f-9a0b-1c2d3e4f5a6b",state="RTS"} 1\n',
        "tui_groups.txt": screen,
        "tui_job.txt": "processes of job 1 (Esc: all)\n    PID COMM\n     11 ibv_rc_pingpong\n     12 ibv_rc_pingpong\n",
        "tui_all.txt": plist,
    }


def _st_meta():
    m = {"pids": " ".join(str(p) for p in sorted(_PATHS)), "rt_rc": "0"}
    for p, v in _PATHS.items():
        m["want_%d" % p] = v[1]
    return m


def _st_run(mutate=None):
    f, m = _st_files(), _st_meta()
    if mutate:
        mutate(f, m)
    rep = Report()
    check_files(f, m, rep)
    return rep


def self_test():
    failures = []
    rep = _st_run()
    if rep.errors or rep.checks < 60:
        failures.append("groups clean: %d checks, mismatches %s" % (rep.checks, rep.errors))

    def edit_sample(fn):
        def m(f, _):
            lines = [json.loads(l) for l in f["groups.json"].splitlines()]
            fn(lines[-1])
            f["groups.json"] = "\n".join(json.dumps(l) for l in lines) + "\n"
        return m

    def merged(s):  # the two jobs' steps as two groups
        s["groups"][0]["pids"] = [11]
        s["groups"][0]["n_processes"] = 1

    def wrong_cgroup(s):
        s["processes"][2]["cgroup"] = "/"

    def qps_off(s):
        s["groups"][1]["qps"] = 2

    def no_pod(s):
        s["groups"] = [g for g in s["groups"] if g["kind"] != "pod"]

    def not_moved(f, _):
        f["cgroups.txt"] = f["cgroups.txt"].replace("/system.slice/ib-bench.service", "/")

    def screen_leak(f, _):
        f["tui_job.txt"] += "     13 ibv_rc_pingpong\n"

    def screen_row(f, _):
        f["tui_groups.txt"] = f["tui_groups.txt"].replace("container 0123", "cgroup    0123")

    def no_metrics(f, _):
        f["groups.om"] = ""

    for name, mut in (("merged", edit_sample(merged)), ("wrong cgroup", edit_sample(wrong_cgroup)),
                      ("qps", edit_sample(qps_off)), ("no pod", edit_sample(no_pod)),
                      ("not moved", not_moved), ("screen leak", screen_leak),
                      ("screen row", screen_row), ("no metrics", no_metrics)):
        if not _st_run(mut).errors:
            failures.append("groups: fault not caught: " + name)
    return failures
