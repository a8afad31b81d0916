#!/usr/bin/env python3
"""The -b text's locality columns against the same replay's JSON.

text_gpu.py TEXT JSON: DEVICES' NUMA, PCIE (the degraded mark "!") and GPU,
QPS' and PROCESSES' GPU (relation, "!" where far) and PROCESSES' COMMAND
must say what the JSON says (numa_node, pci.link.degraded, nearest_gpu,
gpu_relation, gpu_far, cmdline).  Columns are cut where every line of a
section has a space (cells are padded, one space apart); the last column
runs to the end of the line.  Exit 1 with a line per mismatch."""
import json
import sys


def sections(text):
    out, cur = {}, None
    for line in text.split("\n"):
        if line and line == line.upper() and " " not in line:
            cur = out.setdefault(line, [])
        elif not line:
            cur = None
        elif cur is not None:
            cur.append(line)
    return out


def table(lines):
    """[{header: cell}] of a section's header and rows."""
    head = lines[0]
    width = max(len(l) for l in lines)
    last = head.rstrip().rfind(" ") + 1
    blank = [all(i >= len(l) or l[i] == " " for l in lines) for i in range(width)]
    spans, i = [], 0
    while i < last:
        if blank[i]:
            i += 1
            continue
        j = i
        while j < last and not blank[j]:
            j += 1
        spans.append((i, j))
        i = j
    spans.append((last, width))
    names = [head[a:b].strip() for a, b in spans]
    return [{n: l[a:b].strip() for n, (a, b) in zip(names, spans)} for l in lines[1:]]


def mark(rel, far):
    return "n/a" if rel is None else rel + ("!" if far else "")


def main():
    text, js = open(sys.argv[1]).read(), open(sys.argv[2]).read()
    o = json.loads([l for l in js.split("\n") if l.strip()][-1])
    sec = sections(text)
    bad, n = [], 0

    def check(what, got, want):
        nonlocal n
        n += 1
        if got != want:
            bad.append("MISMATCH %s: text %r, JSON %r" % (what, got, want))

    devs = {d["ifname"]: d for d in o["devices"]}
    for r in table(sec["DEVICES"]):
        p = devs[r["DEV"]].get("pci", {})
        check("device %s NUMA" % r["DEV"], r["NUMA"], str(p.get("numa_node", "n/a")))
        check("device %s PCIE degraded" % r["DEV"], r["PCIE"].endswith("!"),
              p.get("link", {}).get("degraded", False))
        check("device %s GPU" % r["DEV"], r["GPU"], p.get("nearest_gpu", "n/a"))
    qps = {(q["ifname"], q["lqpn"]): q for q in o["qps"]}
    for r in table(sec["QPS"]):
        q = qps[(r["DEV"], int(r["LQPN"]))]
        check("qp %s/%s GPU" % (r["DEV"], r["LQPN"]), r["GPU"],
              mark(q.get("gpu_relation"), q.get("gpu_far")))
    procs = {p["pid"]: p for p in o["processes"] if "pid" in p}
    for r in table(sec["PROCESSES"]):
        if r["PID"] == "n/a":
            continue
        p = procs[int(r["PID"])]
        check("process %s GPU" % r["PID"], r["GPU"], mark(p.get("gpu_relation"), p.get("gpu_far")))
        check("process %s COMMAND" % r["PID"], r["COMMAND"], p.get("cmdline", "n/a"))
    far = sum(1 for r in table(sec["QPS"]) if r["GPU"].endswith("!"))
    if not far:
        bad.append("MISMATCH no QP marked far in the text")
    for b in bad:
        print(b)
    print("%d checks, %d mismatches, %d QPs marked far" % (n, len(bad), far))
    return 1 if bad else 0


sys.exit(main())
