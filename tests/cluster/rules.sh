#!/bin/sh
# shellcheck shell=sh
# The cluster view's recording rules (contrib/prometheus/rdmatop.rules.yml,
# group rdmatop.cluster) against a real Prometheus of their own, which
# scrapes the exporters every second and loads the rules with their window
# set to rdmatop's (4 scrapes: [4s], window_seconds "4"), behind the
# counting proxy (tests/cluster/proxy.py):
#  - with the rules: rdmatop says it reads the recorded series (stderr),
#    checks for them once, and its rate queries name the recorded series
#    and compute no rate() of their own;
#  - the rules unloaded (/-/reload) and their series deleted (admin API): at
#    the same evaluation time, the raw queries, said, and every pane's
#    values the same as with the rules (to 1e-9: sums taken in another
#    order), every row and the top 2; the comparison shown failing on a
#    changed value;
#  - the rules as shipped (window 1m) against a 1 s scrape: the difference
#    said (stderr, and the screen at 80x24, 200x50 and TERM=vt100), the raw
#    queries sent.
# Its exporters are its own, started now: the pause storm's half minute
# (tests/cluster/netrec.sh) is under way while it compares.
# Sourced by tests/cluster/run (bin, tmp, pids, ok, bad; its storm.rdrec);
# or run alone: tests/cluster/rules.sh.
# shellcheck disable=SC2154 # tmp, bin, pids come from the run script
if [ -z "${tmp:-}" ]; then
	set -u
	cd "$(dirname "$0")/../.." || exit 1
	bin=${RDMATOP_BIN:-./rdmatop}
	. tests/lib.sh
	work_dir
	alone=1 note=""
	[ -n "${STORM:-}" ] && cp "$STORM" "$tmp/storm.rdrec"	# one recorded before
	at_exit='tmux -L "${rsock:-none}" kill-server 2>/dev/null'
	for c in prometheus promtool tmux python3; do
		command -v "$c" >/dev/null || { echo "SKIP: $c is not installed (tests/deps.sh)"; echo "rules: 0 passed, 0 failed"; exit 0; }
	done
fi
[ -s "$tmp/storm.rdrec" ] || tests/cluster/netrec.sh "$tmp/storm.rdrec" >"$tmp/netrec.log" 2>&1 ||
	bad "the pause storm recorded" "$tmp/netrec.log"
targets=""
for r in "$tmp/storm.rdrec" tests/data/demo.rdrec tests/data/hw/mlx5-ib/mlx5-ib.rdrec; do
	p=$(free_port)
	timeout 300 "$bin" -r "$r" -d 0.5 --listen "127.0.0.1:$p" </dev/null >/dev/null 2>&1 &
	pids="$pids $!"
	targets="$targets${targets:+, }\"127.0.0.1:$p\""
done
# the rules' window made rdmatop's (4 scrapes of 1 s); the alerts' untouched
sed 's/\[1m\]/[4s]/g; s/window_seconds: "60"/window_seconds: "4"/' contrib/prometheus/rdmatop.rules.yml \
	>"$tmp/rules4s.yml"
grep -q '\[1m\]' "$tmp/rules4s.yml" || ! grep -q 'window_seconds: "4"' "$tmp/rules4s.yml" &&
	bad "the rules' window set to 4s" "$tmp/rules4s.yml"
rcfg() {	# rcfg RULE_FILE: the config, with the rules of RULE_FILE ("" for none)
	{
		echo "global: {scrape_interval: 1s, scrape_timeout: 1s, evaluation_interval: 1s}"
		[ -n "$1" ] && echo "rule_files: [\"$1\"]"
		echo "scrape_configs:"
		echo "  - job_name: rdma"
		echo "    static_configs: [{targets: [$targets]}]"
	} >"$tmp/rprom.yml"
}
rcfg "$tmp/rules4s.yml"
# the config read again (/-/reload): 0 when Prometheus took it
rreload() { curl -sf --max-time 10 -X POST "$rpurl/-/reload" >/dev/null; }
rpport=$(free_port)
timeout 600 prometheus --config.file="$tmp/rprom.yml" --storage.tsdb.path="$tmp/rtsdb" \
	--web.enable-admin-api --web.enable-lifecycle --web.listen-address="127.0.0.1:$rpport" >"$tmp/rprom.log" 2>&1 &
pids="$pids $!"
rpurl="http://127.0.0.1:$rpport"
rxport=$(free_port)
timeout 600 python3 tests/cluster/proxy.py "$rxport" "$rpurl" "$tmp/rules.log" &
pids="$pids $!"
rurl="http://127.0.0.1:$rxport"
rq() { curl -sf --max-time 5 -G "$rpurl/api/v1/query" --data-urlencode "query=$1" ${2:+--data-urlencode "time=$2"}; }
rhas() { rq "$1" "${2:-}" | grep -q '"result":\[{'; }
wait_for 30 curl -sf --max-time 5 "$rurl/-/ready" || bad "the rules' Prometheus starts" "$tmp/rprom.log"
# 8 s of scrapes of every target, and the recorded rates of every one
wait_for 40 rhas "count(count_over_time(up{job=\"rdma\"}[8s]) >= 6) == count(up{job=\"rdma\"}) and on () count(count_over_time(rdma:port_receive_bytes:rate[6s]) >= 4) == count(count by (instance) (rdma_port_receive_bytes_total))" ||
	note=" (slow scrapes or rules)"

# an evaluation time of the rules, a few evaluations back: the recorded
# values and the raw expressions then saw the same samples
rat=$(rq 'timestamp(rdma:rdmatop_rules_info)' "$(python3 -c 'import time; print("%.3f" % (time.time() - 3))')" |
	python3 -c 'import json, sys; print(json.load(sys.stdin)["data"]["result"][0]["value"][1])')
# rdmatop's answers at rat through the proxy: NAME [ARGS]
rrun() {
	rn=$1
	shift
	: >"$tmp/rules.log"
	"$bin" --prometheus "$rurl" --match 'job="rdma"' --at "$rat" --json -n 1 "$@" >"$tmp/r-$rn.json" 2>"$tmp/r-$rn.err"
	cp "$tmp/rules.log" "$tmp/r-$rn.log"
}
# what the proxy saw: rules checks, recorded names and rate()s of each query
rseen() {
	python3 - "$1" <<'EOP'
import json, re, sys
log = [json.loads(l) for l in open(sys.argv[1])]
rules = sum(1 for r in log if r["name"] == "rules")
rec, raw = set(), set()
for r in log:
    if r["name"] in ("host", "errors", "ports", "jobs"):
        rec.update(re.findall(r"rdma:[a-z_]+:rate\b", r["query"]))
        if "rate(" in r["query"]:
            raw.add(r["name"])
print("rules=%d recorded=%s raw=%s" % (rules, ",".join(sorted(rec)) or "-", ",".join(sorted(raw)) or "-"))
EOP
}
all_rec="rdma:group_psns:rate,rdma:group_qp_hw:rate,rdma:port_class_events:rate,rdma:port_errors:rate,rdma:port_pause_frames:rate,rdma:port_receive_bytes:rate,rdma:port_transmit_bytes:rate"
rrun with
rrun with2 --rows 2 -s rx
got=$(rseen "$tmp/r-with.log")
[ "$got" = "rules=1 recorded=$all_rec raw=-" ] &&
	ok "rules loaded: one check, the host, errors, ports and jobs queries read the recorded series, no rate() of their own" ||
	bad "rules loaded: the recorded series read (got $got)" "$tmp/r-with.err"
grep -q '^rdmatop: recording rules: rates as recorded, rate\[4s\]$' "$tmp/r-with.err" &&
	[ "$(grep -c 'recording rules' "$tmp/r-with.err")" = 1 ] &&
	ok "rules loaded: said once on stderr" || bad "rules loaded: said once on stderr" "$tmp/r-with.err"
# --json says it too (a replay, which does not know, says null)
rjson() { python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(json.dumps(d.get("recording_rules", "absent")), d.get("recording_rules_why", "-"))' "$1"; }
got=$(rjson "$tmp/r-with.json")
[ "$got" = "true recording rules: rates as recorded, rate[4s]" ] &&
	ok "rules loaded: --json says recording_rules true, and why" ||
	bad "rules loaded: --json's recording_rules (got $got)" "$tmp/r-with.err"
got=$(rseen "$tmp/r-with2.log")
[ "$got" = "rules=1 recorded=$all_rec raw=-" ] && ok "--rows 2 -s rx: the top rows by a recorded rate" ||
	bad "--rows 2 -s rx: the top rows by a recorded rate (got $got)" "$tmp/r-with2.err"

# the rules unloaded and their series deleted: Prometheus has none at rat
rcfg ""
rreload
wait_for 10 sh -c "curl -sf --max-time 5 '$rpurl/api/v1/rules' | grep -q '\"groups\":\[\]'" ||
	bad "the rules unloaded (/-/reload)" "$tmp/rprom.log"
curl -sf --max-time 10 -X POST "$rpurl/api/v1/admin/tsdb/delete_series" \
	--data-urlencode 'match[]={__name__=~"rdma:.+"}' --data-urlencode "end=$(date +%s)" >"$tmp/del" 2>&1 ||
	bad "the recorded series deleted (admin API)" "$tmp/del"
rhas 'count({__name__=~"rdma:.+"})' "$rat" && bad "no recorded series left at $rat"
rrun without
rrun without2 --rows 2 -s rx
got=$(rseen "$tmp/r-without.log")
[ "$got" = "rules=1 recorded=- raw=errors,host,jobs,ports" ] &&
	ok "no rules: one check, then the raw queries ($got)" || bad "no rules: the raw queries (got $got)" "$tmp/r-without.err"
grep -q '^rdmatop: no recording rules: raw queries, rate\[4s\]$' "$tmp/r-without.err" &&
	ok "no rules: said on stderr" || bad "no rules: said on stderr" "$tmp/r-without.err"
got=$(rjson "$tmp/r-without.json")
[ "$got" = "false no recording rules: raw queries, rate[4s]" ] &&
	ok "no rules: --json says recording_rules false, and why" ||
	bad "no rules: --json's recording_rules (got $got)" "$tmp/r-without.err"
# every pane's rows and values, with and without (MUTATE: one value changed)
rsame() {
	python3 - "$tmp/r-$1.json" "$tmp/r-$2.json" "${3:-}" <<'EOP'
import json, os, sys
a, b = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
if sys.argv[3]:
    p = [p for p in b["ports"] if p["rx"]][0]
    p["rx"] *= 1.001
worst, n = 0.0, 0
for t in ("hosts", "ports", "jobs", "groups"):
    assert len(a[t]) == len(b[t]) and a[t], (t, len(a[t]), len(b[t]))
    for x, y in zip(a[t], b[t]):
        assert x.keys() == y.keys(), (x, y)
        for k in x:
            u, v = x[k], y[k]
            if isinstance(u, float) and isinstance(v, (int, float)):
                d = abs(u - v) / max(abs(u), abs(v), 1e-300)
                worst = max(worst, d)
                assert d <= 1e-9, (t, k, x, y)
            else:
                assert u == v, (t, k, x, y)
            n += 1
for t in ("ports_total", "jobs_total", "rate_window"):
    assert a[t] == b[t], (t, a[t], b[t])
# the rates compared are not all 0 or n/a (the storm is under way)
moving = sorted({"%s.%s" % (t, k) for t in ("hosts", "ports", "jobs") for r in a[t] for k in
                 ("err", "cong", "flush", "rx", "tx", "pause_rx", "pause_tx", "psn", "cnp") if r.get(k)})
assert len(moving) >= (1 if os.environ.get("RSAME_TOP") else 6), moving
print("%d hosts, %d ports, %d jobs: %d cells (rates above 0: %s), largest difference %.1g" % (
    len(a["hosts"]), len(a["ports"]), len(a["jobs"]), n, " ".join(moving), worst))
EOP
}
if out=$(rsame with without 2>&1); then ok "every pane the same with and without the rules: $out"
else bad "every pane the same with and without the rules: $out"; fi
if out=$(RSAME_TOP=1 rsame with2 without2 2>&1); then ok "--rows 2 -s rx: the same top rows and counts: $out"
else bad "--rows 2 -s rx: the same top rows: $out"; fi
rsame with without mutate >/dev/null 2>&1 && bad "the comparison fails on a changed value" ||
	ok "the comparison fails on a changed value"

# the rules as shipped, [1m], against a 1 s scrape (rdmatop's window 4s):
# the difference said, the raw queries sent
rcfg "$PWD/contrib/prometheus/rdmatop.rules.yml"
rreload
wait_for 20 rhas 'rdma:rdmatop_rules_info{window_seconds="60"}' ||
	{ tail -n 5 "$tmp/rprom.log" >"$tmp/rprom.tail"; bad "the shipped rules loaded (/-/reload)" "$tmp/rprom.tail"; }
# and the 4 s rules' info gone at now: Prometheus writes a removed group's
# stale markers two evaluation intervals after the reload (rules/manager.go),
# and delete_series above tombstoned only up to its whole second, so for
# those 2 s the last 4 s sample was the latest one (rdmatop then rightly
# took the rules as its window's: this check failed 2 runs in 5)
rgone4() { ! rhas 'rdma:rdmatop_rules_info{window_seconds="4"}'; }
wait_for 20 rgone4 || bad "the 4 s rules' series gone before the shipped rules are checked"
: >"$tmp/rules.log"
"$bin" --prometheus "$rurl" --match 'job="rdma"' -b -n 1 >"$tmp/r-other.txt" 2>"$tmp/r-other.err"
got=$(rseen "$tmp/rules.log")
[ "$got" = "rules=1 recorded=- raw=errors,host,jobs,ports" ] &&
	grep -q "^rdmatop: recording rules' window 60s, not rate\\[4s\\]: raw queries$" "$tmp/r-other.err" &&
	ok "the shipped rules' 1m against a 1 s scrape: the difference said, the raw queries ($got)" ||
	bad "the shipped rules' 1m against a 1 s scrape: said, raw (got $got)" "$tmp/r-other.err"
rtm() { tmux -L "$rsock" "$@"; }
rn=0
for s in "xterm-256color 80x24" "xterm-256color 200x50" "vt100 80x24"; do
	# a server of its own each time: one still exiting cannot be reused
	rn=$((rn + 1))
	rsock=rdmatop-rules-$$-$rn
	size=${s#* }
	rtm -f /dev/null new-session -d -s t -x "${size%x*}" -y "${size#*x}" \
		"env TERM=${s% *} $bin --prometheus $rurl --match 'job=\"rdma\"' -d 2 2>$tmp/r-tui.err; sleep 30"
	end=$(($(date +%s) + 15)) seen=0
	while [ "$(date +%s)" -le "$end" ]; do
		rtm capture-pane -p -t t >"$tmp/r-screen" 2>/dev/null
		grep -q "recording rules' window 60s, not rate\[4s\]: raw queries" "$tmp/r-screen" && { seen=1; break; }
		sleep 0.3
	done
	[ "$seen" = 1 ] && ok "screen ${s}: the rules' other window said on the status line" ||
		bad "screen ${s}: the rules' other window said" "$tmp/r-screen"
	rtm kill-server 2>/dev/null
done
if [ -n "${alone:-}" ]; then
	echo "rules: $pass passed, $fail failed$note"
	[ "$fail" = 0 ]
fi
