#!/bin/bash
# The QP counter controls' success path on a shim that applies what it
# accepts (tests/hw/nlshim_counters.c, RDMATOP_HW_COUNTERS: the state
# across processes): after --bind-qp-counter the counter lists the QP in
# `rdma -j statistic qp show` through the same shim, after
# --unbind-qp-counter it does not, after --set-qp-counters `rdma -j
# statistic qp mode` says the new mode, after --optional-counters `rdma
# -j statistic mode` the counters set (nlshim_optcnt.c,
# RDMATOP_HW_OPTCNT); rdmatop's own read-back says "verified" each time
# (the dashboard's Q and X keys too, in tmux), and refuses to when the
# shim acks a set without applying it (RDMATOP_HW_COUNTERS_TAMPER,
# RDMATOP_HW_OPTCNT_TAMPER).  The answers are the fixtures' (gen_stat.c);
# bind.sh and the setq checks of run hold the request bytes to rdma's.
# Sourced by tests/hw/run.
cs=$out/counters
mkdir -p "$cs"
# cst NAME FIX CMD...: CMD through the shim with NAME's state
cst() {
	local d=$cs/$1 fix=$DATA/$2
	shift 2
	mkdir -p "$d"
	RDMATOP_HW_COUNTERS=$d/state RDMATOP_HW_OPTCNT=$d/optcnt shim "$fix" "$d" "$@"
}
# lqpns NAME FIX LINK CNTN: the QPs rdma lists in counter CNTN of LINK
lqpns() {
	cst "$1" "$2" "$host_rdma" -j statistic qp show link "$3" |
		jq -r --argjson c "$4" '[.[] | select(.cntn == $c) | .lqpn[]] | map(tostring) | join(" ")'
}
# optc NAME FIX LINK: the optional counters rdma says are on
optc() {
	cst "$1" "$2" "$host_rdma" -j statistic mode link "$3" | jq -r '[.[]."optional-counters"[]?] | join(",")'
}
# qpmode NAME FIX LINK: rdma's mode of LINK
qpmode() {
	cst "$1" "$2" "$host_rdma" -j statistic qp mode link "$3" | jq -r '.[0].mode'
}
# ctl NAME FIX WANT-RC REGEX RDMATOP-ARGS...: rdmatop's control and its say
ctl() {
	local n=$1 f=$2 rc=$3 re=$4
	shift 4
	mkdir -p "$cs/$n"
	cst "$n" "$f" ./rdmatop "$@" >"$cs/$n/out.$#" 2>&1
	local got=$?
	if [ "$got" = "$rc" ] && grep -qE "$re" "$cs/$n/out.$#"; then
		echo "exit $got: $(head -c 100 "$cs/$n/out.$#")"
		return 0
	fi
	echo "exit $got (want $rc), /$re/: $(head -2 "$cs/$n/out.$#")"
	return 1
}
rm -rf "${cs:?}"/*
# bind, then unbind, QP 304 of gpu-node's mlx5_1/1 (no counter before)
b0=$(lqpns bind gpu-node mlx5_1/1 1)
if say=$(ctl bind gpu-node 0 "^QP 304 of mlx5_1/1 bound to counter 1 \(verified: the counter lists it\)" \
	--bind-qp-counter mlx5_1/1/304) && b1=$(lqpns bind gpu-node mlx5_1/1 1) && [ -z "$b0" ] && [ "$b1" = 304 ]; then
	ok "--bind-qp-counter mlx5_1/1/304 applied: $say; rdma statistic qp show: counter 1 lists '$b1' (before: none)"
else
	bad "--bind-qp-counter mlx5_1/1/304 applied: $say; rdma: counter 1 lists '${b1:-}' (want 304; before '$b0')"
fi
if say=$(ctl bind gpu-node 0 "^QP 304 of mlx5_1/1 unbound from counter 1 \(verified: the counter no longer lists it\)" \
	--unbind-qp-counter mlx5_1/1/304:1) && b2=$(lqpns bind gpu-node mlx5_1/1 1) && [ -z "$b2" ] &&
	[ "$(cst bind gpu-node "$host_rdma" -j statistic qp show link mlx5_1/1)" = "[]" ]; then
	ok "--unbind-qp-counter mlx5_1/1/304:1 applied: $say; rdma: counter 1 gone with its last QP"
else
	bad "--unbind-qp-counter mlx5_1/1/304:1 applied: $say; rdma: counter 1 lists '${b2:-?}' (want none)"
fi
# rdma binds, rdmatop reads it: the state is the shim's, not rdmatop's
mkdir -p "$cs/rbind"
cst rbind gpu-node "$host_rdma" statistic qp bind link mlx5_1/1 lqpn 304 >"$cs/rbind.out" 2>&1
got=$(cst rbind gpu-node ./rdmatop --sysroot "$DATA/gpu-node" -j -n 1 2>/dev/null |
	jq -r '[.stat_qp[] | select(.ifname == "mlx5_1" and .cntn == 1) | .lqpn[]] | map(tostring) | join(" ")')
if [ "$got" = 304 ]; then
	ok "rdma statistic qp bind link mlx5_1/1 lqpn 304 applied: rdmatop -j lists 304 in counter 1"
else
	bad "rdma statistic qp bind ... lqpn 304 applied: rdmatop -j lists '$got' in counter 1: $(head -2 "$cs/rbind.out")"
fi
# unbind QP 288 from mlx5-roce's counter 1 (288 and 289 in it)
u0=$(lqpns unbind mlx5-roce mlx5_0/1 1)
if say=$(ctl unbind mlx5-roce 0 "^QP 288 of mlx5_0/1 unbound from counter 1 \(verified: the counter no longer lists it\)" \
	--unbind-qp-counter mlx5_0/1/288:1) && u1=$(lqpns unbind mlx5-roce mlx5_0/1 1) && [ "$u0" = "288 289" ] &&
	[ "$u1" = 289 ]; then
	ok "--unbind-qp-counter mlx5_0/1/288:1 applied: $say; rdma: counter 1 lists '$u1' (before: '$u0')"
else
	bad "--unbind-qp-counter mlx5_0/1/288:1 applied: $say; rdma: counter 1 lists '${u1:-}' (want 289; before '$u0')"
fi
# the QP counter mode: off on mlx5-roce (auto, counters bound: manual
# then, which rdma prints "qp auto off"), type on mlx5-ib (off before)
m0=$(qpmode off mlx5-roce mlx5_0/1)
if say=$(ctl off mlx5-roce 0 "^QP counters of mlx5_0/1: auto mode off, now manual \(auto off, counters bound\) \(verified\)" \
	--set-qp-counters mlx5_0/1 off) && m1=$(qpmode off mlx5-roce mlx5_0/1) && [ "$m0" = "qp auto type,pid on" ] &&
	[ "$m1" = "qp auto off" ]; then
	ok "--set-qp-counters mlx5_0/1 off applied: $say; rdma statistic qp mode: '$m1' (before: '$m0')"
else
	bad "--set-qp-counters mlx5_0/1 off applied: $say; rdma: '${m1:-}' (want qp auto off; before '$m0')"
fi
m0=$(qpmode type mlx5-ib mlx5_0/1)
if say=$(ctl type mlx5-ib 0 "^QP counters of mlx5_0/1 set to auto type \(verified: the kernel now reports it\)" \
	--set-qp-counters mlx5_0/1 type) && m1=$(qpmode type mlx5-ib mlx5_0/1) && [ "$m0" = "qp auto off" ] &&
	[ "$m1" = "qp auto type on" ]; then
	ok "--set-qp-counters mlx5_0/1 type applied: $say; rdma statistic qp mode: '$m1' (before: '$m0')"
else
	bad "--set-qp-counters mlx5_0/1 type applied: $say; rdma: '${m1:-}' (want qp auto type on; before '$m0')"
fi
# optional counters (nlshim_optcnt.c): two on, then none
o0=$(optc opt mlx5-roce mlx5_0/1)
if say=$(ctl opt mlx5-roce 0 "^optional counters of mlx5_0/1: cc_rx_ce_pkts,cc_tx_cnp_pkts on, the others off \(verified" \
	--optional-counters mlx5_0/1:cc_rx_ce_pkts,cc_tx_cnp_pkts) && o1=$(optc opt mlx5-roce mlx5_0/1) &&
	say2=$(ctl opt mlx5-roce 0 "^optional counters of mlx5_0/1: none on, the others off \(verified" \
		--optional-counters mlx5_0/1:off) && o2=$(optc opt mlx5-roce mlx5_0/1) &&
	[ "$o0" = cc_rx_cnp_pkts ] && [ "$o1" = cc_rx_ce_pkts,cc_tx_cnp_pkts ] && [ -z "$o2" ]; then
	ok "--optional-counters applied: $say | $say2; rdma statistic mode: '$o1', then none (before: '$o0')"
else
	bad "--optional-counters applied: ${say:-} | ${say2:-}; rdma: '${o1:-}' then '${o2:-}' (before '$o0')"
fi
# the dashboard's Q (a link's QP counter mode) and X (a QP's counter):
# the same controls, said on its status line, read back by rdma
if ! command -v tmux >/dev/null; then
	skip "the dashboard's Q and X applied" "no tmux (tests/deps.sh installs it)"
else
	dd=$cs/dash dsock=rdmatop-hw-$$
	mkdir -p "$dd"
	tmx() { tmux -L "$dsock" "$@"; }
	# scr REGEX: until the screen matches, at most 30 s (10 s once ran
	# out on a machine running make test beside two other suites)
	scr() {
		local i
		for ((i = 0; i < 300; i++)); do
			tmx capture-pane -p -t t >"$dd/screen" 2>/dev/null && grep -qE -- "$1" "$dd/screen" && return 0
			sleep 0.1
		done
		return 1
	}
	fx=$(realpath "$DATA/mlx5-roce")
	tmx -f /dev/null new-session -d -s t -x 200 -y 50 "env XDG_CONFIG_HOME=$dd/xdg LANG=C.UTF-8 \
TERM=screen-256color RDMATOP_HW_COUNTERS=$dd/state RDMATOP_HW_FIXTURE=$fx/netlink.fix LD_PRELOAD=$SHIM \
$PWD/rdmatop --sysroot $fx -d 1; sleep 30"
	said=
	if scr F1Help && tmx send-keys -t t 5 Enter && scr "^link mlx5_0/1" && tmx send-keys -t t Q &&
		scr "type the new mode" && tmx send-keys -t t -l off && tmx send-keys -t t Enter &&
		scr "QP counters of mlx5_0/1: auto mode off, now manual .*\(verified\)" &&
		said=$(grep -oE "QP counters of mlx5_0/1: auto mode off[^.]*" "$dd/screen") &&
		[ "$(qpmode dash mlx5-roce mlx5_0/1)" = "qp auto off" ]; then
		ok "the dashboard's Q, off on mlx5_0/1: '$said'; rdma statistic qp mode: qp auto off"
	else
		bad "the dashboard's Q, off on mlx5_0/1: $(grep -E "QP counters|refused|accepted" "$dd/screen" | head -2)"
	fi
	# X on the first QP's detail: bind it when it has no counter, else unbind
	said= lq= act= want=
	if tmx send-keys -t t Escape Escape 1 Enter && scr "^QP [0-9]+ on mlx5_0" && tmx send-keys -t t X &&
		scr "^QP [0-9]+ of mlx5_0/1(: no counter; type bind| is in counter [0-9]+; type unbind)"; then
		lq=$(grep -oE "^QP [0-9]+ of mlx5_0/1" "$dd/screen" | head -1 | cut -d' ' -f2)
		if grep -qE "^QP $lq of mlx5_0/1: no counter" "$dd/screen"; then act=bind want="bound to counter"; else
			act=unbind want="unbound from counter"; fi
		tmx send-keys -t t -l "$act"
		tmx send-keys -t t Enter
	fi
	if [ -n "$act" ] && scr "^QP $lq of mlx5_0/1 $want [0-9]+ \(verified" &&
		said=$(grep -oE "^QP $lq of mlx5_0/1 $want [0-9]+ \(verified[^)]*\)" "$dd/screen") &&
		cn=$(echo "$said" | sed -E 's/.* counter ([0-9]+) .*/\1/') && got=$(lqpns dash mlx5-roce mlx5_0/1 "$cn") &&
		{ [ "$act" = bind ] && [[ " $got " == *" $lq "* ]] || { [ "$act" = unbind ] && [[ " $got " != *" $lq "* ]]; }; }; then
		ok "the dashboard's X, $act QP $lq: '$said'; rdma statistic qp show: counter $cn lists '$got'"
	else
		bad "the dashboard's X on QP ${lq:-?} ($act): $(grep -E "^QP [0-9]+ of|refused|accepted" "$dd/screen" | head -2)"
	fi
	tmx kill-server 2>/dev/null
fi
# self-test: a shim that acks each set and applies none; rdmatop must
# not say verified, rdma must read no change
export RDMATOP_HW_COUNTERS_TAMPER=1 RDMATOP_HW_OPTCNT_TAMPER=1
if say=$(ctl tbind gpu-node 1 "accepted it, but reading the counters back does not show the QP in the counter" \
	--bind-qp-counter mlx5_1/1/304) && ! grep -q verified "$cs/tbind/out.2" &&
	[ -z "$(lqpns tbind gpu-node mlx5_1/1 1)" ] &&
	say2=$(ctl ttype mlx5-ib 1 "accepted type, but reading it back says off" --set-qp-counters mlx5_0/1 type) &&
	[ "$(qpmode ttype mlx5-ib mlx5_0/1)" = "qp auto off" ] &&
	say3=$(ctl topt mlx5-roce 1 "accepted cc_rx_ce_pkts, but reading it back says cc_rx_cnp_pkts on" \
		--optional-counters mlx5_0/1:cc_rx_ce_pkts) && [ "$(optc topt mlx5-roce mlx5_0/1)" = cc_rx_cnp_pkts ]; then
	ok "self-test: binds and sets acked but not applied: rdmatop says so (exit 1), rdma reads no change"
else
	bad "self-test: acked but not applied: ${say:-} | ${say2:-} | ${say3:-}"
fi
unset RDMATOP_HW_COUNTERS_TAMPER RDMATOP_HW_OPTCNT_TAMPER
