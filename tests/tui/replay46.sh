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
		wait_for "F1" 10
		keys Space 2 Enter
		check "users ($term $size): the recorded name in the process's detail" "^USER +rec-alice *$"
		keys Escape q
		fixture=$r46_old
		start "$term" 1 "" "$size"
		wait_for "F1" 10
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
