#!/bin/bash
# --bind-qp-counter / --unbind-qp-counter through the shim: the fixtures
# answer STAT_SET (STAT_MODE = MANUAL, RES_LQPN) and STAT_DEL as nldev.c
# and counters.c do (tests/hw/gen_stat.c answer_stat_bind); rdmatop
# explains each refusal and reads the counters back after an accepted one
# (the shim keeps no state here: "does not show" is its answer; counters.sh
# has it apply them, for the success path); iproute2's
# rdma sends the same request bytes for the same command and gets the
# same answer.  Sourced by tests/hw/run.
bd=$out/bind
mkdir -p "$bd"
# bindq NAME FIX RDMATOP-ARGS RC REGEX RDMA-ARGS RDMA-RC [RDMA-REGEX: its error]
bindq() {
	local d=$bd/$1 fix=$DATA/$2
	mkdir -p "$d"
	# shellcheck disable=SC2086
	RDMATOP_HW_REQS=$d/rt.reqs shim "$fix" "$d" ./rdmatop $3 >"$d/out" 2>&1
	local rc=$?
	# shellcheck disable=SC2086
	RDMATOP_HW_REQS=$d/rdma.reqs shim "$fix" "$d" "$host_rdma" statistic qp $6 >"$d/rdma.out" 2>&1
	local rrc=$?
	local a b
	a=$(grep -E '^stat_(set|del) ' "$d/rt.reqs" 2>/dev/null)
	b=$(grep -E '^stat_(set|del) ' "$d/rdma.reqs" 2>/dev/null)
	if [ "$rc" = "$4" ] && grep -qE "$5" "$d/out" && [ "$rrc" = "$7" ] && [ -n "$a" ] && [ "$a" = "$b" ] &&
		{ [ -z "${8:-}" ] || grep -q "$8" "$d/rdma.out"; } &&
		! grep -q UNMATCHED "$d/unmatched.txt" 2>/dev/null; then
		ok "$3 on $2: exit $rc, $(head -c 80 "$d/out"); rdma statistic qp $6 sends the same bytes (exit $rrc)"
	else
		bad "$3 on $2: exit $rc (want $4), rdma exit $rrc (want $7), /$5/: $(head -2 "$d/out") | rdmatop: ${a:0:120} | rdma: ${b:0:120}"
	fi
}
bindq bound mlx5-roce "--bind-qp-counter mlx5_0/1/289" 1 "refused \(EINVAL\): QP 289 of mlx5_0/1 is bound to a counter already" \
	"bind link mlx5_0/1 lqpn 289" 1 "Invalid argument"
bindq join mlx5-roce "--bind-qp-counter mlx5_0/1/320:1" 1 "refused \(EINVAL\)" "bind link mlx5_0/1 lqpn 320 cntn 1" 1 "Invalid argument"
bindq unbind mlx5-roce "--unbind-qp-counter mlx5_0/1/288:1" 1 "accepted it, but reading the counters back still shows" \
	"unbind link mlx5_0/1 cntn 1 lqpn 288" 0
bindq notin mlx5-roce "--unbind-qp-counter mlx5_0/1/304:1" 1 "refused \(EINVAL\): QP 304 of mlx5_0/1 is not bound to counter 1" \
	"unbind link mlx5_0/1 cntn 1 lqpn 304" 1 "Invalid argument"
bindq alloc gpu-node "--bind-qp-counter mlx5_1/1/304" 1 "accepted it, but reading the counters back does not show" \
	"bind link mlx5_1/1 lqpn 304" 0
bindq noqp gpu-node "--bind-qp-counter mlx5_1/1/57005" 1 "refused \(ENOENT\): mlx5_1/1 has no QP 57005" \
	"bind link mlx5_1/1 lqpn 57005" 1 "No such file or directory"
bindq eperm irdma "--bind-qp-counter iwp24s0f0/1/2" 1 "needs CAP_NET_ADMIN" "bind link iwp24s0f0/1 lqpn 2" 1 "Operation not permitted"
bindq nocnt bnxt_re "--bind-qp-counter bnxt_re0/1/1" 1 "refused \(EOPNOTSUPP\)" "bind link bnxt_re0/1 lqpn 1" 1 "Operation not supported"
# the read back: the bound counters of that device, after the bind
if grep -A1 '^matched stat_set dev=4 port=1 lqpn=304 res=19 mode=2 mask=0$' "$bd/alloc/trace.txt" |
	grep -q '^matched stat_get dump dev=4 res=19$'; then
	ok "--bind-qp-counter reads the device's bound counters back after the bind"
else
	bad "--bind-qp-counter reads back: $(grep -E 'stat_' "$bd/alloc/trace.txt" | head -3)"
fi
# the byte comparison can fail: rdma asked for QP 305, rdmatop for 304
d=$bd/alloc
RDMATOP_HW_REQS=$d/rdma305.reqs shim "$DATA/gpu-node" "$d" "$host_rdma" statistic qp bind link mlx5_1/1 lqpn 305 \
	>/dev/null 2>&1
a=$(grep -E '^stat_set ' "$d/rt.reqs" | cut -d' ' -f8)
b=$(grep -E '^stat_set ' "$d/rdma305.reqs" | cut -d' ' -f8)
if [ -n "$a" ] && [ -n "$b" ] && [ "$a" != "$b" ] &&
	[ "$(python3 -c "import sys; a, b = sys.argv[1:]; print(sum(a[i:i + 2] != b[i:i + 2] for i in range(0, max(len(a), len(b)), 2)))" "$a" "$b")" = 1 ]; then
	ok "self-test: one changed byte (LQPN 305 against 304) makes the request bytes differ"
else
	bad "self-test: the request bytes of LQPN 305 and 304: ${a:-none} / ${b:-none}"
fi
