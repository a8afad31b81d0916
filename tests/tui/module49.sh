# Sourced by tests/tui/run: the transceiver module (issue 49) on screen, from
# tests/net/module.rdrec (tests/hw/module.sh's recording: the mlx5-roce
# fixture with a QSFP28 whose lane 3 receives 0.05 mW, under its low
# warning): the verdict line, the Links columns RXPWR and TEMP, the link
# drill-down's module section with its thresholds and the lane marked; at
# 80x24 on a colour terminal and a vt100, and at 200x50.
#   RDMATOP_TUI_FILE=tests/tui/module49.sh tests/tui/run   (these alone)
m49_fixture=$fixture
fixture=$(realpath tests/net/module.rdrec)
for ts in xterm-256color:80x24 vt100:80x24 xterm-256color:200x50; do
	term=${ts%:*} size=${ts#*:}
	start "$term" 1 "--columns links:dev,port,netdev,health,rx_power,temperature" "$size"
	check "module ($term $size): the verdict names the lane under its warning" \
		"^WARN mlx5_0/1 ens1f0np0: RX power -13\.0 dBm lane 3"
	keys 5
	check "module ($term $size): Links has RXPWR and TEMP" "^DEV +PORT +NETDEV +HEALTH +RXPWR +TEMP *$"
	check "module ($term $size): the lowest lane's dBm and the temperature" \
		"^mlx5_0 +1 +ens1f0np0 +WARN +-13\.0 +38\.5 *$"
	keys Enter
	check "module ($term $size): the drill-down's verdict says the module's threshold" \
		"WARN RX power -13\.0 dBm lane 3 \(< -10\.30 dBm, its low warning\)"
	check_down "module ($term $size): the module's identity" \
		"QSFP28 ACME OPTICS QSFP28-SR4-100G rev A1, serial ACM2049X0001 \(SFF-8636\)"
	check_down "module ($term $size): lane 3 marked past its threshold, its flag named" \
		"^  3 +7\.400 +0\.8600 +-0\.66 +0\.0500! +-13\.01! +RX lo warn *$"
	check_down "module ($term $size): the low warning row in the lanes' columns" \
		"^  lo warn +3\.000 +0\.1445 +-8\.40 +0\.0933 +-10\.30 *$"
	check_down "module ($term $size): temperature with its ranges, whole" \
		"^  temperature 38\.50 C, warning 0\.00\.\.70\.00, alarm -5\.00\.\.75\.00 *$"
	keys q
done
# the default Links table at 80x24: RXPWR and TEMP past the right edge,
# the mark says so; at 200x50 where they fit
for ts in xterm-256color:80x24 xterm-256color:200x50; do
	term=${ts%:*} size=${ts#*:}
	start "$term" 1 "" "$size"
	wait_for "F1Help" 10
	keys 5
	if [ "$size" = 80x24 ]; then
		check "module ($term $size): default Links: columns cut with the mark" "^DEV +PORT .*[»>] *$"
		for i in $(seq 1 30); do
			keys Right
			wait_for "RXPWR" 1 && break
		done
		check "module ($term $size): RXPWR and TEMP reached with Right" "RXPWR +TEMP"
	else
		check "module ($term $size): default Links: RXPWR and TEMP fit, or the mark" \
			"^DEV +PORT .*(RXPWR +TEMP|[»>]) *$"
	fi
	keys q
done
fixture=$m49_fixture
