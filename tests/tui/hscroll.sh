# Sourced by tests/tui/run: the Links tab and Left/Right (issue 46: at 80
# columns the Links tab showed DEV PORT STATE PHYS NETDEV RX/s TX/s ERR/s »,
# the link lines' columns again, and Left/Right did nothing).  The Links
# tab shows the network's columns right after DEV PORT NETDEV; Left/Right
# scroll the rest into view, the key columns (DEV, PORT) stay, « and »
# mark what is out of view; at 80x24 on a colour terminal and a vt100
# (marks in UTF-8 where the locale is, whatever the terminal), and at
# 200x50, where the network's columns, STATE and the rates all fit.
#   RDMATOP_TUI_FILE=tests/tui/hscroll.sh tests/tui/run   (these alone)
# With the order before (STATE, PHYS, NETDEV, the rates, ERR/s kept: the
# link lines' copy at 80x24, no FCS/s or SYMBOL/s at 200x50) they fail.
hs_fixture=$fixture
less='[«<]' more='[»>]'
# the Links tab's header: the second line that begins with DEV (the link
# lines' is the first)
links_hdr() { screen; grep -E '^DEV ' "$tmp/screen" | sed -n 2p; }
# hs_right ERE MAX: Right until the Links tab's header matches, at most MAX
# keys; prints how many it took
hs_right() {
	local i
	for ((i = 1; i <= $2; i++)); do
		keys Right
		links_hdr | grep -qE "$1" && break
	done
	echo "$i"
}
hs_net="PAUSE RX/s +PAUSE TX/s +DISCARD/s +FEC-UNCORR/s"
# the mlx5-roce fixture's storm at every size, before-stats.rdrec (src/net
# without STATS_GET) at 80x24
for run in mlx5-roce:xterm-256color:80x24 mlx5-roce:vt100:80x24 mlx5-roce:xterm-256color:200x50 \
	before-stats:xterm-256color:80x24; do
	name=${run%%:*} ts=${run#*:}
	case $name in
	before-stats) fixture=$(realpath tests/net/before-stats.rdrec) ;;
	*) fixture=$(realpath "tests/data/hw/$name/$name.rdrec") ;;
	esac
	term=${ts%:*} size=${ts#*:}
	start "$term" 1 "" "$size"
	wait_for "F1Help" 10
	keys 5
	check "links $name ($term $size): the link lines keep STATE and the rates" \
		"^DEV +PORT +STATE .*RX/s +TX/s .*ERR/s"
	check "links $name ($term $size): the Links tab, the network's columns first" \
		"^DEV +PORT +NETDEV +$hs_net"
	check "links $name ($term $size): the row's pauses, drops and FEC blocks" \
		"^mlx5_0 +1 +ens1f0np0 +4\.5M/s +1\.5K/s +2\.7K/s +10/s"
	hdr=$(links_hdr)
	if [ "$size" = 200x50 ]; then
		# the RX+TX history drawn, not escaped (its padding read "\x20 …")
		screen
		if grep -E '^mlx5_0 +1 +ACTIVE' "$tmp/screen" | grep -qE 'FAIL +[ ▁▂▃▄▅▆▇█]*[▁▂▃▄▅▆▇█] +[0-9.]+%' &&
			! grep -qF '\x20' "$tmp/screen"; then
			ok "links $name ($term $size): the RX+TX history drawn, no escape in it"
		else bad "links $name ($term $size): the RX+TX history drawn, no escape in it"; fi
		if grep -qE "$hs_net +FCS/s +SYMBOL/s +ERR/s +HEALTH +RXPWR +TEMP +STATE +PHYS .*RX/s +TX/s" <<<"$hdr"; then
			ok "links $name ($term $size): every network column, then STATE and the rates"
		else bad "links $name ($term $size): every network column, then STATE and the rates: $hdr"; fi
	elif grep -qE "FEC-UNCORR/s +$more *$" <<<"$hdr" && ! grep -qE "STATE|RX/s +TX/s" <<<"$hdr"; then
		ok "links $name ($term $size): not the link lines' copy, the mark at the edge"
	else bad "links $name ($term $size): not the link lines' copy, the mark at the edge: $hdr"; fi
	if [ "$name" = mlx5-roce ] && [ "$size" = 80x24 ]; then
		# Right until HEALTH shows: one column a key, NETDEV out first
		i=$(hs_right HEALTH 8)
		hdr=$(links_hdr)
		if grep -qE "^DEV +PORT +.*SYMBOL/s +ERR/s +HEALTH .*$less$more *$" <<<"$hdr" &&
			! grep -q NETDEV <<<"$hdr"; then
			ok "links $name ($term $size): HEALTH reached with Right ($i keys), DEV PORT kept, both marks"
		else bad "links $name ($term $size): HEALTH reached with Right ($i keys), DEV PORT kept, both marks: $hdr"; fi
		# on to STATE, then the rates
		i=$(hs_right STATE 8)
		hdr=$(links_hdr)
		if grep -qE "^DEV +PORT +.*HEALTH .*STATE " <<<"$hdr"; then
			ok "links $name ($term $size): STATE further right ($i keys more)"
		else bad "links $name ($term $size): STATE further right ($i keys more): $hdr"; fi
		i=$(hs_right "RX/s +TX/s" 12)
		hdr=$(links_hdr)
		if grep -qE "^DEV +PORT +.*RX/s +TX/s" <<<"$hdr"; then
			ok "links $name ($term $size): RX/s and TX/s further right ($i keys more)"
		else bad "links $name ($term $size): RX/s and TX/s further right ($i keys more): $hdr"; fi
		for j in $(seq 1 16); do keys Left; done
		check "links $name ($term $size): Left back to the first columns" "^DEV +PORT +NETDEV +PAUSE RX/s "
		check "links $name ($term $size): Left at the first column says so" "the first column is on screen"
		check_not "links $name ($term $size): no left mark there" "$less *$more? *\$"
	fi
	keys q
done
# InfiniBand has no netdev to read: no pause, FEC or FCS columns of n/a,
# the PMA's drops and symbol errors first
fixture=$(realpath tests/data/hw/mlx5-ib/mlx5-ib.rdrec)
for ts in vt100:80x24 xterm-256color:200x50; do
	term=${ts%:*} size=${ts#*:}
	start "$term" 1 "" "$size"
	wait_for "F1Help" 10
	keys 5
	check "links mlx5-ib ($term $size): DISCARD/s and SYMBOL/s first, then ERR/s, HEALTH, STATE" \
		"^DEV +PORT +NETDEV +DISCARD/s +SYMBOL/s +ERR/s +HEALTH +STATE +PHYS "
	check "links mlx5-ib ($term $size): the PMA's values" "^mlx5_0 +1 +n/a +0/s +0/s +1/s +WARN +ACTIVE +LINK_UP"
	check_not "links mlx5-ib ($term $size): no netdev-only column" "PAUSE RX/s|PAUSE TX/s|FEC-UNCORR/s|FCS/s|RXPWR"
	keys q
done
fixture=$hs_fixture
