# shellcheck shell=dash
# churn: processes start and exit while rdmatop samples every second; an
# rxe link (rxe1 on dummy1) is deleted and re-added mid-run.  rdmatop must
# keep running, print every sample, see rxe1 go and come back (with a new
# ifindex), and agree with rdma afterwards.
# shellcheck source=tests/vm/guest/lib.sh
. /scenarios/lib.sh

/bin/ip link add dummy1 type dummy
/bin/ip addr add 10.0.1.1/24 dev dummy1
/bin/ip link set dummy1 up
rdma link add rxe1 type rxe netdev dummy1
SAMPLES=10
meta samples "$SAMPLES"
if [ "$HAVE_RDMATOP" = 1 ]; then
	# every second (--budget 0): with the default budget, a loaded 6.12
	# guest (CI) held the samples apart past the 3 s rxe1 was gone, and
	# every sample showed it present
	rt -j -n "$SAMPLES" -d 1 --budget 0 >"$R/churn.json" 2>"$R/churn.err" &
	rt=$!
fi
t0="$(now)"
# short-lived verbs users, one after the other
(
	while :; do
		ibv_devinfo -d rxe0 >/dev/null 2>&1
		ibv_devices >/dev/null 2>&1
		sleep 0.3
	done
) &
loop=$!
rping -s -a 10.0.0.1 -C 100000000 -S 64 >/dev/null 2>&1 &
rs=$!
sleep 1
rping -c -a 10.0.0.1 -C 100000000 -S 64 >/dev/null 2>&1 &
rcl=$!
sleep 1
ibv_rc_pingpong -d rxe0 -g 1 -n "$(per_kernel 500 50)" >/dev/null 2>&1 &
pps=$!
sleep 0.5
ibv_rc_pingpong -d rxe0 -g 1 -n "$(per_kernel 500 50)" 10.0.0.1 >/dev/null 2>&1 &
ppc=$!
say "deleting rxe1"
meta del_t "$(now)"
rdma link delete rxe1
sleep 3
kill "$rcl" 2>/dev/null
say "re-adding rxe1"
meta add_t "$(now)"
rdma link add rxe1 type rxe netdev dummy1
kill "$rs" 2>/dev/null
if [ "$HAVE_RDMATOP" = 1 ]; then
	wait_for "$rt" $((SAMPLES * 6))
	meta rt_rc "$?"
fi
kill "$loop"
# the pingpong pair may not have met (under load the client can start
# before the server listens, and the server then waits for ever): this
# scenario wants them only as churn, so they end here
kill "$pps" "$ppc" 2>/dev/null
wait
meta t0 "$t0"
snap end
capture
rdma link delete rxe1
/bin/ip link delete dummy1
