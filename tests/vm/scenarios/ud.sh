# shellcheck shell=dash
# ud: ibv_ud_pingpong server + client on rxe0; same structure as rc
# (ground truth by completed iterations, then a long-running pair).
# shellcheck source=tests/vm/guest/lib.sh
. /scenarios/lib.sh

pingpong_truth ibv_ud_pingpong "$(per_kernel 2000 200)" || exit 1
pingpong_start ibv_ud_pingpong UD || exit 1
sleep 1
snap busy
rate rate
if alive "$cli" && alive "$srv"; then meta alive 1; else meta alive 0; fi
capture
kill "$cli" "$srv"
wait
