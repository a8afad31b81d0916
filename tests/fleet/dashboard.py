#!/usr/bin/env python3
# The Grafana dashboard (contrib/grafana/rdmatop-fleet.json): its structure,
# then every panel's PromQL and every template variable's query against a
# real Prometheus (URL), with the variables set to "all" (.*).  Prints one
# "ok - " or "not ok - " line per check.
#   dashboard.py FILE [PROMETHEUS_URL]
import json
import re
import sys
import urllib.parse
import urllib.request

import copy

results = []


def check(cond, name, detail=""):
    results.append(bool(cond))
    print(("ok - " if cond else "not ok - ") + name)
    if not cond and detail:
        print("    " + str(detail)[:600])


def field_problems(dash):
    """What a panel lacks: a unit, real thresholds (a base step, and not
    Grafana's default red at 80), stat panels coloured by them; and a
    table of an _info metric showing its constant value."""
    out = []
    for p in dash.get("panels", []):
        title = p.get("title", "?")
        dflt = p.get("fieldConfig", {}).get("defaults", {})
        if not dflt.get("unit"):
            out.append("panel '%s' has no unit" % title)
        steps = dflt.get("thresholds", {}).get("steps", [])
        if not steps or steps[0].get("value") is not None:
            out.append("panel '%s' has no thresholds with a base step" % title)
        if any(s.get("value") == 80 and s.get("color") == "red" for s in steps):
            out.append("panel '%s' keeps Grafana's default threshold (red at 80)" % title)
        if p.get("type") == "stat" and dflt.get("color", {}).get("mode") != "thresholds":
            out.append("stat panel '%s' is not coloured by its thresholds" % title)
        if p.get("type") == "table" and any(re.search(r"rdma_\w+_info\b", t.get("expr", ""))
                                           for t in p.get("targets", [])):
            hidden = [tr.get("options", {}).get("excludeByName", {}) for tr in
                      p.get("transformations", []) if tr.get("id") == "organize"]
            if not any(h.get("Value") for h in hidden):
                out.append("table '%s' shows the constant value of an _info metric" % title)
    return out


def get(url, path, **params):
    q = urllib.parse.urlencode(params)
    with urllib.request.urlopen("%s%s?%s" % (url, path, q), timeout=10) as r:
        return json.load(r)


def main():
    try:
        dash = json.load(open(sys.argv[1]))
    except ValueError as e:
        check(False, "dashboard is valid JSON", e)
        return
    check(True, "dashboard is valid JSON")
    url = sys.argv[2] if len(sys.argv) > 2 else None

    tvars = {v.get("name"): v for v in dash.get("templating", {}).get("list", [])}
    ds = tvars.get("datasource", {})
    check(ds.get("type") == "datasource" and ds.get("query") == "prometheus",
          "a datasource variable of type prometheus", ds)
    for name in ("host", "device", "port"):
        v = tvars.get(name, {})
        check(v.get("type") == "query" and v.get("includeAll") and v.get("allValue") == ".*",
              "template variable %s: a query with All = .*" % name, v)
    check(dash.get("uid") and dash.get("title"), "dashboard has a uid and a title")

    problems = field_problems(dash)
    check(not problems, "every panel has a unit and thresholds", problems)
    # the check sees one panel lacking each: it can fail
    caught = 0
    for i in range(len(dash.get("panels", []))):
        for key in ("unit", "thresholds"):
            d = copy.deepcopy(dash)
            d["panels"][i].get("fieldConfig", {}).get("defaults", {}).pop(key, None)
            caught += bool(field_problems(d))
    n = 2 * len(dash.get("panels", []))
    check(n and caught == n, "a panel without a unit or thresholds is seen (%d of %d)" % (caught, n))

    panels = dash.get("panels", [])
    check(len(panels) >= 10, "at least 10 panels (%d)" % len(panels))
    ids = [p.get("id") for p in panels]
    check(len(set(ids)) == len(ids), "panel ids are unique", ids)
    cells = {}
    overlap = []
    for p in panels:
        g = p.get("gridPos", {})
        if not all(k in g for k in "xywh") or g["x"] + g["w"] > 24:
            overlap.append((p.get("title"), g))
            continue
        for x in range(g["x"], g["x"] + g["w"]):
            for y in range(g["y"], g["y"] + g["h"]):
                if (x, y) in cells:
                    overlap.append((p.get("title"), cells[(x, y)]))
                cells[(x, y)] = p.get("title")
    check(not overlap, "panels fit the 24-column grid without overlapping", overlap[:3])

    want = {"ports up": r"rdma_port_info", "throughput": r"rdma_port_(receive|transmit)_bytes_total",
            "errors by class": r"sum by \(class\) \(\s*label_replace\(rate\(", "QP states by host": r"by \(instance, state\) \(rdma_qps",
            "top processes by QPs": r"topk\(.*rdma_process_qps"}
    exprs = []
    for p in panels:
        title = p.get("title", "?")
        targets = p.get("targets", [])
        check(targets and all(t.get("expr") for t in targets), "panel '%s' has a target" % title, p)
        dsp = [p.get("datasource", {})] + [t.get("datasource", {}) for t in targets]
        check(all(d.get("uid") == "${datasource}" for d in dsp),
              "panel '%s' uses the datasource variable" % title, dsp)
        for t in targets:
            used = set(re.findall(r"\$\{?(\w+)", t.get("expr", "")))
            check(used <= set(tvars) | {"__rate_interval"},
                  "panel '%s': its variables are defined (%s)" % (title, " ".join(sorted(used))))
            exprs.append((title, t.get("expr", "")))
    # error panels at the zoom's rate interval, not the fixed 5-minute rules
    for title, e in exprs:
        if re.search(r"Errors|Retransmits", title):
            check("$__rate_interval" in e and "rate5m" not in e,
                  "panel '%s' takes its rate over $__rate_interval" % title, e)
    for what, rx in want.items():
        check(any(re.search(rx, e) for _, e in exprs), "a panel shows %s" % what)

    if not url:
        return

    def subst(e):
        e = e.replace("$__rate_interval", "10s").replace("${datasource}", "")
        return re.sub(r"\$\{?(host|device|port)\}?", ".*", e)

    for title, e in exprs:
        try:
            r = get(url, "/api/v1/query", query=subst(e))
            res = r["data"]["result"]
            check(r.get("status") == "success" and len(res) > 0,
                  "Prometheus returns series for '%s' (%d)" % (title, len(res)), r)
            vals = [float(x["value"][1]) for x in res]
            if "throughput" in title:
                check(max(vals or [0]) > 0, "'%s': traffic seen (max %.0f B/s)" % (title, max(vals or [0])))
            if title == "Top processes by QPs":
                check(1 < len(res) <= 20 and all(x["metric"].get("pid") for x in res),
                      "'%s': up to 20 processes, each with its pid (%d)" % (title, len(res)), res[:3])
            if title == "QP states by host":
                hosts = {x["metric"].get("instance") for x in res}
                check(len(hosts) == 2, "'%s': both hosts (%s)" % (title, " ".join(sorted(hosts))))
        except Exception as x:  # an HTTP 400 carries Prometheus' parse error
            body = x.read().decode() if hasattr(x, "read") else x
            check(False, "Prometheus runs the query of '%s'" % title, body)
    # label_values(METRIC{...}, LABEL): the series API with the same selector
    for name in ("host", "device", "port"):
        m = re.match(r"label_values\((.*),\s*(\w+)\)$", tvars[name]["definition"])
        if not m:
            check(False, "variable %s is label_values()" % name, tvars[name]["definition"])
            continue
        r = get(url, "/api/v1/label/%s/values" % m.group(2), **{"match[]": subst(m.group(1))})
        check(len(r["data"]) > 0, "variable %s lists values: %s" % (name, " ".join(r["data"])), r)
        if name == "host":
            check(len(r["data"]) >= 2, "variable host lists both scraped hosts", r["data"])


main()
print("dashboard: %d passed, %d failed" % (results.count(True), results.count(False)))
sys.exit(0 if all(results) else 1)
