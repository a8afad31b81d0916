# shellcheck shell=dash
# host (issue 28): the process context and the controls on a real kernel.
#  - an ibv_rc_pingpong pair: rdmatop -j's cmdline and RSS of both against
#    busybox ps -o pid,rss,args (busybox has no pcpu: the CPU is checked
#    against /proc/PID/stat's ticks over rdmatop's own interval instead);
#  - --bind-qp-counter of the server's QP on rxe0 and `rdma statistic qp
#    bind` of the same: the same answer (rxe has no counter_alloc_stats),
#    `rdma -j statistic qp show` after;
#  - --unbind-qp-counter of that QP and `rdma statistic qp unbind`: the
#    same answer;
#  - --set-qp-counters rxe0/1 type (auto mode) and off, each read back by
#    `rdma -j statistic qp mode`, against `rdma statistic qp set link ...
#    auto type on`'s own answer;
#  - --optional-counters rxe0/1:NAME and :off against `rdma statistic set
#    / unset link rxe0/1 optional-counters` (rxe has none to turn on);
#  - --set-netns-mode exclusive, read back by `rdma -j system`; there
#    --move-netns rxe0 into a namespace and `rdma dev set rxe0 netns`: the
#    same answer (rxe has no disassociate_ucontext); --set-netns-mode
#    shared, read back.
# shellcheck source=tests/vm/guest/lib.sh
. /scenarios/lib.sh

[ "$HAVE_RDMATOP" = 1 ] || exit 0
pingpong_start ibv_rc_pingpong RC || exit 1
t0="$(cut -d' ' -f14,15 "/proc/$srv/stat")"
# (every table read every sample: the loaded TCG host paces the QPs)
rt -j -n 2 -d 2 --budget 0 >"$R/rt.json" 2>"$R/rt.err"
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
rt --unbind-qp-counter "rxe0/1/$lqpn:1" >"$R/unbind.out" 2>&1
meta unbind_rc "$?"
rdma statistic qp unbind link rxe0/1 lqpn "$lqpn" cntn 1 >"$R/rdma_unbind.out" 2>&1
meta rdma_unbind_rc "$?"
# auto mode: rdmatop's, read back; off, read back; then rdma's own
rt --set-qp-counters rxe0/1 type >"$R/auto.out" 2>&1
meta auto_rc "$?"
rdma -j statistic qp mode >"$R/mode_auto.json" 2>&1
rt --set-qp-counters rxe0/1 off >"$R/off.out" 2>&1
meta off_rc "$?"
rdma -j statistic qp mode >"$R/mode_off.json" 2>&1
rdma statistic qp set link rxe0/1 auto type on >"$R/rdma_auto.out" 2>&1
meta rdma_auto_rc "$?"
rdma statistic qp set link rxe0/1 auto off >/dev/null 2>&1
# optional counters: rxe has none (no ops.get_hw_stats' optional ones)
rt --optional-counters rxe0/1:cc_rx_ce_pkts >"$R/opt.out" 2>&1
meta opt_rc "$?"
rdma statistic set link rxe0/1 optional-counters cc_rx_ce_pkts >"$R/rdma_opt.out" 2>&1
meta rdma_opt_rc "$?"
rt --optional-counters rxe0/1:off >"$R/optoff.out" 2>&1
meta optoff_rc "$?"
rdma statistic unset link rxe0/1 optional-counters >"$R/rdma_optoff.out" 2>&1
meta rdma_optoff_rc "$?"
kill "$cli" "$srv"
wait
rt --set-netns-mode exclusive >"$R/exclusive.out" 2>&1
meta exclusive_rc "$?"
rdma -j system >"$R/sys_exclusive.json" 2>&1
/bin/ip netns add hostns >"$R/netns_add.txt" 2>&1
rt --move-netns rxe0:hostns >"$R/move.out" 2>&1
meta move_rc "$?"
rdma dev set rxe0 netns hostns >"$R/rdma_move.out" 2>&1
meta rdma_move_rc "$?"
rdma -j dev >"$R/dev_after.json" 2>&1
/bin/ip netns exec hostns rdma -j dev >"$R/dev_in_ns.json" 2>&1
/bin/ip netns del hostns
# The namespace outlives `ip netns del`: the kernel frees it later, in
# cleanup_net()'s work queue, and only then does rdma_dev_exit_net()
# (drivers/infiniband/core/device.c) move rxe0 back and forget the
# namespace; until then shared is EBUSY.  Under TCG on 7.3 that took over
# 4 s: wait for rxe0 to be back (up to 60 s), then for the mode to take.
i=0
while [ "$i" -lt 120 ] && ! rdma dev show rxe0 >/dev/null 2>&1; do
	i=$((i + 1))
	sleep 0.5
done
meta back_after_halfsecs "$i"
i=0
while :; do
	rt --set-netns-mode shared >"$R/shared.out" 2>&1
	rc=$?
	[ "$rc" = 0 ] || [ "$i" -ge 40 ] && break
	i=$((i + 1))
	sleep 0.5
done
meta shared_rc "$rc"
rdma -j system >"$R/sys_shared.json" 2>&1
exit 0
