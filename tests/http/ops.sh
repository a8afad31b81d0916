#!/bin/sh
# The operator's side of the --listen endpoint and of the textfile service,
# with real clients: no RDMA in this kernel (live runs keep serving rdma_up 0
# with the reason for a minute and more); the landing page, /-/healthy and
# /-/ready; gzip (curl); exporter-toolkit's flag names; the start line;
# SIGHUP re-reading --web-config (gnutls-cli sees the new certificate on the
# same listener); socket activation (systemd-socket-activate) and sd_notify's
# READY=1 and WATCHDOG=1 (a notify socket of our own).  Run from
# tests/http/run, or alone: tests/http/ops.sh.  Loopback only; every wait is
# bounded.
set -u
cd "$(dirname "$0")/../.." || exit 1
bin=${RDMATOP_BIN:-./rdmatop}
. tests/lib.sh
work_dir
[ -x "$bin" ] || make -s rdmatop >/dev/null
listening() { python3 -c "import socket; socket.create_connection(('127.0.0.1', $1), 1)"; }
# code URL [CURL ARGS]: the HTTP status curl gets (body and head in $tmp)
code() {
	u=$1; shift
	curl -s -o "$tmp/body" -D "$tmp/head" -w '%{http_code}' --max-time 5 "$@" "$u" 2>/dev/null
}
rec=tests/data/linux-6.1-rxe/bw.rdrec

# ---- no RDMA here: live runs start anyway and stay up ----
# This kernel has no NETLINK_RDMA (the test is void where it has one).
norma=0
python3 -c 'import socket; socket.socket(socket.AF_NETLINK, socket.SOCK_RAW, 20)' 2>/dev/null ||
	norma=1
if [ "$norma" = 1 ]; then
	lport=$(free_port)
	t0=$(date +%s)
	# a minute and more (the sanitized run, which looks for memory errors,
	# asks for less: RDMATOP_NORDMA_SECS)
	norma_secs=${RDMATOP_NORDMA_SECS:-61}
	# --foreground: timeout passes our SIGTERM on once; without it, to the
	# process and to its group too, and rdmatop takes a second SIGTERM
	# within milliseconds as "now" (status 143)
	timeout --foreground -k 5 150 "$bin" --listen "127.0.0.1:$lport" -d 1 >/dev/null 2>"$tmp/live.err" &
	lpid=$!
	timeout --foreground -k 5 150 "$bin" --textfile "$tmp/rdma.prom" -d 1 >/dev/null 2>"$tmp/text.err" &
	tpid=$!
	pids="$pids $lpid $tpid"
	wait_for 5 listening "$lport" || bad "no RDMA: --listen did not listen" "$tmp/live.err"
fi
unrdma() {
	grep -q '^rdma_up{source="netlink",reason="no NETLINK_RDMA: ib_core is not loaded"} 0$' "$1"
}

# ---- the landing page, health, readiness, the start line, flag names ----
port=$(free_port)
# not under timeout(1): it would forward SIGHUP, then SIGKILL its -k later
"$bin" -r "$rec" -d 0.2 --web.listen-address "127.0.0.1:$port" \
	--web.telemetry-path /rdma >/dev/null 2>"$tmp/serve.err" &
spid=$!
pids="$pids $spid"
wait_for 5 listening "$port"
check "the start line: version, address, metrics path" \
	grep -q "^rdmatop [0-9.]*: listening on 127.0.0.1:$port, metrics at /rdma\$" "$tmp/serve.err"
check "/: 200, HTML" sh -c "[ \"\$(curl -s -o $tmp/page -w '%{http_code} %{content_type}' \
	--max-time 5 http://127.0.0.1:$port/)\" = '200 text/html; charset=utf-8' ]"
check "/: name, version and a link to the metrics path (--web.telemetry-path)" sh -c \
	"grep -q '<title>rdmatop exporter</title>' $tmp/page &&
	 grep -q \"Version $(cat VERSION)\" $tmp/page && grep -q '<a href=\"/rdma\">' $tmp/page"
check "/: no external resource (no scheme, script, style sheet or image)" sh -c \
	"! grep -Eiq '://|<script|<link|<img|<style|src=' $tmp/page"
check "/-/healthy: 200" sh -c "[ \"\$(curl -s -o /dev/null -w '%{http_code}' --max-time 5 \
	http://127.0.0.1:$port/-/healthy)\" = 200 ]"
wait_for 5 sh -c "[ \"\$(curl -s -o /dev/null -w '%{http_code}' --max-time 5 \
	http://127.0.0.1:$port/rdma)\" = 200 ]"
check "/-/ready: 200 once a sample is served" sh -c "[ \"\$(curl -s -o /dev/null -w '%{http_code}' \
	--max-time 5 http://127.0.0.1:$port/-/ready)\" = 200 ]"
check "--web.telemetry-path /rdma: /rdma serves the metrics, /metrics is 404" sh -c \
	"[ \"\$(curl -s -o $tmp/m -w '%{http_code}' --max-time 5 http://127.0.0.1:$port/rdma)\" = 200 ] &&
	 grep -q '^rdma_up{' $tmp/m &&
	 [ \"\$(curl -s -o /dev/null -w '%{http_code}' --max-time 5 http://127.0.0.1:$port/metrics)\" = 404 ]"
# ---- gzip: the recording ends, its last sample stays: same bytes each scrape ----
wait_for 30 grep -q 'end of the recording' "$tmp/serve.err"
check "gzip asked: Content-Encoding gzip, Vary: Accept-Encoding, and it is gzip" sh -c \
	"curl -s -D $tmp/gzh -o $tmp/gz -H 'Accept-Encoding: gzip' --max-time 5 http://127.0.0.1:$port/rdma &&
	 grep -qi '^Content-Encoding: gzip' $tmp/gzh && grep -qi '^Vary: Accept-Encoding' $tmp/gzh &&
	 gzip -t $tmp/gz"
check "gzip: curl --compressed gets what a plain scrape gets" sh -c \
	"curl -s -D $tmp/plh -o $tmp/plain --max-time 5 http://127.0.0.1:$port/rdma &&
	 curl -s --compressed -o $tmp/unz --max-time 5 http://127.0.0.1:$port/rdma &&
	 ! grep -qi '^Content-Encoding' $tmp/plh && grep -qi '^Vary: Accept-Encoding' $tmp/plh &&
	 cmp $tmp/plain $tmp/unz && gzip -dc $tmp/gz | cmp - $tmp/plain &&
	 [ \$(wc -c <$tmp/gz) -lt \$((\$(wc -c <$tmp/plain) / 2)) ]"
check "gzip;q=0 and identity: not compressed" sh -c \
	"for e in 'gzip;q=0' 'identity' 'br, deflate' '*;q=0.5, gzip;q=0'; do
	   curl -s -D $tmp/h -o /dev/null -H \"Accept-Encoding: \$e\" --max-time 5 http://127.0.0.1:$port/rdma &&
	   ! grep -qi '^Content-Encoding' $tmp/h || exit 1; done"
check "OpenMetrics asked with gzip: gzip'd OpenMetrics" sh -c \
	"curl -s -D $tmp/h -o $tmp/omz -H 'Accept: application/openmetrics-text;version=1.0.0' \
	 -H 'Accept-Encoding: x-gzip, deflate' --max-time 5 http://127.0.0.1:$port/rdma &&
	 grep -qi '^Content-Type: application/openmetrics-text' $tmp/h &&
	 gzip -dc $tmp/omz | tail -n 1 | grep -qx '# EOF'"
# ---- SIGHUP without --web-config: nothing to do, still serving ----
kill -HUP "$spid"
sleep 0.5
check "SIGHUP without --web-config: still serving, says so" sh -c \
	"kill -0 $spid && curl -sf -o /dev/null --max-time 5 http://127.0.0.1:$port/rdma &&
	 grep -q 'SIGHUP: no --web-config' $tmp/serve.err"
kill "$spid"; wait "$spid" 2>/dev/null

# ---- no sample yet: a recording of its head alone (16 bytes) ends before
# its first sample, and the endpoint serves on without one ----
head -c 16 "$rec" >"$tmp/head.rdrec"
port=$(free_port)
timeout -k 5 30 "$bin" -r "$tmp/head.rdrec" --listen "127.0.0.1:$port" >/dev/null 2>"$tmp/head.err" &
fpid=$!
pids="$pids $fpid"
wait_for 5 listening "$port"
check "no sample yet: /-/ready 503, /-/healthy 200, /metrics 503" sh -c \
	"[ \"\$(curl -s -o /dev/null -w '%{http_code}' --max-time 5 http://127.0.0.1:$port/-/ready)\" = 503 ] &&
	 [ \"\$(curl -s -o /dev/null -w '%{http_code}' --max-time 5 http://127.0.0.1:$port/-/healthy)\" = 200 ] &&
	 [ \"\$(curl -s -o /dev/null -w '%{http_code}' --max-time 5 http://127.0.0.1:$port/metrics)\" = 503 ]"
kill "$fpid"; wait "$fpid" 2>/dev/null

. tests/http/ops_tls.sh	# SIGHUP re-reading --web-config, socket activation, sd_notify

if [ "$norma" = 1 ]; then
	while [ $(($(date +%s) - t0)) -lt "$norma_secs" ]; do sleep 1; done
	check "no RDMA: --listen still serving rdma_up 0 and the reason after $norma_secs s" sh -c \
		"kill -0 $lpid && [ \"\$(curl -s -o $tmp/norma.prom -w '%{http_code}' --max-time 5 \
		http://127.0.0.1:$lport/metrics)\" = 200 ] && grep -q '^rdma_up{source=\"netlink\",reason=\"no NETLINK_RDMA: ib_core is not loaded\"} 0\$' $tmp/norma.prom"
	check "no RDMA: the reason said once on stderr, not every sample" sh -c \
		"[ \$(grep -c 'cannot read RDMA state' $tmp/live.err) = 1 ]"
	cp "$tmp/rdma.prom" "$tmp/text1.prom" 2>/dev/null
	sleep 1.5
	check "no RDMA: the textfile service still rewriting rdma_up 0 after $norma_secs s" sh -c \
		"kill -0 $tpid && grep -q '^rdma_up{source=\"netlink\",reason=' $tmp/rdma.prom &&
		 ! cmp -s $tmp/rdma.prom $tmp/text1.prom"
	kill "$lpid" "$tpid"
	wait "$lpid"; lrc=$?
	wait "$tpid"; trc=$?
	check "no RDMA: SIGTERM ends both with status 0 ($lrc, $trc)" [ "$lrc$trc" = 00 ]
else
	echo "# this kernel has NETLINK_RDMA: the no-RDMA checks are void here"
fi

echo "http ops: $pass passed, $fail failed"
[ "$fail" = 0 ]
