# shellcheck shell=bash
# Sourced by tests/cluster/run (after tui.sh: tm, start, look, scr, keys):
# the Ports and Jobs panes at 1,000 hosts of 8 HCAs each (8,000 ports:
# tests/bench's generator with 8 devices -> one exporter's OpenMetrics ->
# tests/cluster/scale.py -> promtool tsdb create-blocks-from openmetrics)
# in a real Prometheus, asked through tests/cluster/proxy.py, which counts
# every query's series and bytes:
#  - the screen's Ports refresh fetches a screen's worth (the top 50 and
#    their count: at most 5 fields a port), not the fleet's 8,000 ports,
#    and says so in the title; the batch's every-row answer, counted the
#    same way, is shown failing that bound;
#  - --rows 20: the ports are PromQL's own top 20 by ERR/s (this file's
#    PromQL), each value equal to PromQL's, and ports_total its count.
# shellcheck disable=SC2154 # tmp, bin, pids come from the run script
fl=$tmp/fleet
mkdir -p "$fl"
if ! command -v promtool >/dev/null; then
	skip "1,000 hosts through a counting proxy" "promtool is not installed"
	return 0 2>/dev/null || exit 0
fi
make -s build/bench/gen >"$fl/make" 2>&1 || bad "make build/bench/gen" "$fl/make"
build/bench/gen -o "$fl/host.rdrec" -q 200 -d 8 -p 16 -n 2 -s 7 2>/dev/null
"$bin" -r "$fl/host.rdrec" -o openmetrics -b -n 1 >"$fl/host.om" 2>/dev/null
fend=$(($(date +%s) - 900))
# three scrapes 15 s apart: rate() over the 60 s window has them all
python3 tests/cluster/scale.py "$fl/host.om" 1000 3 15 "$fend" >"$fl/fleet.om"
printf 'global: {scrape_interval: 15s}\nscrape_configs: []\n' >"$fl/prometheus.yml"
if promtool tsdb create-blocks-from openmetrics "$fl/fleet.om" "$fl/tsdb" >"$fl/blocks" 2>&1; then
	rm -f "$fl/fleet.om"
	fport=$(free_port)
	timeout 600 prometheus --config.file="$fl/prometheus.yml" --storage.tsdb.path="$fl/tsdb" \
		--storage.tsdb.retention.time=10y --web.listen-address="127.0.0.1:$fport" \
		>"$fl/prometheus.log" 2>&1 &
	fpid=$!
	pids="$pids $fpid"
	xport=$(free_port)
	timeout 600 python3 tests/cluster/proxy.py "$xport" "http://127.0.0.1:$fport" "$fl/proxy.log" &
	pids="$pids $!"
	xurl="http://127.0.0.1:$xport"
	wait_for 60 curl -sf --max-time 5 "http://127.0.0.1:$fport/-/ready" ||
		bad "prometheus with 1,000 hosts" "$fl/prometheus.log"
	wait_for 10 curl -s --max-time 2 -o /dev/null "$xurl/-/ready"

	# the screen, on the Ports pane, until its first refresh is drawn
	: >"$fl/proxy.log"
	start xterm-256color 80x24 --prometheus "$xurl" --match "'job=\"rdma\"'" --at "$fend" -d 30 \
		--prometheus-timeout 300
	keys 2
	scr "1,000 hosts, Ports pane: 'ports: 50 of 8000 (the top 50 by err asked)'" \
		'ports: 50 of 8000 \(the top 50 by err asked\)' 120
	keys q
	# series and bytes of each ports query the screen sent (status included)
	count_ports() {
		python3 - "$fl/proxy.log" "$1" <<'EOP'
import json, sys
log = [json.loads(l) for l in open(sys.argv[1])]
ports = [r for r in log if r["name"] == "ports"]
assert ports, "no ports query went through the proxy"
worst = max(ports, key=lambda r: r["series"])
print("%d queries (%d status), ports: %d series, %d bytes decoded, %d on the wire" % (
    len(log), sum(1 for r in log if "status" in r["path"]), worst["series"], worst["bytes"], worst["wire"]))
# a screen's worth: 50 ports of at most 5 fields each (rx, tx, speed, err,
# state here) and the count; the fleet has 8,000 ports
sys.exit(0 if worst["series"] <= 50 * 5 + 1 and worst["bytes"] <= 64 * 1024 else 1)
EOP
	}
	if out=$(count_ports screen); then ok "1,000 hosts: the screen's Ports refresh fetches a screen's worth: $out"
	else bad "1,000 hosts: the screen's Ports refresh fetches a screen's worth: $out"; fi
	: >"$fl/proxy.log"
	# (Prometheus's time on a busy machine is not what is measured here)
	"$bin" --prometheus "$xurl" --match 'job="rdma"' --at "$fend" --json -n 1 --prometheus-timeout 300 \
		>"$fl/all.json" 2>"$fl/all.err"
	if out=$(count_ports batch); then bad "1,000 hosts: the every-row answer fails that bound (it passed: $out)"
	else ok "1,000 hosts: the every-row answer (batch) fails that bound: $out"; fi

	# --rows 20: PromQL's own top 20 by ERR/s, the same values
	"$bin" --prometheus "$xurl" --match 'job="rdma"' --at "$fend" --json -n 1 --rows 20 --prometheus-timeout 300 \
		>"$fl/top.json" 2>"$fl/top.err"
	python3 - "http://127.0.0.1:$fport" "$fend" "$fl/top.json" "$fl/all.json" <<'EOP' >"$fl/top" 2>&1 &&
import json, sys, urllib.parse, urllib.request
url, at, top, every = sys.argv[1], sys.argv[2], json.load(open(sys.argv[3])), json.load(open(sys.argv[4]))
def q(expr):
    data = urllib.parse.urlencode({"query": expr, "time": at}).encode()
    with urllib.request.urlopen(url + "/api/v1/query", data, timeout=60) as r:
        return {(s["metric"].get("instance"), s["metric"].get("device"), s["metric"].get("port")):
                float(s["value"][1]) for s in json.load(r)["data"]["result"]}
S = 'job="rdma"'
err = q('sum by (instance, device, port) (rate(rdma_port_errors_total{%s}[60s]))' % S)
rx = q('sum by (instance, device, port) (rate(rdma_port_receive_bytes_total{%s}[60s]))' % S)
ports = top["ports"]
assert len(ports) == 20 and top["ports_total"] == 8000 and len(every["ports"]) == 8000, \
    (len(ports), top["ports_total"], len(every["ports"]))
got = sorted(p["err"] for p in ports)
assert got[0] >= sorted(err.values())[-20], (got, sorted(err.values())[-20:])
for p in ports:
    k = (p["instance"], p["device"], p["port"])
    assert abs(p["err"] - err[k]) <= 1e-9 * max(1, err[k]) and abs(p["rx"] - rx[k]) <= 1e-9 * max(1, rx[k]), (p, err[k], rx[k])
    assert p == [e for e in every["ports"] if (e["instance"], e["device"], e["port"]) == k][0], p
print("top 20 of 8000 by ERR/s, min %g >= PromQL's 20th %g" % (got[0], sorted(err.values())[-20]))
EOP
		ok "--rows 20 at 1,000 hosts: PromQL's top 20 ports by ERR/s, values equal its own and the every-row answer's ($(cat "$fl/top"))" ||
		bad "--rows 20 at 1,000 hosts: PromQL's top 20 ports by ERR/s, the same values" "$fl/top"
	kill "$fpid" 2>/dev/null
else
	bad "promtool: 1,000 hosts" "$fl/blocks"
fi
