#!/usr/bin/env python3
"""make bench-cluster's figures (tests/cluster/scale.sh).

usage: scalerow.py row HOSTS SERIES MODE DIR ROWS.jsonl
       scalerow.py check ROWS.jsonl

row: one measurement's line of doc/bench.md's table, from the files
scale.sh left in DIR: out.json (rdmatop --json, a line a refresh),
time (GNU time: user sys maxrss wall), proxy.log (tests/cluster/proxy.py,
one JSON line a request; scale.sh's phase marks between them), keys.json
and base.json (tests/cluster/keylat.py, while refreshing and paused),
filled (ms until the dashboard's panes were filled, or empty); appends
the figures to ROWS.jsonl.
check: issue 48's targets over every row; exits 1 when one is missed.
"""
import json
import sys


def load(path, default=None):
    try:
        return json.load(open(path))
    except (OSError, ValueError):
        return default


def row(n, series, mode, d, rows):
    n = int(n)
    refreshes = [json.loads(l) for l in open(d + "/out.json") if l.strip()]
    user, sys_, rss_kb, _ = open(d + "/time").read().split()
    filled = open(d + "/filled").read().strip()
    filled = int(filled) / 1000 if filled else 0
    phase, reqs, marks = None, {}, {}
    for line in open(d + "/proxy.log"):
        if line[0] != "{":
            phase = line.split()[0]
            marks[phase] = float(line.split()[1])
            continue
        reqs.setdefault(phase, []).append(json.loads(line))
    # the dashboard's panes are filled once each of its queries has been
    # answered within its --prometheus-timeout (10 s at -d 1): "hosts: N
    # of N" shows from the up query alone, so the screen's mark is not
    # enough (at 5,000 raw hosts the host query took 9-14 s)
    dash = [r for ph in ("screen", "keys", "paused", "base", "end") for r in reqs.get(ph, [])
            if r["query"] and r["name"] != "rules"]
    answered, late = {}, {}
    for r in dash:
        if r["seconds"] <= 10.0:
            answered.setdefault(r["name"], r["t"] + r["seconds"] - marks.get("screen", 0))
        else:
            late.setdefault(r["name"], r["seconds"])
    missing = {k: v for k, v in late.items() if k not in answered}
    if filled and answered and "screen" in marks:
        filled = max(filled, max(answered.values()))
    if missing:
        filled = 0
    b = reqs.get("batch", [])
    status = [r for r in b if not r["query"]]
    queries = [r for r in b if r["query"]]
    k = max(1, len(refreshes))
    keys = load(d + "/keys.json", {"missed": 0, "shown": 0})
    base = load(d + "/base.json", {"missed": 0, "shown": 0})
    # refreshes while the keys were pressed: "up" is asked in every one
    during = sum(1 for r in reqs.get("keys", []) if r["name"] == "up")
    pj = [r for r in queries if r["name"] in ("ports", "jobs")]
    # Prometheus's slowest answer in each refresh (a refresh begins with
    # "up"; the rules query before the first goes with it)
    groups, cur = [], []
    for r in queries:
        if r["name"] == "up" and any(x["name"] == "up" for x in cur):
            groups.append(cur)
            cur = []
        cur.append(r)
    if cur:
        groups.append(cur)
    slowest = sorted((max(g, key=lambda r: r["seconds"]) for g in groups), key=lambda r: r["seconds"])
    rec = [r.get("recording_rules") for r in refreshes]
    out = {"hosts": n, "series": int(series), "mode": mode, "refreshes": len(refreshes),
           "recorded": rec, "requests": len(b) / k, "queries": len(queries) / k,
           "status": len(status) / k, "wire": sum(r["wire"] for r in b) / k,
           "bytes": sum(r["bytes"] for r in b) / k, "pj_bytes": sum(r["bytes"] for r in pj) / k,
           "prom_slowest": [[s["name"], round(s["seconds"], 3)] for s in slowest],
           "build_max": max(r["build_seconds"] for r in refreshes), "cpu": (float(user) + float(sys_)) / k,
           "rss_mb": int(rss_kb) / 1024, "filled_s": filled, "never_in_time": missing, "keys": keys,
           "refreshes_during_keys": during, "base": base,
           "requests_during_base": len(reqs.get("base", []))}
    open(rows, "a").write(json.dumps(out) + "\n")
    print("# %d hosts, %s: key ms while refreshing %s; paused %s (%d requests meanwhile); "
          "the first output after a key: p50 %s ms" % (
              n, mode, keys.get("latencies_ms"), base.get("latencies_ms"), len(reqs.get("base", [])),
              keys.get("first_output_p50_ms") and round(keys["first_output_p50_ms"], 1)))
    print("# %d hosts, %s: Prometheus's slowest answer a refresh: %s; recorded series read: %s" % (
        n, mode, ", ".join("%s %.3f s" % (s["name"], s["seconds"]) for s in slowest), rec))
    ms = lambda v: "%.0f" % v if v is not None else "-"
    print("| %d | %s | %d | %.1f (+%.2f status) | %.1f KB wire, %.2f MB decoded | %.1f KB | %.2f-%.2f s (%s) "
          "| %.3f s | %.2f s | %.1f MB | %s | %s / %s ms (%d refreshes; paused %s / %s) |" % (
              n, mode, int(series), out["queries"], out["status"], out["wire"] / 1e3, out["bytes"] / 1e6,
              out["pj_bytes"] / 1e3, slowest[0]["seconds"], slowest[-1]["seconds"], slowest[-1]["name"],
              out["build_max"], out["cpu"], out["rss_mb"], "%.1f s" % filled if filled else
              "not filled" + "".join(" (%s: %.1f s, past the timeout)" % kv for kv in missing.items()),
              ms(keys.get("p50_ms")), ms(keys.get("p99_ms")), during, ms(base.get("p50_ms")),
              ms(base.get("p99_ms"))))


def check(rows):
    rows = [json.loads(l) for l in open(rows)]
    bad = 0

    def say(ok, what):
        nonlocal bad
        print(("ok - " if ok else "not ok - ") + what)
        bad += not ok
    for r in rows:
        n, m = r["hosts"], r["mode"]
        say(r["queries"] <= 12, "%d hosts, %s: %.1f queries a refresh (at most 12)" % (n, m, r["queries"]))
        say(r["build_max"] <= 0.1, "%d hosts, %s: the model built in %.3f s at most (0.1 s)" % (
            n, m, r["build_max"]))
        # the answers' parse counts: rdmatop's work once they are in
        say(r["cpu"] <= 0.1, "%d hosts, %s: %.3f s CPU a refresh, the parse with the rest (0.1 s)" % (
            n, m, r["cpu"]))
        say(r["rss_mb"] <= 64, "%d hosts, %s: peak RSS %.1f MB (64 MB)" % (n, m, r["rss_mb"]))
        k = r["keys"]
        say(k.get("shown", 0) > 0 and k["missed"] == 0 and k["p99_ms"] <= 50 and r["refreshes_during_keys"] >= 2,
            "%d hosts, %s: key p99 %s ms over %d keys, %d refreshes meanwhile (50 ms, 2 refreshes)" % (
                n, m, k.get("p99_ms") and round(k["p99_ms"]), k.get("shown", 0), r["refreshes_during_keys"]))
        if m == "rules":
            say(all(r["recorded"]), "%d hosts, rules: every refresh read the recorded series" % n)
        if n == 1000:
            # with the recording rules and without: the Ports query's
            # two steps brought raw from 4.3 s to 1.9 s
            say(0 < (r["filled_s"] or 0) <= 2.0, "1000 hosts, %s: every pane filled in %.1f s "
                "(two default intervals: 2 s)" % (m, r["filled_s"] or 0))
    for m in ("raw", "rules"):
        mine = [r for r in rows if r["mode"] == m]
        if len(mine) > 1:
            lo, hi = mine[0], mine[-1]
            say(hi["pj_bytes"] <= 1.5 * lo["pj_bytes"],
                "Ports and Jobs, %s: %.1f KB a refresh at %d hosts, %.1f KB at %d (a screen's worth)" % (
                    m, hi["pj_bytes"] / 1e3, hi["hosts"], lo["pj_bytes"] / 1e3, lo["hosts"]))
    return 1 if bad else 0


if __name__ == "__main__":
    if sys.argv[1] == "row":
        row(*sys.argv[2:7])
    else:
        sys.exit(check(sys.argv[2]))
