#!/bin/bash
# Transceiver modules through the shim: tests/hw/gen_module.c lays out
# EEPROM pages from the specifications (SFF-8636 QSFP28 on mlx5-roce's
# ens1f0np0, CMIS 5.0 QSFP-DD on bnxt_re's ens2f0np0, SFF-8472 SFP28
# externally calibrated on irdma's ens24f0, a QSFP28 copper cable on
# ens24f1), netshim_module.c answers MODULE_EEPROM_GET with them, and
# module_compare.py holds rdmatop's JSON against `ethtool -m` on the same
# bytes, reading by reading with thresholds and flags; a changed byte must
# make it fail.  Also: the verdict's module rules, a refusal (EPERM, no
# module) said once and not asked again, the slower cadence, replay of a
# recording.  Sourced by tests/hw/run.
md=$out/module
mkdir -p "$md"
MW="-std=gnu11 -Wall -Wextra -Werror -Wshadow -Wno-missing-field-initializers -O1 -g"
MMNL=$(pkg-config --libs libmnl 2>/dev/null || echo -lmnl)
ETHTOOL=$(command -v ethtool || echo /usr/sbin/ethtool)
MOD_EEPROM_GET=31	# ETHTOOL_MSG_MODULE_EEPROM_GET (5.13+)
if ! cc $MW -fPIC -shared -fvisibility=hidden -Itests/hw -o "$B/netshim.so" tests/hw/netshim.c \
	tests/hw/netshim_stats.c tests/hw/netshim_module.c $MMNL -ldl -lpthread >"$md/cc.log" 2>&1 ||
	! cc $MW -Itests/hw -o "$B/gen_net" tests/hw/gen_net.c tests/hw/netshim_stats.c $MMNL \
		>>"$md/cc.log" 2>&1 ||
	! cc $MW -o "$B/gen_module" tests/hw/gen_module.c >>"$md/cc.log" 2>&1; then
	bad "modules: building the shim and generators: $(tail -3 "$md/cc.log")"
elif [ ! -x "$ETHTOOL" ]; then
	skip "modules: rdmatop against ethtool -m" "ethtool is not installed (tests/deps.sh installs it)"
else
	MF=$md/fix
	for f in mlx5-roce irdma bnxt_re; do mkdir -p "$MF/$f"; done
	"$B/gen_net" "$MF" >/dev/null
	"$B/gen_module" "$MF/mlx5-roce/net" ens1f0np0 qsfp28
	"$B/gen_module" "$MF/bnxt_re/net" ens2f0np0 cmis
	"$B/gen_module" "$MF/irdma/net" ens24f0 sfp
	"$B/gen_module" "$MF/irdma/net" ens24f1 dac
	echo "modules: $("$ETHTOOL" --version | head -1)"
	# mrt FIX NETDIR OUT [ARGS...]: rdmatop live through both shims
	mrt() {
		local rf=$1 rn=$2 ro=$3
		shift 3
		RDMATOP_NET_FIXTURE=$rn RDMATOP_HW_FIXTURE=$DATA/$rf/netlink.fix \
			LD_PRELOAD="$PWD/$B/netshim.so $SHIM" \
			timeout 20 ./rdmatop --sysroot "$DATA/$rf" "$@" >"$ro" 2>"$ro.err"
	}
	meth() { # NETDIR NETDEV OUT: ethtool -m on the bytes of NETDIR
		RDMATOP_NET_FIXTURE=$1 LD_PRELOAD="$PWD/$B/netshim.so" "$ETHTOOL" -m "$2" >"$3" 2>&1
	}
	for pair in mlx5-roce:ens1f0np0:QSFP28 bnxt_re:ens2f0np0:CMIS irdma:ens24f0:SFP irdma:ens24f1:DAC; do
		IFS=: read -r f n what <<<"$pair"
		[ -s "$md/$f.json" ] || mrt "$f" "$MF/$f/net" "$md/$f.json" -j -n 1
		meth "$MF/$f/net" "$n" "$md/$n.eth"
		floor=40
		[ "$what" = DAC ] && floor=6
		if python3 tests/hw/module_compare.py "$md/$f.json" "$n" "$md/$n.eth" $floor >"$md/$n.cmp" 2>&1; then
			ok "modules ($what, $n): rdmatop equals ethtool -m, $(head -1 "$md/$n.cmp")"
		else
			bad "modules ($what, $n): rdmatop differs from ethtool -m: $(head -4 "$md/$n.cmp")"
		fi
	done
	# a changed byte fails: rdmatop reads a copy, ethtool the true bytes
	# (SFF-8636 lower page 00h byte 39: lane 3's RX power 0x01f4 -> 0x01f5;
	# page 03h byte 183: the RX power low warning 0x03a5 -> 0x03a4; CMIS
	# lower page byte 9: the temperature flags 0x05 -> 0x01)
	for t in "mlx5-roce ens1f0np0 module.ens1f0np0.50.0.0 39 245 rx lane 3: rdmatop 0.0501, ethtool 0.0500" \
		"mlx5-roce ens1f0np0 module.ens1f0np0.50.0.3 183 164 laser_rx_power low_warning threshold: rdmatop 0.0932, ethtool 0.0933" \
		"bnxt_re ens2f0np0 module.ens2f0np0.50.0.0 9 1 module_temperature high_warning: rdmatop False, ethtool True"; do
		read -r f n file off val want <<<"$t"
		rm -rf "$md/alt" && cp -r "$MF/$f/net" "$md/alt"
		printf "$(printf '\\%03o' "$val")" | dd of="$md/alt/$file" bs=1 seek="$off" conv=notrunc status=none
		mrt "$f" "$md/alt" "$md/alt.json" -j -n 1
		if python3 tests/hw/module_compare.py "$md/alt.json" "$n" "$md/$n.eth" >"$md/alt.cmp" 2>&1; then
			bad "modules: a changed byte ($file byte $off) went unseen"
		elif grep -qF "$want" "$md/alt.cmp"; then
			ok "modules: a changed byte makes rdmatop differ from ethtool -m ($want)"
		else
			bad "modules: the changed byte ($file byte $off) did not show as expected: $(head -3 "$md/alt.cmp")"
		fi
	done
	# the verdict: lane 3 under the module's own low warning (WARN, in dBm
	# as ethtool prints it: -13.01 under -10.30); the QSFP-DD over its
	# temperature high alarm (FAIL, 77.25 over 75.00 C); the copper cable
	# judged not at all
	check_reason() { # JSON NETDEV PYTHON-CONDITION WHAT
		python3 - "$1" "$2" "$3" <<'PY' >"$md/reason.out" 2>&1
import json, sys
l = [x for x in json.loads(open(sys.argv[1]).read().splitlines()[-1])["links"]
     if x.get("netdev") == sys.argv[2]][0]
r = {x["rule"]: x for x in l.get("reasons", [])}
print(json.dumps([x for x in l.get("reasons", []) if x["rule"].startswith("module")]))
sys.exit(0 if eval(sys.argv[3]) else 1)
PY
		if [ $? = 0 ]; then ok "modules: $4 ($(head -c 200 "$md/reason.out"))"; else bad "modules: $4: $(head -c 300 "$md/reason.out")"; fi
	}
	check_reason "$md/mlx5-roce.json" ens1f0np0 \
		'r["module_rx_power"]["level"] == "WARN" and r["module_rx_power"]["lane"] == 3 and "%.2f %.2f" % (r["module_rx_power"]["value"], r["module_rx_power"]["threshold"]) == "-13.01 -10.30"' \
		"the verdict: RX power under the module's low warning (ethtool: -13.01 under -10.30 dBm)"
	grep -q 'Rcvr signal avg optical power(Channel 3)  : 0.0500 mW / -13.01 dBm' "$md/ens1f0np0.eth" &&
		grep -q 'Laser rx power low warning threshold      : 0.0933 mW / -10.30 dBm' "$md/ens1f0np0.eth" ||
		bad "modules: ethtool -m does not say lane 3's -13.01 dBm and the -10.30 dBm warning"
	check_reason "$md/bnxt_re.json" ens2f0np0 \
		'r["module_temperature"]["level"] == "FAIL" and r["module_temperature"]["value"] == 77.25 and r["module_temperature"]["threshold"] == 75' \
		"the verdict: the module's temperature over its high alarm (77.25 over 75 C)"
	check_reason "$md/irdma.json" ens24f1 '"module_rx_power" not in r and "module_temperature" not in r' \
		"the verdict: a copper cable has no light to judge"
	# refusals said in every sample: EPERM (no CAP_NET_ADMIN) and
	# EOPNOTSUPP (a driver without the op, a kernel before 5.13) never asked
	# again, no module (-EIO, mlx5's answer where MCIA finds none: asked
	# again after NET_MODULE_EVERY, a module may be plugged in)
	for t in "-1|not permitted (MODULE_EEPROM_GET needs CAP_NET_ADMIN)|1" \
		"-95|the driver cannot read module EEPROM, or no MODULE_EEPROM_GET (5.13+)|1" \
		"-5|no module plugged, or it does not answer|1"; do
		IFS='|' read -r e why asks <<<"$t"
		rm -rf "$md/ref" && cp -r "$MF/mlx5-roce/net" "$md/ref" && echo "$e" >"$md/ref/module.ens1f0np0.err"
		rm -f "$md/ref.log"
		RDMATOP_NET_LOG=$md/ref.log mrt mlx5-roce "$md/ref" "$md/ref.json" -j -n 3 -d 0.2
		got=$(grep -c "^$MOD_EEPROM_GET ens1f0np0 " "$md/ref.log" 2>/dev/null)
		if python3 -c '
import json, sys
for line in open(sys.argv[1]).read().splitlines():
    l = [x for x in json.loads(line)["links"] if x.get("netdev") == "ens1f0np0"][0]
    assert "module" not in l, "a module"
    assert l["network"]["unavailable"]["module"] == sys.argv[2], l["network"].get("unavailable")
' "$md/ref.json" "$why" 2>"$md/ref.err" && [ "$got" = "$asks" ]; then
			ok "modules: errno $e said in every sample (\"$why\"), asked $got time(s) in 3 samples"
		else
			bad "modules: errno $e: asked ${got:-0} times (want $asks), $(tail -1 "$md/ref.err")"
		fi
	done
	# the cadence: the pages read once in 3 samples 0.2 s apart (every
	# 10 s: src/source/net.c NET_MODULE_EVERY), the reading in each sample,
	# and the recording replays to the live run's module
	rm -f "$md/cad.log"
	RDMATOP_NET_LOG=$md/cad.log mrt mlx5-roce "$MF/mlx5-roce/net" "$md/cad.json" -j -n 3 -d 0.2 -w "$md/cad.rdrec"
	got=$(grep -c "^$MOD_EEPROM_GET ens1f0np0 " "$md/cad.log" 2>/dev/null)
	./rdmatop -r "$md/cad.rdrec" -j >"$md/cad.replay.json" 2>"$md/cad.replay.err"
	if [ "$got" = 3 ] && python3 -c '
import json, sys
def mods(p):
    return [[x.get("module") for x in json.loads(l)["links"] if x.get("netdev") == "ens1f0np0"][0]
            for l in open(p).read().splitlines()]
live, rep = mods(sys.argv[1]), mods(sys.argv[2])
assert len(live) == 3 and all(m and m == live[0] for m in live), "not in every sample"
assert rep == live, "the replay differs"
' "$md/cad.json" "$md/cad.replay.json" 2>"$md/cad.err"; then
		ok "modules: 3 half pages asked once in 3 samples, the reading in each, the replay the same"
	else
		bad "modules: cadence or replay: $got requests (want 3), $(tail -1 "$md/cad.err")"
	fi
fi
