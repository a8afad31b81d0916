# shellcheck shell=dash
# demo: the recording behind `make run` on a machine without RDMA
# (tests/data/demo.rdrec; `tests/vm/run --kernel 6.12 --capture demo`, not
# part of `all`).  ~75 samples at 1 s while processes come and go: RC
# (ibv_rc_pingpong), CM (rping), UD (ibv_ud_pingpong), ib_write_bw -q 4, and
# a second device hot-plugged (rdma link add/delete rxe1 on dummy1).  On
# Debian's 6.12 the kernel's REGISTER/NETDEV_ATTACH/UNREGISTER notifications
# are in it.
# shellcheck source=tests/vm/guest/lib.sh
. /scenarios/lib.sh

[ "$HAVE_RDMATOP" = 1 ] || exit 0
N=75
meta samples "$N"
RT_TIMEOUT=160 rt -b -o json -n "$N" -d 1 -w "$R/demo.rdrec" >"$R/demo.json" 2>"$R/demo.err" &
rtp=$!
wait_grep "$R/demo.json" '^{' 60 || exit 1
sleep 3
say "RC pair"
ibv_rc_pingpong -d rxe0 -g 1 -n 100000000 >/dev/null 2>&1 &
rcs=$!
wait_port 18515
ibv_rc_pingpong -d rxe0 -g 1 -n 100000000 10.0.0.1 >/dev/null 2>&1 &
rcc=$!
sleep 6
say "rping pair"
rping -s -a 10.0.0.1 -C 100000000 -S 1024 >/dev/null 2>&1 &
rps=$!
sleep 2
rping -c -a 10.0.0.1 -C 100000000 -S 1024 >/dev/null 2>&1 &
rpc=$!
sleep 6
say "UD pair"
ibv_ud_pingpong -d rxe0 -g 1 -p 18516 -n 100000000 >/dev/null 2>&1 &
uds=$!
wait_port 18516
ibv_ud_pingpong -d rxe0 -g 1 -p 18516 -n 100000000 10.0.0.1 >/dev/null 2>&1 &
udc=$!
sleep 8
say "ib_write_bw -q 4"
ib_write_bw -d rxe0 -x 1 -q 4 -D 8 -p 18517 >/dev/null 2>&1 &
bws=$!
wait_port 18517
ib_write_bw -d rxe0 -x 1 -q 4 -D 8 -p 18517 10.0.0.1 >/dev/null 2>&1 &
bwc=$!
wait_for "$bwc" 40
wait_for "$bws" 10
sleep 2
say "hot-plug rxe1"
/bin/ip link add dummy1 type dummy
/bin/ip addr add 10.0.1.1/24 dev dummy1
/bin/ip link set dummy1 up
rdma link add rxe1 type rxe netdev dummy1
sleep 6
say "UD pair ends"
kill "$udc" "$uds"
sleep 5
say "rping client ends"
kill "$rpc"
sleep 3
kill "$rps"
sleep 3
say "rxe1 deleted"
rdma link delete rxe1
/bin/ip link delete dummy1
sleep 5
say "RC pair ends"
kill "$rcc" "$rcs"
wait_for "$rtp" 170
meta rt_rc "$?"
