# Sourced by tests/tui/run (issue 46): the replay tells the recorded truth.
#   RDMATOP_TUI_FILE=tests/tui/replay46.sh tests/tui/run   (these alone)
# Users: a recording keeps the names of its uids (rdmatop:users) and the
# replay shows those; a recording from before shows "uid N", never the name
# this machine gives that uid.  At 80x24 (xterm-256color, vt100) and 200x50.
r46_fixture=$fixture
r46_old=$(realpath tests/data/gpu-far/gpu-far.rdrec)
# the name this machine gives uid 1000 (ps's own, where a process has it)
r46_local=$(ps -o user:64= -u 1000 2>/dev/null | head -n 1 | tr -d ' ')
[ -n "$r46_local" ] || r46_local=$(getent passwd 1000 | cut -d: -f1)
if make -s build/tests/mkhostile >/dev/null 2>&1 &&
	build/tests/mkhostile -u rec-alice "$r46_old" "$tmp/users.rdrec" >/dev/null; then
	for ts in xterm-256color:80x24 vt100:80x24 xterm-256color:200x50; do
		term=${ts%:*} size=${ts#*:}
		fixture=$tmp/users.rdrec
		start "$term" 1 "" "$size"
		wait_sample
		keys Space 2 Enter
		check "users ($term $size): the recorded name in the process's detail" "^USER +rec-alice *$"
		keys Escape q
		fixture=$r46_old
		start "$term" 1 "" "$size"
		wait_sample
		keys Space 2 Enter
		check "users ($term $size): an old recording says whose uid" "^USER +uid 1000 *$"
		if [ -n "$r46_local" ]; then
			check_not "users ($term $size): not this machine's $r46_local" "^USER +$r46_local *$"
		else
			# tests/lib.sh's skip line (this suite does not source it)
			echo "skip - users ($term $size): not this machine's name: uid 1000 has none here"
		fi
		keys Escape q
	done
else
	bad "users: build/tests/mkhostile made no recording with names"
fi
fixture=$r46_fixture

# Replay navigation: keys win over playback (T while playing stays where it
# went), the header says "sample N of M", "end of recording" stays while
# playback does not move (other keys leave it), and the graphs keep their
# history across a jump (b), with a gap where time jumped.
for ts in xterm-256color:80x24 vt100:80x24 xterm-256color:200x50; do
	term=${ts%:*} size=${ts#*:}
	fixture=$(realpath tests/data/demo.rdrec)
	start "$term" 0.3 "" "$size"
	check "replay ($term $size): the header says sample N of M" "sample [0-9]+ of 75 "
	wait_for "sample ([4-9]|[1-9][0-9]) of 75 " 20
	keys T
	check "replay ($term $size): T while playing holds playback" "sample [0-9]+ of 75 .*PAUSED"
	r46_at=$(grep -oE "sample [0-9]+ of 75" "$tmp/screen" | head -n 1)
	check "replay ($term $size): T says playback is held" "paused at the step \\(Space: play on\\)"
	# a second and more of playback ticks (at 0.3 s): none moves it
	sleep 1.5
	screen
	if grep -q "$r46_at " "$tmp/screen"; then
		ok "replay ($term $size): still at $r46_at after playback's ticks"
	else
		bad "replay ($term $size): still at $r46_at after playback's ticks"
	fi
	# b back to the first sample's time: the graphs keep what they had
	keys b
	tm send-keys -t t -l "06:21:40"
	keys Enter
	check "replay ($term $size): b went back" "06:21:40 +sample 2 of 75 .*PAUSED"
	keys 5 Enter
	check_down "replay ($term $size): the graphs keep their history across b" \
		"^RX throughput \\(top of scale .*, last ([2-9]|[1-9][0-9]+) samples\\)"
	keys Escape q
	# the end of a recording stays said (the header) until playback moves
	fixture=$r46_old
	start "$term" 0.2 "" "$size"
	check "replay ($term $size): the end of the recording" "sample 3 of 3 \\(end\\)"
	keys Down 2 Right
	check_not "replay ($term $size): keys that move no playback leave the end said" \
		"sample 3 of 3 +every"
	check "replay ($term $size): the end still said after keys" \
		"sample 3 of 3 \\(end\\)"
	keys T
	check "replay ($term $size): T moves playback: sample 2 of 3" "sample 2 of 3 .*PAUSED"
	check_not "replay ($term $size): the end no longer said" "end of recording|of 3 \\(end\\)"
	keys q
done
fixture=$r46_fixture

# Finding the job: the process and QP details say the cgroup and what it
# makes (a SLURM job, a pod with its QoS class and container), and the
# Processes table's GROUP column is reachable with Right.  mkhostile -g
# gives each process a cgroup by its pid (ucx_perftest 4100101: a
# burstable pod; nccl-tests 4100150: SLURM job 4242).
if build/tests/mkhostile -g "$r46_old" "$tmp/groups46.rdrec" >/dev/null; then
	for ts in xterm-256color:80x24 vt100:80x24 xterm-256color:200x50; do
		term=${ts%:*} size=${ts#*:}
		fixture=$tmp/groups46.rdrec
		start "$term" 1 "" "$size"
		wait_sample
		keys Space 2 Enter
		check_down "job ($term $size): the process's cgroup" "^CGROUP +/kubepods\\.slice/kubepods-burstable"
		check "job ($term $size): its pod and QoS class" \
			"^POD +8e2f3b1a-5c4d-4e6f-9a0b-1c2d3e4f5a6b \\(kubernetes, QoS burstable\\) *$"
		check "job ($term $size): its container" "^CONTAINER +4bd9d4cd4f8c"
		keys Escape Down Enter
		check_down "job ($term $size): a SLURM job" "^JOB +4242 \\(slurm\\) *$"
		keys Escape 1 Home
		tm send-keys -t t F4
		sleep "$key_pause"
		tm send-keys -t t -l 'comm=ucx_perftest'
		keys Enter Enter
		check "job ($term $size): a QP's detail" "^QP [0-9]+ on mlx5_0"
		check_down "job ($term $size): the QP's owner's pod" \
			"^POD +8e2f3b1a-5c4d-4e6f-9a0b-1c2d3e4f5a6b \\(kubernetes, QoS burstable\\)"
		keys Escape Escape 2
		for i in $(seq 1 30); do
			screen
			grep -q " GROUP " "$tmp/screen" && break
			keys Right
		done
		check "job ($term $size): the GROUP column reached ($i keys)" " GROUP "
		check "job ($term $size): a pod's group in it" "pod:8e2f3b1a"
		keys q
	done
else
	bad "job: build/tests/mkhostile -g made no recording"
fi
fixture=$r46_fixture

# The same on a committed hardware recording, as a user trying the fixtures
# sees it: gpu-node's nccl-tests runs in a Burstable pod's container, its
# cgroup the kubelet's (cgroupfs driver, tests/hw/gen_drivers.c), so the
# Groups tab names the pod, never the path as a cgroup, and the process's
# detail says the pod, its QoS class and the container.
r46_pod=3f6c2a8e-91d4-4b7a-8e05-c2d9f17a4b63
r46_ctr=65d9abc338a07fc1e559ad200bbfe89572f475ea709bbb92b565a1d37fca1c77
fixture=$(realpath tests/data/hw/gpu-node/gpu-node.rdrec)
for ts in xterm-256color:80x24 vt100:80x24 xterm-256color:200x50; do
	term=${ts%:*} size=${ts#*:}
	start "$term" 1 "" "$size"
	wait_for "F1" 10
	keys Space g
	check "pod ($term $size): gpu-node's Groups tab has the pod" "^pod +$r46_pod +1 +1 "
	check_not "pod ($term $size): no kubepods path as a cgroup" "^cgroup +/kubepods"
	keys 2 /
	tm send-keys -t t -l 'nccl-tests'
	keys Enter Enter
	check "pod ($term $size): nccl-tests's detail" "^process 4100150 +nccl-tests"
	# the tree's etc/passwd's user, recorded: not the recording machine's
	check "users ($term $size): gpu-node's recorded user of uid 1001" "^USER +nccl *$"
	check_down "pod ($term $size): its cgroup" "^CGROUP +/kubepods/burstable/pod$r46_pod/"
	check "pod ($term $size): its pod and QoS class" \
		"^POD +$r46_pod \\(kubernetes, QoS burstable\\) *$"
	check "pod ($term $size): its container" "^CONTAINER +$r46_ctr *$"
	keys Escape q
done
fixture=$r46_fixture

# Words that agree with behaviour: e keeps the flow-control counters too
# (mlx5's pause and PFC counters, class flow), and says so on the status
# line and in the help.
fixture=$(realpath tests/data/hw/mlx5-roce/mlx5-roce.rdrec)
for ts in xterm-256color:80x24 vt100:80x24 xterm-256color:200x50; do
	term=${ts%:*} size=${ts#*:}
	start "$term" 1 "" "$size"
	wait_for "F1" 10
	keys Space 3 e	# paused: no end of recording said over it
	check "e ($term $size): the status line names flow control" \
		"errors, flushes, congestion and flow control only"
	keys F4
	tm send-keys -t t -l 'class=flow'
	keys Enter
	check "e ($term $size): the flow-control counters kept" "^mlx5_0 +1 +[a-z_0-9]+ .* flow( |$)"
	keys h
	check_down "e ($term $size): the help names flow control" \
		"counters: errors, flushes, congestion and flow( |$)"
	keys Escape q
done
fixture=$r46_fixture
