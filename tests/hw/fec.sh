#!/bin/bash
# The FEC statistics histogram (Linux 6.18 ETHTOOL_A_FEC_STAT_HIST) and the
# pre-FEC bit error rate through the shim: tests/hw/gen_fec.c lays out
# FEC_GET answers as net/ethtool/fec.c of 6.18 fills them for mlx5-roce's
# ens1f0np0 (100 Gb/s), netshim serves them, and fec_compare.py holds
# rdmatop's JSON against the newest ethtool's (Debian sid's, staged by
# tests/hw/stage.sh: Debian 12's 6.1 has no histogram) `--json -I
# --show-fec`, bin by bin, in both samples; a changed byte must make it
# fail.  Also: the BER's arithmetic on the live figures, the verdict at
# 3e-4 (FAIL), and a recording's replay.  Sourced by tests/hw/run.
fd=$out/fec
mkdir -p "$fd"
FW="-std=gnu11 -Wall -Wextra -Werror -Wshadow -Wno-missing-field-initializers -O1 -g"
FMNL=$(pkg-config --libs libmnl 2>/dev/null || echo -lmnl)
if ! cc $FW -fPIC -shared -fvisibility=hidden -Itests/hw -o "$B/netshim.so" tests/hw/netshim.c \
	tests/hw/netshim_stats.c tests/hw/netshim_module.c $FMNL -ldl -lpthread >"$fd/cc.log" 2>&1 ||
	! cc $FW -Itests/hw -o "$B/gen_net" tests/hw/gen_net.c tests/hw/netshim_stats.c $FMNL \
		>>"$fd/cc.log" 2>&1 ||
	! cc $FW -o "$B/gen_fec" tests/hw/gen_fec.c $FMNL >>"$fd/cc.log" 2>&1; then
	bad "fec: building the shim and generators: $(tail -3 "$fd/cc.log")"
elif ! ETH_SID=$(tests/hw/stage.sh ethtool ethtool 2>"$fd/stage.err") || [ ! -x "$ETH_SID" ]; then
	skip "fec: rdmatop's FEC histogram against the newest ethtool (sid)" \
		"staging sid's ethtool failed (no network?): $(tail -1 "$fd/stage.err")"
else
	FF=$fd/fix
	for f in mlx5-roce irdma bnxt_re; do mkdir -p "$FF/$f"; done
	"$B/gen_net" "$FF" >/dev/null
	"$B/gen_fec" "$FF/mlx5-roce/net" ens1f0np0 6 >"$fd/files"
	echo "fec: $("$ETH_SID" --version | head -1) (sid)"
	frt() { # NETDIR OUT [ARGS...]: rdmatop live through both shims
		local rn=$1 ro=$2
		shift 2
		RDMATOP_NET_FIXTURE=$rn RDMATOP_HW_FIXTURE=$DATA/mlx5-roce/netlink.fix \
			LD_PRELOAD="$PWD/$B/netshim.so $SHIM" \
			timeout 20 ./rdmatop --sysroot "$DATA/mlx5-roce" "$@" >"$ro" 2>"$ro.err"
	}
	feth() { # NETDIR SAMPLE OUT: sid's ethtool on the bytes of NETDIR
		RDMATOP_NET_FIXTURE=$1 RDMATOP_NET_SAMPLE=$2 LD_PRELOAD="$PWD/$B/netshim.so" \
			"$ETH_SID" --json -I --show-fec ens1f0np0 >"$3" 2>"$3.err"
	}
	frt "$FF/mlx5-roce/net" "$fd/live.json" -j -n 2 -d 1 -w "$fd/live.rdrec"
	for s in 0 1; do
		feth "$FF/mlx5-roce/net" $s "$fd/eth.$s.json"
		if python3 tests/hw/fec_compare.py "$fd/live.json" $s ens1f0np0 "$fd/eth.$s.json" \
			>"$fd/cmp.$s" 2>&1; then
			ok "fec: sample $s: rdmatop's histogram equals ethtool's (sid), $(head -1 "$fd/cmp.$s")"
		else
			bad "fec: sample $s: rdmatop differs from ethtool (sid): $(head -4 "$fd/cmp.$s")"
		fi
	done
	# a changed byte fails: rdmatop reads a copy, ethtool the true bytes
	# (bin 1-1's BIN_VAL, a u32 120000 = 0x0001d4c0: its low byte 0xc0 -> 0xc1)
	rm -rf "$fd/alt" && cp -r "$FF/mlx5-roce/net" "$fd/alt"
	af=$fd/alt/$(basename "$(head -1 "$fd/files")")
	off=$(python3 -c 'import sys; print(open(sys.argv[1],"rb").read().find(bytes([0xc0,0xd4,1,0])))' "$af")
	printf '\301' | dd of="$af" bs=1 seek="$off" conv=notrunc status=none
	frt "$fd/alt" "$fd/alt.json" -j -n 1
	if python3 tests/hw/fec_compare.py "$fd/alt.json" 0 ens1f0np0 "$fd/eth.0.json" >"$fd/alt.cmp" 2>&1; then
		bad "fec: a changed byte ($(basename "$af") byte $off) went unseen"
	elif grep -qF "bin 1 total: rdmatop 120001, ethtool 120000" "$fd/alt.cmp"; then
		ok "fec: a changed byte makes rdmatop differ from ethtool (bin 1 total: 120001 against 120000)"
	else
		bad "fec: the changed byte did not show as expected: $(head -3 "$fd/alt.cmp")"
	fi
	# the BER: the corrected bits' rate over 100 Gb/s (ethtool's speed,
	# gen_net.c), 1e6 bits between the samples; each bin's per_sec its delta
	if python3 - "$fd/live.json" >"$fd/ber.out" 2>&1 <<'PY'; then
import json, sys
lines = open(sys.argv[1]).read().splitlines()
l = [x for x in json.loads(lines[1])["links"] if x.get("netdev") == "ens1f0np0"][0]
r = l["fec_corrected_bits_per_sec"]
assert abs(l["pre_fec_ber"] - r / 100e9) <= 1e-6 * l["pre_fec_ber"], (l["pre_fec_ber"], r)
assert 0.5e-5 < l["pre_fec_ber"] < 2e-5, l["pre_fec_ber"]
h = l["fec"]["statistics"]["hist"]
k = h[1]["per_sec"] / r * 1e6
assert abs(k - 1500) < 1, ("bin 1's rate against the bits' (1500 to 1e6)", k)
assert not [x for x in l.get("reasons", []) if x["rule"] == "fec_ber"], "a reason under 2.4e-5"
print("pre-FEC BER %.4g = %.0f bits/s over 100 Gb/s; bin 1 %.1f/s" % (l["pre_fec_ber"], r, h[1]["per_sec"]))
PY
		ok "fec: the BER is the corrected bits over the link's speed, $(head -1 "$fd/ber.out")"
	else
		bad "fec: the BER: $(tail -2 "$fd/ber.out")"
	fi
	# 3e7 bits in the second: 3e-4, over IEEE 802.3's 2.4e-4: FAIL
	rm -rf "$fd/hot" && cp -r "$FF/mlx5-roce/net" "$fd/hot"
	"$B/gen_fec" "$fd/hot" ens1f0np0 6 30000000 >/dev/null
	frt "$fd/hot" "$fd/hot.json" -j -n 2 -d 1
	if python3 -c '
import json, sys
l = [x for x in json.loads(open(sys.argv[1]).read().splitlines()[1])["links"] if x.get("netdev") == "ens1f0np0"][0]
r = [x for x in l.get("reasons", []) if x["rule"] == "fec_ber"]
assert r and r[0]["level"] == "FAIL" and r[0]["threshold"] == 2.4e-4 and r[0]["counter"] == "fec_corrected_bits", r
assert 2.4e-4 <= r[0]["value"] < 4e-4, r
print(r[0]["text"])
' "$fd/hot.json" >"$fd/hot.out" 2>&1; then
		ok "fec: the verdict FAILs a pre-FEC BER over 2.4e-4 ($(head -1 "$fd/hot.out"))"
	else
		bad "fec: the verdict at 3e-4: $(tail -2 "$fd/hot.out")"
	fi
	# the recording replays to the live run's histogram and BER
	./rdmatop -r "$fd/live.rdrec" -j >"$fd/replay.json" 2>"$fd/replay.err"
	if python3 -c '
import json, sys
def f(p):
    out = []
    for line in open(p).read().splitlines():
        l = [x for x in json.loads(line)["links"] if x.get("netdev") == "ens1f0np0"][0]
        out.append((l.get("fec"), l.get("pre_fec_ber")))
    return out
live, rep = f(sys.argv[1]), f(sys.argv[2])
assert len(live) == len(rep) == 2 and live[1][0]["statistics"]["hist"], (len(live), len(rep))
assert live == rep, ("the replay differs", live, rep)
assert rep[0][1] is None and rep[1][1] > 0, rep
' "$fd/live.json" "$fd/replay.json" 2>"$fd/replay.cmp"; then
		ok "fec: the recording replays to the live run's histogram, its rates and BER, sample by sample"
	else
		bad "fec: replay: $(tail -2 "$fd/replay.cmp")"
	fi
fi
