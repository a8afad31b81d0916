#!/bin/sh
# Install the Debian packages rdmatop needs to build and test, when missing.
# As root they are installed; otherwise the exact apt-get line is printed.
set -u
pkgs="gcc make pkg-config iproute2 libmnl-dev libev-dev libncurses-dev libzstd-dev tmux python3 python3-yaml valgrind"
# the --listen endpoint, and what its tests drive it with (tests/http)
pkgs="$pkgs libmicrohttpd-dev libgnutls28-dev libcrypt-dev libyaml-dev curl gnutls-bin apache2-utils"
# tests/harden: peak memory (time), another user (setpriv), the OpenMetrics oracle
pkgs="$pkgs time util-linux python3-prometheus-client"
# tests/format: the tree's .clang-format (Debian 12: clang-format 14)
pkgs="$pkgs clang-format"
# the fuzz targets (libFuzzer) and the sanitized rdmatop (tests/san.sh)
pkgs="$pkgs clang"
# the PCI locality oracles (tests/hw/pci.sh): lspci, hwloc's lstopo
pkgs="$pkgs pciutils hwloc-nox"
# socket activation, readiness and watchdog (libsystemd), gzip (zlib); the
# tests drive them with systemd-socket-activate (systemd)
pkgs="$pkgs libsystemd-dev zlib1g-dev systemd"
# the Ethernet layer's oracles (tests/net): ethtool beside iproute2's dcb
pkgs="$pkgs ethtool"
# --prometheus: its HTTP client and JSON parser; tests/cluster drives a real
# Prometheus (and promtool) with them
pkgs="$pkgs libcurl4-gnutls-dev libjansson-dev prometheus"
# the Debian package (tests/deb), the fleet's shells and exporters
# (tests/fleet): one apt-get for all (the suites install them only when
# run alone; man-db's trigger runs once)
pkgs="$pkgs dpkg-dev debhelper lintian fakeroot build-essential man-db zsh prometheus-node-exporter"
# the real-kernel test bed (tests/vm)
pkgs="$pkgs qemu-system-x86 busybox-static cpio kmod xz-utils"
# a locale with a decimal comma: the screens under LC_ALL=de_DE.UTF-8
# (tests/tui, tests/cluster) read numbers as under C.UTF-8
pkgs="$pkgs locales"
# de_DE.UTF-8 generated once the locales' sources are there (as root)
de_locale() {
	locale -a 2>/dev/null | grep -qix 'de_DE.utf-\{0,1\}8' && return 0
	[ "$(id -u)" = 0 ] || { echo "missing locale; run: sudo localedef -i de_DE -f UTF-8 de_DE.UTF-8" >&2; return 1; }
	localedef -i de_DE -f UTF-8 de_DE.UTF-8 || { echo "localedef de_DE.UTF-8 failed" >&2; return 1; }
}
missing=""
for p in $pkgs; do
	dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q 'install ok installed' ||
		missing="$missing $p"
done
if [ -z "$missing" ]; then
	de_locale
	exit
fi
if [ "$(id -u)" = 0 ]; then
	echo "installing:$missing"
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -qq >/dev/null && apt-get install -y -qq $missing >/dev/null ||
		{ echo "apt-get install failed for:$missing" >&2; exit 1; }
	de_locale
else
	echo "missing packages; run: sudo apt-get install$missing" >&2
	exit 1
fi
