#!/bin/sh
# The operator's side of the --listen endpoint and of the textfile service,
# with real clients: no RDMA in this kernel (live runs keep serving rdma_up 0
# with the reason for a minute and more).  Run from tests/http/run, or alone:
# tests/http/ops.sh.  Loopback only; every wait is bounded.
set -u
cd "$(dirname "$0")/../.." || exit 1
bin=${RDMATOP_BIN:-./rdmatop}
tmp=$(mktemp -d)
pids=""
cleanup() {
	for p in $pids; do kill "$p" 2>/dev/null; done
	for p in $pids; do wait "$p" 2>/dev/null; done
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 1' INT TERM
pass=0 fail=0
ok() { pass=$((pass + 1)); echo "ok - $1"; }
bad() { fail=$((fail + 1)); echo "not ok - $1"; [ -n "${2:-}" ] && sed 's/^/    /' "$2" | head -n 20; }
check() { name=$1; shift; if "$@" >"$tmp/check.out" 2>&1; then ok "$name"; else bad "$name" "$tmp/check.out"; fi; }
[ -x "$bin" ] || make -s rdmatop >/dev/null
free_port() {
	python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'
}
wait_for() {
	end=$(($(date +%s) + $1)); shift
	while [ "$(date +%s)" -le "$end" ]; do
		"$@" >/dev/null 2>&1 && return 0
		sleep 0.1
	done
	return 1
}
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
	timeout -k 5 150 "$bin" --listen "127.0.0.1:$lport" -d 1 >/dev/null 2>"$tmp/live.err" &
	lpid=$!
	timeout -k 5 150 "$bin" --textfile "$tmp/rdma.prom" -d 1 >/dev/null 2>"$tmp/text.err" &
	tpid=$!
	pids="$pids $lpid $tpid"
	wait_for 5 listening "$lport" || bad "no RDMA: --listen did not listen" "$tmp/live.err"
fi
unrdma() {
	grep -q '^rdma_up{source="netlink",reason="no NETLINK_RDMA: ib_core is not loaded"} 0$' "$1"
}

# (the quick checks come here; the minute-long one waits for them below)

if [ "$norma" = 1 ]; then
	while [ $(($(date +%s) - t0)) -lt 61 ]; do sleep 1; done
	check "no RDMA: --listen still serving rdma_up 0 and the reason after a minute" sh -c \
		"kill -0 $lpid && [ \"\$(curl -s -o $tmp/norma.prom -w '%{http_code}' --max-time 5 \
		http://127.0.0.1:$lport/metrics)\" = 200 ] && grep -q '^rdma_up{source=\"netlink\",reason=\"no NETLINK_RDMA: ib_core is not loaded\"} 0\$' $tmp/norma.prom"
	check "no RDMA: the reason said once on stderr, not every sample" sh -c \
		"[ \$(grep -c 'cannot read RDMA state' $tmp/live.err) = 1 ]"
	cp "$tmp/rdma.prom" "$tmp/text1.prom" 2>/dev/null
	sleep 1.5
	check "no RDMA: the textfile service still rewriting rdma_up 0 after a minute" sh -c \
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
