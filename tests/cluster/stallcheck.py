"""The Stalls pane's rows of tests/cluster/stalls.sh's hang (stallpages.py)
against what each row's other end is: stallcheck.py CLUSTER.json [TEXT]

Exit 0 and "ok" when every row names the right peer host, QP, verdict and
join, host-b (FAIL, the peer of four) is the first suspect and its rows
first, and host-c (healthy) is never blamed; else the rows that differ.
With TEXT (the -b output) its stalls table says the same rows.
"""
import json
import re
import sys

# (host, lqpn): (peer host, rqpn, other end, by)
WANT = {
    ("host-a", "100"): ("host-b", "200", "ERR", "gid"),
    ("host-a", "101"): ("host-b", "201", "gone", "gid"),
    ("host-a", "102"): ("host-d", "300", "host not scraped", "gid"),
    ("host-a", "103"): ("", "555", "no match", ""),
    ("host-a", "110"): ("host-b", "210", "stalled", "job"),
    ("host-a", "104"): ("host-b", "204", "gone", "lid"),
    ("host-b", "200"): ("host-a", "100", "stalled", "gid"),
    ("host-b", "210"): ("host-a", "110", "stalled", "job"),
}

c = json.loads(open(sys.argv[1]).read().splitlines()[-1])
bad = []
rows = {(r["instance"], r["lqpn"]): r for r in c["stalls"]}
if set(rows) != set(WANT):
    bad.append(("rows", sorted(rows)))
for k, (host, rqpn, other, by) in WANT.items():
    r = rows.get(k)
    if r and (r["peer_host"], r["rqpn"], r["other"], r["by"]) != (host, rqpn, other, by):
        bad.append((k, (r["peer_host"], r["rqpn"], r["other"], r["by"]), "want",
                    (host, rqpn, other, by)))
sus = [s["instance"] for s in c["stall_suspects"]]
if not sus or sus[0] != "host-b" or c["stall_suspects"][0]["blame"] != 4:
    bad.append(("suspects", c["stall_suspects"]))
if "host-c" in sus or any(r["peer_host"] == "host-c" for r in c["stalls"]):
    bad.append(("host-c blamed", sus))
if [r["instance"] for r in c["stalls"][:2]] != ["host-b", "host-b"]:
    bad.append(("host-b's rows not first", [r["instance"] for r in c["stalls"]]))
if c["stalls_total"] != 8 or c["stalls_omitted"] != 0:
    bad.append(("totals", c["stalls_total"], c["stalls_omitted"]))
if len(sys.argv) > 2:
    t = [b for b in open(sys.argv[2]).read().split("\n\n") if b.startswith("stalls: ")]
    t = t[-1].splitlines() if t else ["(no stalls table)"]
    if t[0] != "stalls: 8; suspect: host-b, the peer of 4 listed QPs, a port FAIL":
        bad.append(("-b title", t[0]))
    for k, (host, rqpn, other, by) in WANT.items():
        pat = r"^%s +%s +\S+ +\d+s +%s +%s +%s +rxe0 +%s" % (
            k[0], k[1], re.escape(host) if host else "", rqpn, re.escape(other), by)
        if not any(re.match(pat, l) for l in t[2:]):
            bad.append(("-b row", k, pat))
if bad:
    for b in bad:
        print("differs:", b)
    sys.exit(1)
print("ok")
