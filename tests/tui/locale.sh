# Sourced by tests/tui/run: the dashboard under LC_ALL=de_DE.UTF-8, a
# locale whose decimal mark is a comma.  The screen took every category
# of the locale (LC_ALL=""), so its header read "every 1,0s" beside the
# table's "2.2 Gb/s" (and the cluster view's strtod() refused every
# "1.5" Prometheus sent: tests/cluster/tui.sh).  The dashboard takes the
# character type alone, as -b does: the same screen, byte for byte, as
# under C.UTF-8, and UTF-8 marks still drawn.
#   RDMATOP_TUI_FILE=tests/tui/locale.sh tests/tui/run   (these alone)
# With setlocale(LC_ALL, "") in src/ui/screen.c they fail.
if ! locale -a 2>/dev/null | grep -qix 'de_DE.utf-\{0,1\}8'; then
	# a missing locale would fall back to C and prove nothing
	bad "locale: de_DE.UTF-8 is not generated (sh tests/deps.sh makes it)"
else
	lc_fixture=$fixture
	fixture=$(realpath tests/data/hw/mlx5-roce/mlx5-roce.rdrec)
	for lc in LANG=C.UTF-8 LC_ALL=de_DE.UTF-8; do
		tui_locale=$lc
		start xterm-256color 1 "" 80x24
		wait_for "sample 2 of 2" 10
		keys 5
		check "locale $lc: the Links tab" "^DEV +PORT +NETDEV +PAUSE RX/s"
		cp "$tmp/screen" "$tmp/screen.${lc#*=}"
	done
	unset tui_locale
	fixture=$lc_fixture
	check "locale LC_ALL=de_DE.UTF-8: the header's interval with a point" "every 1\.0s"
	check "locale LC_ALL=de_DE.UTF-8: the pause rate with a point" "^mlx5_0 +1 +ens1f0np0 +4\.5M/s "
	check "locale LC_ALL=de_DE.UTF-8: the mark of more columns in UTF-8" "FEC-UNCORR/s +»"
	if cmp -s "$tmp/screen.C.UTF-8" "$tmp/screen.de_DE.UTF-8"; then
		ok "locale: the screen under de_DE.UTF-8 is the screen under C.UTF-8"
	else
		bad "locale: the screen under de_DE.UTF-8 is the screen under C.UTF-8: $(diff "$tmp/screen.C.UTF-8" "$tmp/screen.de_DE.UTF-8" | head -n 4 | tr '\n' ' ')"
	fi
fi
