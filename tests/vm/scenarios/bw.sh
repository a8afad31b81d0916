# shellcheck shell=dash
# bw: perftest with several QPs per process: ib_write_bw -q 4, then
# ib_send_bw -q 2, each measured while the traffic runs.   perftest
# busy-polls (-e has no duration mode and no RDMA WRITE): on 6.12 under TCG
# the snapshot during ib_write_bw takes ~35 s.
# shellcheck source=tests/vm/guest/lib.sh
. /scenarios/lib.sh

# bw_pair NAME TOOL QPS PORT: a TOOL server and client on rxe0 with QPS QPs
# each, snapshot NAME (and the rate sample NAME_rate for RDMA WRITE) taken
# while they run.  rxe in Debian's 6.12 on a loaded TCG host now and then
# ends an RDMA WRITE with a remote invalid request completion (console:
# "rxe0: qp#N make_send_cqe: non-flush error status = 9") and perftest
# exits: that is the workload failing, not the tool under test, so the
# pair is started again, at most 3 times, each time on a fresh port; the
# attempts are in meta (NAME_attempts) and the check notes them.
bw_pair() {
	local name="$1" tool="$2" q="$3" port="$4" try=1 srv cli ok
	while :; do
		"$tool" -d rxe0 -x 1 -q "$q" -D 60 -p "$port" >"$R/${name}_server.txt" 2>&1 &
		srv=$!
		wait_port "$port" || return 1
		"$tool" -d rxe0 -x 1 -q "$q" -D 60 -p "$port" 10.0.0.1 >"$R/${name}_client.txt" 2>&1 &
		cli=$!
		wait_qps RC $((2 * q)) || return 1
		sleep 1
		snap "$name"
		[ "$name" = write ] && rate write_rate
		if alive "$cli" && alive "$srv"; then ok=1; else ok=0; fi
		[ "$ok" = 1 ] && [ "$name" = write ] && capture
		stop "$cli" "$srv"
		[ "$ok" = 1 ] || [ "$try" -ge 3 ] && break
		say "$name: $tool ended before the snapshot was done (attempt $try); client: $(tail -n 2 "$R/${name}_client.txt" | tr '\n' ' ')"
		try=$((try + 1))
		port=$((port + 10))
	done
	meta "${name}_server_pid" "$srv"
	meta "${name}_client_pid" "$cli"
	meta "${name}_qps" "$q"
	meta "${name}_alive" "$ok"
	meta "${name}_attempts" "$try"
}

bw_pair write ib_write_bw 4 18515 || exit 1
bw_pair send ib_send_bw 2 18516 || exit 1
