#!/bin/bash
# Stage the newest iproute2 (Debian sid) host-side, run by its own ld.so
# and libraries, from a private apt view: the host's apt configuration is
# never touched.  Prints the staged rdma's wrapper path on success.
#   stage.sh [PACKAGE PROGRAM]: another of sid's packages and its program
#   (`stage.sh ethtool ethtool`: the newest ethtool, tests/hw/fec.sh)
#   cache: ${RDMATOP_HW_CACHE:-${RDMATOP_VM_CACHE:-/var/cache/rdmatop-vm}/hw-PACKAGE}
#   RDMATOP_HW_TTL  seconds before the lists are refreshed (default a day)
set -euo pipefail
PKG=${1:-iproute2} BIN=${2:-rdma}
C=${RDMATOP_HW_CACHE:-${RDMATOP_VM_CACHE:-/var/cache/rdmatop-vm}/hw-$PKG}
A="$C/apt"
mkdir -p "$A/lists/partial" "$A/archives/partial" "$C/debs"
[ -e "$A/status" ] || : >"$A/status"
echo "deb http://deb.debian.org/debian sid main" >"$A/sources.list"
apt_() {
	local cmd=$1
	shift
	"$cmd" -o Dir::Etc::SourceList="$A/sources.list" -o Dir::Etc::SourceParts=/nonexistent \
		-o Dir::State::Lists="$A/lists" -o Dir::State::status="$A/status" \
		-o Dir::Cache="$A" -o APT::Sandbox::User=root "$@"
}
ttl=${RDMATOP_HW_TTL:-86400}
if [ -x "$C/$BIN" ] && [ -e "$A/updated" ] && [ $(($(date +%s) - $(stat -c %Y "$A/updated"))) -lt "$ttl" ]; then
	echo "$C/$BIN"	# staged from lists fresh enough
	exit 0
fi
if [ ! -e "$A/updated" ] || [ $(($(date +%s) - $(stat -c %Y "$A/updated"))) -ge "$ttl" ]; then
	if apt_ apt-get -q update >&2; then touch "$A/updated"; else
		[ -e "$A/updated" ] || { echo "stage: apt-get update of sid failed" >&2; exit 1; }
	fi
fi
# the package and, recursively, the library packages it depends on
todo="$PKG" seen=" " pvs=""
while [ -n "$todo" ]; do
	# shellcheck disable=SC2086
	out=$(apt_ apt-cache show --no-all-versions $todo 2>/dev/null)
	pvs="$pvs $(printf '%s\n' "$out" | awk '/^Package: /{p=$2} /^Version: /{print p "=" $2}')"
	for p in $todo; do seen="$seen$p "; done
	todo=""
	for p in $(printf '%s\n' "$out" | sed -n 's/^\(Pre-\)\{0,1\}Depends: //p' | tr ',' '\n' |
		sed 's/|.*//; s/(.*)//; s/:any//; s/[[:space:]]//g' | sort -u); do
		case "$p" in lib*) ;; *) continue ;; esac
		case "$seen$todo " in *" $p "*) continue ;; esac
		todo="$todo $p"
	done
done
want=$(echo $pvs | tr ' ' '\n' | sort -u | tr '\n' ' ')
if [ "$(cat "$C/staged" 2>/dev/null)" != "$want" ]; then
	rm -rf "$C/root"
	missing=""
	for pv in $want; do
		ls "$C/debs/${pv%%=*}_${pv#*=}"_*.deb >/dev/null 2>&1 ||
			ls "$C/debs/${pv%%=*}_$(echo "${pv#*=}" | sed 's/:/%3a/')"_*.deb >/dev/null 2>&1 ||
			missing="$missing $pv"
	done
	# shellcheck disable=SC2086
	[ -z "$missing" ] || (cd "$C/debs" && apt_ apt-get -q download $missing >&2)
	for pv in $want; do
		n=${pv%%=*} v=$(echo "${pv#*=}" | sed 's/:/%3a/')
		dpkg-deb -x "$(ls "$C/debs/${n}_${v}"_*.deb | head -n 1)" "$C/root"
	done
	echo "$want" >"$C/staged"
fi
R="$C/root"
ldso=$(ls "$R"/usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2 "$R"/usr/lib64/ld-linux-x86-64.so.2 "$R"/lib64/ld-linux-x86-64.so.2 2>/dev/null | head -n 1 || true)
prog=$(ls "$R/usr/bin/$BIN" "$R/usr/sbin/$BIN" "$R/sbin/$BIN" 2>/dev/null | head -n 1 || true)
[ -n "$ldso" ] && [ -n "$prog" ] || { echo "stage: no ld.so or $BIN in $R" >&2; exit 1; }
cat >"$C/$BIN" <<EOW
#!/bin/sh
# sid's $BIN with sid's own ld.so and libraries; LD_PRELOAD is passed on as --preload
exec "$ldso" --library-path "$R/usr/lib/x86_64-linux-gnu:$R/lib/x86_64-linux-gnu" \${LD_PRELOAD:+--preload "\$LD_PRELOAD"} "$prog" "\$@"
EOW
chmod +x "$C/$BIN"
echo "$C/$BIN"
