#!/bin/sh
# The cluster view at scale (make bench-cluster): 100 and 1,000 synthetic
# hosts of an rdmatop exporter's real shape (tests/bench's generator ->
# one exporter's OpenMetrics -> tests/cluster/scale.py -> promtool tsdb
# create-blocks-from openmetrics), loaded into a real Prometheus and
# evaluated with --at: per host count, the queries per refresh, the
# series and bytes fetched, each query's time (by pane), the model's
# build time, rdmatop's CPU and peak RSS (GNU time).  Checks the targets
# (<= 12 queries whatever the hosts, the model within 1 s of the answers,
# RSS < 64 MB) and prints the lines of doc/bench.md's table.
set -u
cd "$(dirname "$0")/../.." || exit 1
bin=${RDMATOP_BIN:-./rdmatop}
. tests/lib.sh
work_dir
HOSTS=${CLUSTER_HOSTS:-100 1000}
POINTS=10 STEP=15
make -s rdmatop build/bench/gen >"$tmp/make" 2>&1 || { bad "make" "$tmp/make"; exit 1; }
# one bench host: 2 devices, 200 QPs, 16 processes
build/bench/gen -o "$tmp/host.rdrec" -q 200 -d 2 -p 16 -n 2 -s 7 2>/dev/null
"$bin" -r "$tmp/host.rdrec" -o openmetrics -b -n 1 >"$tmp/host.om" 2>/dev/null
t_end=$(($(date +%s) - 900))
printf 'global: {scrape_interval: %ss}\nscrape_configs: []\n' "$STEP" >"$tmp/prometheus.yml"
echo "| hosts | series | queries | bytes fetched | slowest query (pane) | all answers | model | CPU | peak RSS |"
echo "|---|---|---|---|---|---|---|---|---|"
for n in $HOSTS; do
	rm -rf "$tmp/tsdb"
	python3 tests/cluster/scale.py "$tmp/host.om" "$n" "$POINTS" "$STEP" "$t_end" >"$tmp/fleet.om"
	promtool tsdb create-blocks-from openmetrics "$tmp/fleet.om" "$tmp/tsdb" >"$tmp/blocks" 2>&1 ||
		{ bad "promtool: $n hosts" "$tmp/blocks"; continue; }
	rm -f "$tmp/fleet.om"
	series=$(awk '/^01/ {s += $(NF-1)} END {print s}' "$tmp/blocks")
	port=$(free_port)
	timeout 600 prometheus --config.file="$tmp/prometheus.yml" --storage.tsdb.path="$tmp/tsdb" \
		--storage.tsdb.retention.time=10y --web.listen-address="127.0.0.1:$port" \
		>"$tmp/prometheus.log" 2>&1 &
	ppid=$!
	pids="$pids $ppid"
	wait_for 60 curl -sf --max-time 5 "http://127.0.0.1:$port/-/ready" ||
		{ bad "prometheus with $n hosts" "$tmp/prometheus.log"; continue; }
	# the warm-up: Prometheus's first look at the blocks is not rdmatop's cost
	"$bin" --prometheus "http://127.0.0.1:$port" --match 'job="rdma"' --at "$t_end" --json -n 1 >/dev/null 2>&1
	/usr/bin/time -f '%U %S %M %e' -o "$tmp/time" "$bin" --prometheus "http://127.0.0.1:$port" \
		--match 'job="rdma"' --at "$t_end" --json -n 1 >"$tmp/out.json" 2>"$tmp/err"
	python3 - "$n" "$series" "$tmp/out.json" "$tmp/time" <<'EOP' || fail=$((fail + 1))
import json, sys
n, series, path, tpath = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]
c = json.load(open(path))
user, sys_, rss_kb, wall = open(tpath).read().split()
pane = {"up": "Hosts", "host": "Hosts", "ports_state": "Hosts", "errors": "Hosts", "qps": "Hosts",
        "host_groups": "Hosts, Jobs", "jobs": "Jobs", "ports": "Ports", "processes": "Host"}
asked = [q for q in c["queries"] if q["seconds"] > 0 or q["bytes"]]
slow = max(asked, key=lambda q: q["seconds"])
got = len(c["hosts"])
ok = got == n and len(c["queries"]) <= 12 and c["build_seconds"] < 1 and int(rss_kb) < 65536 \
    and all(q["ok"] for q in asked)
print("| %d | %s | %d | %d (%d series) | %.3f s %s (%s) | %.3f s | %.3f s | %.2f s | %.1f MB |" % (
    n, series, len(asked), sum(q["bytes"] for q in c["queries"]),
    sum(q["series"] for q in c["queries"]), slow["seconds"], slow["name"], pane[slow["name"]],
    c["answers_seconds"], c["build_seconds"], float(user) + float(sys_), int(rss_kb) / 1024))
if not ok:
    print("not ok - %d hosts: %d hosts shown, %d queries, model %.3f s, RSS %s kB" % (
        n, got, len(c["queries"]), c["build_seconds"], rss_kb))
    sys.exit(1)
EOP
	kill "$ppid" 2>/dev/null
	wait "$ppid" 2>/dev/null
done
[ "$fail" = 0 ]
