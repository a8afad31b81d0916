# Sourced by tests/tui/run: the tables of issue 46, at 80x24 on a colour
# terminal and a vt100, and at 200x50, on the mlx5 RoCE recording.
#   RDMATOP_TUI_FILE=tests/tui/tables.sh tests/tui/run   (these alone)
tb_fixture=$fixture
fixture=$(realpath tests/data/hw/mlx5-roce/mlx5-roce.rdrec)
# the tab bar's line, and the position at its right end: first, last, total
tab_line() { grep -E '^ ?1 ?QPs? ' "$tmp/screen" | head -n 1; }
# tab_pos: "first last total" of the position on the tab bar, or nothing
tab_pos() {
	# (after a space, or after the mark of tabs cut before it)
	tab_line | sed -nE 's/.*[ >](rows )?([0-9]+)-([0-9]+)(\/| of )([0-9]+) *$/\2 \3 \5/p'
}
# rows_shown: how many table rows are under the header (to the key bar)
rows_shown() { column_values "$1" 1 | grep -c .; }
for ts in xterm-256color:80x24 vt100:80x24 xterm-256color:200x50; do
	term=${ts%:*} size=${ts#*:}
	start "$term" 1 "" "$size"
	wait_for "F1Help" 10
	keys 3
	wait_for "^DEV +PORT +NAME " 5
	# ---- 1. the window's position on every table: first-last/total
	for k in 1 2 3 4 5 6 7 8 9 0 g Tab; do
		keys "$k"
		sleep 0.3; screen
		read -r first last total <<<"$(tab_pos)"
		if [ -n "${total:-}" ] && [ "$first" -le "$last" ] && [ "$last" -le "$total" ]; then
			ok "tables ($term $size): tab $k shows its position ($first-$last/$total)"
		else
			bad "tables ($term $size): tab $k shows its position (want N-M/T on the tab bar)"
		fi
	done
	keys 3
	wait_for "^DEV +PORT +NAME " 5
	read -r first last total <<<"$(tab_pos)"
	n=$(rows_shown "^DEV +PORT +NAME ")
	[ "${first:-}" = 1 ] && [ "$((last - first + 1))" = "$n" ] &&
		ok "tables ($term $size): counters at the top: 1-$last/$total, $n rows shown" ||
		bad "tables ($term $size): counters at the top: 1-N, N the rows shown ($n; tab bar: ${first:-}-${last:-}/${total:-})"
	keys End
	sleep 0.3; screen
	read -r first last total <<<"$(tab_pos)"
	[ -n "${total:-}" ] && [ "$last" = "$total" ] && [ "$first" -gt 1 ] &&
		ok "tables ($term $size): End shows the last rows ($first-$last/$total)" ||
		bad "tables ($term $size): End shows the last rows (tab bar: ${first:-}-${last:-}/${total:-})"
	keys Home
	if [ "$size" = 80x24 ]; then
		check_not "tables ($term $size): no tab cut" "^1 ?QP.*>$"
		# ---- 4. every tab's key shown at 80 columns, g of Groups too
		check "tables ($term $size): every tab with its key" \
			"^1QPs? 2Procs? 3Cntrs? 4Conns? 5Links? 6Devs? 7CQs? 8MRs? 9PDs? 0CTXs? SRQs? gGrps?( FRMR)? "
	else
		check "tables ($term $size): the position in words" "^ 1 QPs .* rows 1-[0-9]+ of [0-9]+ *$"
	fi
	# ---- 2. sorting shows the busiest rows: 3, e, > x5 (RATE/s, high to
	# low) left the selection on a 0/s row, 4.5M/s rows above the window
	keys e
	for i in 1 2 3 4 5; do keys '>'; done
	wait_for "RATE/s. " 5
	check "tables ($term $size): by RATE/s the busiest on the first row" \
		"^DEV +PORT +NAME .*RATE/s[v▼]" 5
	hdr=$(grep -nE '^DEV +PORT +NAME ' "$tmp/screen" | head -n 1 | cut -d: -f1)
	sed -n "$((hdr + 1))p" "$tmp/screen" | grep -qE ' 4\.5M/s ' &&
		ok "tables ($term $size): the 4.5M/s rows at the window's top" ||
		bad "tables ($term $size): the 4.5M/s rows at the window's top (row 1: $(sed -n "$((hdr + 1))p" "$tmp/screen"))"
	read -r first last total <<<"$(tab_pos)"
	[ "${first:-}" = 1 ] && ok "tables ($term $size): sorted: the window from row 1" ||
		bad "tables ($term $size): sorted: the window from row 1 (${first:-}-${last:-}/${total:-})"
	# from the last row: the selection moves to the top, said once
	keys End
	keys R
	check "tables ($term $size): R from the last row says where the selection went" \
		"sorted by RATE/s .: the selection moved to the first row" 5
	read -r first last total <<<"$(tab_pos)"
	[ "${first:-}" = 1 ] && ok "tables ($term $size): reversed: the window from row 1" ||
		bad "tables ($term $size): reversed: the window from row 1 (${first:-}-${last:-}/${total:-})"
	keys Down
	check_not "tables ($term $size): said once (gone at the next key)" "the selection moved to the first row"
	keys e
	# a selection on the first screen (8 QPs) stays where it is, unsaid
	keys 1
	keys Down Down '>'
	check_not "tables ($term $size): a selection on the first screen: nothing said" "the selection moved"
	keys q
done

# ---- 3. saturated counters ("sat": the rate not known) sort together as
# the largest unknown: above every known rate high to low, below low to
# high (symbol_error was on top, link_downed among the 0/s rows)
fixture=$(realpath tests/data/hw/mlx5-ib-sat/mlx5-ib-sat.rdrec)
# sat_rows FIRST|LAST: the RATE/s of the first (last) 7 table rows, "sat" each
sat_rows() {
	column_values "^DEV +PORT +NAME " 5 | grep -v '^$' | if [ "$1" = first ]; then head -n 7; else tail -n 7; fi |
		grep -c '^sat$'
}
for ts in xterm-256color:80x24 vt100:80x24 xterm-256color:200x50; do
	term=${ts%:*} size=${ts#*:}
	start "$term" 1 "" "$size"
	wait_for "F1Help" 10
	keys 3 e
	for i in 1 2 3 4 5; do keys '>'; done
	wait_for "RATE/s[v▼]" 5
	n=$(sat_rows first)
	[ "$n" = 7 ] && ok "tables ($term $size): high to low, the 7 saturated rates first" ||
		bad "tables ($term $size): high to low, the 7 saturated rates first ($n of the first 7 rows)"
	keys R End
	wait_for "RATE/s[\\^▲]" 5
	n=$(sat_rows last)
	[ "$n" = 7 ] && ok "tables ($term $size): low to high, the 7 saturated rates last" ||
		bad "tables ($term $size): low to high, the 7 saturated rates last ($n of the last 7 rows)"
	keys q
done
fixture=$tb_fixture

# ---- 5. FLAPS is the kernel's count since boot or driver load (4-5 on
# every recording, LASTCHG n/a): the link's detail and help say so
fixture=$(realpath tests/data/hw/mlx5-roce/mlx5-roce.rdrec)
for ts in xterm-256color:80x24 vt100:80x24 xterm-256color:200x50; do
	term=${ts%:*} size=${ts#*:}
	start "$term" 1 "" "$size"
	wait_sample
	keys 5 Enter
	check_down "tables ($term $size): the link's counts said since boot, not since start" \
		"^ +\(the kernel's counts since boot or driver load, not since rdmatop started\)"
	keys Escape F1
	check_down "tables ($term $size): help's FLAPS since boot" \
		"^ FLAPS +link downs the kernel counted since boot"
	keys Escape q
done
fixture=$tb_fixture

# ---- 6. a repeated note said once: on gpu-node ethtool netlink answered
# "no such netdev here" for eight parts (six in its recording before the
# standard statistics and the module were asked for), a line each beside
# the netdev's carrier counts (from sysfs); one line says whose answer, one
# the parts (at 80 columns cut in the seventh, with its mark)
fixture=$(realpath tests/data/hw/gpu-node/gpu-node.rdrec)
for ts in xterm-256color:80x24 vt100:80x24 xterm-256color:200x50; do
	term=${ts%:*} size=${ts#*:}
	start "$term" 1 "" "$size"
	wait_sample
	keys 5 Enter
	check_down "tables ($term $size): the reason once, said as ethtool netlink's" \
		"^  ethtool netlink: no such netdev here \(gone, or in another namespace\):$"
	check "tables ($term $size): the parts it holds for, on one line" \
		"^    dcb, pause, fec, linkstate, linkmodes, driver statistics, standard statist(ics, module|…>)$" 2
	n=$(grep -c "no such netdev here" "$tmp/screen")
	[ "$n" = 1 ] && ok "tables ($term $size): \"no such netdev here\" once" ||
		bad "tables ($term $size): \"no such netdev here\" once ($n times)"
	keys Escape q
done
fixture=$tb_fixture
