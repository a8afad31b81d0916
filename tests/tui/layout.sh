# Sourced by tests/tui/run (its helpers: start, check, keys, screen, ok,
# bad): the layout rule (src/ui/fit.c) on the demo and every tests/data/hw
# recording at 80x24, and on the ones with two devices or a sub-device at
# 200x50: the key columns of the link lines, QPs, Processes, Counters and
# Links present (on Links the network's columns after DEV PORT NETDEV, not
# the link lines' copy), every DEV and counter NAME whole or cut with the
# mark into one name only, two devices never drawn the same
# (tests/tui/names.py against the recording's own JSON).

# names.py fails on a cut without the mark and on two names read the same
printf 'DEV        PORT STATE\nrocep24s0f    1 ACTIVE\n' >"$tmp/cut.screen"
printf '{"links":[{"ifname":"rocep24s0f0"},{"ifname":"rocep24s0f1"}]}\n' >"$tmp/cut.json"
printf 'DEV        PORT STATE\nroce~s0f0    1 ACTIVE\nroce~s0f1    1 ACTIVE\n' >"$tmp/mark.screen"
if ! python3 tests/tui/names.py "$tmp/cut.screen" "$tmp/cut.json" >/dev/null &&
	python3 tests/tui/names.py "$tmp/mark.screen" "$tmp/cut.json" >/dev/null; then
	ok "layout: names.py refuses rocep24s0f for rocep24s0f0/1, takes roce~s0f0 and roce~s0f1"
else
	bad "layout: names.py cannot tell a cut name from a marked one"
fi

layout_recs="tests/data/demo.rdrec $(ls tests/data/hw/*/*.rdrec)"
layout_wide="demo irdma mlx5-ib-sat gpu-node"
if [ "${RDMATOP_TUI_SLOW:-0}" = 1 ]; then
	# under valgrind: one of each shape covers the code
	layout_recs="tests/data/demo.rdrec tests/data/hw/irdma/irdma.rdrec tests/data/hw/mlx5-ib-sat/mlx5-ib-sat.rdrec"
	layout_wide="irdma"
fi
fixture_saved=$fixture
for rec in $layout_recs; do
	name=$(basename "$rec" .rdrec)
	"$(realpath ./rdmatop)" -r "$rec" -j -n 1 >"$tmp/layout.json" 2>/dev/null </dev/null
	sizes_l=80x24
	case " $layout_wide " in *" $name "*) sizes_l="80x24 200x50" ;; esac
	fixture=$(realpath "$rec")
	for size in $sizes_l; do
		start screen-256color 1 "" "$size"
		if ! wait_for "F1Help" 10; then
			bad "layout $name $size: no screen"
			continue
		fi
		keys Space
		faults=""
		# pane key, the table's header with its key columns
		for pane in "1|^DEV +PORT +LQPN .*STATE +PSN/s +PID +COMM" \
			"2|^ +PID +COMM .* QP .*PSN/s" \
			"3|^DEV +PORT +NAME +VALUE +RATE/s" \
			"5|^DEV +PORT +NETDEV +(PAUSE RX/s|DISCARD/s +SYMBOL/s +ERR/s) "; do
			keys "${pane%%|*}"
			if ! wait_for "${pane#*|}" 5; then
				faults="$faults pane ${pane%%|*}: no /${pane#*|}/;"
				continue
			fi
			# the link lines above every table: DEV PORT STATE RX/s TX/s ERR/s
			grep -qE '^DEV +PORT +STATE .*RX/s +TX/s .*ERR/s' "$tmp/screen" ||
				faults="$faults pane ${pane%%|*}: the link lines lack a key column;"
			out=$(python3 tests/tui/names.py "$tmp/screen" "$tmp/layout.json")
			[ "$out" = ok ] || faults="$faults pane ${pane%%|*}: $(echo "$out" | head -n 2 | tr '\n' ' ');"
		done
		if [ -z "$faults" ]; then
			ok "layout $name $size: key columns on QPs, Processes, Counters, Links and the link lines; names whole or marked"
		else
			bad "layout $name $size:$faults"
			sed 's/^/    /' "$tmp/screen" | head -n 12
		fi
		keys q
	done
done
fixture=$fixture_saved
