#!/bin/bash
# The GPU-far mark on the gpu-node fixture: its QP owners are given
# /proc/PID/fd links to GPU device nodes (as a CUDA or ROCm process holds
# them: /dev/nvidiactl and /dev/nvidia-uvm beside /dev/nvidiaN, or
# /dev/dri/renderDN), and each QP's gpu_relation and gpu_far, and each
# process's, must be what the design's table (tests/hw/gpu-node.topo)
# gives for the QP's NIC and the nearest GPU its process opened: GPUk is
# /dev/nvidiak and /dev/dri/renderD(128+k) (tests/hw/gen_pci.c); mlx5_0 is
# 0000:15:00.0, mlx5_1 0000:97:00.0.  Two samples: the second keeps the
# processes' files (the kept-owner rule), so the links read in the first
# are carried.  Then rdmatop on a changed link, the table on the true
# ones, must differ.  Sourced by tests/hw/run (shim, ok, bad, $out).
gm=$out/gpumark
rm -rf "$gm"
mkdir -p "$gm"
. tests/hw/gpumark_root.sh
gpumark_run() {	# DIR
	shim "$1" "$1" ./rdmatop --sysroot "$1" -j -n 2 -d 0.2 >"$1/rt.json" 2>"$1/rt.err"
}
gpumark_compare() {	# RT.JSON ROOT(the links the table is read for)
	python3 - "$1" "$2" tests/hw/gpu-node.topo <<'PY'
import json, os, re, sys
rt, root, topo = sys.argv[1:4]
o = json.loads([l for l in open(rt) if l.strip()][-1])
# the design's table: rows and columns by PCI address
rows = [l.split() for l in open(topo) if l.strip() and not l.startswith("#")]
cols = [r[0] for r in rows]
rel = {(r[0], cols[i]): r[i + 1] for r in rows for i in range(len(cols))}
gpu = ["0000:13:00.0", "0000:14:00.0", "0000:93:00.0", "0000:94:00.0"]
nic = {"mlx5_0": "0000:15:00.0", "mlx5_1": "0000:97:00.0"}
order = ["X", "PIX", "PXB", "PHB", "NODE", "SYS"]
opened = {}
for pid in os.listdir(root + "/proc"):
    d = "%s/proc/%s/fd" % (root, pid)
    if not pid.isdigit() or not os.path.isdir(d):
        continue
    g = set()
    for fd in os.listdir(d):
        t = os.readlink(d + "/" + fd)
        m = re.fullmatch(r"/dev/nvidia(\d+)|/dev/dri/renderD(\d+)", t)
        if m:
            g.add(gpu[int(m.group(1))] if m.group(1) else gpu[int(m.group(2)) - 128])
    opened[int(pid)] = g
def want(pid, dev):
    g = opened.get(pid)
    if not g:
        return None
    return min((rel[(nic[dev], x)] for x in g), key=order.index)
bad, n = [], 0
def check(what, got, exp):
    global n
    n += 1
    if got != exp:
        bad.append("MISMATCH %s: rdmatop %r, design %r" % (what, got, exp))
procs_qps = {}
for q in o["qps"]:
    pid = q.get("process_pid", q.get("pid"))
    w = want(pid, q["ifname"]) if pid else None
    what = "qp %s/%d (pid %s)" % (q["ifname"], q["lqpn"], pid)
    check(what + " gpu_relation", q.get("gpu_relation"), w)
    check(what + " gpu_far", q.get("gpu_far"), None if w is None else w in ("NODE", "SYS"))
    if w:
        procs_qps.setdefault(pid, []).append(w)
for p in o["processes"]:
    pid = p.get("pid")
    if pid not in opened:
        check("process %s gpu_nodes" % pid, p.get("gpu_nodes"), None)
        continue
    ws = procs_qps.get(pid, [])
    w = max(ws, key=order.index) if ws else None
    check("process %d gpus" % pid, sorted(p.get("gpus", [])), sorted(opened[pid]))
    check("process %d gpu_relation" % pid, p.get("gpu_relation"), w)
    check("process %d gpu_far" % pid, p.get("gpu_far"), None if w is None else w in ("NODE", "SYS"))
# the fixture's design holds far and near ones both
far = sum(1 for q in o["qps"] if q.get("gpu_far"))
near = sum(1 for q in o["qps"] if q.get("gpu_far") is False)
if not far or not near:
    bad.append("MISMATCH the run marks %d QPs far and %d near: want some of each" % (far, near))
for b in bad:
    print(b)
print("%d checks, %d mismatches, %d QPs far, %d near" % (n, len(bad), far, near))
sys.exit(1 if bad else 0)
PY
}
gpumark_root "$gm/live"
gpumark_run "$gm/live"
if gpumark_compare "$gm/live/rt.json" "$gm/live" >"$gm/report" 2>&1; then
	ok "gpu-node: QPs and processes far from their GPUs marked as the design's table says ($(tail -1 "$gm/report"))"
else
	bad "gpu-node GPU-far mark: $(grep -E 'MISMATCH|Error|Traceback' "$gm/report" | head -4) $(tail -1 "$gm/report")"
fi
# rdmatop on a changed link (ib_write_bw's GPU0 becomes GPU2), the table
# on the true links
mkdir -p "$gm/alt"
gpumark_root "$gm/alt"
ln -sfn /dev/dri/renderD130 "$gm/alt/proc/4100230/fd/7"
gpumark_run "$gm/alt"
if gpumark_compare "$gm/alt/rt.json" "$gm/live" >"$gm/alt.report" 2>&1; then
	bad "self-test: a changed fd link went unseen by the GPU-far comparison"
elif grep -q "MISMATCH qp mlx5_0/304 (pid 4100230) gpu_relation: rdmatop 'SYS', design 'PIX'" "$gm/alt.report"; then
	ok "self-test: a changed fd link: $(grep -c MISMATCH "$gm/alt.report") mismatches (mlx5_0/304 SYS against PIX)"
else
	bad "self-test: the GPU-far comparison failed for another reason: $(grep MISMATCH "$gm/alt.report" | head -3)"
fi
# the recording of that root (tests/hw/record gpu-far) replays to the
# live run's marks
rec=tests/data/gpu-far/gpu-far.rdrec
if [ ! -e "$rec" ]; then
	bad "gpu-far: no recording $rec (tests/hw/record gpu-far)"
elif ./rdmatop -r "$rec" -j >"$gm/replay.json" 2>"$gm/replay.err" &&
	python3 - "$gm/replay.json" "$gm/live/rt.json" <<'PY'
import json, sys
def marks(p):
    o = json.loads([l for l in open(p) if l.strip()][-1])
    keys = ("gpu_relation", "gpu_far", "gpu_nodes", "gpus")
    return ([(q["ifname"], q["lqpn"], [q.get(k) for k in keys]) for q in o["qps"]],
            [(p.get("pid"), [p.get(k) for k in keys]) for p in o["processes"]])
sys.exit(0 if marks(sys.argv[1]) == marks(sys.argv[2]) else 1)
PY
then
	ok "gpu-far: the recording replays to the live run's GPU marks"
else
	bad "gpu-far: $rec does not replay to the live marks (re-record: tests/hw/record gpu-far)"
fi
# -b text prints the same marks: the recording's text against its JSON,
# then a text with one QP's far mark dropped must fail
if [ -e "$rec" ] && ./rdmatop -r "$rec" -b -n 1 >"$gm/replay.txt" 2>"$gm/replay.err" &&
	./rdmatop -r "$rec" -j -n 1 >"$gm/replay1.json" 2>>"$gm/replay.err"; then
	if python3 tests/batch/text_gpu.py "$gm/replay.txt" "$gm/replay1.json" >"$gm/text.report" 2>&1; then
		ok "gpu-far -b: NUMA, PCIE, GPU marks and COMMAND as in JSON ($(tail -1 "$gm/text.report"))"
	else
		bad "gpu-far -b against JSON: $(grep -E 'MISMATCH|Error|Traceback' "$gm/text.report" | head -3)"
	fi
	sed 's/SYS!\( *4100230\)/SYS \1/' "$gm/replay.txt" >"$gm/replay-alt.txt"
	if python3 tests/batch/text_gpu.py "$gm/replay-alt.txt" "$gm/replay1.json" >"$gm/text-alt.report" 2>&1; then
		bad "self-test: a dropped far mark in -b went unseen"
	elif grep -q "MISMATCH qp mlx5_1/304 GPU: text 'SYS', JSON 'SYS!'" "$gm/text-alt.report"; then
		ok "self-test: a dropped far mark in -b: qp mlx5_1/304 SYS against SYS!"
	else
		bad "self-test: the -b comparison failed for another reason: $(grep MISMATCH "$gm/text-alt.report" | head -2)"
	fi
else
	bad "gpu-far -b and -j replays: $(head -3 "$gm/replay.err")"
fi
# OpenMetrics: rdma_process_gpu_far per process as the JSON says, and a
# flipped value must fail
if [ -e "$rec" ] && ./rdmatop -r "$rec" -b -o openmetrics -n 1 >"$gm/replay.om" 2>"$gm/om.err"; then
	if python3 tests/batch/om_gpu.py "$gm/replay.om" "$gm/replay1.json" >"$gm/om.report" 2>&1; then
		ok "gpu-far openmetrics: rdma_process_gpu_far as in JSON ($(tail -1 "$gm/om.report"))"
	else
		bad "gpu-far openmetrics against JSON: $(grep -E 'MISMATCH|Error|Traceback' "$gm/om.report" | head -3)"
	fi
	sed 's/\(gpu_relation="PIX"}\) 0/\1 1/' "$gm/replay.om" >"$gm/replay-alt.om"
	if python3 tests/batch/om_gpu.py "$gm/replay-alt.om" "$gm/replay1.json" >/dev/null 2>&1; then
		bad "self-test: a flipped rdma_process_gpu_far went unseen"
	else
		ok "self-test: a flipped rdma_process_gpu_far fails the comparison"
	fi
else
	bad "gpu-far openmetrics replay: $(head -3 "$gm/om.err")"
fi
