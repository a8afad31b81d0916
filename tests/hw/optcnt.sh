#!/bin/bash
# --optional-counters through the shim: the fixtures answer STAT_SET with
# STAT_HWCOUNTERS as nldev_stat_set_counter_dynamic_doit() does (gen_stat.c
# answer_stat_opt: each subset of the optional counters, EINVAL for one
# that is not optional); rdmatop maps the names by STAT_GET_STATUS, sets,
# reads back (the shim keeps no state here: the fixture's own setting is
# the only one verified; counters.sh has it apply the set); rdma statistic set/unset link ... optional-counters
# sends the same bytes.  Sourced by tests/hw/run.
od=$out/optcnt
mkdir -p "$od"
# optq NAME ARG RC REGEX RDMA-ARGS...
optq() {
	local d=$od/$1 arg=$2 want=$3 re=$4
	shift 4
	mkdir -p "$d"
	RDMATOP_HW_REQS=$d/rt.reqs shim "$DATA/mlx5-roce" "$d" ./rdmatop --optional-counters "$arg" >"$d/out" 2>&1
	local rc=$? a b
	RDMATOP_HW_REQS=$d/rdma.reqs shim "$DATA/mlx5-roce" "$d" "$host_rdma" statistic "$@" >"$d/rdma.out" 2>&1
	local rrc=$?
	a=$(grep '^stat_set ' "$d/rt.reqs" 2>/dev/null)
	b=$(grep '^stat_set ' "$d/rdma.reqs" 2>/dev/null)
	if [ "$rc" = "$want" ] && grep -qE "$re" "$d/out" && [ "$rrc" = 0 ] && [ -n "$a" ] && [ "$a" = "$b" ]; then
		ok "--optional-counters $arg: exit $rc, $(head -c 80 "$d/out"); rdma statistic $* sends the same bytes"
	else
		bad "--optional-counters $arg: exit $rc (want $want), rdma $rrc: $(head -2 "$d/out") $(head -1 "$d/rdma.out") | $a | $b"
	fi
}
optq two mlx5_0/1:cc_rx_ce_pkts,cc_tx_cnp_pkts 1 "accepted cc_rx_ce_pkts,cc_tx_cnp_pkts, but reading it back says cc_rx_cnp_pkts on" \
	set link mlx5_0/1 optional-counters cc_rx_ce_pkts,cc_tx_cnp_pkts
optq off mlx5_0/1:off 1 "accepted none, but reading it back says cc_rx_cnp_pkts on" unset link mlx5_0/1 optional-counters
optq same mlx5_0/1:cc_rx_cnp_pkts 0 "cc_rx_cnp_pkts on, the others off \(verified" \
	set link mlx5_0/1 optional-counters cc_rx_cnp_pkts
d=$od/unknown
mkdir -p "$d"
shim "$DATA/mlx5-roce" "$d" ./rdmatop --optional-counters mlx5_0/1:cc_nosuch >"$d/out" 2>&1
if [ $? = 2 ] && grep -q "has no optional counter 'cc_nosuch' (it has: cc_rx_ce_pkts cc_rx_cnp_pkts cc_tx_cnp_pkts)" "$d/out" &&
	! grep -q '^matched stat_set' "$d/trace.txt"; then
	ok "--optional-counters with a name the port lacks: the port's names listed, nothing sent"
else
	bad "--optional-counters mlx5_0/1:cc_nosuch: $(head -2 "$d/out")"
fi
# the byte comparison can fail: rdma turns on cc_rx_cnp_pkts (index 32), rdmatop cc_rx_ce_pkts (31)
d=$od/self
mkdir -p "$d"
RDMATOP_HW_REQS=$d/rt.reqs shim "$DATA/mlx5-roce" "$d" ./rdmatop --optional-counters mlx5_0/1:cc_rx_ce_pkts >/dev/null 2>&1
RDMATOP_HW_REQS=$d/rdma.reqs shim "$DATA/mlx5-roce" "$d" "$host_rdma" statistic set link mlx5_0/1 optional-counters \
	cc_rx_cnp_pkts >/dev/null 2>&1
a=$(grep '^stat_set ' "$d/rt.reqs" | awk '{ print $NF }')
b=$(grep '^stat_set ' "$d/rdma.reqs" | awk '{ print $NF }')
if [ -n "$a" ] && [ -n "$b" ] &&
	[ "$(python3 -c "import sys; a, b = sys.argv[1:]; print(sum(a[i:i + 2] != b[i:i + 2] for i in range(0, max(len(a), len(b)), 2)))" "$a" "$b")" = 1 ]; then
	ok "self-test: one changed byte (counter index 31 against 32) makes the request bytes differ"
else
	bad "self-test: the requests of cc_rx_ce_pkts and cc_rx_cnp_pkts: ${a:-none} / ${b:-none}"
fi
# a port without optional counters (bnxt_re): :off is what it has, said
# and exit 0, nothing sent; a name is refused (the real kernels' rxe in
# tests/vm's host scenario answers alike)
d=$od/none
mkdir -p "$d"
shim "$DATA/bnxt_re" "$d" ./rdmatop --optional-counters bnxt_re0/1:off >"$d/out" 2>&1
rc=$?
shim "$DATA/bnxt_re" "$d" ./rdmatop --optional-counters bnxt_re0/1:cc_rx_ce_pkts >"$d/out2" 2>&1
rc2=$?
if [ "$rc" = 0 ] && grep -q "has no optional counters.*none is on, nothing changed" "$d/out" &&
	[ "$rc2" = 1 ] && ! grep -q '^matched stat_set' "$d/trace.txt"; then
	ok "--optional-counters on a port without any: :off exit 0 (nothing changed), a name exit 1, nothing sent"
else
	bad "--optional-counters on bnxt_re0/1 (none): off exit $rc ($(head -1 "$d/out")), a name exit $rc2"
fi
