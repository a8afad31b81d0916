# shellcheck shell=dash
# host (issue 28): the process context and the controls on a real kernel.
#  - an ibv_rc_pingpong pair: rdmatop -j's cmdline and RSS of both against
#    busybox ps -o pid,rss,args (busybox has no pcpu: the CPU is checked
#    against /proc/PID/stat's ticks over rdmatop's own interval instead);
#  - --bind-qp-counter of the server's QP on rxe0 and `rdma statistic qp
#    bind` of the same: the same answer (rxe has no counter_alloc_stats),
#    `rdma -j statistic qp show` after;
#  - in exclusive netns mode, --move-netns rxe0 into a namespace and `rdma
#    dev set rxe0 netns`: the same answer (rxe has no disassociate_ucontext).
# shellcheck source=tests/vm/guest/lib.sh
. /scenarios/lib.sh

[ "$HAVE_RDMATOP" = 1 ] || exit 0
pingpong_start ibv_rc_pingpong RC || exit 1
t0="$(cut -d' ' -f14,15 "/proc/$srv/stat")"
rt -j -n 2 -d 2 >"$R/rt.json" 2>"$R/rt.err"
meta rt_rc "$?"
t1="$(cut -d' ' -f14,15 "/proc/$srv/stat")"
meta srv_ticks "$t0 $t1"
ps -o pid,rss,args >"$R/ps.txt" 2>&1
lqpn="$(rdma -j res show qp 2>/dev/null | tr '{' '\n' | grep "\"pid\":$srv," | sed -n 's/.*"lqpn":\([0-9]*\).*/\1/p' | head -n 1)"
meta srv_lqpn "$lqpn"
rt --bind-qp-counter "rxe0/1/$lqpn" >"$R/bind.out" 2>&1
meta bind_rc "$?"
rdma statistic qp bind link rxe0/1 lqpn "$lqpn" >"$R/rdma_bind.out" 2>&1
meta rdma_bind_rc "$?"
rdma -j statistic qp show >"$R/stat_qp.json" 2>&1
kill "$cli" "$srv"
wait
rdma system set netns exclusive >"$R/exclusive.out" 2>&1
meta exclusive_rc "$?"
/bin/ip netns add hostns >"$R/netns_add.txt" 2>&1
rt --move-netns rxe0:hostns >"$R/move.out" 2>&1
meta move_rc "$?"
rdma dev set rxe0 netns hostns >"$R/rdma_move.out" 2>&1
meta rdma_move_rc "$?"
rdma -j dev >"$R/dev_after.json" 2>&1
/bin/ip netns exec hostns rdma -j dev >"$R/dev_in_ns.json" 2>&1
/bin/ip netns del hostns
rdma system set netns shared >"$R/shared.out" 2>&1
meta shared_rc "$?"
exit 0
