#!/bin/bash
# --move-netns through the shim: the fixtures answer RDMA_NLDEV_CMD_SET
# with NET_NS_FD as ib_device_set_netns_put() does (tests/hw/gen.c
# answer_dev_set: EOPNOTSUPP in shared mode and for a driver that cannot
# move, else the ack); rdmatop explains a refusal and looks for the device
# after an accepted move.  The shim applies an accepted move
# (tests/hw/nlshim_netns.c, kept in RDMATOP_HW_NETNS): the device leaves
# this namespace's dump and is the one `ip netns exec NAME rdma dev` sees;
# iproute2's `rdma dev set DEV netns NAME` sends the same bytes, the
# namespace's descriptor included.  Needs a namespace from `ip netns add`
# (root).  Sourced by tests/hw/run.
nd=$out/netns
mkdir -p "$nd"
nsname=rdmatop-hw-$$
if ! ip netns add "$nsname" 2>"$nd/ip.err"; then
	skip "--move-netns against rdma dev set DEV netns" "ip netns add failed ($(head -1 "$nd/ip.err"))"
else
	# netq NAME FIX ARG RC REGEX RDMA-DEV RDMA-RC RDMA-REGEX
	netq() {
		local d=$nd/$1
		mkdir -p "$d"
		rm -f "$d/rt.netns" "$d/rdma.netns"
		RDMATOP_HW_NETNS=$d/rt.netns RDMATOP_HW_REQS=$d/rt.reqs shim "$DATA/$2" "$d" ./rdmatop --move-netns "$3" \
			>"$d/out" 2>&1
		local rc=$? a b
		RDMATOP_HW_NETNS=$d/rdma.netns RDMATOP_HW_REQS=$d/rdma.reqs shim "$DATA/$2" "$d" "$host_rdma" dev set "$6" netns "$nsname" \
			>"$d/rdma.out" 2>&1
		local rrc=$?
		a=$(grep '^set ' "$d/rt.reqs" 2>/dev/null)
		b=$(grep '^set ' "$d/rdma.reqs" 2>/dev/null)
		if [ "$rc" = "$4" ] && grep -qE "$5" "$d/out" && [ "$rrc" = "$7" ] && { [ -z "$8" ] || grep -q "$8" "$d/rdma.out"; } &&
			[ -n "$a" ] && [ "$a" = "$b" ]; then
			ok "--move-netns $3 on $2: exit $rc, $(head -c 90 "$d/out"); rdma dev set $6 netns sends the same bytes"
		else
			bad "--move-netns $3 on $2: exit $rc (want $4), rdma exit $rrc (want $7): $(head -2 "$d/out") $(head -1 "$d/rdma.out") | $a | $b"
		fi
	}
	netq exclusive gpu-node "mlx5_1:$nsname" 0 \
		"^mlx5_1 moved to the network namespace of (/var)?/run/netns/$nsname \(verified: it is no longer in this one" \
		mlx5_1 0 ""
	# rdma reads the state back: gone from this namespace's device list,
	# the one device of the target's
	d=$nd/exclusive
	devs() { RDMATOP_HW_NETNS=$st shim "$DATA/gpu-node" "$d" "$@" "$host_rdma" -j dev show 2>&1 |
		python3 -c "import json, sys; print(' '.join(sorted(x['ifname'] for x in json.load(sys.stdin))))"; }
	st=$d/none.netns before=$(devs)
	st=$d/rt.netns here=$(devs) there=$(devs ip netns exec "$nsname" env)
	if [ "$before" = "mlx5_0 mlx5_1" ] && [ "$here" = "mlx5_0" ] && [ "$there" = "mlx5_1" ]; then
		ok "after --move-netns mlx5_1:NS, rdma dev: '$here' here, '$there' in NS (before: '$before')"
	else
		bad "--move-netns mlx5_1:NS, rdma dev: before '$before', after '$here' here (want mlx5_0), '$there' in NS (want mlx5_1)"
	fi
	# moved once, it is no longer here to move
	RDMATOP_HW_NETNS=$d/rt.netns shim "$DATA/gpu-node" "$d" ./rdmatop --move-netns "mlx5_1:$nsname" \
		>"$d/again" 2>&1
	if [ $? = 1 ] && grep -q "mlx5_1: no such RDMA device" "$d/again"; then
		ok "--move-netns of a device already moved: no such RDMA device here, exit 1"
	else
		bad "--move-netns again: $(head -2 "$d/again")"
	fi
	# self-test: a kernel that acks the move but leaves the device here
	d=$nd/tamper
	mkdir -p "$d"
	RDMATOP_HW_NETNS_TAMPER=1 shim "$DATA/gpu-node" "$d" ./rdmatop --move-netns "mlx5_1:$nsname" >"$d/out" 2>&1
	if [ $? = 1 ] && grep -q "the kernel accepted it, but mlx5_1 is still in this namespace" "$d/out" &&
		! grep -q verified "$d/out"; then
		ok "self-test: a move acked but not applied makes --move-netns refuse (exit 1, still in this namespace)"
	else
		bad "self-test: a move acked but not applied: $(head -2 "$d/out")"
	fi
	netq shared mlx5-roce "mlx5_0:$nsname" 1 "refused \(EOPNOTSUPP\): the RDMA netns mode is shared" mlx5_0 1 \
		"Operation not supported"
	# a process's namespace (/proc/PID/ns/net): the same request
	d=$nd/pid
	mkdir -p "$d"
	RDMATOP_HW_REQS=$d/rt.reqs shim "$DATA/gpu-node" "$d" ./rdmatop --move-netns "mlx5_1:$$" >"$d/out" 2>&1
	if [ "$(grep '^set ' "$d/rt.reqs" | cut -d' ' -f3)" = "$(grep '^set ' "$nd/exclusive/rdma.reqs" | cut -d' ' -f3)" ]; then
		ok "--move-netns mlx5_1:PID sends the request of a named namespace (/proc/PID/ns/net's descriptor)"
	else
		bad "--move-netns mlx5_1:PID: $(cat "$d/out" "$d/rt.reqs" | head -3)"
	fi
	# no such namespace: said, and nothing sent
	d=$nd/none
	mkdir -p "$d"
	shim "$DATA/gpu-node" "$d" ./rdmatop --move-netns mlx5_1:rdmatop-no-such-ns >"$d/out" 2>&1
	if [ $? = 1 ] && grep -q "cannot open the network namespace /var/run/netns/rdmatop-no-such-ns" "$d/out" &&
		! grep -q '^matched set ' "$d/trace.txt" 2>/dev/null; then
		ok "--move-netns to a namespace that does not exist: said, nothing sent"
	else
		bad "--move-netns to no namespace: $(cat "$d/out" | head -2)"
	fi
	# the byte comparison can fail: rdma moves mlx5_0 (index 3), rdmatop mlx5_1 (4)
	d=$nd/self
	mkdir -p "$d"
	RDMATOP_HW_REQS=$d/rdma.reqs shim "$DATA/gpu-node" "$d" "$host_rdma" dev set mlx5_0 netns "$nsname" >/dev/null 2>&1
	a=$(grep '^set ' "$nd/exclusive/rt.reqs" | cut -d' ' -f3)
	b=$(grep '^set ' "$d/rdma.reqs" | cut -d' ' -f3)
	if [ -n "$a" ] && [ -n "$b" ] &&
		[ "$(python3 -c "import sys; a, b = sys.argv[1:]; print(sum(a[i:i + 2] != b[i:i + 2] for i in range(0, max(len(a), len(b)), 2)))" "$a" "$b")" = 1 ]; then
		ok "self-test: one changed byte (device index 3 against 4) makes the request bytes differ"
	else
		bad "self-test: the requests of mlx5_0 and mlx5_1: ${a:-none} / ${b:-none}"
	fi
	ip netns del "$nsname"
fi
