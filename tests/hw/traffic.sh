#!/bin/bash
# efa (no netdev) and bnxt_re (beside its netdev) count a port's
# throughput in the RDMA device's own hw counters: checked by value with
# traffic.  The shim serves successive states of the port's counters
# (tests/hw/nlshim_traffic.c: each answer advances the named counters by
# their step), so iproute2's `rdma -j statistic show` read twice gives one
# step of traffic, and rdmatop's two samples must show that step: its
# delta, its RX/s TX/s RXPKT/s TXPKT/s in -j and in -b's text
# (tests/hw/traffic_check.py).  The counter names are the drivers' own
# (Linux 6.12 to 7.x): drivers/infiniband/hw/efa/efa_verbs.c
# efa_port_stats_descs (tx_bytes, tx_pkts, rx_bytes, rx_pkts) and
# drivers/infiniband/hw/bnxt_re/hw_counters.c bnxt_re_stat_descs
# (rx_pkts, rx_bytes, tx_pkts, tx_bytes).  Sourced by tests/hw/run.
tf=$out/traffic
mkdir -p "$tf"
# each driver's steps (bytes and packets an answer), at about half its
# port's rate over rdmatop's 0.25 s
declare -A TSTEPS=(
	[efa]="rx_bytes=2718281828,tx_bytes=1414213562,rx_pkts=663000,tx_pkts=345000"
	[bnxt_re]="rx_bytes=5772156649,tx_bytes=3141592653,rx_pkts=1402000,tx_pkts=767000"
)
# traffic NAME FIX DEV STEPS-FOR-RDMATOP: the oracle's reads and rdmatop's
# runs in DIR=$tf/NAME, one state file
traffic() {
	local d=$tf/$1 fix=$DATA/$2 steps=${TSTEPS[$2]}
	local rsteps=${4:-$steps}
	rm -rf "$d"
	mkdir -p "$d"
	tshim() { RDMATOP_HW_TRAFFIC=$d/state RDMATOP_HW_TRAFFIC_STEPS=$1 shim "$fix" "$d" "${@:2}"; }
	tshim "$steps" "$host_rdma" -j statistic show >"$d/rdma-a.json" 2>"$d/rdma.err"
	tshim "$steps" "$host_rdma" -j statistic show >"$d/rdma-b.json" 2>>"$d/rdma.err"
	tshim "$rsteps" ./rdmatop --sysroot "$fix" -j -n 2 -d 0.25 >"$d/rt.json" 2>"$d/rt.err"
	tshim "$steps" "$host_rdma" -j statistic show >"$d/rdma-c.json" 2>>"$d/rdma.err"
	tshim "$rsteps" ./rdmatop --sysroot "$fix" -b -n 2 -d 0.25 -w "$d/rt.rdrec" >"$d/rt.txt" 2>>"$d/rt.err"
	./rdmatop -r "$d/rt.rdrec" -j >"$d/replay.json" 2>>"$d/rt.err"
	python3 tests/hw/traffic_check.py "$d" "$3" 1 >"$d/report" 2>&1
}
for c in efa:rdmap16s27 bnxt_re:bnxt_re0; do
	n=${c%%:*} dev=${c#*:}
	if traffic "$n" "$n" "$dev"; then
		ok "$n: with traffic, rdmatop's RX/s TX/s RXPKT/s TXPKT/s (-j, -b) and deltas equal rdma statistic's over the interval ($(tail -1 "$tf/$n/report"))"
	else
		bad "$n: throughput with traffic against rdma statistic: $(grep -E 'MISMATCH|FAIL|Traceback' "$tf/$n/report" | head -4)"
	fi
done
# self-test: rdmatop reads efa with tx_bytes one step in a hundred faster
# than the oracle: the comparison must name tx_bytes
tx=${TSTEPS[efa]#*tx_bytes=}
tx=${tx%%,*}
shifted=${TSTEPS[efa]/tx_bytes=$tx/tx_bytes=$((tx + tx / 100))}
if traffic efa-tamper efa rdmap16s27 "$shifted"; then
	bad "self-test: a tx_bytes step 1% off went unseen by the traffic check"
elif grep -q '^MISMATCH: tx_bytes delta' "$tf/efa-tamper/report" && grep -q '^MISMATCH: tx_bytes -j' "$tf/efa-tamper/report" &&
	grep -q '^MISMATCH: tx_bytes -b' "$tf/efa-tamper/report" && ! grep -q '^MISMATCH: rx_' "$tf/efa-tamper/report"; then
	ok "self-test: a tx_bytes step 1% off is a mismatch of tx_bytes alone (delta, -j rate, -b text)"
else
	bad "self-test: the traffic check failed otherwise: $(grep -E 'MISMATCH|FAIL' "$tf/efa-tamper/report" | head -4)"
fi
