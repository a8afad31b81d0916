# Sourced by tests/tui/run (issue 50): the Stalls tab on the test bed's
# recording of a hang (tests/vm/scenarios/stall.sh: ib_send_bw's server
# stopped, then killed, its client RNR-retrying; an idle pingpong server),
# at 80x24 and 200x50 (xterm-256color) and 80x24 on a vt100.
#   RDMATOP_TUI_FILE=tests/tui/stall50.sh tests/tui/run   (these alone)
s50_fixture=$fixture
fixture=$(realpath tests/data/stall.rdrec)
for ts in xterm-256color:80x24 xterm-256color:200x50 vt100:80x24; do
	term=${ts%:*} size=${ts#*:}
	start "$term" 0.2 "--stall-after 5" "$size"
	wait_for "end of recording" 30
	keys s
	check "stalls ($term $size): the tab and its columns" "LQPN +RQPN +STATE +STALL +STALLED"
	# the end: the client (18, RTS) stalled towards the killed server's 19
	check "stalls ($term $size): the survivor stalled" \
		"^rxe0 +1 +18 +19 +RTS +stalled +[0-9hms]+ "
	check_not "stalls ($term $size): the killed server's QP is not listed" "^rxe0 +1 +19 +18 "
	check_not "stalls ($term $size): the idle QP is not listed" "^rxe0 +1 +17 "
	keys Enter
	check_down "stalls ($term $size): Enter: the QP's peer gone" "peer +QP 19 was here and is gone"
	check "stalls ($term $size): Enter: its PSNs' last move" "PSNs moved +last at 20"
	keys Escape
	keys q
done
fixture=$s50_fixture
# the job behind a QP (issue 46 item 7): gpu-node's nccl-tests QP in ERR,
# its drill-down names the Burstable pod it runs in, from the Stalls tab
s50_fixture=$fixture
fixture=$(realpath tests/data/hw/gpu-node/gpu-node.rdrec)
for ts in xterm-256color:80x24 vt100:80x24; do
	term=${ts%:*} size=${ts#*:}
	start "$term" 0.2 "" "$size"
	wait_for "end of recording" 30
	keys s
	# in ERR since the recording's first sample: at least its age, so
	# marked (it once read "0s", as if it had just got there)
	check "stalls ($term $size, gpu-node): nccl-tests's QP in ERR listed, its age at least" \
		"^mlx5_0 +1 +320 +960 +ERR +err +[0-9]+s\\+ "
	keys Enter
	check_down "stalls ($term $size, gpu-node): Enter: the QP's job is its pod" \
		"group +pod:3f6c2a8e-91d4-4b7a-8e05-c2d9f17a4b63"
	check_down "stalls ($term $size, gpu-node): Enter: in ERR since the first sample or before" \
		"state +ERR since or before 20"
	keys Escape
	# a step back is a jump: the sample before it starts again, so the
	# age is still a lower bound (it read "0s" after T)
	keys T
	wait_for "sample 2 of 3" 10
	check "stalls ($term $size, gpu-node): after T, still at least" \
		"^mlx5_0 +1 +320 +960 +ERR +err +[0-9]+s\\+ "
	keys q
done
fixture=$s50_fixture
