# idle: devices, links, summary, system and counters with no traffic.
# shellcheck shell=dash
# shellcheck source=tests/vm/guest/lib.sh
. /scenarios/lib.sh
# A second device (ifindex != 0) on a veth pair, removed at the end.
/bin/ip link add veth0 type veth peer name veth1
/bin/ip link set veth0 up
/bin/ip link set veth1 up
rdma link add rxe1 type rxe netdev veth0
sleep 1
snap snap
rate rate
capture
rdma link delete rxe1
/bin/ip link delete veth0
