# shellcheck shell=bash
# Sourced by tests/cluster/run (or run alone: tests/cluster/stalls.sh): the
# Stalls pane (tab 4) on a hang seen from both ends, against a Prometheus of
# its own (the suite's others scrape fixed targets; this one's pages change)
# scraping four static exporters (tests/cluster/stallserve.py) whose pages
# are rdmatop's own exposition of tests/data/stall.rdrec with the hang's
# GIDs, stalled QPs and verdicts written in (tests/cluster/stallpages.py:
# no recording of a two-host hang exists, the test bed being one host):
#  - host-a: six stalled QPs (peers by GID on host-b, host-d, nobody, one
#    by LID on host-b and one by its job's mirror); host-b: port FAIL, a QP in ERR and one
#    stalled, towards host-a; host-c healthy; host-d scraped once, then
#    down (503);
#  - --json and -b: each row's peer host, RQPN, other end (ERR, stalled,
#    gone, host not scraped, no match) and join (gid, lid, job); host-b the
#    first suspect and its rows first; host-c never blamed
#    (tests/cluster/stallcheck.py);
#  - tmux at 80x24, 200x50 and TERM=vt100: the tab, the suspect, the rows;
#    Enter opens the row's host;
#  - a tampered GID (host-b's written 10.0.0.22): host-a's 101 says "no
#    match", its 100 is found by the job's mirror instead, and
#    stallcheck.py fails on it;
#  - -w then -r: the replay has the same rows.
# shellcheck disable=SC2154,SC2015,SC2016 # tmp, bin, pids come from the run script; a && ok || bad
if [ -z "${bin:-}" ]; then
	cd "$(dirname "$0")/../.." || exit 1
	bin=${RDMATOP_BIN:-./rdmatop}
	. tests/lib.sh
	work_dir
	stalls_alone=1
	sock=rdmatop-stalls-$$
	at_exit='tmux -L "$sock" kill-server 2>/dev/null'
	for c in prometheus tmux python3 curl; do
		command -v "$c" >/dev/null || { echo "SKIP: $c is not installed (tests/deps.sh)"; exit 0; }
	done
fi
# shellcheck source=tests/cluster/tmux.sh
. tests/cluster/tmux.sh
st=$tmp/stalls
mkdir -p "$st"
st_t0=$(date +%s)
"$bin" -r tests/data/stall.rdrec -o openmetrics -b -n 1 >"$st/base.om" 2>"$st/base.err"
python3 tests/cluster/stallpages.py "$st/base.om" "$st" >"$st/pages.err" 2>&1 ||
	bad "stalls: the exporter pages written" "$st/pages.err"
sa=$(free_port) sb=$(free_port) sc=$(free_port) sd=$(free_port) sp=$(free_port)
timeout 600 python3 tests/cluster/stallserve.py "$st/a.om:$sa" "$st/b.om:$sb" "$st/c.om:$sc" \
	"$st/d.om:$sd" 2>"$st/serve.err" &
pids="$pids $!"
cat >"$st/prometheus.yml" <<EOF
global: {scrape_interval: 1s, scrape_timeout: 1s, evaluation_interval: 1s}
scrape_configs:
  - job_name: rdma
    static_configs:
      - {targets: ["127.0.0.1:$sa"], labels: {instance: "host-a"}}
      - {targets: ["127.0.0.1:$sb"], labels: {instance: "host-b"}}
      - {targets: ["127.0.0.1:$sc"], labels: {instance: "host-c"}}
      - {targets: ["127.0.0.1:$sd"], labels: {instance: "host-d"}}
EOF
timeout 600 prometheus --config.file="$st/prometheus.yml" --storage.tsdb.path="$st/tsdb" \
	--web.listen-address="127.0.0.1:$sp" >"$st/prometheus.log" 2>&1 &
pids="$pids $!"
surl="http://127.0.0.1:$sp"
sq() { curl -sf --max-time 5 -G "$surl/api/v1/query" --data-urlencode "query=$1"; }
# host-d's GIDs in, then host-d down
wait_for 30 eval 'sq "count(rdma_port_gid_info) == 4 and count(rdma_qp_stall_seconds) == 8" | grep -q "\"result\":\[{"' ||
	bad "stalls: Prometheus has the four hosts' GIDs and the 8 stalled QPs" "$st/prometheus.log"
rm -f "$st/d.om"
wait_for 10 eval 'sq "up{instance=\"host-d\"} == 0" | grep -q "\"result\":\[{"' ||
	bad "stalls: host-d down (up 0)" "$st/prometheus.log"

"$bin" --prometheus "$surl" --json -n 1 >"$st/s.json" 2>"$st/s.err"
"$bin" --prometheus "$surl" -b -n 1 >"$st/s.txt" 2>>"$st/s.err"
python3 tests/cluster/stallcheck.py "$st/s.json" "$st/s.txt" >"$st/check" 2>&1 &&
	ok "stalls: --json and -b: each side's peer host, QP and other end (ERR, stalled, gone, host not scraped, no match; by gid and by job), host-b first, host-c not blamed" ||
	bad "stalls: --json and -b: each side's peer host, QP and other end" "$st/check"
python3 -c 'import json,sys; q=[q for q in json.load(open(sys.argv[1]))["queries"] if q["name"] == "stalls"][0]; sys.exit(not (q["ok"] and q["series"] <= 64))' "$st/s.json" &&
	ok "stalls: one query, answered, bounded (at most 64 series for 8 QPs of 4 hosts)" ||
	bad "stalls: one query, answered, bounded" "$st/s.json"

# the screens
sstart() {
	tm kill-server 2>/dev/null
	starts=$((${starts:-0} + 1))
	sock=rdmatop-stalls-$$-$starts
	tm -f /dev/null new-session -d -s t -x "${2%x*}" -y "${2#*x}" \
		"env TERM=$1 $bin --prometheus $surl 2>$st/tui.err; echo EXITED \$?; sleep 30"
}
for spec in "xterm-256color 80x24" "xterm-256color 200x50" "vt100 80x24"; do
	# shellcheck disable=SC2086 # the spec is two words
	set -- $spec
	sstart "$1" "$2"
	s="stalls: $1 $2"
	look 10 'hosts: 4 of 4' || true
	keys 4
	scr "$s: tab 4, the suspect named" 'stalls: 8 of 8; suspect: host-b, the peer of 4 listed QPs, a port FAIL'
	scr "$s: host-b's QP in ERR, its peer host-a's 100 stalled" '^host-b +200 +err +[0-9]+s +host-a +100 +stalled '
	scr "$s: host-a's 100: its peer host-b's 200 in ERR" '^host-a +100 +stalled +[0-9]+s +host-b +200 +ERR '
	scr "$s: host-a's 102: host-d not scraped" '^host-a +102 +stalled +[0-9]+s +host-d +300 +host not scraped'
	scr "$s: host-a's 103: no match" '^host-a +103 +stalled +[0-9]+s +555 +no match'
	scr "$s: host-a's 104: host-b by its LID, the QP gone" '^host-a +104 +stalled +[0-9]+s +host-b +204 +gone '
	if grep -q 'host-c' "$tmp/screen"; then bad "$s: host-c not on the pane" "$tmp/screen"; else ok "$s: host-c not on the pane"; fi
	first=$(awk '/^INSTANCE/ { getline; print $1; exit }' "$tmp/screen")
	[ "$first" = host-b ] && ok "$s: the suspect's rows first" || bad "$s: the suspect's rows first (got $first)" "$tmp/screen"
	if [ "${2%x*}" = 80 ]; then
		grep -qE '^INSTANCE +LQPN +STALL +AGE +PEER HOST +RQPN +OTHER END +DEV +>$' "$tmp/screen" &&
			ok "$s: the columns up to DEV, the rest marked >" || bad "$s: the columns up to DEV, the rest marked >" "$tmp/screen"
	else
		grep -qE 'OTHER END .* BY .* BLAME +RANK$' "$tmp/screen" && ok "$s: every column" ||
			bad "$s: every column" "$tmp/screen"
	fi
	keys Enter
	scr "$s: Enter: host-b's drill-down" 'Host host-b'
	keys Escape
	scr "$s: Esc: back to the Stalls pane" '^stalls: 8 of 8'
	keys q
	scr "$s: q quits, status 0" 'EXITED 0'
done
tm kill-server 2>/dev/null

# -w then -r: the same rows without Prometheus (RDMATOP_STALLS_REC=FILE
# keeps the recording: README's capture replays tests/cluster/stalls.rdrec)
"$bin" --prometheus "$surl" --json -n 1 -w "$st/cl.rdrec" >"$st/w.json" 2>"$st/w.err"
[ -n "${RDMATOP_STALLS_REC:-}" ] && cp "$st/cl.rdrec" "$RDMATOP_STALLS_REC"
"$bin" -r "$st/cl.rdrec" --json >"$st/r.json" 2>>"$st/w.err"
python3 - "$st/w.json" "$st/r.json" <<'EOP' >"$st/rp" 2>&1 && ok "stalls: -w then -r: the same rows and suspects" || bad "stalls: -w then -r: the same rows" "$st/rp"
import json, sys
a = json.loads(open(sys.argv[1]).read().splitlines()[-1])
b = json.loads(open(sys.argv[2]).read().splitlines()[-1])
for k in ("stalls", "stall_suspects", "stalls_total", "stalls_omitted"):
    assert a[k] == b[k], (k, a[k], b[k])
assert len(a["stalls"]) == 8
EOP

# README's recording: the same rows, replayed
"$bin" -r tests/cluster/stalls.rdrec --json >"$st/readme.json" 2>"$st/readme.err"
python3 tests/cluster/stallcheck.py "$st/readme.json" >"$st/rcheck" 2>&1 &&
	ok "stalls: README's recording (tests/cluster/stalls.rdrec) replays the same rows" ||
	bad "stalls: README's recording replays the same rows" "$st/rcheck"

# the check can fail: host-b's GID tampered, its peers find no host
python3 tests/cluster/stallpages.py "$st/base.om" "$st" gid abc >>"$st/pages.err" 2>&1
tampered() {
	"$bin" --prometheus "$surl" --json -n 1 >"$st/t.json" 2>/dev/null &&
		python3 -c 'import json,sys; r={x["lqpn"]: (x["peer_host"], x["by"], x["other"]) for x in json.load(open(sys.argv[1]))["stalls"] if x["instance"] == "host-a"}; sys.exit(not (r["101"] == ("", "", "no match") and r["100"] == ("host-b", "job", "ERR")))' "$st/t.json"
}
# 101 finds no host; 100 is still found, by its job's mirror (host-b's 200)
wait_for 10 tampered && ok "stalls: host-b's GID tampered (10.0.0.22): host-a's 101 says no match, its 100 found by the job's mirror instead" ||
	bad "stalls: host-b's GID tampered: host-a's 101 says no match, its 100 found by job" "$st/t.json"
python3 tests/cluster/stallcheck.py "$st/t.json" >"$st/tcheck" 2>&1
[ $? = 1 ] && grep -q "differs: (('host-a', '100')" "$st/tcheck" &&
	ok "stalls: stallcheck.py fails on the tampered answer, naming host-a's 100" ||
	bad "stalls: stallcheck.py fails on the tampered answer" "$st/tcheck"
echo "# stalls: $(($(date +%s) - st_t0)) s"
if [ -n "${stalls_alone:-}" ]; then
	echo "cluster stalls: $pass passed, $fail failed"
	[ "$fail" = 0 ]
	exit
fi
