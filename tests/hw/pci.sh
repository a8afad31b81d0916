#!/bin/bash
# The PCI locality on the gpu-node fixture (tests/hw/gen_pci.c): rdmatop
# -j against lspci -vv / -n (config space) and hwloc's lstopo (HWLOC_FSROOT)
# on the same tree, and the relations against tests/hw/gpu-node.topo, the
# table written from the design; then each comparison fails on a changed
# byte.  Sourced by tests/hw/run (shim, ok, bad, $out).
pci_oracles() {	# TREE DIR: lspci and lstopo on TREE
	lspci -O sysfs.path="$1/sys/bus/pci" -D -vv >"$2/lspci-vv.txt" 2>"$2/lspci.err"
	lspci -O sysfs.path="$1/sys/bus/pci" -D -n >"$2/lspci-n.txt" 2>>"$2/lspci.err"
	lspci -O sysfs.path="$1/sys/bus/pci" -tv >"$2/lspci-t.txt" 2>>"$2/lspci.err"
	# (no x86 component: the host's own CPUID would add its caches)
	HWLOC_FSROOT=$1 HWLOC_COMPONENTS=-x86 lstopo-no-graphics --of xml >"$2/lstopo.xml" 2>"$2/lstopo.err"
}
pci_rdmatop() {	# TREE DIR
	shim "$1" "$2" ./rdmatop --sysroot "$1" -j -n 1 >"$2/rt.json" 2>"$2/rt.err"
}
pci_compare() {	# DIR(rdmatop) DIR(oracles)
	python3 tests/hw/pci_compare.py "$1/rt.json" "$2/lspci-vv.txt" "$2/lspci-n.txt" "$2/lstopo.xml" \
		tests/hw/gpu-node.topo
}
if ! command -v lspci >/dev/null || ! command -v lstopo-no-graphics >/dev/null; then
	bad "gpu-node: lspci (pciutils) or lstopo (hwloc-nox) missing: tests/deps.sh installs them"
else
	g=$out/gpu-node-pci
	mkdir -p "$g"
	gfix=$DATA/gpu-node
	pci_oracles "$gfix" "$g"
	pci_rdmatop "$gfix" "$g"
	if pci_compare "$g" "$g" >"$g/report" 2>&1; then
		ok "gpu-node: rdmatop's PCI locality equals lspci and lstopo, relations equal the design's table ($(tail -1 "$g/report"))"
	else
		bad "gpu-node PCI locality: $(grep -E 'MISMATCH|Traceback|Error' "$g/report" | head -5) $(tail -1 "$g/report")"
	fi
	# the degraded NIC as lspci says it
	if grep -A30 '^0000:97:00.0' "$g/lspci-vv.txt" | grep -q 'LnkSta:.*Width x8 (downgraded)'; then
		ok "gpu-node: lspci reads 97:00.0's link as x8 (downgraded), the fixture's design"
	else
		bad "gpu-node: lspci does not see 97:00.0 down-trained: $(grep -A30 '^0000:97:00.0' "$g/lspci-vv.txt" | grep LnkSta)"
	fi
	# rdmatop on a changed byte, the oracles on the true tree: each fails
	# pci_split NAME FILE OLD NEW REGEX
	pci_split() {
		local d=$out/gpu-node-$1
		rm -rf "$d"
		mkdir -p "$d/fix"
		cp -a "$gfix/." "$d/fix/"
		if [ "$(cat "$d/fix/$2")" != "$3" ]; then
			bad "self-test $1: $2 holds $(cat "$d/fix/$2"), not $3"
			return
		fi
		echo "$4" >"$d/fix/$2"
		pci_rdmatop "$d/fix" "$d"
		if pci_compare "$d" "$g" >"$d/report" 2>&1; then
			bad "self-test $1: $2 changed to $4 went unseen"
		elif grep -qE "$5" "$d/report"; then
			ok "self-test $1: $(grep -E "$5" "$d/report" | head -1)"
		else
			bad "self-test $1: failed for another reason: $(grep MISMATCH "$d/report" | head -3)"
		fi
	}
	p97=sys/devices/pci0000:90/0000:90:01.0/0000:91:00.0/0000:92:02.0/0000:95:00.0/0000:96:00.0/0000:97:00.0
	p15=sys/devices/pci0000:10/0000:10:01.0/0000:11:00.0/0000:12:02.0/0000:15:00.0
	p31=sys/devices/pci0000:30/0000:30:02.0/0000:31:00.0
	pci_split width "$p97/current_link_width" 8 4 \
		"MISMATCH 0000:97:00.0 current speed, width \(lspci LnkSta\): rdmatop \(32, 4\), \(32.0, 8\)"
	pci_split numa "$p15/numa_node" 0 1 "MISMATCH 0000:15:00.0 numa_node \(lstopo NUMANode above it\): rdmatop 1, 0"
	pci_split relation "$p31/numa_node" 0 1 \
		"MISMATCH relation 0000:13:00.0 -> 0000:31:00.0 \(the design's table\): rdmatop 'SYS', NODE"
	# and lspci on a changed config byte (LnkSta's width: x8 becomes x16)
	d=$out/gpu-node-config
	rm -rf "$d"
	mkdir -p "$d/fix"
	cp -a "$gfix/." "$d/fix/"
	python3 - "$d/fix/$p97/config" <<'PY'
import sys
p = sys.argv[1]
b = bytearray(open(p, "rb").read())
b[0x52] = (b[0x52] & 0x0f) | (16 << 4 & 0xf0)	# PCI_EXP_LNKSTA_NLW: x16
b[0x53] = 16 >> 4
open(p, "wb").write(b)
PY
	pci_oracles "$d/fix" "$d"
	if pci_compare "$g" "$d" >"$d/report" 2>&1; then
		bad "self-test config: a changed LnkSta byte went unseen by lspci's comparison"
	elif grep -q "MISMATCH 0000:97:00.0 current speed, width (lspci LnkSta): rdmatop (32, 8), (32.0, 16)" "$d/report"; then
		ok "self-test config: a changed LnkSta byte: lspci reads x16, rdmatop x8"
	else
		bad "self-test config: failed for another reason: $(grep MISMATCH "$d/report" | head -3)"
	fi
fi
