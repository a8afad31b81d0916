# shellcheck shell=dash
# rc: ibv_rc_pingpong server + client on rxe0 (one device talking to itself
# through GID index 1).
#  1. ground truth: K iterations to completion move sent_pkts and rcvd_pkts
#     by at least 2K (rdma stat and rdmatop before/after);
#  2. a long-running pair for the oracle snapshot and the rate check, the
#     dashboard in tmux (tui_traffic) and a record/replay round trip.
# shellcheck source=tests/vm/guest/lib.sh
. /scenarios/lib.sh

pingpong_truth ibv_rc_pingpong "$(per_kernel 2000 200)" || exit 1
pingpong_start ibv_rc_pingpong RC || exit 1
snap busy
rate rate
roundtrip roundtrip
tui_traffic
if alive "$cli" && alive "$srv"; then meta alive 1; else meta alive 0; fi
capture
kill "$cli" "$srv"
wait
