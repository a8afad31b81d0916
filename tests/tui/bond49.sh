# Sourced by tests/tui/run: a bond's port (issue 49, lower devices) on
# screen, from tests/net/bond-lag.rdrec (tests/hw/bond.sh's recording:
# mlx5-roce's port on bond0, an 802.3ad bond over the mlx5 netdevs
# ens1f0np0 and ens1f1np1, whose DCB, ethtool netlink and ethtool -S hold
# the figures; bond0 none): the verdict sees the slaves' pause storm on
# the bond's port, and the link drill-down's per-slave lines and the
# port's sum beneath add up, at 80x24 on a colour terminal and a vt100,
# and at 200x50.
#   RDMATOP_TUI_FILE=tests/tui/bond49.sh tests/tui/run   (these alone)
b49_fixture=$fixture
fixture=$(realpath tests/net/bond-lag.rdrec)
for ts in xterm-256color:80x24 vt100:80x24 xterm-256color:200x50; do
	term=${ts%:*} size=${ts#*:}
	start "$term" 1 "" "$size"
	check "bond ($term $size): the verdict on bond0 says the slaves' pauses" \
		"^FAIL mlx5_0/1 bond0: prio 3 paused 9[0-9]%"
	keys 5
	keys Enter
	# bond0 has no DCB or FEC of its own: the slaves' stand for it (it
	# read "bond0: PFC on priorities n/a", "FEC n/a" and PFC n/a a prio)
	check_down "bond ($term $size): each slave's PFC" \
		"^  ens1f1np1: PFC on priorities 3, delay 32 *$"
	check_down "bond ($term $size): the slaves' FEC, n/a where one said nothing" \
		"^  FEC ens1f0np0 RS, ens1f1np1 n/a, uncorrectable "
	check_down "bond ($term $size): priority 3's PFC on, from the slaves" \
		"^ +3 on +[0-9.]+M +"
	check_down "bond ($term $size): the drill-down names the bond and its lowers" \
		"^  bond bond0 \(802\.3ad\), 2 lowers *$"
	check_down "bond ($term $size): the figures' columns, the window named" \
		"^  IN 0\.[0-9]s +RXPAUSE +TXPAUSE +PRIODISC +FECCORR +FECUNCOR +CORRBITS +LINKDOWN *$"
	check_down "bond ($term $size): the first slave's counts" \
		"^  ens1f0np0 +900000 +300 +500 +500 +2 +4000 +2 *$"
	check_down "bond ($term $size): the second slave's, without FEC" \
		"^  ens1f1np1 +400000 +40 +90 +- +- +- +6 *$"
	check_down "bond ($term $size): the port's, their sum" \
		"^  bond0 sum +1300000 +340 +590 +500 +2 +4000 +8 *$"
	keys q
done
fixture=$b49_fixture
