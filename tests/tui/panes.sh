# Sourced by tests/tui/run (its helpers: start, wait_for, tm, screen, ok,
# bad): every pane and its detail at 80x24, on xterm-256color and vt100,
# for every committed recording (the demo, tests/data/hw's, tests/net's):
# one dashboard per recording and terminal steps through the tabs (1-9, 0,
# Tab to SRQs and Groups), opens the first row's detail on each pane that
# has a row (Groups' Enter narrows the other tables, tests/tui/run checks
# it), and tests/tui/panes.py reads every capture back: no line wider than
# the terminal, the header lines, tab bar and footer intact, DEV, counter
# NAME, COMM and GROUP cells whole or cut with the mark.
# Prints the seconds it took.

# panes.py fails on a COMM cut without the mark, on a line past 80 cells
# and on a title line pushed out
mkdir -p "$tmp/pself/a" "$tmp/pself/b"
printf '{"processes":[{"comm":"ucx_perftest"}]}\n' >"$tmp/pself.json"
{
	printf 'rdmatop replay\ndevices 1\n1 QPs\n    PID COMM               UID\n'
	printf '   4100 ucx_perft             0\nF1Help\n'
} >"$tmp/pself/a/01-table-procs"
{
	printf 'rdmatop replay\ndevices 1\n1 QPs\n    PID COMM               UID\n'
	printf '   4100 ucx_p\xe2\x80\xa6test          0\nF1Help\n'
} >"$tmp/pself/b/01-table-procs"
printf 'devices 1\nrdmatop replay\n%081d\nEscBack\n' 0 >"$tmp/pself/b/02-detail-x"
pa=$(python3 tests/tui/panes.py 80x24 "$tmp/pself.json" "$tmp/pself/a")
pb=$(python3 tests/tui/panes.py 80x24 "$tmp/pself.json" "$tmp/pself/b")
if [[ $pa == *"COMM 'ucx_perft' is no name"* ]] && [[ $pb == *"81 cells wide"* ]] &&
	[[ $pb == *"header lines are not intact"* ]] && [[ $pb != *COMM* ]]; then
	ok "panes: panes.py refuses ucx_perft for ucx_perftest, a line of 81 cells, a moved title; takes ucx_p…test"
else
	bad "panes: panes.py self-test: $pa | $pb"
fi

# panes_wait REGEX: wait_for at a finer step (a replay redraws at once)
panes_wait() {
	local i
	for ((i = 0; i < 150 * slow; i++)); do
		screen
		grep -qE -- "$1" "$tmp/screen" && return 0
		sleep 0.03
	done
	return 1
}
panes_t0=$(date +%s.%N)
panes_recs=${RDMATOP_TUI_PANES_RECS:-"tests/data/demo.rdrec $(ls tests/data/hw/*/*.rdrec) tests/net/before-stats.rdrec"}
[ "${RDMATOP_TUI_SLOW:-0}" = 1 ] && panes_recs="tests/data/demo.rdrec tests/data/hw/gpu-node/gpu-node.rdrec"
# key|the pane's table header|name
panes_steps=("1|^DEV +PORT +LQPN|qps" "2|^ +PID +COMM|procs" "3|^DEV +PORT +NAME +VALUE|counters"
	"4|^DEV +PORT +CM_IDN|conns" "5|^DEV +PORT +NETDEV +|links" "6|^DEV +NODE +PROTO|devs"
	"7|^DEV +CQN|cqs" "8|^DEV +MRN|mrs" "9|^DEV +PDN|pds" "0|^DEV +CTXN|ctxs" "Tab|^DEV +SRQN|srqs"
	"Tab|^KIND +GROUP|groups")
fixture_saved=$fixture
panes_n=0
for rec in $panes_recs; do
	[ -e "$rec" ] || { bad "panes: no $rec"; continue; }
	name=$(basename "$rec" .rdrec)
	"$(realpath ./rdmatop)" -r "$rec" -j -n 1 >"$tmp/panes.json" 2>/dev/null </dev/null
	fixture=$(realpath "$rec")
	for term in xterm-256color vt100; do
		d=$tmp/panes-$name-$term
		rm -rf "$d"
		mkdir -p "$d"
		start "$term" 1 "" 80x24
		if ! wait_for "F1Help" 10; then
			bad "panes $name $term: no screen"
			continue
		fi
		keys Space
		faults="" k=0
		for step in "${panes_steps[@]}"; do
			IFS='|' read -r key re pane <<<"$step"
			tm send-keys -t t "$key"
			k=$((k + 1))
			if ! panes_wait "$re"; then
				faults="$faults $pane: no /$re/;"
				continue
			fi
			cp "$tmp/screen" "$d/$(printf %02d $k)-table-$pane"
			# a row under the header: its detail
			# a row under the header (not a note in parentheses): its
			# detail; Groups' Enter narrows the tables instead
			if [ "$pane" != groups ] &&
				awk -v re="$re" 'on { row = NF && $1 !~ /^\(/; exit } $0 ~ re { on = 1 } END { exit !row }' "$tmp/screen"; then
				tm send-keys -t t Enter
				if panes_wait "^EscBack"; then
					cp "$tmp/screen" "$d/$(printf %02d $k)-detail-$pane"
				else
					faults="$faults $pane: Enter opens no detail;"
				fi
				tm send-keys -t t BSpace
				panes_wait "$re" || faults="$faults $pane: BSpace does not return from the detail;"
			fi
		done
		out=$(python3 tests/tui/panes.py 80x24 "$tmp/panes.json" "$d")
		[[ $out == ok* ]] || faults="$faults $(echo "$out" | head -n 4 | tr '\n' ' ')"
		panes_n=$((panes_n + $(ls "$d" | wc -l)))
		if [ -z "$faults" ]; then
			ok "panes $name 80x24 $term: $(ls "$d" | grep -c table) tables, $(ls "$d" | grep -c detail) details intact, nothing cut without the mark"
		else
			bad "panes $name 80x24 $term:$faults"
		fi
		keys q
	done
done
fixture=$fixture_saved
echo "# panes: $panes_n screens in $(python3 -c "import sys; print('%.1f' % (float(sys.argv[2]) - float(sys.argv[1])))" "$panes_t0" "$(date +%s.%N)") s"
