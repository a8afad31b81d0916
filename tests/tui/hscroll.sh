# Sourced by tests/tui/run: Left/Right scroll a table's columns (issue 46:
# at 80 columns the Links tab showed DEV PORT STATE PHYS NETDEV RX/s TX/s
# ERR/s », and Left/Right did nothing): the key columns stay, every other
# column one key away, « and » mark those out of view; at 80x24 on a
# colour terminal and a vt100 (ASCII marks: < >), and at 200x50.
#   RDMATOP_TUI_FILE=tests/tui/hscroll.sh tests/tui/run   (these alone)
hs_fixture=$fixture
fixture=$(realpath tests/data/hw/mlx5-roce/mlx5-roce.rdrec)
for ts in xterm-256color:80x24 vt100:80x24 xterm-256color:200x50; do
	term=${ts%:*} size=${ts#*:}
	# (UTF-8 marks where the locale is UTF-8, whatever the terminal)
	less='[«<]' more='[»>]'
	start "$term" 1 "" "$size"
	wait_for "F1Help" 10
	keys 5
	check "hscroll ($term $size): the Links tab" "^DEV +PORT +STATE "
	if [ "$size" = 80x24 ]; then
		check_not "hscroll ($term $size): PAUSE RX/s off screen at first" "PAUSE RX/s"
		check "hscroll ($term $size): the mark of the columns to the right" "ERR/s +$more *$"
		# Right until the pause column shows: one column a key, at most 8
		for i in 1 2 3 4 5 6 7 8; do
			keys Right
			wait_for "PAUSE RX/s" 1 && break
		done
		check "hscroll ($term $size): PAUSE RX/s reached with Right ($i keys)" "^DEV +PORT +STATE .*PAUSE RX/s"
		check "hscroll ($term $size): the key columns stay" "^DEV +PORT +STATE +RX/s +TX/s +ERR/s "
		check "hscroll ($term $size): the mark of the columns to the left" "$less$more? *$"
		check "hscroll ($term $size): the row's pause rate under its header" "^mlx5_0 +1 +ACTIVE .*/s +[0-9.]+[KM]?/s"
		for j in 1 2 3 4 5 6 7 8 9; do keys Left; done
		check "hscroll ($term $size): Left back to the first columns" "^DEV +PORT +STATE +PHYS +NETDEV "
		check "hscroll ($term $size): Left at the first column says so" "the first column is on screen"
		check_not "hscroll ($term $size): no left mark there" "$less *$more? *\$"
	else
		check "hscroll ($term $size): every column fits, PAUSE RX/s among them" "PAUSE RX/s"
	fi
	keys q
done
fixture=$hs_fixture
