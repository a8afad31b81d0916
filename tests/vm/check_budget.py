"""Host-side check of the scale scenario's budget runs (issue 18: --budget;
tests/vm/scenarios/scale.sh budget_runs), called by check_scale.py.

Per QP count N the guest timed, pinned to CPU 1 (cpu.txt, with each run's
wall time): the dashboard `rdmatop -d 1 -n 30` on a 200x50 pty with
`--budget B` for each B of meta `budgets` (liveB) and with `--budget 0`
(live0), and `watch -n 1 rdma res show qp` for 30 s (watch30).  Then, with
traffic on four RC QPs (two ibv_rc_pingpong pairs), the paced dashboard
filtered to them (`-f comm=ibv_rc_pingpong`: they are its rows), recorded
(fresh_N.rdrec), which the host replays here with `rdmatop -r FILE -j`.

CPU per second of dashboard: user + sys of the run over its wall time,
all in (the first sample, complete whatever the budget, and the start
included), and after the first sample: (run - dash1) / (wall - dash1's
wall), dash1 being the median `rdmatop -n 1` of the ratio runs (the start,
one complete sample on screen, the exit).  The second is what a dashboard
left open costs, the one the budget is about.

Goals (checked):
  - at every N, CPU per second after the first sample within each
    budget B: <= B * (1 + BUDGET_TOL) + BUDGET_SLACK percent (TCG's
    run-to-run noise), at every N: a fixed target, the user's budget,
    also where the QP dump once every BUDGET_MAX_AGE alone costs more than
    it (40000 QPs under TCG: 1.5-2.5 s a full refresh), which is noted;
  - never starved: in the recorded paced run every table's age (JSON
    `tables`) stays within BUDGET_MAX_AGE (include/budget.h) plus one
    interval, and the QP table is dumped again within that; where a QP
    dump does not fit the budget at BUDGET_MAX_AGE (its median cost over
    the dumps' nine tenths of the budget is longer), the table gets older
    as its share allows (src/model/budget.c): within that period (+25%)
    plus BUDGET_STRETCH_MAX, and it still comes again;
  - the recording replays, with the traffic's QPs in every sample;
  - rdmatop's own CPU figure (self.cpu, mean over the samples) is wait4's
    after the first sample, within SELF_TOL + SELF_SLACK.
Reported: the periods the QP table reached, its dumps' cost, the CPU with
--budget 0 and watch's, the requests never paced, and the
time to create 100 QPs beside nothing, a paced and an unpaced rdmatop.

Visible rows fresh every interval (checked): the traffic QPs' PSNs move
in every sample while the table itself is older (the per-QP GETs of the
rows on screen; FRESH_ROWS_CHECKED false reports it as a note instead).  Standard library only.
"""

import json
import os
import re
import subprocess

BUDGET_TOL = 0.25
BUDGET_DUMPS_MIN = 0.1  # include/budget.h: the dumps' part at the least
BUDGET_SLACK = 0.5
INTERVAL = 1.0
# rdmatop's own measurement (JSON self.cpu, getrusage) against wait4's over
# the same run: the same CPU seen from inside and outside
SELF_TOL = 0.10
SELF_SLACK = 0.5
# The visible QP rows are refreshed by per-QP GETs between the table's
# dumps (RES_QP_GET doit): their PSNs must move in every sample.
FRESH_ROWS_CHECKED = True
TRAFFIC_COMM = "ibv_rc_pingpong"
# The requests that are never paced (JSON self.requests).
FIXED = ("sys", "devices", "summary", "ports", "counters", "sysfs", "proc")
# The exit status each run ends with: watch30 is ended by timeout's TERM.
ENDS = {"watch30": "143"}


def ended_ok(what, status):
    return status == ENDS.get(what, "0")


def max_age(repo):
    """BUDGET_MAX_AGE from include/budget.h (seconds)."""
    try:
        with open(os.path.join(repo, "include", "budget.h"), encoding="utf-8") as f:
            m = re.search(r"#define\s+BUDGET_MAX_AGE\s+([0-9.]+)", f.read())
    except OSError:
        m = None
    return float(m.group(1)) if m else None


def stretch_max(repo):
    """BUDGET_STRETCH_MAX from include/budget.h (seconds; 5 if not read)."""
    try:
        with open(os.path.join(repo, "include", "budget.h"), encoding="utf-8") as f:
            m = re.search(r"#define\s+BUDGET_STRETCH_MAX\s+([0-9.]+)", f.read())
    except OSError:
        m = None
    return float(m.group(1)) if m else 5.0


def first(runs, n, what):
    rr = [r for r in runs.get((n, what), []) if ended_ok(what, r[2])]
    return rr[0] if rr else None


def cpu_rates(runs, n, what, base):
    """(percent all in, percent after the first sample) of one run; base the
    (user + sys, wall) of `rdmatop -n 1`, or None."""
    r = first(runs, n, what)
    if r is None or not r[3]:
        return None, None
    tot = r[0] + r[1]
    allin = tot / r[3] * 100
    if base is None or r[3] <= base[1]:
        return allin, None
    return allin, (tot - base[0]) / (r[3] - base[1]) * 100


def replay(rdmatop, rec):
    """The recording's samples (JSON, filtered to the traffic's QPs), or an
    error text."""
    try:
        p = subprocess.run([rdmatop, "-r", rec, "-j", "-f", "comm=" + TRAFFIC_COMM],
                           capture_output=True, text=True, timeout=300, check=False)
    except (OSError, subprocess.TimeoutExpired) as e:
        return None, "cannot run %s: %s" % (rdmatop, e)
    if p.returncode != 0:
        return None, "replay exit %d: %s" % (p.returncode, p.stderr.strip()[:300])
    try:
        return [json.loads(x) for x in p.stdout.splitlines() if x.strip()], None
    except ValueError as e:
        return None, "replay printed invalid JSON: %s" % e


def analyse(samples):
    """What the paced run showed, from its replayed samples:
    ages {table: [age per sample]}, qp_dumps [sample indexes where the QP
    table was dumped (age 0)], qp_cost [seconds of its dumps], cpu [self.cpu
    per sample], fixed [seconds of the requests never paced, per sample;
    by_kind: the same per kind], qp_get [seconds of the per-QP GETs, in
    the samples that sent some],
    row_ages [the traffic rows' own ages, where the JSON gives one],
    traffic [QPs per sample], stale [(sample, age, lqpn) where
    a traffic QP's PSNs did not move since the sample before]."""
    out = {"ages": {}, "qp_dumps": [], "qp_cost": [], "cpu": [], "fixed": [], "by_kind": {},
           "row_ages": [], "qp_get": [], "traffic": [],
           "stale": []}
    prev = {}
    for i, s in enumerate(samples):
        for t, v in (s.get("tables") or {}).items():
            out["ages"].setdefault(t, []).append(v.get("age"))
        # the summary's key is there only while it is carried: read, age 0
        if "summary" not in (s.get("tables") or {}):
            out["ages"].setdefault("summary", []).append(0)
        age = ((s.get("tables") or {}).get("qps") or {}).get("age")
        req = ((s.get("self") or {}).get("requests") or {}).get("qps")
        if age == 0:
            out["qp_dumps"].append(i)
            if req:
                out["qp_cost"].append(req)
        if (s.get("self") or {}).get("cpu") is not None:
            out["cpu"].append(s["self"]["cpu"])
            reqs = {k: v for k, v in (s["self"].get("requests") or {}).items()
                    if k in FIXED and isinstance(v, (int, float))}
            out["fixed"].append(sum(reqs.values()))
            for k, v in reqs.items():
                out["by_kind"].setdefault(k, []).append(v)
            g = (s["self"].get("requests") or {}).get("qp_get")
            if isinstance(g, (int, float)) and g > 0:
                out["qp_get"].append(g)
        cur = {}
        for q in s.get("qps") or []:
            if q.get("comm") == TRAFFIC_COMM and q.get("type") == "RC":
                cur[(q.get("ifindex"), q.get("lqpn"))] = (q.get("sq-psn"), q.get("rq-psn"))
                if isinstance(q.get("age"), (int, float)):
                    out["row_ages"].append(q["age"])
        out["traffic"].append(len(cur))
        for k, psn in sorted(cur.items()):
            if k in prev and prev[k] == psn:
                out["stale"].append((i, age, k[1]))
        prev = cur
    return out


def self_cpu(samples):
    """rdmatop's own CPU figure over the run after the first sample: its
    utime + stime (self) from the first sample to the last over the time
    between them, so that a long sample (a QP dump of seconds) weighs as
    long as it took; None without them."""
    import datetime
    pts = []
    for s in samples:
        m = s.get("self") or {}
        try:
            t = datetime.datetime.strptime(s["time"], "%Y-%m-%dT%H:%M:%S.%fZ").timestamp()
            pts.append((t, float(m["utime"]) + float(m["stime"])))
        except (KeyError, TypeError, ValueError):
            return None
    if len(pts) < 2 or pts[-1][0] <= pts[0][0]:
        return None
    return (pts[-1][1] - pts[0][1]) / (pts[-1][0] - pts[0][0]) * 100


def periods(dumps):
    return [b - a for a, b in zip(dumps, dumps[1:])]


def notes(d, kv, n, runs, meta, rep, rdmatop, repo, last):
    """Issue 18's figures at N QPs; the goals checked where `last` (the
    largest N)."""
    budgets = [float(b) for b in meta.get("budgets", "3").split()]
    dash1 = [r for r in runs.get((n, "dash1"), []) if r[2] == "0" and r[3]]
    base = None
    if dash1:
        dash1.sort(key=lambda r: r[0] + r[1])
        m = dash1[len(dash1) // 2]
        base = (m[0] + m[1], m[3])
    pct = lambda v: "n/a" if v is None else "%.2f%%" % v
    forced = forced_pct(runs, n, repo)
    for b in budgets + [0.0]:
        what = "live%g" % b
        allin, steady = cpu_rates(runs, n, what, base)
        rep.note("scale %s N=%d budget %g%%: rdmatop -d 1 -n 30: %s of one CPU after the first "
                 "sample (%s all in, over %s s)"
                 % (kv, n, b, pct(steady), pct(allin),
                    "%.1f" % first(runs, n, what)[3] if first(runs, n, what) else "n/a"))
        if b > 0:
            # the budget, whatever N: where the QP dump at BUDGET_MAX_AGE
            # alone is over it, the table gets older instead (noted)
            lim = b * (1 + BUDGET_TOL) + BUDGET_SLACK
            rep.ok(steady is not None and steady <= lim,
                   "scale %s N=%d budget %g%%: rdmatop used %s of one CPU per second after the "
                   "first sample, above %.2f%% (the budget + %d%% + %.1f)"
                   % (kv, n, b, pct(steady), lim, BUDGET_TOL * 100, BUDGET_SLACK))
            if forced is not None and forced > 0.9 * b:
                rep.note("scale %s N=%d budget %g%%: a full refresh once every BUDGET_MAX_AGE "
                         "alone costs %.2f%%, over the dumps' part: the QP table gets older "
                         "than that, as its share allows" % (kv, n, b, forced))
    allin, _ = cpu_rates(runs, n, "watch30", None)
    rep.note("scale %s N=%d budget: watch -n 1 rdma res show qp: %s of one CPU" % (kv, n, pct(allin)))
    c = []
    for k in ("none", "paced", "budget0"):
        t = sorted(float(x) for x in meta.get("create100_%s_%d" % (k, n), "").split()
                   if re.match(r"^[0-9.]+$", x))
        c.append("%s %s" % (k, "n/a" if not t else "median %.3f s, max %.3f s (%d rounds)"
                            % (t[len(t) // 2], t[-1], len(t))))
    rep.note("scale %s N=%d budget: 100 new QPs created and connected beside %s"
             % (kv, n, "; ".join(c)))
    fresh(d, kv, n, runs, meta, rep, rdmatop, repo, base)


def forced_pct(runs, n, repo):
    """Percent of a CPU one full refresh (every table dumped: the dashboard's
    (dash11 - dash1) / 10 of the ratio runs, medians) costs once every
    BUDGET_MAX_AGE, or None."""
    lim = max_age(repo)

    def med(what):
        xs = sorted(r[0] + r[1] for r in runs.get((n, what), []) if r[2] == "0")
        return xs[len(xs) // 2] if xs else None
    a, b = med("dash1"), med("dash11")
    if not lim or a is None or b is None or b <= a:
        return None
    return (b - a) / 10 / lim * 100


def starved(a, n_samples, lim, rep, where, qlim=None):
    """No table older than lim + an interval (the QP table: qlim, where
    its dump does not fit the budget at lim); a run longer than that sees
    the QP table dumped again within it.  The QP table is the one the
    dashboard shows; another table counts where it was dumped again after
    the first sample (a dashboard dumps only the tables its views need: one
    never dumped again is not on screen, and its age is a note)."""
    unseen = []
    for t, ages in sorted(a["ages"].items()):
        worst = max([x for x in ages if x is not None] or [0])
        if t != "qps" and 0 not in ages[1:]:
            unseen.append("%s %g s" % (t, worst))
            continue
        tl = qlim if t == "qps" and qlim else lim + INTERVAL
        rep.ok(worst <= tl, "%s: table %s reached age %g s, above %g s (BUDGET_MAX_AGE %g s%s)"
               % (where, t, worst, tl, lim, ", the QP dump's own period" if tl != lim + INTERVAL
                  else " + %g" % INTERVAL))
    if unseen:
        rep.note("%s: not dumped after the first sample (no view on screen needs them): %s"
                 % (where, ", ".join(unseen)))
    span = n_samples - 1
    ql = qlim if qlim else lim + INTERVAL
    # the samples are at least an interval apart: a gap of more samples
    # than the bound has seconds is a table not dumped in time
    if span > ql:
        gaps = periods(a["qp_dumps"] + [span + 1])
        rep.ok(a["qp_dumps"] and max(gaps) <= ql,
               "%s: the QP table was dumped in samples %s of %d: a gap above BUDGET_MAX_AGE"
               % (where, a["qp_dumps"], n_samples))


def fresh(d, kv, n, runs, meta, rep, rdmatop, repo, base):
    """The recorded paced run with traffic: ages, starvation, visible rows."""
    rec = os.path.join(d, "fresh_%d.rdrec" % n)
    fb = meta.get("fresh_budget", "?")
    want = int(meta.get("fresh_samples", "0") or 0)
    if not rep.ok("traffic_pids_%d" % n in meta,
                  "scale %s N=%d budget: the traffic did not start (log: %s)"
                  % (kv, n, read(os.path.join(d, "log.txt"))[-300:])):
        return
    if not rdmatop:
        rep.note("scale %s N=%d budget: no host rdmatop to replay %s" % (kv, n, rec))
        return
    samples, err = replay(rdmatop, rec)
    if not rep.ok(err is None, "scale %s N=%d budget: replaying the paced run: %s" % (kv, n, err)):
        return
    a = analyse(samples)
    rep.ok(len(samples) == want, "scale %s N=%d budget: the paced run recorded %d samples, "
           "wanted %d" % (kv, n, len(samples), want))
    rep.ok(samples and min(a["traffic"]) == 4,
           "scale %s N=%d budget: the traffic's RC QPs per sample %s, wanted 4"
           % (kv, n, sorted(set(a["traffic"]))))
    lim = max_age(repo)
    # the QP table may get older than BUDGET_MAX_AGE only where a dump
    # that often does not fit what the budget leaves the dumps (the budget
    # less the rest: the run's CPU less its dumps'), and then within the
    # period that part allows (+50%: the rest is an average) plus the
    # longest held interval
    qlim = None
    allin, steady = cpu_rates(runs, n, "fresh", base)
    fr = first(runs, n, "fresh")
    try:
        b = float(fb)
    except ValueError:
        b = 0
    if lim is not None and a["qp_cost"] and b > 0 and steady is not None and fr and fr[3] > 0:
        med = sorted(a["qp_cost"])[len(a["qp_cost"]) // 2]
        rest = steady - 100 * sum(a["qp_cost"]) / fr[3]
        part = max(b - rest, BUDGET_DUMPS_MIN * b) / 100
        own = med / part
        if own > lim:
            qlim = own * 1.5 + stretch_max(repo)
            rep.note("scale %s N=%d budget %s%%: the rest %.2f%% leaves the dumps %.2f%%: a QP "
                     "dump (median %.0f ms) fits every %.0f s, over BUDGET_MAX_AGE: the QP table "
                     "may get %.0f s old" % (kv, n, fb, rest, part * 100, med * 1e3, own, qlim))
        starved(a, len(samples), lim, rep, "scale %s N=%d budget %s%%" % (kv, n, fb), qlim)
    qa = [x for x in a["ages"].get("qps", []) if x is not None]
    p = periods(a["qp_dumps"])
    rep.note("scale %s N=%d budget %s%%: QP table dumped in %d of %d samples (%s), period %s s, "
             "age max %s s, dump median %s ms"
             % (kv, n, fb, len(a["qp_dumps"]), len(samples), a["qp_dumps"][:12],
                "/".join("%d" % x for x in sorted(set(p))) or "n/a",
                "%g" % max(qa) if qa else "n/a",
                "%.0f" % (sorted(a["qp_cost"])[len(a["qp_cost"]) // 2] * 1e3) if a["qp_cost"] else "n/a"))
    if b > 0 and rep.ok(steady is not None, "scale %s N=%d budget %s%%: no CPU figure for the "
                        "paced run with traffic" % (kv, n, fb)):
        blim = b * (1 + BUDGET_TOL) + BUDGET_SLACK
        rep.ok(steady <= blim, "scale %s N=%d budget %s%%: the paced run with traffic used %.2f%% "
               "of one CPU after the first sample, above %.2f%% (the budget + %d%% + %.1f)"
               % (kv, n, fb, steady, blim, BUDGET_TOL * 100, BUDGET_SLACK))
    mean_self = self_cpu(samples)
    if mean_self is None:
        mean_self = sum(a["cpu"]) / len(a["cpu"]) if a["cpu"] else None
    if steady is not None and mean_self is not None:
        rep.ok(abs(mean_self - steady) <= SELF_TOL * steady + SELF_SLACK,
               "scale %s N=%d budget %s%%: rdmatop's self.cpu (mean %.2f%%) is not wait4's "
               "%.2f%% (within %d%% + %.1f)" % (kv, n, fb, mean_self, steady, SELF_TOL * 100, SELF_SLACK))
    fixed = sorted(a["fixed"])
    rep.note("scale %s N=%d budget %s%%: the paced run with traffic, recorded: %s of one CPU "
             "after the first sample (wait4), rdmatop's own self.cpu mean %s; the requests "
             "never paced took %s ms a sample (median; %s)"
             % (kv, n, fb, "n/a" if steady is None else "%.2f%%" % steady,
                "n/a" if mean_self is None else "%.2f%%" % mean_self,
                "%.1f" % (fixed[len(fixed) // 2] * 1e3) if fixed else "n/a",
                ", ".join("%s %.1f" % (k, sorted(v)[len(v) // 2] * 1e3)
                          for k, v in sorted(a["by_kind"].items()))))
    gets = sorted(a["qp_get"])
    if gets:
        rep.note("scale %s N=%d budget %s%%: the per-QP GETs took %.1f ms a sample (median, "
                 "max %.1f) in the %d samples that sent them"
                 % (kv, n, fb, gets[len(gets) // 2] * 1e3, gets[-1] * 1e3, len(gets)))
    paced = [i for i, x in enumerate(a["ages"].get("qps", [])) if x]
    stale = sorted({s[0] for s in a["stale"]})
    msg = ("scale %s N=%d budget %s%%: visible rows fresh every interval: the traffic's PSNs "
           "stood still in %d of %d samples (%s), the QP table older than the interval in %d; "
           "the rows' own age at most %s"
           % (kv, n, fb, len(stale), max(len(samples) - 1, 0), stale[:10], len(paced),
              "%g s" % max(a["row_ages"]) if a["row_ages"] else "n/a (none given)"))
    if FRESH_ROWS_CHECKED:
        # (a table dumped every sample, as 5000 QPs' is within 5%, has
        # nothing carried to check: the note says so)
        rep.note(msg + ("" if paced else "; the table was dumped every sample"))
        rep.ok(not stale, msg)
    else:
        rep.note(msg + " (not checked until the visible rows get per-QP GETs)")


def read(path):
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            return f.read()
    except OSError:
        return ""


def self_test():
    """Failures of the analysis on made-up samples (list of str)."""
    failures = []

    def sample(age, psn, cost=0.0, cpu=2.0):
        qps = [{"ifindex": 0, "lqpn": q, "type": "RC", "comm": TRAFFIC_COMM,
                "sq-psn": psn + q, "rq-psn": psn} for q in (17, 18, 19, 20)]
        qps.append({"ifindex": 0, "lqpn": 99, "type": "RC", "comm": "many_qp", "sq-psn": 1, "rq-psn": 1})
        return {"tables": {"qps": {"age": age}, "cqs": {"age": 0}},
                "self": {"cpu": cpu, "requests": {"qps": cost}}, "qps": qps}

    fresh_rows = [sample(0, 0, 0.5), sample(1, 10), sample(2, 20), sample(0, 30, 0.7), sample(1, 40)]
    a = analyse(fresh_rows)
    if a["stale"] or a["qp_dumps"] != [0, 3] or a["qp_cost"] != [0.5, 0.7] or a["traffic"] != [4] * 5:
        failures.append("budget: analyse of fresh rows %s" % a)
    if periods(a["qp_dumps"]) != [3] or a["ages"]["qps"] != [0, 1, 2, 0, 1]:
        failures.append("budget: periods %s ages %s" % (periods(a["qp_dumps"]), a["ages"]))
    carried = [sample(0, 0, 0.5), sample(1, 0), sample(2, 0), sample(0, 30, 0.7)]
    a = analyse(carried)
    if sorted({s[0] for s in a["stale"]}) != [1, 2] or len(a["stale"]) != 8:
        failures.append("budget: carried rows not stale: %s" % a["stale"])
    runs = {(20000, "live3"): [(0.5, 1.0, "0", 30.0)], (20000, "dash1"): [(0.1, 0.5, "0", 1.0)]}
    allin, steady = cpu_rates(runs, 20000, "live3", (0.6, 1.0))
    if abs(allin - 5.0) > 1e-9 or abs(steady - 0.9 / 29 * 100) > 1e-9:
        failures.append("budget: cpu_rates %s %s" % (allin, steady))
    if cpu_rates(runs, 20000, "live0", None) != (None, None):
        failures.append("budget: a missing run has rates")

    class Rep:
        def __init__(self):
            self.errors, self.notes = [], []

        def note(self, m):
            self.notes.append(m)

        def ok(self, cond, m):
            if not cond:
                self.errors.append(m)
            return cond

    # starvation: a table past the maximum age, a QP table never dumped again
    ok = analyse([sample(0 if i % 20 == 0 else i % 20, i) for i in range(45)])
    old = analyse([sample(0, 0)] + [sample(i, i) for i in range(1, 45)])
    for name, a, want in (("dumped every 20", ok, 0), ("never again", old, 2)):
        rep = Rep()
        starved(a, 45, 30.0, rep, name)
        if len(rep.errors) != want:
            failures.append("budget: starved %s: %s" % (name, rep.errors))
    # the budget: over it fails at every N (the largest or not)
    runs = {(20000, "dash1"): [(0.1, 0.3, "0", 0.4)], (20000, "live3"): [(0.4, 1.9, "0", 29.1)],
            (20000, "live0"): [(0.6, 10.6, "0", 29.4)], (20000, "watch30"): [(3, 23, "143", 30.1)]}
    for last, want in ((True, 1), (False, 1)):
        rep = Rep()
        notes("/nonexistent", "6.1", 20000, runs, {"budgets": "3"}, rep, None, ".", last)
        bad = [e for e in rep.errors if "above 4.25%" in e]
        if len(bad) != want or not any("watch" in m and "86.38%" in m for m in rep.notes):
            failures.append("budget: notes last=%s: %s %s" % (last, rep.errors, rep.notes))
    # a full refresh once every 30 s over the budget (40000 QPs): the
    # target stays the budget (it was relaxed to that refresh's share)
    big = dict(runs)
    big[(20000, "dash11")] = [(20.1, 0.3, "0", 10.0)]
    rep = Rep()
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
    notes("/nonexistent", "6.1", 20000, big, {"budgets": "3"}, rep, None, root, True)
    if len([e for e in rep.errors if "above 4.25%" in e]) != 1 or \
            not any("over the dumps' part" in m for m in rep.notes):
        failures.append("budget: a fixed target past the maximum age: %s %s" % (rep.errors, rep.notes))
    # the QP table older than the maximum age where its dump does not fit:
    # within the period its share allows passes, past it fails
    slow = analyse([sample(0 if i % 40 == 0 else i % 40, i) for i in range(45)])
    for name, ql, want in (("as its share allows", 60.0, 0), ("past its share", 35.0, 2),
                           ("at the maximum age", None, 2)):
        rep = Rep()
        starved(slow, 45, 30.0, rep, name, ql)
        if len(rep.errors) != want:
            failures.append("budget: starved %s: %s" % (name, rep.errors))
    here = os.path.dirname(os.path.abspath(__file__))
    if max_age(os.path.join(here, "..", "..")) is None:
        failures.append("budget: no BUDGET_MAX_AGE read from include/budget.h")
    return failures
