#!/bin/sh
# tests/cluster/netrec.sh OUT.rdrec: a host whose RoCE port is in a pause
# storm and whose jobs' QPs count errors, recorded for the cluster test.
# tests/hw's mlx5-roce fixture (counters bound to its processes' QPs) read
# live through nlshim.c, and its netdev through netshim.c from
# tests/hw/gen_net.c's answers (as tests/net does), with DCB samples 2..
# added: sample 1's struct ieee_pfc with priority 3's counters moving on
# (90,000 frames received and 50 sent a sample), so the PFC rates go on
# through the replay; then tests/cluster/bound.c moves every bound
# counter and every port counter by 3 a sample, and the netdev's bytes by
# 1 GB received and 0.4 GB sent (errors, flushes, congestion and the
# link's use above 0).  60 samples 0.1 s apart: replayed at -d 0.5, half
# a minute of storm.
# shellcheck disable=SC2086 # W and MNL are lists of flags
set -eu
cd "$(dirname "$0")/../.."
out=$1
bin=${RDMATOP_BIN:-./rdmatop}
H=${BUILD:-build}/hw	# tests/hw's nlshim.so
B=${BUILD:-build}/cluster
W="-std=gnu11 -Wall -Wextra -Werror -Wshadow -Wno-missing-field-initializers -O1 -g"
MNL=$(pkg-config --libs libmnl 2>/dev/null || echo -lmnl)
tests/hw/build.sh
mkdir -p "$B"
[ -x "$bin" ] || make -s rdmatop
make -s build/librdmatop.a
# shellcheck disable=SC2046 # the libraries are words
cc $W -D_GNU_SOURCE -Iinclude -Iinclude/uapi -o "$B/bound" tests/cluster/bound.c build/librdmatop.a \
	$(make -s --no-print-directory print-ldlibs)
# (built as tests/net/run builds them)
cc $W -fPIC -shared -fvisibility=hidden -Itests/hw -o "$B/netshim.so" tests/hw/netshim.c \
	tests/hw/netshim_stats.c tests/hw/netshim_module.c $MNL -ldl -lpthread
cc $W -Itests/hw -o "$B/gen_net" tests/hw/gen_net.c tests/hw/netshim_stats.c $MNL
fix=$(mktemp -d)
trap 'rm -rf "$fix"' EXIT
for f in mlx5-roce irdma bnxt_re; do mkdir -p "$fix/$f"; done
"$B/gen_net" "$fix"
python3 - "$fix/mlx5-roce/net/dcb.21.ens1f0np0" <<'PY'
import struct, sys
base = open(sys.argv[1] + ".1", "rb").read()
rx, tx = struct.pack("<Q", 2900000), struct.pack("<Q", 1500)
# indications[3] and requests[3], each once in the answer
assert base.count(rx) == 1 and base.count(tx) == 1, "sample 1's PFC counters not found"
for k in range(2, 60):
    b = base.replace(rx, struct.pack("<Q", 2900000 + 90000 * (k - 1)))
    b = b.replace(tx, struct.pack("<Q", 1500 + 50 * (k - 1)))
    open("%s.%d" % (sys.argv[1], k), "wb").write(b)
PY
d=tests/data/hw/mlx5-roce
RDMATOP_NET_FIXTURE=$fix/mlx5-roce/net RDMATOP_HW_FIXTURE=$d/netlink.fix \
	LD_PRELOAD="$PWD/$B/netshim.so $PWD/$H/nlshim.so" \
	timeout 60 "$bin" --sysroot "$d" -n 60 -d 0.1 -j -w "$fix/live.rdrec" >/dev/null
"$B/bound" 3 "$fix/live.rdrec" "$out" >/dev/null
