# shellcheck shell=dash
# stall: a hung job's QPs (issue 50), on rxe0 in loopback, recorded by
# `rdmatop -b -o json -d 1 --stall-after 5 -w stall.rdrec` from before the
# hang to after it:
#  1. an idle QP: an ibv_rc_pingpong server whose "client" is nc with a
#     made-up peer (its QP in RTS, blocked on its first receive, nothing
#     ever sent): never stalled;
#  2. ib_send_bw server and client (one RC QP each), traffic flowing; the
#     server SIGSTOPped: its receive queue is not refilled, so rxe answers
#     the client's sends with RNR NAKs (perftest's rnr_retry 7: for ever)
#     and both QPs' PSNs stand still (the server's in RTR: perftest's
#     passive side stays there): both stalled within --stall-after; the
#     oracle (rdma -j res show qp) while they are;
#  3. the client SIGSTOPped too (perftest exits at its first completion
#     error and its QP with it: stopped, its QP stays for rdma to see),
#     then the server SIGKILLed: its QP goes, the client's sends find no
#     QP; rxe retries for ever at perftest's retry_cnt 7 (rxe_comp.c
#     COMPST_ERROR_RETRY, 6.1 to 7.x: 7 is not decremented), so the client
#     stays stalled, its peer gone (ERR, where a kernel gives it, is
#     written down).  The host replays the recording to the same stalls.
# shellcheck source=tests/vm/guest/lib.sh
. /scenarios/lib.sh

wall() { date +%s; }
IDLE_PORT=18530
BW_PORT=18531
REC="$R/rec"
mkdir -p "$REC"

# 1. the idle QP: the server reads "LID:QPN:PSN:GID" (52 bytes with its
# NUL, rdma-core's pingpong.c pp_server_exch_dest), moves its QP to RTS
# towards QPN 0xffff0 (past rxe's QP numbers: no such QP), answers, reads
# "done" and waits for a receive that never comes
gid="$(tr -d ':\n' </sys/class/infiniband/rxe0/ports/1/gids/1)"
ibv_rc_pingpong -d rxe0 -g 1 -p "$IDLE_PORT" -n 1000 >"$R/idle_server.txt" 2>&1 &
idle=$!
wait_port "$IDLE_PORT" || exit 1
rm -f /tmp/idle.fifo
mkfifo /tmp/idle.fifo
nc 127.0.0.1 "$IDLE_PORT" </tmp/idle.fifo >"$R/idle_nc.txt" 2>&1 &
idle_nc=$!
exec 3>/tmp/idle.fifo
printf '0000:0ffff0:000001:%s\000' "$gid" >&3
sleep 2
printf 'done\000' >&3
meta idle_pid "$idle"
meta idle_rqpn "$((0xffff0))"

# 2. the traffic; on a loaded host rxe under TCG once ended the pair at
# its start (completion errors 2 and 11 in the console, both processes
# gone before the stop): a second pair then
for try in 1 2; do
	ib_send_bw -d rxe0 -x 1 -q 1 -D 300 -p "$BW_PORT" >"$R/bw_server.txt" 2>&1 &
	srv=$!
	wait_port "$BW_PORT" || exit 1
	ib_send_bw -d rxe0 -x 1 -q 1 -D 300 -p "$BW_PORT" 10.0.0.1 >"$R/bw_client.txt" 2>&1 &
	cli=$!
	wait_qps RC 3 || exit 1
	sleep 3
	alive "$cli" && alive "$srv" && break
	say "the traffic ended at its start (try $try): $(tail -n 2 "$R/bw_client.txt" | tr '\n' ' ')"
	stop "$cli" "$srv"
	BW_PORT=$((BW_PORT + 1))
done
meta server_pid "$srv"
meta client_pid "$cli"

# the QP table while the traffic moves, against rdma (compare.py)
snap busy
if [ "$HAVE_RDMATOP" = 1 ]; then
	RT_TIMEOUT=120 rt -b -o json -d 1 -n 45 --budget 0 --stall-after 5 \
		-w "$REC/stall.rdrec" >"$REC/live.json" 2>"$REC/live.err" &
	rec=$!
fi
sleep 3
meta stop_wall "$(wall)"
kill -STOP "$srv"
say "server $srv stopped"
# stalled within --stall-after (5 s) of the last PSN moved, and a sample
wait_grep "$REC/live.json" '"stall":"stalled"' 40 || say "no stall in the live output"
sleep 2
meta stalled_wall "$(wall)"
# the oracle: rdma alone (a retrying QP's sq_psn swings back and forth, which
# compare.py's PSN order check of a snap would take for a fault)
rdma_set "$R/oracle_stopped"
if alive "$cli" && alive "$srv"; then meta alive 1; else meta alive 0; fi

# 3. the client stopped, the server killed: the client's QP loses its peer
kill -STOP "$cli"
kill -KILL "$srv"
meta kill_wall "$(wall)"
say "client $cli stopped, server $srv killed"
sleep 2
rdma_set "$R/oracle_killed"
# rxe retries for ever at retry_cnt 7 (rxe_comp.c), perftest's: ERR is
# written down where it comes
err=0
i=0
while [ "$i" -lt 10 ]; do
	rdma res show qp 2>/dev/null | grep -E "pid $cli " | grep -q "state ERR" && err=1 && break
	sleep 1
	i=$((i + 1))
done
meta client_err "$err"
say "client's QP: $(rdma res show qp 2>/dev/null | grep -E "pid $cli ")"
sleep 3
if [ -n "${rec:-}" ]; then
	kill -INT "$rec"
	wait "$rec"
	echo "$?" >"$REC/live.rc"
fi
kill -KILL "$cli" "$idle" "$idle_nc" 2>/dev/null
exec 3>&-
wait
