#!/bin/bash
# A bond's port (issue 49, "lower devices"): RoCE over an mlx5 LAG, the
# port's netdev bond0 an 802.3ad bond over two mlx5 netdevs.  Its sysroot is
# mlx5-roce's made so (tests/hw/bond_root.py: the kernel's lower_* links,
# bonding/ and bonding_slave/ files); gen_net.c's `bond` fixture has the
# slaves' DCB, ethtool netlink and `ethtool -S` answers and none for bond0
# (bonding has no dcbnl ops, no pause statistics, no ETH_SS_STATS set);
# netshim serves them.  bond_compare.py holds rdmatop's per-slave figures,
# the port's figures and the port's summed counter rows against `ethtool -S
# SLAVE` and `ethtool --json -I -a SLAVE` on the same bytes; a changed byte
# of one slave's statistics must make it fail.  Also: -b's LOWER FIGURES
# lines add up, the verdict sees the slaves' pause storm on the bond's
# port, and a recording replays the same figures.  Sourced by tests/hw/run.
bd=$out/bond
mkdir -p "$bd"
BW="-std=gnu11 -Wall -Wextra -Werror -Wshadow -Wno-missing-field-initializers -O1 -g"
BMNL=$(pkg-config --libs libmnl 2>/dev/null || echo -lmnl)
BETH=$(command -v ethtool || echo /usr/sbin/ethtool)
if ! cc $BW -fPIC -shared -fvisibility=hidden -Itests/hw -o "$B/netshim.so" tests/hw/netshim.c \
	tests/hw/netshim_stats.c tests/hw/netshim_module.c $BMNL -ldl -lpthread >"$bd/cc.log" 2>&1 ||
	! cc $BW -Itests/hw -o "$B/gen_net" tests/hw/gen_net.c tests/hw/netshim_stats.c $BMNL \
		>>"$bd/cc.log" 2>&1; then
	bad "bond: building the shim and the generator: $(tail -3 "$bd/cc.log")"
elif [ ! -x "$BETH" ]; then
	skip "bond: rdmatop's per-slave figures against ethtool" \
		"ethtool is not installed (tests/deps.sh installs it)"
elif ! mkdir -p "$bd/fix" || ! "$B/gen_net" "$bd/fix" >/dev/null || ! python3 tests/hw/bond_root.py "$DATA/mlx5-roce" \
	"$bd/root" 2>"$bd/root.err"; then
	bad "bond: the fixture: $(tail -2 "$bd/root.err")"
else
	BN=$bd/fix/bond/net
	# brt NETDIR OUT [ARGS...]: rdmatop live through both shims, two samples
	brt() {
		local rn=$1 ro=$2
		shift 2
		RDMATOP_NET_FIXTURE=$rn RDMATOP_HW_FIXTURE=$bd/root/netlink.fix \
			LD_PRELOAD="$PWD/$B/netshim.so $SHIM" \
			timeout 20 ./rdmatop --sysroot "$bd/root" -n 2 -d 0.2 "$@" >"$ro" 2>"$ro.err"
	}
	# the oracles on sample 1's bytes (rdmatop's second sample)
	mkdir -p "$bd/eth"
	for n in ens1f0np0 ens1f1np1; do
		RDMATOP_NET_FIXTURE=$BN RDMATOP_NET_SAMPLE=1 LD_PRELOAD="$PWD/$B/netshim.so" \
			"$BETH" -S "$n" >"$bd/eth/$n.S" 2>&1
		RDMATOP_NET_FIXTURE=$BN RDMATOP_NET_SAMPLE=1 LD_PRELOAD="$PWD/$B/netshim.so" \
			"$BETH" --json -I -a "$n" >"$bd/eth/$n.a" 2>&1
	done
	echo "bond: $("$BETH" --version | head -1)"
	brt "$BN" "$bd/j.json" -j
	if python3 tests/hw/bond_compare.py "$bd/j.json" bond0 "$bd/eth" >"$bd/cmp" 2>&1; then
		ok "bond: each slave's figures equal ethtool -S and -a, the port's are their sum ($(tail -1 "$bd/cmp"))"
	else
		bad "bond: rdmatop's figures differ from ethtool's: $(tail -4 "$bd/cmp")"
	fi
	# a changed byte: one slave's rx_prio3_discards in sample 1 one more,
	# read by rdmatop, not by ethtool
	rm -rf "$bd/alt" && cp -r "$BN" "$bd/alt"
	python3 - "$bd/alt" <<'PY'
import struct, sys
d = sys.argv[1]
names = open(d + "/gstrings.ens1f1np1", "rb").read()
ix = [names[i:i + 32].rstrip(b"\0") for i in range(0, len(names), 32)].index(b"rx_prio3_discards")
with open(d + "/gstats.ens1f1np1.1", "r+b") as f:
    f.seek(ix * 8)
    v = struct.unpack("<Q", f.read(8))[0]
    f.seek(ix * 8)
    f.write(struct.pack("<Q", v + 1))
PY
	brt "$bd/alt" "$bd/alt.json" -j
	if python3 tests/hw/bond_compare.py "$bd/alt.json" bond0 "$bd/eth" >"$bd/alt.cmp" 2>&1; then
		bad "bond: a changed byte of a slave's ethtool -S went unseen"
	elif grep -qF "ens1f1np1 prio_discards: rdmatop 95, ethtool 94" "$bd/alt.cmp" &&
		grep -qF "port prio_discards: rdmatop 605, ethtool 604" "$bd/alt.cmp"; then
		ok "bond: a changed byte makes the slave's and the port's figures differ from ethtool's"
	else
		bad "bond: the changed byte did not show as expected: $(head -4 "$bd/alt.cmp")"
	fi
	# -b: the slaves' lines and the port's sum, counts that add up, column
	# by column ("-" where a slave has none), the last sample's
	brt "$BN" "$bd/b.txt" -b
	if awk '/^LOWER FIGURES/ { on = 1; n = 0; split("", sum); split("", port); next }
		on && /^$/ { on = 0 }
		on && $1 == "bond0" && $2 ~ /^ens1f/ { n++; for (i = 3; i <= 9; i++) sum[i - 2] += $i }
		on && $2 == "bond0" && $3 == "sum" { for (i = 4; i <= 10; i++) port[i - 3] = $i }
		END { if (n != 2 || port[7] != 8) exit 1
		      for (i = 1; i <= 7; i++) if (port[i] + 0 != sum[i]) exit 1 }' "$bd/b.txt"; then
		ok "bond: -b's LOWER FIGURES: two slaves' counts add up to the port's, column by column"
	else
		bad "bond: -b's LOWER FIGURES do not add up: $(grep -A4 '^LOWER FIGURES' "$bd/b.txt" | tail -4)"
	fi
	# OpenMetrics: each slave's series equal its ethtool -S counts (the
	# last exposition: sample 1), the port's summed counter their sum
	brt "$BN" "$bd/om.txt" -o openmetrics
	if python3 - "$bd/om.txt" "$bd/eth" >"$bd/om.cmp" 2>&1 <<'PY'; then
import re, sys
text = open(sys.argv[1]).read().split("# EOF")[-2]
got = {}
for m in re.finditer(r'^(rdma_netdev_lower_\w+)_total\{netdev="bond0",lower="(\w+)"(?:,direction="(\w+)")?\} (\d+)$', text, re.M):
    got[(m.group(1), m.group(2), m.group(3))] = int(m.group(4))
bad, n = [], 0
for s in ("ens1f0np0", "ens1f1np1"):
    st = dict(re.findall(r"^\s+(\S+): (\d+)$", open("%s/%s.S" % (sys.argv[2], s)).read(), re.M))
    for fam, d, fmt in (("pause_frames", "rx", "rx_prio%d_pause"), ("pause_frames", "tx", "tx_prio%d_pause"),
                        ("priority_discards", None, "rx_prio%d_discards")):
        want = sum(int(st[fmt % p]) for p in range(8) if fmt % p in st)
        have = got.get(("rdma_netdev_lower_" + fam, s, d))
        n += 1
        if have != want:
            bad.append("%s %s %s: rdmatop %r, ethtool -S %r" % (s, fam, d, have, want))
print("%d series compared" % n)
if bad:
    sys.exit("\n".join(bad))
PY
		ok "bond: OpenMetrics' per-slave series equal ethtool -S ($(tail -1 "$bd/om.cmp"))"
	else
		bad "bond: OpenMetrics' per-slave series differ: $(tail -3 "$bd/om.cmp")"
	fi
	# each slave's own settings in JSON's lowers (bond0 has none: no
	# dcbnl_ops, no get_fecparam) against dcb and ethtool on the same bytes
	BDCB=$(command -v dcb || echo /usr/sbin/dcb)
	for n in ens1f0np0 ens1f1np1; do
		RDMATOP_NET_FIXTURE=$BN RDMATOP_NET_SAMPLE=1 LD_PRELOAD="$PWD/$B/netshim.so" \
			"$BDCB" -j pfc show dev "$n" >"$bd/eth/$n.pfc" 2>&1
		RDMATOP_NET_FIXTURE=$BN RDMATOP_NET_SAMPLE=1 LD_PRELOAD="$PWD/$B/netshim.so" \
			"$BETH" --show-fec "$n" >"$bd/eth/$n.fec" 2>&1
	done
	cat >"$bd/set.py" <<'EOP'
import json, sys
j, d = json.loads(open(sys.argv[1]).read().splitlines()[-1]), sys.argv[2]
devs = [x for l in j["links"] for x in l.get("lowers", {}).get("devices", [])]
bad, n = [], 0
for x in devs:
    name = x["ifname"]
    pfc = json.load(open("%s/%s.pfc" % (d, name)))
    # dcb 6.1: "prio_pfc": [false, false, false, true, ...], "delay": N
    want = pfc["prio_pfc"]
    n += 2
    if x.get("prio_pfc") != want:
        bad.append("%s prio_pfc: rdmatop %r, dcb %r" % (name, x.get("prio_pfc"), want))
    if x.get("pfc_delay") != pfc["delay"]:
        bad.append("%s delay: rdmatop %r, dcb %r" % (name, x.get("pfc_delay"), pfc["delay"]))
    # ethtool's text, "Active FEC encoding: RS" (6.1's --json gives the
    # link mode's bit number, 50, where its text gives the name); none
    # where the driver refused ("netlink error: Operation not supported")
    # ethtool names a bit by the kernel's link-modes string set, which the
    # shim does not serve: "BIT50"; the bits per include/uapi/linux/
    # ethtool.h (6.1): 49 FEC_NONE, 50 FEC_RS, 51 FEC_BASER, 74 FEC_LLRS,
    # in rdmatop's words (ethtool's ioctl names)
    bits = {"BIT49": "Off", "BIT50": "RS", "BIT51": "BaseR", "BIT74": "LLRS"}
    want = None
    for line in open("%s/%s.fec" % (d, name)):
        if line.strip().startswith("Active FEC encoding:"):
            want = [bits.get(w, w) for w in line.split(":", 1)[1].split()]
    n += 1
    if x.get("fec_active") != want:
        bad.append("%s fec_active: rdmatop %r, ethtool %r" % (name, x.get("fec_active"), want))
for b in bad:
    print(b)
print("%d slaves, %d values" % (len(devs), n))
sys.exit(1 if bad or len(devs) != 2 else 0)
EOP
	if python3 "$bd/set.py" "$bd/j.json" "$bd/eth" >"$bd/set.cmp" 2>&1; then
		ok "bond: each slave's PFC and FEC settings in JSON equal dcb -j pfc and ethtool --show-fec ($(tail -1 "$bd/set.cmp"))"
	else
		bad "bond: a slave's settings differ from dcb's or ethtool's: $(tail -3 "$bd/set.cmp"; head -c 300 "$bd/eth/ens1f0np0.pfc")"
	fi
	# the comparison fails on one priority turned off in rdmatop's answer
	tail -n 1 "$bd/j.json" | sed 's/"prio_pfc":\[false,false,false,true/"prio_pfc":[false,false,false,false/' >"$bd/j.alt"
	if ! cmp -s "$bd/j.alt" <(tail -n 1 "$bd/j.json") &&
		! python3 "$bd/set.py" "$bd/j.alt" "$bd/eth" >"$bd/set.alt" 2>&1 &&
		grep -q "prio_pfc: rdmatop" "$bd/set.alt"; then
		ok "bond: the settings' comparison fails on a priority changed"
	else
		bad "bond: a changed priority went unseen by the settings' comparison" "$bd/set.alt"
	fi
	# the verdict sees the slaves' pauses on the bond's port: priority 3
	# paused 92% of the window on ens1f0np0 (184 ms of 200), 25% on
	# ens1f1np1; the port's share is the slave paused longest, as on
	# mlx5-roce's own port, not the two added past 100%
	bv=$(grep '^verdict:' "$bd/b.txt" | tail -1)
	if printf '%s\n' "$bv" | grep -qE '^verdict: FAIL mlx5_0/1 bond0: prio 3 paused 9[0-9]%'; then
		ok "bond: the verdict names priority 3's pauses on the bond's port ($(printf '%s' "$bv" | cut -c1-60))"
	else
		bad "bond: the verdict does not see the slaves' pauses: $bv"
	fi
	# a recording replays the same figures: the slaves' inputs recorded
	# under their own names
	brt "$BN" "$bd/rec.out" -b -w "$bd/bond.rdrec"
	if timeout 20 ./rdmatop -r "$bd/bond.rdrec" -j -n 2 >"$bd/replay.json" 2>"$bd/replay.err" &&
		python3 tests/hw/bond_compare.py "$bd/replay.json" bond0 "$bd/eth" >"$bd/replay.cmp" 2>&1; then
		ok "bond: the recording replays the slaves' and the port's figures"
	else
		bad "bond: the replay differs: $(tail -3 "$bd/replay.cmp" "$bd/replay.err")"
	fi
fi
