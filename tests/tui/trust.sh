# Sourced by tests/tui/run (its helpers: start, check, check_not, keys,
# screen, ok, bad): what the screen says is so, at 80x24 (a colour terminal
# and a vt100) and at 200x50, on the recordings of real hardware (issue 46:
# each section says what once was not).
#   RDMATOP_TUI_FILE=tests/tui/trust.sh tests/tui/run   (these alone)

trust_sizes="xterm-256color:80x24 vt100:80x24 xterm-256color:200x50"
[ "${RDMATOP_TUI_SLOW:-0}" = 1 ] && trust_sizes="xterm-256color:80x24 vt100:80x24"
# attr TEXT [N]: the attributes of the Nth TEXT on the screen (attrs.py;
# -1: the last, the prompt's)
attr() {
	tm capture-pane -e -p -t t >"$tmp/escreen" 2>/dev/null
	python3 tests/tui/attrs.py "$tmp/escreen" "$@"
}
# prompt_line: the key bar's row, the prompt
prompt_line() { screen; tail -n 1 "$tmp/screen"; }

fixture_saved=$fixture
fixture=$(realpath tests/data/hw/mlx5-roce/mlx5-roce.rdrec)

# ---- the prompts: one opened with text has it selected, in reverse video
# (on a vt100 too); typing replaces it (it once appended:
# "filter: state=ERRcomm~nccl"), Backspace deletes it, End, Right, Left and
# Home unselect it and edit it; the search's opens with the last search
for ts in $trust_sizes; do
	term=${ts%:*} size=${ts#*:}
	start "$term" 1 "" "$size"
	wait_for "F1Help" 10
	keys F4
	check "prompt ($term $size): the filter's, empty" "^filter: _ *$"
	tm send-keys -t t -l 'state=ERR'
	keys Enter
	check "prompt ($term $size): filter state=ERR" "^mlx5_0 .* ERR .*nccl-tests"
	keys F4
	check "prompt ($term $size): opens with the filter in force" "^filter: state=ERR_ *$"
	a=$(attr "state=ERR" -1) q=$(attr "filter: " -1)
	if [[ " $a " == *" reverse "* || " $a " == *" bg="* ]] && [ "$a" != "$q" ]; then
		ok "prompt ($term $size): the text selected, in reverse video or on a colour ($a; the question: $q)"
	else bad "prompt ($term $size): the text selected, in reverse video or on a colour ($a; the question: $q)"; fi
	tm send-keys -t t -l 'comm~nccl'
	check "prompt ($term $size): typing replaces the selection" "^filter: comm~nccl_ *$"
	check_not "prompt ($term $size): not appended to it" "state=ERRcomm"
	a=$(attr "comm~nccl" -1) q=$(attr "filter: " -1)
	if [ "$a" = "$q" ]; then ok "prompt ($term $size): typed text not selected ($a)"
	else bad "prompt ($term $size): typed text not selected ($a; the question: $q)"; fi
	keys Enter
	check "prompt ($term $size): filter comm~nccl" "^mlx5_0 .*nccl-tests"
	check_not "prompt ($term $size): filter comm~nccl alone" "ucx_perftest"
	# End: the filter edited at its end
	keys F4 End
	a=$(attr "comm~nccl" -1) q=$(attr "filter: " -1)
	if [ "$a" = "$q" ]; then ok "prompt ($term $size): End unselects ($a)"
	else bad "prompt ($term $size): End unselects ($a; the question: $q)"; fi
	tm send-keys -t t -l ',state=ERR'
	check "prompt ($term $size): End, then typing adds" "^filter: comm~nccl,state=ERR_ *$"
	keys Escape
	# Right likewise; Left, Home: edited where the cursor is
	keys F4 Right
	tm send-keys -t t -l 'x'
	check "prompt ($term $size): Right, then typing adds" "^filter: comm~ncclx_ *$"
	keys Left Left BSpace
	check "prompt ($term $size): Left, Backspace: the one before the cursor" "^filter: comm~nclx *$"
	keys Home
	tm send-keys -t t -l 'Z'
	check "prompt ($term $size): Home, then typing goes first" "^filter: Zcomm~nclx *$"
	keys Escape
	# Backspace deletes the selection: Enter then clears the filter
	keys F4 BSpace
	check "prompt ($term $size): Backspace deletes the selection" "^filter: _ *$"
	keys Enter
	check "prompt ($term $size): the filter cleared" "ucx_perftest"
	# the search opens with the last one, selected
	keys /
	tm send-keys -t t -l 'ib_write'
	keys Enter
	check "prompt ($term $size): search" "ib_write_bw"
	keys /
	check "prompt ($term $size): the search's opens with the last search" "^search: ib_write_ *$"
	a=$(attr "ib_write" -1) q=$(attr "search: " -1)
	if [[ " $a " == *" reverse "* || " $a " == *" bg="* ]] && [ "$a" != "$q" ]; then
		ok "prompt ($term $size): the last search selected ($a; the question: $q)"
	else bad "prompt ($term $size): the last search selected ($a; the question: $q)"; fi
	tm send-keys -t t -l 'ucx'
	check "prompt ($term $size): the search typed replaces it" "^search: ucx_ *$"
	keys Escape q
done
fixture=$fixture_saved

# ---- the status line has one writer: the filter in force always first
# (a hardware recording's two-row CAP_NET_ADMIN note once took its place),
# then the last message until the next key, else the sample's note; help,
# the column setup, the sort list and the details are pages below it that
# clear what they cover (the help's first row once read "rh ?  F1see
# them", the setup's "... 26 of 28 shownkeys (rkey, lkey) and PD keys: run
# as": the note's rows under them)
note="without CAP_NET_ADMIN the kernel hides MR keys"
fixture=$(realpath tests/data/hw/mlx5-roce/mlx5-roce.rdrec)
for ts in $trust_sizes; do
	term=${ts%:*} size=${ts#*:}
	start "$term" 1 "" "$size"
	check "status ($term $size): the replay at its end" "end of recording"
	keys x	# a key: the message ends, the note is said again
	check "status ($term $size): the note" "^$note"
	keys F1
	check "help ($term $size): its first row whole" "^ h \\?  F1 +this help"
	check_not "help ($term $size): nothing of the note over it" "F1see|see them +this help|^r[ h]"
	check "help ($term $size): the note above it, as it was" "^$note"
	# the network's words, below the keys (issue: help never said pause, PFC,
	# discards or FEC)
	# PgDn until its row is on screen (at most 12 pages)
	for i in 1 2 3 4 5 6 7 8 9 10 11 12; do
		wait_for "^ network +the line under" 1 && break
		keys NPage
	done
	check "help ($term $size): says where pauses, PFC, discards and FEC are" \
		"^ network +the line under the header: the worst port"
	keys Down Down Down
	for w in "pause frames" "PFC per" "discards" "FEC"; do
		check "help ($term $size): ... names $w" "$w"
	done
	keys Home
	keys Escape F2
	check "setup ($term $size): its title" "^Columns of the qps table: [0-9]+ of [0-9]+ shown *$"
	check_not "setup ($term $size): nothing of the note after it" "shown[^ ]"
	keys Escape F6
	check "sort list ($term $size): its title whole" "^Sort the qps table by \\(now: [^)]*\\) *$"
	keys Escape
	# the filter in force: first on the status line, whatever else it says
	keys F4
	tm send-keys -t t -l 'state=ERR'
	keys Enter
	check "status ($term $size): the filter beside the note" "^filter: state=ERR \\| $note"
	keys +
	check "status ($term $size): the filter beside a message" "^filter: state=ERR \\| refresh interval 2s"
	keys F1
	check "status ($term $size): the filter over the help" "^filter: state=ERR \\| $note"
	keys Escape Enter
	check "status ($term $size): a QP's detail" "^QP 320 on mlx5_0"
	check "status ($term $size): the filter over a detail" "^filter: state=ERR"
	keys Escape p
	check "status ($term $size): p adds its process" "^filter: state=ERR,process=4100150 \\| showing process 4100150"
	keys Escape
	check "status ($term $size): Esc clears it, says so" "^filter cleared"
	check_not "status ($term $size): no filter said once cleared" "^filter: "
	keys q
done
fixture=$fixture_saved

# ---- an alert is not the selection: on a vt100 both were bold reverse
# video (the link line's ERR/s 2.7K/s and the selected QP row); the mono
# theme's alert is bold and underlined
fixture=$(realpath tests/data/hw/mlx5-roce/mlx5-roce.rdrec)
for ts in $trust_sizes; do
	term=${ts%:*} size=${ts#*:}
	start "$term" 1 "" "$size"
	check "alert ($term $size): the link's ERR/s" "^mlx5_0 .* 2\\.7K/s +FAIL"
	check "alert ($term $size): the first QP row" "^mlx5_0 +1 +1 +n/a GSI"
	alert=$(attr "2.7K/s") sel=$(attr "mlx5_0        1       1 ")
	if [[ " $sel " == *" reverse "* || " $sel " == *" bg="* ]] && [ "$alert" != "$sel" ] &&
		[[ " $alert " != *" reverse "* ]]; then
		ok "alert ($term $size): ERR/s ($alert) unlike the selection ($sel), not reverse"
	else bad "alert ($term $size): ERR/s ($alert) unlike the selection ($sel), not reverse"; fi
	keys q
done
fixture=$fixture_saved

# ---- a count agrees with its noun: "1 rows" in the tab bar, "last 1
# samples" over a link's graphs once were
fixture=$(realpath tests/data/hw/mlx5-roce/mlx5-roce.rdrec)
for ts in $trust_sizes; do
	term=${ts%:*} size=${ts#*:}
	# the first sample held (a jump back keeps the graphs' history: a
	# graph of one sample is the first one's)
	start "$term" 60 "" "$size"
	wait_for "F1Help" 10
	keys Space
	check "plural ($term $size): at the first sample" "sample 1 .*PAUSED"
	keys 5 Enter
	check_down "plural ($term $size): a graph of one sample" "^RX throughput \\(top of scale .*, last 1 sample\\)"
	check_not "plural ($term $size): no \"1 samples\"" "last 1 samples"
	keys Escape 1 F4
	tm send-keys -t t -l 'state=ERR'
	keys Enter
	check "plural ($term $size): one QP in ERR" "^mlx5_0 .* ERR .*nccl-tests"
	if [ "$size" = 200x50 ]; then
		check "plural ($term $size): the tab bar's count" "Groups .* (1 row|rows 1-1 of 1) *$"
		check_not "plural ($term $size): no \"1 rows\"" " 1 rows"
	fi
	keys q
done
fixture=$fixture_saved

# ---- the help says which keys close it: it said "other keys close" while
# q quits
fixture=$(realpath tests/data/hw/mlx5-roce/mlx5-roce.rdrec)
for ts in $trust_sizes; do
	term=${ts%:*} size=${ts#*:}
	start "$term" 1 "" "$size"
	wait_for "F1Help" 10
	keys F1
	check "help ($term $size): says q quits, other keys close" \
		"^Keys +lines [0-9]+-[0-9]+ of [0-9]+ +PgUp PgDn Home End: scroll +q quits, other keys close"
	check "help ($term $size): its own row says so" "scroll it; q( |$)"
	keys x
	check "help ($term $size): another key closes it" "^DEV +PORT +LQPN"
	keys F1 q
	check "help ($term $size): q quits" "EXITED:0"
done
fixture=$fixture_saved
