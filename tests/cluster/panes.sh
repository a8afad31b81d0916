# shellcheck shell=bash
# Sourced by tests/cluster/run (or run alone: tests/cluster/panes.sh): the
# cluster panes where a value is long or a host is down, against a
# Prometheus of its own scraping three targets:
#  - an exporter replaying tests/hw's mlx5-ib fixture (five processes, none
#    holding a QP), its instance 40 characters long;
#  - a static exporter (a few lines of Python) whose host has errors and
#    a top group far past the TOP GROUP column;
#  - a target that never answers: up 0.
# Checked, at 80x24, 200x50 and TERM=vt100 80x24 and in -b / --json:
#  - PROCS and the host's drill-down say the same processes (those
#    without QPs too);
#  - the -b text's columns stay in line whatever a value's length, a cut
#    value marked '~', the instance whole;
#  - INSTANCE as wide as the terminal allows (whole at 200 columns, cut
#    and marked at 80);
#  - the down host first under every worst-first sort, last reversed.
#  - a click on a header past the widened INSTANCE sorts by that column.
# shellcheck disable=SC2154,SC2015,SC2016 # tmp, bin, pids come from the run script; a && ok || bad
if [ -z "${bin:-}" ]; then
	cd "$(dirname "$0")/../.." || exit 1
	bin=${RDMATOP_BIN:-./rdmatop}
	. tests/lib.sh
	work_dir
	panes_alone=1
	sock=rdmatop-panes-$$
	at_exit='tmux -L "$sock" kill-server 2>/dev/null'
	for c in prometheus tmux python3 curl; do
		command -v "$c" >/dev/null || { echo "SKIP: $c is not installed (tests/deps.sh)"; exit 0; }
	done
fi
# shellcheck source=tests/cluster/tmux.sh
. tests/cluster/tmux.sh
long=gpu-node-0042.rack17.cluster.example.com
grp=nightly-llm-pretraining-run-with-a-long-name
down="down-host-01"
xport=$(free_port)
sport=$(free_port)
dport=$(free_port)
timeout 600 "$bin" -r tests/data/hw/mlx5-ib/mlx5-ib.rdrec -d 0.5 --listen "127.0.0.1:$xport" \
	</dev/null >/dev/null 2>"$tmp/px.err" &
pids="$pids $!"
# the static exporter: its error counter grows 10 a second
timeout 600 python3 - "$sport" "$grp" <<'EOP' &
import http.server, sys, time
GRP = sys.argv[2]
class H(http.server.BaseHTTPRequestHandler):
    def log_message(self, *a):
        pass
    def do_GET(self):
        body = ("rdma_up 1\n"
                'rdma_device_info{device="mlx5_0"} 1\n'
                'rdma_port_info{device="mlx5_0",port="1",state="ACTIVE"} 1\n'
                'rdma_port_errors_total{device="mlx5_0",port="1"} %d\n'
                'rdma_qps{device="mlx5_0",state="RTS"} 2\n'
                "rdma_processes 1\n"
                'rdma_process_resources{pid="4242",comm="python3",type="qp"} 2\n'
                'rdma_process_qps{pid="4242",comm="python3",device="mlx5_0",state="RTS"} 2\n'
                'rdma_group_processes{kind="slurm",group="%s"} 1\n' % (int(time.time() * 10), GRP)).encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/plain; version=0.0.4")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
http.server.ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), H).serve_forever()
EOP
pids="$pids $!"
cat >"$tmp/panes.yml" <<EOF
global: {scrape_interval: 1s, scrape_timeout: 1s, evaluation_interval: 1s}
scrape_configs:
  - job_name: rdma
    static_configs:
      - {targets: ["127.0.0.1:$xport"], labels: {instance: "$long"}}
      - {targets: ["127.0.0.1:$sport"], labels: {instance: "static-01"}}
      - {targets: ["127.0.0.1:$dport"], labels: {instance: "$down"}}
EOF
ppane=$(free_port)
timeout 600 prometheus --config.file="$tmp/panes.yml" --storage.tsdb.path="$tmp/ptsdb" \
	--web.listen-address="127.0.0.1:$ppane" >"$tmp/pprom.log" 2>&1 &
pids="$pids $!"
purl2="http://127.0.0.1:$ppane"
pq() { curl -sf --max-time 5 -G "$purl2/api/v1/query" --data-urlencode "query=$1"; }
pready() {
	pq 'rate(rdma_port_errors_total[4s]) > 0' | grep -q '"result":\[{' &&
		pq 'count(rdma_processes) == 2 and count(up == 0) == 1' | grep -q '"result":\[{'
}
wait_for 30 pready || bad "panes: Prometheus has the three targets" "$tmp/pprom.log"

# --json: the hosts and their order under each worst-first sort
"$bin" --prometheus "$purl2" --json -n 1 >"$tmp/p.json" 2>"$tmp/p.err"
procs=$(python3 -c 'import json,sys; print([h for h in json.load(open(sys.argv[1]))["hosts"] if h["instance"] == sys.argv[2]][0]["procs"])' "$tmp/p.json" "$long" 2>>"$tmp/p.err")
[ "$procs" = 5 ] && ok "panes: PROCS of the mlx5-ib host: 5, its processes without QPs counted" ||
	bad "panes: PROCS of the mlx5-ib host: 5 (got $procs)" "$tmp/p.err"
for k in err health cong qps_err age flush pause_rx; do
	"$bin" --prometheus "$purl2" --json -n 1 -s "$k" >"$tmp/p-$k.json" 2>>"$tmp/p.err"
	"$bin" --prometheus "$purl2" --json -n 1 -s "$k" -R >"$tmp/pr-$k.json" 2>>"$tmp/p.err"
done
python3 - "$tmp" "$down" <<'EOP' >"$tmp/worst" 2>&1 && ok "panes: the down host first under every worst-first sort (-s err, health, cong, qps_err, age, flush, pause_rx), last with -R" || bad "panes: the down host first under every worst-first sort, last with -R" "$tmp/worst"
import json, sys
d, down = sys.argv[1], sys.argv[2]
bad = []
for k in ("err", "health", "cong", "qps_err", "age", "flush", "pause_rx"):
    h = [x["instance"] for x in json.load(open("%s/p-%s.json" % (d, k)))["hosts"]]
    r = [x["instance"] for x in json.load(open("%s/pr-%s.json" % (d, k)))["hosts"]]
    if len(h) != 3 or h[0] != down or r[-1] != down:
        bad.append((k, h, r))
assert not bad, bad
EOP

# -b: the columns in line whatever a value's length
"$bin" --prometheus "$purl2" -b -n 1 >"$tmp/p.txt" 2>>"$tmp/p.err"
python3 - "$tmp/p.txt" "$long" "$grp" <<'EOP' >"$tmp/ptxt" 2>&1 && ok "panes: -b: every column of the hosts in line, the long TOP GROUP cut and marked ~, the instance whole" || bad "panes: -b: the hosts' columns in line" "$tmp/ptxt"
import re, sys
lines = open(sys.argv[1]).read().split("\n\n")[0].splitlines()
assert lines[1] == "hosts: 3", lines[:2]
head, rows = lines[2], lines[3:]
assert len(rows) == 3, rows
# each title's start (a text column) or end (a number) is its cells'
titles = [(m.start(), m.end(), m.group()) for m in re.finditer(r"\S+(?: (?:RX|TX)/s| GROUP)?", head)]
bad = []
for r in rows:
    for s, e, t in titles:
        if t in ("INSTANCE", "TOP GROUP", "JOB"):
            # a cell starts there (the down host has no TOP GROUP)
            ok = (s == 0 or r[s - 1] == " ") and (t == "TOP GROUP" or r[s:s + 1] != " ")
        else:
            ok = r[e - 1:e] != " " and (e == len(r) or r[e] == " ")
        if not ok:
            bad.append((t, r))
assert not bad, (head, bad)
big = [r for r in rows if r.startswith(sys.argv[2] + " ")]
assert big, rows
cut = [r for r in rows if re.search(r" slurm/" + re.escape(sys.argv[3][:10]) + r"\S*~ ", r)]
assert cut and sys.argv[3] not in "".join(rows), rows
EOP

# the screens: INSTANCE's width, the down host first, PROCS = drill-down
pstart() {
	tm kill-server 2>/dev/null
	starts=$((${starts:-0} + 1))
	sock=rdmatop-panes-$$-$starts
	tm -f /dev/null new-session -d -s t -x "${2%x*}" -y "${2#*x}" \
		"env TERM=$1 $bin --prometheus $purl2 2>$tmp/ptui.err; echo EXITED \$?; sleep 30"
}
for spec in "xterm 80x24" "xterm 200x50" "vt100 80x24"; do
	# shellcheck disable=SC2086 # the spec is two words
	set -- $spec
	pstart "$1" "$2"
	s="panes: $1 $2"
	scr "$s: the Hosts pane, 3 hosts" 'hosts: 3 of 3'
	scr "$s: the static host's errors shown" '^static-01 +1 '
	row=$(grep -m1 -A1 'INSTANCE' "$tmp/screen" | tail -n 1 | awk '{print $1}')
	[ "$row" = "$down" ] && ok "$s: sorted by ERR/s, the down host is first" ||
		bad "$s: sorted by ERR/s, the down host is first (got $row)" "$tmp/screen"
	if [ "${2%x*}" = 200 ]; then
		grep -qE "^$long +1 " "$tmp/screen" && ok "$s: INSTANCE wide enough for $long" ||
			bad "$s: INSTANCE wide enough for $long" "$tmp/screen"
	else
		grep -qE "^$(echo "$long" | cut -c1-19)~ +1 " "$tmp/screen" && ok "$s: INSTANCE cut at 20 with a ~" ||
			bad "$s: INSTANCE cut at 20 with a ~" "$tmp/screen"
	fi
	keys / rack17 Enter Enter
	scr "$s: Enter on the mlx5-ib host: processes: $procs of $procs, as PROCS" "processes: $procs of $procs"
	grep -qE '^[0-9]+ +[a-z_-]+ +0 +0( |$)' "$tmp/screen" &&
		ok "$s: a process without QPs listed, QPS 0" ||
		bad "$s: a process without QPs listed, QPS 0" "$tmp/screen"
	keys q
	scr "$s: q quits, status 0" 'EXITED 0'
done
# the mouse finds a header where it was drawn, INSTANCE widened before it
# (X10 reports, as TERM=screen's kmous says; as tests/cluster/tui.sh)
pstart screen-256color 200x30
scr "panes: mouse: the Hosts pane" 'hosts: 3 of 3'
x=$(awk 'NR == 5 { print index($0, " QPS ") + 1; exit }' "$tmp/screen")
tm send-keys -t t -H 1b 5b 4d 20 "$(printf '%x' $((33 + x)))" 25 1b 5b 4d 23 "$(printf '%x' $((33 + x)))" 25
sleep 0.5
screen
row=$(awk '/^INSTANCE/ { getline; print $1; exit }' "$tmp/screen")
[ "$row" = static-01 ] && ok "panes: mouse: a click on QPS past the widened INSTANCE sorts by it, the host with QPs first" ||
	bad "panes: mouse: a click on QPS past the widened INSTANCE sorts by it (first: $row)" "$tmp/screen"
keys q
tm kill-server 2>/dev/null
if [ -n "${panes_alone:-}" ]; then
	echo "cluster panes: $pass passed, $fail failed"
	[ "$fail" = 0 ]
	exit
fi
