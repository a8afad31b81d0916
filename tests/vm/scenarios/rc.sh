# shellcheck shell=dash
# rc: ibv_rc_pingpong server + client on rxe0 (one device talking to itself
# through GID index 1).
#  1. ground truth: K iterations to completion move sent_pkts and rcvd_pkts
#     by at least 2K (rdma stat and rdmatop before/after);
#  2. a long-running pair for the oracle snapshot and the rate check, the
#     dashboard in tmux (tui_traffic) and a record/replay round trip.
# shellcheck source=tests/vm/guest/lib.sh
. /scenarios/lib.sh

K="$(per_kernel 2000 200)"
meta iters "$K"
rdma -j stat show >"$R/stat0.json"
rt_sample rt0
ibv_rc_pingpong -d rxe0 -g 1 -n "$K" >"$R/gt_server.txt" 2>&1 &
srv=$!
wait_port 18515 || exit 1
ibv_rc_pingpong -d rxe0 -g 1 -n "$K" 10.0.0.1 >"$R/gt_client.txt" 2>&1 &
cli=$!
wait_for "$cli" 120
meta gt_client_rc "$?"
wait_for "$srv" 20
meta gt_server_rc "$?"
rdma -j stat show >"$R/stat1.json"
rt_sample rt1
say "ground truth run: $(tail -n 1 "$R/gt_client.txt")"

ibv_rc_pingpong -d rxe0 -g 1 -n 100000000 >"$R/server.txt" 2>&1 &
srv=$!
wait_port 18515 || exit 1
ibv_rc_pingpong -d rxe0 -g 1 -n 100000000 10.0.0.1 >"$R/client.txt" 2>&1 &
cli=$!
meta server_pid "$srv"
meta client_pid "$cli"
wait_qps RC 2 || exit 1
snap busy
rate rate
roundtrip roundtrip
tui_traffic
if alive "$cli" && alive "$srv"; then meta alive 1; else meta alive 0; fi
capture
kill "$cli" "$srv"
wait
