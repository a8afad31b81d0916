"""Checks of the faults scenario (tests/vm/scenarios/faults.sh), host side.

compare.py calls check(d, rep, kv, meta) for the scenario's results
directory; the snapshot it took (exits/: the last batch sample between two
rdma -j sets) is compared with rdma by compare.py itself.  Each fault is
checked in the batch JSON (link.json, exits.json, nobody.json,
overflow.json: one sample per line; the scenario wrote line counts at its
moments, so samples before and after a fault are told apart) and on the
dashboard's screens (tmux capture-pane).

  link:      rxe1 with N QPs deleted mid-dump: every sample before has all
             of it, no sample after has any of it, the sample in flight has
             either all of it or none (never a device whose tables failed),
             a message says it went away, the screen has no rxe1 row.
  exits:     K-1 of K QP-holding processes SIGKILLed: no QP or process of a
             dead pid afterwards, in the root and the nobody batch and on
             the screen.
  overflow:  (6.12) the event socket overflowed: the note, the devices of
             that sample are rdma's, the status line says so.
  unpriv:    the dashboard and a batch as nobody: the note, no keys in the
             JSON, "hidden" for the MR keys on the screen, clean exits.

Only the Python standard library is used.
"""

import json
import os
import re

from vmlib import Report, has_notify, read_text

OBJ_KINDS = ("devices", "links", "resources", "qps", "cm_ids", "cqs", "mrs", "pds", "ctxs", "srqs",
             "counters")
GONE_NOTE = "went away during the dump"
OVF_NOTE = "event queue overflowed"
HIDDEN_NOTE = "CAP_NET_ADMIN"


def _samples(rep, path, label):
    """The JSON lines of a batch run, or None (reported)."""
    if not os.path.exists(path):
        rep.fail("%s: no output (%s)" % (label, os.path.basename(path)))
        return None
    out = []
    with open(path, encoding="utf-8") as f:
        for i, line in enumerate(f):
            if not line.strip():
                continue
            try:
                out.append(json.loads(line))
            except ValueError as e:
                rep.fail("%s: sample %d is not JSON: %s" % (label, i, e))
                return None
    return out


def _int(meta, key, default=-1):
    try:
        return int(meta.get(key, default))
    except ValueError:
        return default


def notes(s, word):
    return [n.get("message") or "" for n in s.get("notes") or [] if word in (n.get("message") or "")]


def dev_objs(s, name, ifindex):
    """Every object of device `name` (or its ifindex) in a sample, by kind."""
    out = {}
    for k in OBJ_KINDS:
        objs = [o for o in s.get(k) or [] if isinstance(o, dict)
                and (o.get("ifname") == name or (ifindex is not None and o.get("ifindex") == ifindex))]
        if objs:
            out[k] = len(objs)
    return out


def dev_names(s):
    return sorted(d.get("ifname") for d in s.get("devices") or [])


def screen(d, name):
    return read_text(os.path.join(d, name)).splitlines()


def status_line(lines):
    # the status line is the fourth line (under the header's three:
    # identity, totals, the verdict)
    return lines[3] if len(lines) > 3 else ""


def check_link(d, rep, kv, meta, js):
    """1: rxe1 deleted while its QPs are dumped."""
    n = _int(meta, "link_qps")
    ready, stop = _int(meta, "link_ready_line"), _int(meta, "link_stop_line")
    ifindex = None
    for s in js[:max(stop, 0)]:
        for dv in s.get("devices") or []:
            if dv.get("ifname") == "rxe1":
                ifindex = dv.get("ifindex")
    if not rep.ok(0 <= ready < stop < len(js) - 2,
                  "link: the samples do not span the deletion: ready at %d, stopped at %d, %d samples"
                  % (ready, stop, len(js))):
        return
    # before: all of rxe1 (its N QPs and the GSI QP)
    for i in range(ready, stop):
        q = sum(1 for o in js[i].get("qps") or [] if o.get("ifname") == "rxe1")
        rep.ok("rxe1" in dev_names(js[i]) and q >= n,
               "link: sample %d (before the deletion) has rxe1 %s with %d QPs (want %d)"
               % (i, "rxe1" in dev_names(js[i]), q, n))
    # the sample in flight: all of rxe1, or none of it
    s = js[stop]
    objs = dev_objs(s, "rxe1", ifindex)
    q = sum(1 for o in s.get("qps") or [] if o.get("ifname") == "rxe1")
    failed = [m for m in notes(s, "rxe1") if GONE_NOTE not in m]
    gone = notes(s, "rxe1 " + GONE_NOTE)
    if objs:
        if rep.ok(not failed and q >= n and not gone,
                  "link: sample %d (in flight) shows rxe1 half-read (a ghost): %s, %d QPs, notes %s"
                  % (stop, objs, q, failed + gone)):
            rep.note("link: the sample in flight had read all of rxe1 before the deletion")
    else:
        rep.ok(not failed, "link: sample %d: rxe1 gone, but notes of its failed tables stay: %s" % (stop, failed))
    # after: nothing of rxe1
    for i in range(stop + 1, len(js)):
        objs = dev_objs(js[i], "rxe1", ifindex)
        rep.ok(not objs, "link: sample %d (after the deletion) still has rxe1: %s" % (i, objs))
        rep.ok(not notes(js[i], "rxe1: "), "link: sample %d: %s" % (i, notes(js[i], "rxe1: ")))
    # a message: the note of the dump in flight, or the removal as a change
    evs = [(e.get("type"), e.get("ifname")) for s in js[stop:stop + 4] for e in s.get("events") or []]
    removed = [e for e in evs if e[0] in ("dev_removed", "UNREGISTER") and e[1] == "rxe1"]
    rep.ok(bool(gone or removed), "link: no sample after the deletion says rxe1 went away "
           "(no \"%s\" note, no dev_removed/UNREGISTER event): events %s" % (GONE_NOTE, evs))
    if gone:
        rep.note("link: the deletion hit the dump in flight (stopped in syscall %s): \"%s\""
                 % (meta.get("link_stop_syscall"), gone[0]))
    else:
        rep.note("link: the deletion did not hit the dump in flight (stopped in syscall %s); events %s"
                 % (meta.get("link_stop_syscall"), evs))
    rep.ok(meta.get("link_alive") == "1", "link: the batch rdmatop died after the deletion")
    rep.ok(meta.get("link_rc") == "0", "link: the batch rdmatop ended with %s after SIGTERM; stderr: %s"
           % (meta.get("link_rc"), read_text(os.path.join(d, "link.err"))[:300]))
    rep.ok(meta.get("link_delete_rc") == "0", "link: rdma link delete rxe1: exit %s: %s"
           % (meta.get("link_delete_rc"), read_text(os.path.join(d, "link_delete.txt")).strip()))
    if meta.get("link_delete_blocked") != "1":
        rep.note("link: rdma link delete returned before the QP holder was killed")
    try:
        after = json.loads(read_text(os.path.join(d, "link_dev_after.json")) or "[]")
        rep.ok(all(x.get("ifname") != "rxe1" for x in after), "link: rdma still lists rxe1: %s" % after)
    except ValueError as e:
        rep.fail("link: rdma -j dev: %s" % e)
    # the dashboard
    before = screen(d, "tui_link_before.txt")
    rep.ok(any(re.match(r"^rxe1 +1 ", x) for x in before),
           "link: no rxe1 row on the screen before the deletion:\n%s" % "\n".join(before))
    after = screen(d, "tui_link_after.txt")
    if rep.ok(meta.get("link_screen_s", "timeout") != "timeout",
              "link: the dashboard never said rxe1 went away; last screen:\n%s" % "\n".join(after)):
        rep.ok(re.search(r"(dev_removed|UNREGISTER) rxe1|rxe1 went away", status_line(after)),
               "link: the status line does not say rxe1 went away: %s" % status_line(after))
        rep.note("link: dashboard: \"%s\" %ss after the deletion" % (status_line(after).strip(),
                                                                   meta.get("link_screen_s")))
    ghost = [x for x in after if re.match(r"^rxe1 ", x)]
    rep.ok(not ghost, "link: rows of rxe1 on the screen after the deletion: %s" % ghost[:3])


def _pids(meta, key):
    return {int(p) for p in meta.get(key, "").split() if p.isdigit()}


def check_exit_samples(rep, label, js, meta, first_after, dead, keep, kq, ready=None, kill=None):
    if not rep.ok(0 <= first_after < len(js) - 1, "%s: no samples after the processes died (%d of %d)"
                  % (label, first_after, len(js))):
        return
    if ready is not None and kill is not None:
        rep.ok(ready + 1 < kill, "%s: no sample between the processes' start and their death (%d, %d)"
               % (label, ready, kill))
        for i in range(ready + 1, min(kill, len(js))):
            by = {p.get("pid"): p for p in js[i].get("processes") or []}
            for pid in sorted(dead | {keep}):
                rep.ok(by.get(pid, {}).get("qps") == kq, "%s: sample %d (before the kill): process %d holds %s QPs "
                       "(want %d)" % (label, i, pid, by.get(pid, {}).get("qps"), kq))
    for i in range(first_after, len(js)):
        s = js[i]
        ghosts = sorted({o.get("process_pid") for k in OBJ_KINDS for o in s.get(k) or []
                         if isinstance(o, dict) and (o.get("process_pid") in dead or o.get("pid") in dead)})
        rep.ok(not ghosts, "%s: sample %d (after the kill) has objects of dead processes %s" % (label, i, ghosts))
        procs = {p.get("pid") for p in s.get("processes") or []}
        rep.ok(not procs & dead, "%s: sample %d: dead processes listed: %s" % (label, i, sorted(procs & dead)))
        mine = [p for p in s.get("processes") or [] if p.get("pid") == keep]
        rep.ok(len(mine) == 1 and mine[0].get("qps") == kq, "%s: sample %d: the surviving process %d: %s"
               % (label, i, keep, mine))


def check_exits(d, rep, kv, meta, js):
    """2: processes holding QPs killed while rdmatop samples."""
    dead, keep = _pids(meta, "exit_dead"), _int(meta, "exit_keep")
    kq = _int(meta, "exit_qps")
    if not rep.ok(len(dead) == _int(meta, "exit_procs") - 1 and keep > 0,
                  "exits: pids dead %s, kept %s" % (sorted(dead), keep)):
        return
    # the sample in flight at the moment QPs were gone may still list them
    check_exit_samples(rep, "exits", js, meta, _int(meta, "exit_gone_line") + 1, dead, keep, kq,
                       _int(meta, "exit_ready_line"), _int(meta, "exit_kill_line"))
    rep.ok(meta.get("exit_alive") == "1", "exits: the batch rdmatop died")
    rep.ok(meta.get("exit_rc") == "0", "exits: the batch rdmatop ended with %s after SIGTERM; stderr: %s"
           % (meta.get("exit_rc"), read_text(os.path.join(d, "exits.err"))[:300]))
    before = screen(d, "tui_exit_before.txt")
    after = screen(d, "tui_exit_after.txt")

    def rows(lines, pid):
        return [x for x in lines if re.match(r"^ *%d +many_qp " % pid, x)]
    for pid in sorted(dead | {keep}):
        rep.ok(rows(before, pid), "exits: process %d not on the screen before the kill:\n%s" % (pid, "\n".join(before)))
    for pid in sorted(dead):
        rep.ok(not rows(after, pid), "exits: dead process %d still on the screen: %s" % (pid, rows(after, pid)))
    rep.ok(rows(after, keep), "exits: the surviving process %d is not on the screen:\n%s" % (keep, "\n".join(after)))


def check_unpriv(d, rep, kv, meta, rt_rc_key="nobody_rc"):
    """4: the batch and the dashboard as nobody."""
    nb = _samples(rep, os.path.join(d, "nobody.json"), "unpriv")
    if nb is None:
        return
    rep.ok(meta.get("nobody_comm") == "rdmatop" and meta.get("nobody_uid") == "65534",
           "unpriv: the nobody batch is %s with uid %s" % (meta.get("nobody_comm"), meta.get("nobody_uid")))
    rep.ok(meta.get(rt_rc_key) == "0", "unpriv: the nobody batch ended with %s after SIGTERM; stderr: %s"
           % (meta.get(rt_rc_key), read_text(os.path.join(d, "nobody.err"))[:300]))
    dead, keep = _pids(meta, "exit_dead"), _int(meta, "exit_keep")
    check_exit_samples(rep, "unpriv", nb, meta, _int(meta, "exit_gone_line_nobody") + 1, dead, keep,
                       _int(meta, "exit_qps"))
    mrs = 0
    for i, s in enumerate(nb):
        rep.ok(notes(s, HIDDEN_NOTE), "unpriv: sample %d has no %s note: %s" % (i, HIDDEN_NOTE, s.get("notes")))
        for m in s.get("mrs") or []:
            mrs += 1
            rep.ok("rkey" not in m and "lkey" not in m, "unpriv: sample %d: MR keys as nobody: %s" % (i, m))
        for p in s.get("pds") or []:
            rep.ok("local_dma_lkey" not in p, "unpriv: sample %d: PD keys as nobody: %s" % (i, p))
    rep.ok(mrs > 0, "unpriv: no MR in any nobody sample: the key check checked nothing")
    start = screen(d, "tui_start.txt")
    rep.ok(HIDDEN_NOTE in status_line(start), "unpriv: the dashboard as nobody does not show the note: %s"
           % status_line(start))
    det = screen(d, "tui_exit_detail.txt")
    idx = [i for i, x in enumerate(det) if x.startswith("MRs (")]
    if rep.ok(idx and len(det) > idx[0] + 2, "unpriv: no MRs in the process detail as nobody:\n%s" % "\n".join(det)):
        hdr, row = det[idx[0] + 1], det[idx[0] + 2]
        for key in ("RKEY", "LKEY"):
            c = hdr.find(key)
            rep.ok(c >= 0 and "hidden" in row[max(0, c - 8):c + len(key) + 8],
                   "unpriv: the detail's %s is not \"hidden\":\n%s\n%s" % (key, hdr, row))
    rep.ok("EXITED:0" in read_text(os.path.join(d, "tui_nobody_exit.txt")),
           "unpriv: the dashboard as nobody did not end with status 0 on q: %s"
           % read_text(os.path.join(d, "tui_nobody_exit.txt")).strip())


def check_overflow(d, rep, kv, meta):
    """3: the event socket overflows (6.12 and latest: the notify group)."""
    if not has_notify(kv):
        rep.ok(meta.get("overflow") == "skipped", "overflow: run on %s" % kv)
        rep.note("overflow: not provoked on %s: the kernel has no RDMA notify group (changes are polled)" % kv)
        return
    js = _samples(rep, os.path.join(d, "overflow.json"), "overflow")
    if js is None:
        return
    stop = _int(meta, "ovf_stop_line")
    if not rep.ok(0 < stop < len(js) - 2, "overflow: the samples do not span the burst: stopped at %d, %d samples"
                  % (stop, len(js))):
        return
    for i in range(stop):
        rep.ok(not notes(js[i], OVF_NOTE), "overflow: sample %d (before the burst) has %s" % (i, notes(js[i], OVF_NOTE)))
        rep.ok((js[i].get("system") or {}).get("monitor") is True, "overflow: sample %d: monitor %s"
               % (i, (js[i].get("system") or {}).get("monitor")))
    hit = [i for i in range(stop, len(js)) if notes(js[i], OVF_NOTE)]
    if not rep.ok(hit and hit[0] <= stop + 1, "overflow: no \"%s\" note in the samples after the burst (%d on)"
                  % (OVF_NOTE, stop)):
        return
    try:
        want = sorted(x.get("ifname") for x in json.loads(read_text(os.path.join(d, "ovf_dev.json")) or "[]"))
        last = sorted(x.get("ifname") for x in json.loads(read_text(os.path.join(d, "ovf_dev_after.json")) or "[]"))
    except ValueError as e:
        rep.fail("overflow: rdma -j dev: %s" % e)
        return
    rep.ok(len(want) >= 3, "overflow: rdma lists %s after the burst (want rxe0 and the two links left)" % want)
    rep.ok(dev_names(js[hit[0]]) == want, "overflow: sample %d (with the note): devices %s, rdma %s"
           % (hit[0], dev_names(js[hit[0]]), want))
    rep.ok(dev_names(js[-1]) == last, "overflow: last sample: devices %s, rdma %s" % (dev_names(js[-1]), last))
    rep.note("overflow: sample %d: \"%s\", devices %s" % (hit[0], notes(js[hit[0]], OVF_NOTE)[0], want))
    rep.ok(meta.get("ovf_alive") == "1" and meta.get("ovf_rc") == "0",
           "overflow: rdmatop alive %s, exit %s; stderr: %s"
           % (meta.get("ovf_alive"), meta.get("ovf_rc"), read_text(os.path.join(d, "overflow.err"))[:300]))
    scr = screen(d, "tui_ovf_after.txt")
    if rep.ok(meta.get("ovf_screen_s", "timeout") != "timeout" and "overflowed" in status_line(scr),
              "overflow: the dashboard's status line does not report it:\n%s" % "\n".join(scr)):
        rep.note("overflow: dashboard: \"%s\"" % status_line(scr).strip())
    rows = sorted({m.group(1) for m in (re.match(r"^(rxe\d+) +1 ", x) for x in scr) if m})
    rep.ok(rows == want, "overflow: device rows on the screen %s, rdma %s" % (rows, want))
    rep.ok("EXITED:0" in read_text(os.path.join(d, "tui_exit.txt")), "overflow: the dashboard did not end with 0 on q")


def check(d, rep, kv, meta):
    js = _samples(rep, os.path.join(d, "link.json"), "link")
    if js is not None:
        check_link(d, rep, kv, meta, js)
    js = _samples(rep, os.path.join(d, "exits.json"), "exits")
    if js is not None:
        check_exits(d, rep, kv, meta, js)
    check_unpriv(d, rep, kv, meta)
    check_overflow(d, rep, kv, meta)


# ---- self-test: synthetic results, then faults each check must catch ------

def _st_sample(devs, qps, procs=(), nts=(), evs=(), mrs=()):
    return {"devices": [{"ifindex": i, "ifname": n} for i, n in devs],
            "links": [{"ifindex": i, "ifname": n, "port": 1} for i, n in devs],
            "qps": [dict(q) for q in qps], "mrs": [dict(m) for m in mrs],
            "processes": [dict(p) for p in procs], "notes": [{"message": m} for m in nts],
            "events": [dict(e) for e in evs], "system": {"monitor": True}}


def _st_files():
    rxe1 = [{"ifindex": 1, "ifname": "rxe1", "lqpn": n, "pid": 50, "process_pid": 50} for n in (1, 2, 3)]
    both, one = [(0, "rxe0"), (1, "rxe1")], [(0, "rxe0")]
    qps = [{"ifindex": 0, "ifname": "rxe0", "lqpn": 10 + p, "pid": p, "process_pid": p} for p in (61, 62, 63, 64)]
    procs = [{"pid": p, "qps": 1} for p in (61, 62, 63, 64)]
    mr = [{"ifindex": 0, "ifname": "rxe0", "mrn": 1, "pid": 64, "process_pid": 64}]
    link = [_st_sample(both, rxe1, [{"pid": 50, "qps": 3}]) for _ in range(4)]
    link.append(_st_sample(one, [], nts=["rxe1 went away during the dump"],
                           evs=[{"type": "dev_removed", "ifname": "rxe1"}]))
    link += [_st_sample(one, []) for _ in range(2)]
    ex = [_st_sample(one, qps, procs, mrs=mr) for _ in range(3)]
    ex += [_st_sample(one, qps[3:], procs[3:], mrs=mr) for _ in range(3)]
    nobody = [dict(s, notes=[{"message": "without CAP_NET_ADMIN the kernel hides MR keys"}]) for s in ex]
    ovf = [_st_sample(one, []) for _ in range(3)]
    ovf.append(_st_sample([(0, "rxe0"), (4, "rxe4"), (5, "rxe5")], [],
                          nts=["event queue overflowed: state re-read in full"]))
    ovf += [_st_sample([(0, "rxe0"), (4, "rxe4"), (5, "rxe5")], []) for _ in range(2)]
    meta = {"link_qps": "3", "link_ready_line": "0", "link_stop_line": "4", "link_alive": "1",
            "link_delete_rc": "0", "link_delete_blocked": "1", "link_screen_s": "0.2", "link_stop_syscall": "47",
            "exit_procs": "4", "exit_qps": "1", "exit_dead": "61 62 63", "exit_keep": "64",
            "exit_ready_line": "0", "exit_kill_line": "3", "exit_gone_line": "2", "exit_alive": "1",
            "link_rc": "0", "exit_rc": "0", "nobody_rc": "0", "nobody_comm": "rdmatop", "nobody_uid": "65534",
            "exit_gone_line_nobody": "2", "ovf_stop_line": "3", "ovf_screen_s": "0.2", "ovf_alive": "1",
            "ovf_rc": "0"}
    hdr = "rdmatop live  host (none)  kernel 6.12  changes events\ndevices 1\nnetwork OK (1 port)\n"
    proc_rows = "    PID COMM               UID    QP\n" + "".join(
        "    %d many_qp              0     1\n" % p for p in (61, 62, 63, 64))
    files = {
        "link.json": link, "exits.json": ex, "nobody.json": nobody, "overflow.json": ovf,
        "link_dev_after.json": [{"ifname": "rxe0"}],
        "ovf_dev.json": [{"ifname": n} for n in ("rxe0", "rxe4", "rxe5")],
        "ovf_dev_after.json": [{"ifname": n} for n in ("rxe0", "rxe4", "rxe5")],
        "tui_start.txt": hdr + "without CAP_NET_ADMIN the kernel hides MR keys\n",
        "tui_link_before.txt": hdr + "\nDEV  PORT STATE\nrxe0          1 ACTIVE\nrxe1          1 ACTIVE\n",
        "tui_link_after.txt": hdr + "08:12:29 UNREGISTER rxe1\nDEV  PORT STATE\nrxe0          1 ACTIVE\n",
        "tui_exit_before.txt": hdr + "\n" + proc_rows,
        "tui_exit_after.txt": hdr + "\n" + proc_rows.split("\n", 1)[0] + "\n    64 many_qp              0     1\n",
        "tui_exit_detail.txt": hdr + "\nprocess 64  many_qp\nMRs (1)\n"
                               "  DEV        MRN     RKEY     LKEY\n  rxe0         1   hidden   hidden\n",
        "tui_nobody_exit.txt": "EXITED:0\n", "tui_exit.txt": "EXITED:0\n",
        "tui_ovf_after.txt": hdr + "event queue overflowed: state re-read in full\nDEV\n"
                             "rxe0          1 ACTIVE\nrxe4          1 ACTIVE\nrxe5          1 ACTIVE\n",
    }
    return files, meta


def _st_run(mutate=None, kv="6.12"):
    import tempfile
    files, meta = _st_files()
    if mutate:
        mutate(files, meta)

    rep = Report()
    with tempfile.TemporaryDirectory() as d:
        for name, v in files.items():
            with open(os.path.join(d, name), "w", encoding="utf-8") as f:
                if name.endswith(".json") and isinstance(v, list) and name in (
                        "link.json", "exits.json", "nobody.json", "overflow.json"):
                    f.write("".join(json.dumps(s) + "\n" for s in v))
                else:
                    f.write(v if isinstance(v, str) else json.dumps(v))
        check(d, rep, kv, meta)
    return rep


def self_test():
    """[failure text, ...]: the clean case passes, each fault is caught."""
    failures = []
    rep = _st_run()
    if rep.errors or rep.checks < 60:
        failures.append("faults clean: %d checks, mismatches %s" % (rep.checks, rep.errors))
    rep = _st_run(kv="6.1", mutate=lambda f, m: m.update(overflow="skipped"))
    if rep.errors:
        failures.append("faults clean on 6.1: %s" % rep.errors)

    def ghost(f, m):
        # the sample in flight keeps rxe1, its QP table failed
        s = f["link.json"][4]
        s["devices"].append({"ifindex": 1, "ifname": "rxe1"})
        s["notes"] = [{"message": "rxe1: QP table unavailable: Invalid argument"}]

    def late(f, m):
        f["link.json"][5]["qps"].append({"ifindex": 1, "ifname": "rxe1", "lqpn": 1})

    def no_before(f, m):
        m["link_stop_line"] = "0"

    def silent(f, m):
        f["link.json"][4]["notes"] = []
        f["link.json"][4]["events"] = []

    def screen_ghost(f, m):
        f["tui_link_after.txt"] += "rxe1          1 ACTIVE\n"

    def dead_qp(f, m):
        f["exits.json"][5]["qps"].append({"ifname": "rxe0", "lqpn": 11, "pid": 61, "process_pid": 61})

    def dead_row(f, m):
        f["tui_exit_after.txt"] += "    62 many_qp              0     1\n"

    def keys(f, m):
        f["nobody.json"][0]["mrs"][0]["rkey"] = "0x1"

    def shown(f, m):
        f["tui_exit_detail.txt"] = f["tui_exit_detail.txt"].replace("hidden", "   n/a")

    def no_ovf(f, m):
        f["overflow.json"][3]["notes"] = []

    def ovf_devs(f, m):
        f["overflow.json"][3]["devices"].pop()

    def ovf_screen(f, m):
        f["tui_ovf_after.txt"] = f["tui_ovf_after.txt"].replace("event queue overflowed", "UNREGISTER rxe3")

    def crashed(f, m):
        m["link_alive"] = "0"

    def missing_before(f, m):
        f["exits.json"][1]["processes"].pop(0)

    for name, mut, want in (("ghost row", ghost, "half-read"),
                            ("crash", crashed, "died after the deletion"),
                            ("process missing before", missing_before, "process 61 holds None QPs"), ("rxe1 after", late, "still has rxe1"),
                            ("no sample before", no_before, "do not span"),
                            ("no message", silent, "says rxe1 went away"),
                            ("rxe1 on screen", screen_ghost, "rows of rxe1 on the screen"),
                            ("dead QP", dead_qp, "objects of dead processes"),
                            ("dead row", dead_row, "dead process 62 still on the screen"),
                            ("keys as nobody", keys, "MR keys as nobody"),
                            ("keys not hidden", shown, "is not \"hidden\""),
                            ("no overflow note", no_ovf, "no \"event queue overflowed\" note"),
                            ("overflow devices", ovf_devs, "devices ['rxe0', 'rxe4'], rdma"),
                            ("overflow status", ovf_screen, "status line does not report it")):
        rep = _st_run(mut)
        if not any(want in e for e in rep.errors):
            failures.append("faults %s: expected a mismatch with %r, got %s" % (name, want, rep.errors or "none"))
    return failures
