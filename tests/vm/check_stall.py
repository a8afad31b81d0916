"""The stall scenario (tests/vm/scenarios/stall.sh): the live run's JSON
samples against the oracle (`rdma -j res show qp` while the server was
stopped and once the client's QP was in ERR), the idle QP never stalled,
and the recording replayed on the host to the same stalls.  Each check is
shown able to fail: the same checks on the samples tampered (the idle QP
listed, the client's RQPN off by one) must fail."""

import json
import os
import subprocess

from vmlib import Report, read_json, read_json_lines, read_meta, read_text

STALL_AFTER = 5


def _qps(path):
    try:
        return read_json(path) or []
    except (OSError, ValueError):
        return []


def _by_pid(qps, pid):
    return [q for q in qps if q.get("pid") == pid and q.get("type") == "RC"]


def _wall(sample):
    """a sample's "time" (RFC 3339 UTC) as seconds"""
    import datetime
    t = datetime.datetime.strptime(sample["time"], "%Y-%m-%dT%H:%M:%S.%fZ")
    return t.replace(tzinfo=datetime.timezone.utc).timestamp()


def _stall(sample, lqpn):
    for s in sample.get("stalls", []):
        if s.get("dev") == "rxe0" and s.get("lqpn") == lqpn:
            return s
    return None


def _iso(t):
    import datetime
    return datetime.datetime.strptime(t, "%Y-%m-%dT%H:%M:%S.%fZ").replace(
        tzinfo=datetime.timezone.utc).timestamp()


def check_samples(samples, meta, stopped, killed, rep):
    """The live samples against the facts: meta (walls, pids), the QPs of
    rdma while stopped and after the kill."""
    srv, cli, idle = (int(meta.get(k, -1)) for k in ("server_pid", "client_pid", "idle_pid"))
    s_qp, c_qp, i_qp = _by_pid(stopped, srv), _by_pid(stopped, cli), _by_pid(stopped, idle)
    if not rep.ok(len(s_qp) == 1 and len(c_qp) == 1 and len(i_qp) == 1,
                  "stall: rdma while stopped: %d server, %d client, %d idle RC QPs (want 1 each)"
                  % (len(s_qp), len(c_qp), len(i_qp))):
        return
    s_qp, c_qp, i_qp = s_qp[0], c_qp[0], i_qp[0]
    # ib_send_bw's server (the passive side) stays in RTR
    rep.ok(s_qp.get("state") in ("RTR", "RTS") and c_qp.get("state") == "RTS",
           "stall: rdma while stopped: server %s, client %s (want RTR or RTS, RTS)"
           % (s_qp.get("state"), c_qp.get("state")))
    rep.ok(c_qp.get("rqpn") == s_qp["lqpn"] and s_qp.get("rqpn") == c_qp["lqpn"],
           "stall: rdma: the pair is not mutual: client %s->%s, server %s->%s"
           % (c_qp["lqpn"], c_qp.get("rqpn"), s_qp["lqpn"], s_qp.get("rqpn")))
    rep.ok(i_qp.get("state") == "RTS" and i_qp.get("rqpn") == int(meta.get("idle_rqpn", -1)),
           "stall: rdma: the idle QP is %s towards %s (want RTS towards %s)"
           % (i_qp.get("state"), i_qp.get("rqpn"), meta.get("idle_rqpn")))
    stop, kill = float(meta["stop_wall"]), float(meta["kill_wall"])
    listed = [i for i, s in enumerate(samples) if _stall(s, i_qp["lqpn"])]
    rep.ok(not listed, "stall: the idle QP %d (nothing ever sent) is listed in samples %s"
           % (i_qp["lqpn"], listed[:5]))
    # stalled: both ends, once their PSNs stood still --stall-after (the
    # server's receive queue drains after the stop: within 10 s), seen
    # within 2.5 s (two samples) of it; date +%s rounds the stop down
    for who, q, pid in (("client", c_qp, cli), ("server", s_qp, srv)):
        first = next((s for s in samples if (_stall(s, q["lqpn"]) or {}).get("stall") == "stalled"), None)
        if not rep.ok(first is not None, "stall: the %s's QP %d is never reported stalled" % (who, q["lqpn"])):
            continue
        st = _stall(first, q["lqpn"])
        since = _iso(st.get("since", "1970-01-01T00:00:00.000Z"))
        rep.ok(stop - 1 <= since <= stop + 10,
               "stall: the %s's PSNs stood still from %.1f s after the stop (want -1..10)" % (who, since - stop))
        seen = _wall(first) - since
        rep.ok(STALL_AFTER <= seen <= STALL_AFTER + 2.5,
               "stall: the %s's stall seen %.2f s after its PSNs stopped (want %d..%.1f)"
               % (who, seen, STALL_AFTER, STALL_AFTER + 2.5))
        rep.ok(abs(st.get("stall_age", -1) - seen) < 0.01,
               "stall: the %s's stall_age %s, its since %.2f s before the sample" % (who, st.get("stall_age"), seen))
        rep.ok(st.get("rqpn") == q.get("rqpn") and st.get("state") == q.get("state") and st.get("pid") == pid,
               "stall: the %s's stall row %s (want rqpn %s, %s, pid %s)"
               % (who, json.dumps(st), q.get("rqpn"), q.get("state"), pid))
        rep.ok(st.get("peer_state") in ("stalled", "ok"),
               "stall: the %s's peer_state %s (want its peer's here)" % (who, st.get("peer_state")))
    # killed: rdma has the server's QP gone, the client's there
    rep.ok(not [q for q in killed if q.get("lqpn") == s_qp["lqpn"]] and
           [q for q in killed if q.get("lqpn") == c_qp["lqpn"]],
           "stall: rdma after the kill: server QP %d %s, client QP %d %s" % (
               s_qp["lqpn"], "gone" if not [q for q in killed if q.get("lqpn") == s_qp["lqpn"]] else "there",
               c_qp["lqpn"], "there" if [q for q in killed if q.get("lqpn") == c_qp["lqpn"]] else "gone"))
    late = [s for s in samples if _wall(s) >= kill + 1]
    if not rep.ok(len(late) >= 2, "stall: %d samples after the kill" % len(late)):
        return
    for s in late:
        st = _stall(s, c_qp["lqpn"]) or {}
        want = ("err",) if meta.get("client_err") == "1" and s is late[-1] else ("stalled", "err")
        rep.ok(st.get("stall") in want and st.get("peer_state") == "gone" and st.get("rqpn") == s_qp["lqpn"],
               "stall: %s after the kill: the client's row %s (want %s, peer_state gone, rqpn %d)"
               % (s["time"], json.dumps(st), "/".join(want), s_qp["lqpn"]))
        rep.ok(not [q for q in s.get("qps", []) if q.get("lqpn") == s_qp["lqpn"] and q.get("ifname") == "rxe0"],
               "stall: %s: the killed server's QP %d is still in qps" % (s["time"], s_qp["lqpn"]))


def _tampers(samples, meta, stopped, killed):
    """(name, samples, stopped) that check_samples must refuse"""
    idle = [q for q in _by_pid(stopped, int(meta.get("idle_pid", -1)))]
    out = []
    if idle:
        t = json.loads(json.dumps(samples))
        t[-1].setdefault("stalls", []).append({"dev": "rxe0", "lqpn": idle[0]["lqpn"], "stall": "stalled"})
        out.append(("the idle QP listed", t, stopped))
    o = json.loads(json.dumps(stopped))
    for q in o:
        if q.get("pid") == int(meta.get("client_pid", -1)):
            q["rqpn"] = q.get("rqpn", 0) + 1
    out.append(("the client's RQPN off by one", samples, o))
    return out


def check_stall(d, rep, rdmatop=None):
    meta = read_meta(d)
    rec = os.path.join(d, "rec")
    samples = read_json_lines(os.path.join(rec, "live.json")) if os.path.exists(os.path.join(rec, "live.json")) else []
    if not rep.ok(len(samples) >= 10, "stall: %d live samples; stderr: %s"
                  % (len(samples), read_text(os.path.join(rec, "live.err"))[:300])):
        return
    rep.ok(all(s.get("stall_after") == STALL_AFTER for s in samples), "stall: a sample's stall_after is not 5")
    stopped = _qps(os.path.join(d, "oracle_stopped", "qp.json"))
    killed = _qps(os.path.join(d, "oracle_killed", "qp.json"))
    check_samples(samples, meta, stopped, killed, rep)
    if meta.get("client_err") != "1":
        rep.note("stall: the client's QP stayed in RTS after its peer's kill (rxe retries for ever at retry_cnt 7)")
    for name, s, o in _tampers(samples, meta, stopped, killed):
        t = Report()
        check_samples(s, meta, o, killed, t)
        rep.ok(bool(t.errors), "stall: the tamper (%s) passes the checks" % name)
    if not rdmatop:
        rep.note("stall: no host binary: the replay is not checked")
        return
    p = subprocess.run([rdmatop, "-r", os.path.join(rec, "stall.rdrec"), "-b", "-o", "json",
                        "--stall-after", str(STALL_AFTER)], capture_output=True, text=True, timeout=120, check=False)
    if not rep.ok(p.returncode == 0, "stall: replay: exit %d: %s" % (p.returncode, p.stderr[:300])):
        return
    got = [json.loads(x) for x in p.stdout.splitlines() if x.strip()]
    rep.ok(len(got) == len(samples), "stall: replay has %d samples, the live run %d" % (len(got), len(samples)))
    diff = [i for i, (g, w) in enumerate(zip(got, samples)) if g.get("stalls") != w.get("stalls")]
    rep.ok(not diff, "stall: the replay's stalls differ from the live run's at samples %s: %s / %s"
           % (diff[:5], json.dumps(got[diff[0]].get("stalls"))[:300] if diff else "",
              json.dumps(samples[diff[0]].get("stalls"))[:300] if diff else ""))
    n = sum(len(s.get("stalls", [])) for s in samples)
    rep.note("stall: %d samples, %d stall rows, replayed the same from the %d-byte recording"
             % (len(samples), n, os.path.getsize(os.path.join(rec, "stall.rdrec"))))
