# shellcheck shell=dash
# bw: perftest with several QPs per process: ib_write_bw -q 4, then
# ib_send_bw -q 2, each measured while the traffic runs.   perftest
# busy-polls (-e has no duration mode and no RDMA WRITE): on 6.12 under TCG
# the snapshot during ib_write_bw takes ~35 s.
# shellcheck source=tests/vm/guest/lib.sh
. /scenarios/lib.sh

ib_write_bw -d rxe0 -x 1 -q 4 -D 60 >"$R/write_server.txt" 2>&1 &
srv=$!
wait_port 18515 || exit 1
ib_write_bw -d rxe0 -x 1 -q 4 -D 60 10.0.0.1 >"$R/write_client.txt" 2>&1 &
cli=$!
meta write_server_pid "$srv"
meta write_client_pid "$cli"
meta write_qps 4
wait_qps RC 8 || exit 1
sleep 1
snap write
rate write_rate
if alive "$cli" && alive "$srv"; then meta write_alive 1; else meta write_alive 0; fi
capture
kill "$cli" "$srv"
wait

ib_send_bw -d rxe0 -x 1 -q 2 -D 60 -p 18516 >"$R/send_server.txt" 2>&1 &
srv=$!
wait_port 18516 || exit 1
ib_send_bw -d rxe0 -x 1 -q 2 -D 60 -p 18516 10.0.0.1 >"$R/send_client.txt" 2>&1 &
cli=$!
meta send_server_pid "$srv"
meta send_client_pid "$cli"
meta send_qps 2
wait_qps RC 4 || exit 1
sleep 1
snap send
if alive "$cli" && alive "$srv"; then meta send_alive 1; else meta send_alive 0; fi
kill "$cli" "$srv"
wait
