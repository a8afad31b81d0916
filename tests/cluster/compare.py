#!/usr/bin/env python3
"""The cluster view's values against two oracles for the same samples.

usage: compare.py PROMETHEUS_URL TIME WINDOW CLUSTER.json INSTANCE=RECORDING.jsonl...

1. Prometheus itself: this file's own PromQL (written here, not taken
   from rdmatop's query table), evaluated at the same TIME, for every
   Hosts, Ports and Jobs value rdmatop printed; for the columns that
   PromQL answers for every row (rates of a class, UTIL, AGE, QPERR),
   a row without a series there must be n/a in rdmatop's too.
2. Each exporter's own JSON (`rdmatop -r REC -b --json`): the sample that
   Prometheus had scraped at TIME (found by rdma_sample_timestamp_seconds)
   has the devices, ports, QPs and processes that the Hosts row says, and
   the PFC frames and bound counter events that the series behind the
   pause and job error rates hold.

Every comparison is then run again on a copy of rdmatop's answer with one
value changed, and must fail: a check that cannot fail proves nothing.
Prints "ok - ..." / "not ok - ..." lines.
"""
import copy
import json
import math
import sys
import urllib.parse
import urllib.request

url, at, window, cluster_path = sys.argv[1], float(sys.argv[2]), sys.argv[3], sys.argv[4]
recs = dict(a.split("=", 1) for a in sys.argv[5:])
SEL = 'job="rdma"'
results = []


def out(ok, name, why=""):
    results.append(ok)
    print(("ok - " if ok else "not ok - ") + name + ("" if ok else "  (" + why + ")"))


def q(expr):
    data = urllib.parse.urlencode({"query": expr, "time": "%.3f" % at}).encode()
    with urllib.request.urlopen(url + "/api/v1/query", data, timeout=10) as r:
        ans = json.load(r)
    assert ans["status"] == "success", ans
    return [(s["metric"], float(s["value"][1])) for s in ans["data"]["result"]]


def by(expr, *keys):
    return {tuple(m.get(k, "") for k in keys): v for m, v in q(expr)}


def raw(expr):
    """the series of a range selector at TIME: [(labels, [(t, value)...])]"""
    data = urllib.parse.urlencode({"query": expr, "time": "%.3f" % at}).encode()
    with urllib.request.urlopen(url + "/api/v1/query", data, timeout=10) as r:
        ans = json.load(r)
    assert ans["status"] == "success" and ans["data"]["resultType"] == "matrix", ans
    return [(s["metric"], [(float(t), float(v)) for t, v in s["values"]]) for s in ans["data"]["result"]]


def close(a, b, tol=1e-9):
    if a is None or b is None:
        return a is None and b is None
    return math.isclose(a, b, rel_tol=1e-9, abs_tol=tol)


W = "[%s]" % window


def of_class(cl, *keys):
    """events/s of the counters of one class (doc/counters.md), each of the
    three event families asked alone and summed here"""
    tot = {}
    for fam in ("rdma_hw_stat_total", "rdma_pma_stat_total", "rdma_netdev_stat_total"):
        for k, v in by('sum by (%s) (rate(%s{%s,class="%s"}%s))' % (", ".join(keys), fam, SEL, cl, W),
                       *keys).items():
            tot[k] = tot.get(k, 0) + v
    return tot


def busiest(*keys):
    """the busier direction's bytes/s over the speed (0-1): PromQL's
    comparison keeps RX where it is the larger, `or` brings TX elsewhere
    (and RX alone where a port has no TX); no speed or 0: none"""
    k = ", ".join(keys)
    rx = 'sum by (%s) (rate(rdma_port_receive_bytes_total{%s}%s))' % (k, SEL, W)
    tx = 'sum by (%s) (rate(rdma_port_transmit_bytes_total{%s}%s))' % (k, SEL, W)
    speed = 'sum by (%s) (rdma_port_speed_bytes_per_second{%s})' % (k, SEL)
    return by('((%s >= %s) or %s or %s) / (%s > 0)' % (rx, tx, tx, rx, speed), *keys)


def last_scrape():
    """per instance: TIME less the time of the newest sample Prometheus
    holds of the exporter's sample clock (its last scrape), from the raw
    samples of the lookback window"""
    return {(m["instance"],): at - max(t for t, _ in vals)
            for m, vals in raw('rdma_sample_timestamp_seconds{%s}[5m]' % SEL)}

# the oracle's own queries: one per value, no label_replace tricks
host_oracle = {
    "up": by('up{%s}' % SEL, "instance"),
    "devices": by('count by (instance) (rdma_device_info{%s})' % SEL, "instance"),
    "ports": by('count by (instance) (rdma_port_info{%s})' % SEL, "instance"),
    "ports_up": by('count by (instance) (rdma_port_info{%s,state="ACTIVE"})' % SEL, "instance"),
    "rx": by('sum by (instance) (rate(rdma_port_receive_bytes_total{%s}%s))' % (SEL, W), "instance"),
    "tx": by('sum by (instance) (rate(rdma_port_transmit_bytes_total{%s}%s))' % (SEL, W), "instance"),
    "err": by('sum by (instance) (rate(rdma_hw_stat_total{%s,class="error"}%s)) '
              'or sum by (instance) (rate(rdma_pma_stat_total{%s,class="error"}%s)) '
              'or sum by (instance) (rate(rdma_netdev_stat_total{%s,class="error"}%s))'
              % (SEL, W, SEL, W, SEL, W), "instance"),
    "qps": by('sum by (instance) (rdma_qps{%s})' % SEL, "instance"),
    # the processes a host's drill-down lists: those with series of their own
    "procs": by('count by (instance) (group by (instance, pid, comm) (rdma_process_resources{%s})) '
                'or 0 * sum by (instance) (rdma_processes{%s})' % (SEL, SEL), "instance"),
    # QPs in state ERR; a host with devices and none of them: 0
    "qps_err": by('sum by (instance) (rdma_qps{%s,state="ERR"}) '
                  'or 0 * count by (instance) (rdma_device_info{%s})' % (SEL, SEL), "instance"),
    "util": busiest("instance"),
    "age": last_scrape(),
    "health": by('max by (instance) (rdma_port_health{%s})' % SEL, "instance"),
}


def errors(*keys):
    """ERR/s: the rate of each port's rdma_port_errors_total (every error
    counter of the port, each event once), summed by keys; a host whose
    exporter has no such series, its error-class counters summed"""
    got = by('sum by (%s) (rate(rdma_port_errors_total{%s}%s))' % (", ".join(keys), SEL, W), *keys)
    for k, v in of_class("error", *keys).items():
        if not any(g[0] == k[0] for g in got):
            got[k] = v
    return got


host_oracle["err"] = errors("instance")
host_oracle["flush"] = of_class("flush", "instance")
host_oracle["cong"] = of_class("congestion", "instance")
port_oracle = {
    "rx": by('rate(rdma_port_receive_bytes_total{%s}%s)' % (SEL, W), "instance", "device", "port"),
    "tx": by('rate(rdma_port_transmit_bytes_total{%s}%s)' % (SEL, W), "instance", "device", "port"),
    "speed": by('rdma_port_speed_bytes_per_second{%s}' % SEL, "instance", "device", "port"),
    "err": errors("instance", "device", "port"),
    "cong": of_class("congestion", "instance", "device", "port"),
    "util": busiest("instance", "device", "port"),
    "health": by('rdma_port_health{%s}' % SEL, "instance", "device", "port"),
}
job_oracle = {
    "qps": by('sum by (kind, group) (rdma_group_qps{%s})' % SEL, "kind", "group"),
    "hosts": by('count by (kind, group) (rdma_group_processes{%s})' % SEL, "kind", "group"),
    "psn": by('sum by (kind, group) (rate(rdma_group_psns_total{%s}%s))' % (SEL, W), "kind", "group"),
    "cnp": by('sum by (kind, group) (rate(rdma_group_qp_hw_total{%s,class="cnps"}%s))' % (SEL, W),
              "kind", "group"),
    "qps_err": by('sum by (kind, group) (rdma_group_qps{%s,state="ERR"})' % SEL, "kind", "group"),
}
# a job's ERR/s: its retransmits and its other errors, each summed here
err = {}
for cl in ("retransmits", "errors"):
    for k, v in by('sum by (kind, group) (rate(rdma_group_qp_hw_total{%s,class="%s"}%s))'
                   % (SEL, cl, W), "kind", "group").items():
        err[k] = err.get(k, 0) + v
job_oracle["err"] = err


def pauses(d):
    """per port: PFC frames/s of every priority, else the driver's
    per-priority pauses, else the link's pause frames (the Links pane's
    order, src/model/net_rates.c); three queries, the order applied here"""
    keys = ("instance", "device", "port")
    pfc = by('sum by (instance, device, port) (rate(rdma_netdev_pfc_frames_total{%s,direction="%s"}%s))'
             % (SEL, d, W), *keys)
    drv = by('sum by (instance, device, port) (rate(rdma_netdev_driver_stat_total{%s,counter=~"%s_prio[0-7]_pause"}%s))'
             % (SEL, d, W), *keys)
    link = by('sum by (instance, device, port) (rate(rdma_netdev_pause_frames_total{%s,direction="%s"}%s))'
              % (SEL, d, W), *keys)
    return {k: pfc.get(k, drv.get(k, link.get(k))) for k in set(pfc) | set(drv) | set(link)}


for d in ("rx", "tx"):
    per_port = pauses(d)
    port_oracle["pause_" + d] = per_port
    per_host = {}
    for (inst, _, _), v in per_port.items():
        per_host[(inst,)] = per_host.get((inst,), 0) + v
    host_oracle["pause_" + d] = per_host
# the series behind them, as the exporters' JSON must have them
pfc_total = {d: by('sum by (instance) (rdma_netdev_pfc_frames_total{%s,direction="%s"})' % (SEL, d),
                   "instance") for d in ("rx", "tx")}
hw_total = by('sum by (instance, kind, group) (rdma_group_qp_hw_total{%s,class=~"retransmits|errors"})'
              % SEL, "instance", "kind", "group")
sample_ts = by('rdma_sample_timestamp_seconds{%s}' % SEL, "instance")
# values that are one of a set: a host's top group (kind/group with the
# most processes there; a tie has several), a port's state (its
# rdma_port_info's label, from the raw series)
procs_of = 'sum by (instance, kind, group) (rdma_group_processes{%s})' % SEL
host_sets = {"top_group": {}}
for m, _ in q('%s == on (instance) group_left () max by (instance) (%s)' % (procs_of, procs_of)):
    host_sets["top_group"].setdefault((m["instance"],), set()).add("%s/%s" % (m["kind"], m["group"]))
port_sets = {"state": {}}
for m, _ in q('rdma_port_info{%s}' % SEL):
    port_sets["state"].setdefault((m["instance"], m["device"], m["port"]), set()).add(m["state"])
# columns whose every row PromQL answers for: where it has no series,
# rdmatop must say n/a (null), not a number
complete = {("host", c) for c in ("cong", "flush", "util", "age", "qps_err")} | \
    {("port", c) for c in ("err", "cong", "util")} | {("job", "qps_err")}
# the few not exact by nature: an age is milliseconds of a scrape's time
tolerance = {"age": 1e-6}


def check_prom(c):
    """rdmatop's Hosts/Ports/Jobs against the oracle; a list of mismatches."""
    bad, n = [], 0
    hosts = {(h["instance"],): h for h in c["hosts"]}
    if set(hosts) != set(host_oracle["up"]):
        bad.append("hosts %s, Prometheus has %s" % (sorted(hosts), sorted(host_oracle["up"])))
    ports = {(p["instance"], p["device"], p["port"]): p for p in c["ports"]}
    jobs = {(j["kind"], j["group"]): j for j in c["jobs"]}
    for what, rows, oracle, sets in (("host", hosts, host_oracle, host_sets),
                                     ("port", ports, port_oracle, port_sets),
                                     ("job", jobs, job_oracle, {})):
        for col, want in oracle.items():
            keys = set(want) | (set(rows) if (what, col) in complete else set())
            for k in keys:
                v = want.get(k)
                got = rows.get(k, {}).get(col)
                n += 1
                if not close(got, v, tolerance.get(col, 1e-9)):
                    bad.append("%s %s %s: rdmatop %r, PromQL %r" % (what, "/".join(k), col, got, v))
        # a string one of the set PromQL gives; no series: empty
        for col, want in sets.items():
            for k in set(want) | set(rows):
                got = rows.get(k, {}).get(col)
                n += 1
                if got not in want.get(k, {"", None}):
                    bad.append("%s %s %s: rdmatop %r, PromQL %r" % (what, "/".join(k), col, got,
                                                                   sorted(want.get(k, []))))
    return bad, n


def load_samples(path):
    with open(path) as f:
        return [json.loads(line) for line in f if line.strip()]


def iso_to_epoch(s):
    import datetime
    return datetime.datetime.strptime(s, "%Y-%m-%dT%H:%M:%S.%fZ").replace(
        tzinfo=datetime.timezone.utc).timestamp()


def check_exporters(c):
    """each Hosts row against the exporter's own sample of that moment"""
    bad, n = [], 0
    hosts = {h["instance"]: h for h in c["hosts"]}
    for inst, path in recs.items():
        ts = sample_ts.get((inst,))
        if ts is None:
            bad.append("%s: no rdma_sample_timestamp_seconds" % inst)
            continue
        samples = [s for s in load_samples(path) if abs(iso_to_epoch(s["time"]) - ts) < 0.0015]
        if len(samples) != 1:
            bad.append("%s: %d samples of the recording at %.3f" % (inst, len(samples), ts))
            continue
        s, h = samples[0], hosts.get(inst, {})
        want = {
            "devices": len(s["devices"]),
            "ports": len(s["links"]),
            "ports_up": sum(1 for l in s["links"] if l.get("state") == "ACTIVE"),
            "qps": len(s["qps"]),
            "procs": len(s["processes"]),
        }
        for col, v in want.items():
            n += 1
            if not close(h.get(col), float(v)):
                bad.append("%s %s: rdmatop %r, the exporter's JSON %r" % (inst, col, h.get(col), v))
        # the host's groups (Jobs' rows come from them): kind, name, processes
        mine = {(g["kind"], g["group"]): g["procs"] for g in c["groups"] if g["instance"] == inst}
        # the exporter labels a group without a name (kind unknown or
        # hidden) group="KIND" (src/out/openmetrics_groups.c, labels())
        theirs = {(g["kind"], g["kind"] if g["kind"] in ("unknown", "hidden") else g["name"]):
                  float(g["n_processes"]) for g in s["groups"]}
        n += 1
        if mine != theirs:
            bad.append("%s groups: rdmatop %r, the exporter's JSON %r" % (inst, mine, theirs))
    return bad, n


def check_series(bump=0):
    """the PFC frames and the groups' bound counter events Prometheus had
    at TIME against each exporter's JSON of that sample (plus bump): the
    PFC totals of its links, and each group's errors and retransmits
    summed sample by sample (rdma_group_qp_hw_total is a ledger of their
    increases since the exporter's first sample)"""
    bad, n = [], 0
    for inst, path in recs.items():
        ts = sample_ts.get((inst,))
        samples = load_samples(path)
        at_ts = [i for i, s in enumerate(samples) if ts is not None and
                 abs(iso_to_epoch(s["time"]) - ts) < 0.0015]
        if len(at_ts) != 1:
            bad.append("%s: no one sample at %r" % (inst, ts))
            continue
        s = samples[at_ts[0]]
        for d, key in (("rx", "indications"), ("tx", "requests")):
            links = [l["pfc"][key] for l in s["links"] if "pfc" in l]
            want = float(sum(sum(v) for v in links)) + bump if links else None
            got = pfc_total[d].get((inst,))
            n += 1
            if not close(got, want):
                bad.append("%s PFC %s frames: Prometheus %r, the exporter's JSON %r" % (inst, d, got, want))
        ledger, tol = {}, {}
        for cur in samples[1:at_ts[0] + 1]:
            procs = {p["pid"]: p for p in cur["processes"] if "pid" in p}
            # the exporter adds each process's rate times the sample's
            # interval, rounded (openmetrics_groups.c): the same interval
            # (JSON's, in ms), not the wall clock's distance between the
            # samples' times, which a loaded machine stretches
            dt = cur["interval"]
            for g in cur["groups"]:
                if "hw_counters" not in g:
                    continue
                key = (inst, g["kind"], g["kind"] if g["kind"] in ("unknown", "hidden") else g["name"])
                hws = [procs[p]["hw_counters"] for p in g["pids"] if "hw_counters" in procs.get(p, {})]
                rates = [h.get(k) or 0 for h in hws for k in ("errors_per_sec", "retransmits_per_sec")]
                ledger[key] = ledger.get(key, 0) + sum(rates) * dt
                # each term rounded, and the interval printed to 0.5 ms
                tol[key] = tol.get(key, 0) + 0.5 * sum(r > 0 for r in rates) + sum(rates) * 0.0005
        for g in s["groups"]:
            key = (inst, g["kind"], g["kind"] if g["kind"] in ("unknown", "hidden") else g["name"])
            if "hw_counters" in g:
                ledger.setdefault(key, 0)
        for key in set(ledger) | {k for k in hw_total if k[0] == inst}:
            n += 1
            # a tamper moves it past the tolerance whatever it is
            want = None if key not in ledger else ledger[key] + bump * (1 + tol.get(key, 0))
            got = hw_total.get(key)
            if got is None or want is None or abs(got - want) > 1 + tol.get(key, 0):
                bad.append("%s group errors: Prometheus %r, the exporter's JSON %r" % ("/".join(key), got, want))
    return bad, n


cluster = json.load(open(cluster_path))
for name, fn in (("PromQL", check_prom), ("exporters' JSON", check_exporters)):
    bad, n = fn(cluster)
    out(not bad and n > 0, "Hosts/Ports/Jobs equal %s (%d values)" % (name, n), "; ".join(bad[:5]))
bad, n = check_series()
out(not bad and n > 0, "PFC frames and groups' bound counter events equal the exporters' JSON (%d values)" % n,
    "; ".join(bad[:5]))
bad, _ = check_series(bump=2)
out(bool(bad), "the check fails on a changed value (the exporters' JSON 2 higher)", "it passed")
# the storm and the bound counters are there: a pause rate above 0, a job
# whose errors count (tests/cluster/bound.c) and one without (n/a)
storm = [h for h in cluster["hosts"] if (h.get("pause_rx") or 0) > 0 and (h.get("pause_tx") or 0) > 0]
out(len(storm) == 1, "one host pauses (%s)" % ", ".join("%s %.0f/s rx %.0f/s tx" % (
    h["instance"], h["pause_rx"], h["pause_tx"]) for h in storm), repr([h.get("pause_rx") for h in cluster["hosts"]]))
# the storm's host and port FAIL (rdma_port_health 2), the others not
storm_ports = [p for p in cluster["ports"] if (p.get("pause_rx") or 0) > 0]
out(len(storm) == 1 and (storm[0].get("health") or 0) >= 1 and storm_ports and
    all((p.get("health") or 0) >= 1 for p in storm_ports),
    "the pausing host and its port are not OK (%s)" % ", ".join(
        "%s %r" % (h["instance"], h.get("health")) for h in cluster["hosts"]),
    repr([(p["instance"], p.get("health")) for p in cluster["ports"]]))
out(any((j.get("err") or 0) > 0 and (j.get("cnp") or 0) > 0 for j in cluster["jobs"]) and
    any(j.get("err") is None for j in cluster["jobs"]),
    "jobs with bound counters have ERR/s and CNP/s above 0, the others n/a (%s)" % ", ".join(
        "%s %.0f/s" % (j["group"], j["err"]) for j in cluster["jobs"] if j.get("err")),
    repr([(j["group"], j.get("err")) for j in cluster["jobs"]]))

def bump(rows, col, by):
    """the row with the largest value of col (n/a below any) changed by BY"""
    r = max(rows, key=lambda x: -1 if x.get(col) is None else x[col])
    r[col] = (r.get(col) or 0) + by


def none_to(rows, col):
    """the first row whose col is n/a given 0 (none n/a: nothing changed,
    and the check passing says so)"""
    for r in rows:
        if r.get(col) is None:
            r[col] = 0
            return


# the columns compared are not all 0 or n/a: the storm host's counters,
# bytes and its QP in ERR move (tests/cluster/bound.c, netrec.sh)
above = ["host " + k for k in ("err", "flush", "cong", "util", "rx", "tx", "qps_err")
         if any((h.get(k) or 0) > 0 for h in cluster["hosts"])] + \
    ["port " + k for k in ("err", "cong", "util") if any((p.get(k) or 0) > 0 for p in cluster["ports"])] + \
    ["job qps_err"] * any((j.get("qps_err") or 0) > 0 for j in cluster["jobs"])
# (rx, tx and util: the hosts' Ethernet ports count their link's bytes on
# the netdev since the PMA's are no row of an Ethernet link's; none of
# these recordings moves a netdev's bytes: not required)
need = ["host err", "host flush", "host cong", "host qps_err", "port err", "port cong", "job qps_err"]
out(all(k in above for k in need), "values above 0 in %s" % ", ".join(above), "only those")

# each comparison fails on a changed value
mutations = [
    ("host rx", lambda c: c["hosts"][0].__setitem__("rx", (c["hosts"][0]["rx"] or 0) * 1.01 + 1), check_prom),
    ("host qps", lambda c: max(c["hosts"], key=lambda h: h["qps"] or 0).__setitem__(
        "qps", max(h["qps"] or 0 for h in c["hosts"]) + 1), check_prom),
    ("host qps vs exporter", lambda c: [h.__setitem__("qps", (h["qps"] or 0) + 1) for h in c["hosts"]],
     check_exporters),
    ("port speed", lambda c: c["ports"][0].__setitem__("speed", (c["ports"][0]["speed"] or 0) * 2 + 1), check_prom),
    ("job qps", lambda c: [j.__setitem__("qps", (j["qps"] or 0) + 1) for j in c["jobs"]], check_prom),
    ("a host dropped", lambda c: c["hosts"].pop(), check_prom),
    ("host devices vs exporter", lambda c: [h.__setitem__("devices", h["devices"] + 1) for h in c["hosts"]],
     check_exporters),
    ("host procs vs exporter", lambda c: [h.__setitem__("procs", (h["procs"] or 0) + 1) for h in c["hosts"]],
     check_exporters),
    ("a group's processes vs exporter", lambda c: c["groups"][0].__setitem__("procs", c["groups"][0]["procs"] + 1),
     check_exporters),
    ("host ports_up vs exporter", lambda c: [h.__setitem__("ports_up", (h["ports_up"] or 0) + 1) for h in c["hosts"]],
     check_exporters),
    ("host pause_rx", lambda c: max(c["hosts"], key=lambda h: h.get("pause_rx") or 0).__setitem__(
        "pause_rx", max(h.get("pause_rx") or 0 for h in c["hosts"]) * 1.01 + 1), check_prom),
    ("host pause_tx dropped", lambda c: [h.__setitem__("pause_tx", None) for h in c["hosts"]], check_prom),
    ("port pause_rx", lambda c: [p.__setitem__("pause_rx", (p.get("pause_rx") or 0) + 1) for p in c["ports"]],
     check_prom),
    ("job err", lambda c: [j.__setitem__("err", j["err"] + 1) for j in c["jobs"] if j.get("err") is not None],
     check_prom),
    ("job cnp dropped", lambda c: [j.__setitem__("cnp", None) for j in c["jobs"]], check_prom),
    ("host cong", lambda c: bump(c["hosts"], "cong", 1), check_prom),
    ("host flush", lambda c: bump(c["hosts"], "flush", 1), check_prom),
    ("host util", lambda c: bump(c["hosts"], "util", 0.01), check_prom),
    ("host age", lambda c: bump(c["hosts"], "age", 0.5), check_prom),
    ("host qps_err", lambda c: bump(c["hosts"], "qps_err", 1), check_prom),
    ("host top_group", lambda c: max(c["hosts"], key=lambda h: h.get("top_group") or "").__setitem__(
        "top_group", "job/nosuch"), check_prom),
    ("port err", lambda c: bump(c["ports"], "err", 1), check_prom),
    ("port cong", lambda c: bump(c["ports"], "cong", 1), check_prom),
    ("port util", lambda c: bump(c["ports"], "util", 0.01), check_prom),
    ("port state", lambda c: c["ports"][0].__setitem__(
        "state", "DOWN" if c["ports"][0]["state"] == "ACTIVE" else "ACTIVE"), check_prom),
    ("job qps_err", lambda c: bump(c["jobs"], "qps_err", 1), check_prom),
    # a value where PromQL has none (n/a): said
    ("host flush where PromQL has none", lambda c: none_to(c["hosts"], "flush"), check_prom),
    ("job qps_err where PromQL has none", lambda c: none_to(c["jobs"], "qps_err"), check_prom),
]
for name, mutate, fn in mutations:
    m = copy.deepcopy(cluster)
    mutate(m)
    bad, _ = fn(m)
    out(bool(bad), "the check fails on a changed value (%s)" % name, "it passed")
sys.exit(0 if all(results) else 1)
