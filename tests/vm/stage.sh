# shellcheck shell=bash
# Host side of the real-kernel test bed: download Debian packages into the
# cache, extract them, and build the initramfs the guest boots from.
# Sourced by tests/vm/run; expects CACHE, VM_DIR, log(), die().

# Userspace staged into the 6.1 and 6.12 guests (bookworm main; latest.sh
# takes the same names, or their t64 successors, from sid).  Libraries are
# resolved per binary with the staged loader; the ones listed here are
# those the binaries are known to need, anything else is found with
# `dpkg -S` on the host (bookworm as well) and fetched on demand.
USER_PKGS="busybox-static libc6 libgcc-s1 libibverbs1 ibverbs-providers
librdmacm1 libibumad3 ibverbs-utils rdmacm-utils perftest ncurses-base
libnl-3-200 libnl-route-3-200 libmnl0 libbsd0 libmd0 libcap2 libelf1 zlib1g
libbpf1 liblzma5 libpci3 libudev1 libselinux1 libpcre2-8-0 libdb5.3
libtirpc3 libgssapi-krb5-2 libkrb5-3 libk5crypto3 libcom-err2
libkrb5support0 libkeyutils1 libssl3 libev4 libncursesw6 libtinfo6 libzstd1
tmux libevent-core-2.1-7 libutempter0 libc-bin libmicrohttpd12 libgnutls30
libcrypt1 libyaml-0-2 ethtool pciutils"

# Modules wanted in the guest; the load order comes from modprobe
# --show-depends.  crc32_generic: rdma_rxe asks the crypto API for "crc32"
# at device creation (6.1), which is no hard module dependency.  e1000e:
# the real driver of the guest's emulated NIC (the nic scenario).  bonding,
# 8021q: the bond scenario's bond and VLAN (bonding makes bond0 at load).
WANT_MODS="crc32_generic crc32c_generic dummy veth virtio_pci virtio_blk
rdma_rxe rdma_ucm e1000e bonding 8021q"

BPO_DIR="$CACHE/apt-bpo"
# shellcheck source=tests/vm/latest.sh
. "$VM_DIR/latest.sh"

bpo_apt() {
	local cmd="$1"
	shift
	"$cmd" -o Dir::Etc::SourceList="$BPO_DIR/sources.list" \
		-o Dir::Etc::SourceParts=/nonexistent \
		-o Dir::State::Lists="$BPO_DIR/lists" \
		-o Dir::Cache="$BPO_DIR" "$@"
}

# The private backports view; the host's apt configuration stays untouched.
ensure_bpo() {
	if [ -s "$BPO_DIR/sources.list" ] &&
		ls "$BPO_DIR"/lists/*bookworm-backports*Packages* >/dev/null 2>&1; then
		return 0
	fi
	log "creating private bookworm-backports apt view in $BPO_DIR"
	mkdir -p "$BPO_DIR/lists/partial" "$BPO_DIR/archives/partial"
	echo "deb http://deb.debian.org/debian bookworm-backports main" \
		>"$BPO_DIR/sources.list"
	bpo_apt apt-get -q -o APT::Sandbox::User=root update >&2 ||
		die "apt-get update of the private backports lists failed"
}

host_has_candidate() {
	apt-cache policy "$1" 2>/dev/null | grep -q 'Candidate: [0-9]'
}

# fetch main|bpo DIR PKG...: download the packages not yet in DIR.
fetch() {
	local src="$1" dir="$2" p missing=""
	shift 2
	mkdir -p "$dir"
	for p in "$@"; do
		if ! ls "$dir/${p}_"*.deb >/dev/null 2>&1; then
			missing="$missing $p"
		fi
	done
	[ -n "$missing" ] || return 0
	log "downloading:$missing"
	# shellcheck disable=SC2086 # word splitting of the package list is intended
	if [ "$src" = bpo ]; then
		(cd "$dir" && bpo_apt apt-get -q -o APT::Sandbox::User=root download $missing) >&2
	else
		# A fresh machine may have no package lists yet (root only).
		if [ "$(id -u)" = 0 ] && ! host_has_candidate busybox-static; then
			log "no bookworm package lists: apt-get update"
			apt-get -q update >&2 || die "apt-get update failed"
		fi
		(cd "$dir" && apt-get -q -o APT::Sandbox::User=root download $missing) >&2
	fi || die "apt-get download failed for:$missing"
}

newest_deb() {
	# shellcheck disable=SC2012 # deb file names have no odd characters
	ls "$1/${2}_"*.deb 2>/dev/null | sort -V | tail -n 1
}

# extract DEB DEST: dpkg -x once per .deb file (stamped).
extract() {
	local deb="$1" dest="$2" stamp
	stamp="$dest/.x.$(basename "$deb")"
	[ -e "$stamp" ] && return 0
	mkdir -p "$dest"
	dpkg -x "$deb" "$dest"
	: >"$stamp"
}

# kernel_pkg 6.1|6.12: the linux-image-* package behind linux-image-amd64
# of bookworm (6.1) or bookworm-backports (6.12); resolved once and cached.
kernel_pkg() {
	local kv="$1" f="$CACHE/k$1/kernel.pkg" pkg
	if [ -s "$f" ]; then
		cat "$f"
		return 0
	fi
	mkdir -p "$CACHE/k$kv"
	if [ "$kv" = 6.1 ]; then
		pkg="$(apt-cache depends linux-image-amd64 |
			sed -n 's/^ *Depends: \(linux-image-6\.1\.[^ ]*-amd64\)$/\1/p' | head -n 1)"
	else
		pkg="$(bpo_apt apt-cache depends linux-image-amd64 |
			sed -n 's/^ *Depends: \(linux-image-6\.12\.[^ ]*+deb12-amd64\)$/\1/p' | head -n 1)"
	fi
	[ -n "$pkg" ] || die "cannot resolve the linux-image package for $kv"
	echo "$pkg" >"$f"
	echo "$pkg"
}

# stage_kernel KV: downloads + extraction for one kernel; sets KDIR, KVER,
# UROOT (extracted userspace), VMLINUZ.
stage_kernel() {
	local kv="$1" kpkg deb p
	if [ "$kv" = latest ]; then
		stage_latest
		return 0
	fi
	KDIR="$CACHE/k$kv"
	mkdir -p "$KDIR"
	[ "$kv" = 6.12 ] && ensure_bpo
	kpkg="$(kernel_pkg "$kv")"
	if [ "$kv" = 6.1 ]; then
		fetch main "$CACHE/debs/main" "$kpkg"
		deb="$(newest_deb "$CACHE/debs/main" "$kpkg")"
	else
		fetch bpo "$CACHE/debs/bpo" "$kpkg"
		deb="$(newest_deb "$CACHE/debs/bpo" "$kpkg")"
	fi
	extract "$deb" "$KDIR/kernel"
	KVER="${kpkg#linux-image-}"
	VMLINUZ="$KDIR/kernel/boot/vmlinuz-$KVER"
	[ -f "$VMLINUZ" ] || die "no $VMLINUZ in $deb"

	# shellcheck disable=SC2086
	fetch main "$CACHE/debs/main" $USER_PKGS
	UROOT="$KDIR/user"
	for p in $USER_PKGS; do
		extract "$(newest_deb "$CACHE/debs/main" "$p")" "$UROOT"
	done
	if [ "$kv" = 6.12 ]; then
		# iproute2 6.15 from bookworm-backports goes with the 6.12 kernel.
		fetch bpo "$CACHE/debs/bpo" iproute2
		extract "$(newest_deb "$CACHE/debs/bpo" iproute2)" "$UROOT"
	else
		fetch main "$CACHE/debs/main" iproute2
		extract "$(newest_deb "$CACHE/debs/main" iproute2)" "$UROOT"
	fi
}

# A bookworm library package that is not in USER_PKGS: ask the host's dpkg
# database which package owns the soname, fetch and extract it.
fetch_soname() {
	local so="$1" pkg
	pkg="$(dpkg -S "*/$so" 2>/dev/null | sed -n '1s/:.*//p')"
	if [ -z "$pkg" ] && [ "${RUN_KV:-}" = latest ]; then
		# a library Debian 12 has not (libnghttp3.so.9, for sid's
		# libcurl): its package by Debian's naming, libnghttp3-9
		pkg=${so%%.so.*}
		case "$pkg" in *[0-9]) pkg="$pkg-${so##*.so.}" ;; *) pkg="$pkg${so##*.so.}" ;; esac
	fi
	[ -n "$pkg" ] || die "library $so not found in the staged packages, and no host package owns it"
	if [ "${RUN_KV:-}" = latest ]; then
		latest_soname "$so" "$pkg"
		return 0
	fi
	log "fetching $pkg for $so"
	fetch main "$CACHE/debs/main" "$pkg"
	extract "$(newest_deb "$CACHE/debs/main" "$pkg")" "$UROOT"
}

# libs_of FILE: the staged library paths FILE needs, resolved by the staged
# loader (not the host's ldd).  A library it finds only in the host's
# default directories counts as missing: its package is staged too.
libs_of() {
	local f="$1" ld="$UROOT/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2" out so try n p
	local lp="$UROOT/lib/x86_64-linux-gnu:$UROOT/usr/lib/x86_64-linux-gnu"
	# (libcurl-gnutls alone pulls about 20 libraries, each found in turn)
	for try in $(seq 1 80); do
		out="$("$ld" --library-path "$lp" --list "$f" 2>&1)" ||
			case "$out" in
			*"not found"* | *"cannot open shared object file"*) ;;
			*) die "staged ld.so --list failed on $f: $out" ;;
			esac
		so="$(printf '%s\n' "$out" | sed -n 's/^[[:space:]]*\([^ ]*\) => not found.*/\1/p' | head -n 1)"
		# a library's own dependency missing: the loader stops at it
		[ -n "$so" ] || so="$(printf '%s\n' "$out" |
			sed -n 's/.*error while loading shared libraries: \([^:]*\): cannot open.*/\1/p' | head -n 1)"
		if [ -z "$so" ]; then
			# (the loader's own line names it by path: /lib64/ld-linux...)
			so="$(printf '%s\n' "$out" | sed -n 's/^[[:space:]]*\([^/ ][^ ]*\) => \(\/[^ ]*\) (0x.*/\1 \2/p' |
				while read -r n p; do
					case "$p" in "$UROOT"/*) ;; *) echo "$n" && break ;; esac
				done)"
		fi
		if [ -z "$so" ]; then
			printf '%s\n' "$out" | sed -n 's/^.* => \(\/[^ ]*\) (0x.*/\1/p'
			return 0
		fi
		[ "$try" -lt 80 ] || die "cannot resolve $so for $f"
		fetch_soname "$so"
	done
	die "cannot resolve the libraries of $f"
}

# stage_file SRC DEST_IN_ROOT: copy (dereferencing) into the initramfs tree.
stage_file() {
	mkdir -p "$IROOT/$(dirname "$2")"
	cp -L "$1" "$IROOT/$2"
}

# stage_bin SRC DEST: a binary plus every library it needs.
stage_bin() {
	local src="$1" dest="$2" lib
	stage_file "$src" "$dest"
	chmod 755 "$IROOT/$dest"
	for lib in $(libs_of "$src"); do
		case "$lib" in
		"$UROOT"/*) [ -e "$IROOT/${lib#"$UROOT"}" ] || stage_file "$lib" "${lib#"$UROOT"}" ;;
		*) die "$src: library $lib resolved outside the staged tree" ;;
		esac
	done
}

find_user_bin() {
	local n="$1" d
	for d in usr/bin bin usr/sbin sbin; do
		if [ -f "$UROOT/$d/$n" ]; then
			echo "$UROOT/$d/$n"
			return 0
		fi
	done
	die "no $n in the staged packages"
}

# build_base KV: the kernel- and userspace part of the initramfs
# ($KDIR/base.cpio), rebuilt when the staging recipe changes.
# the base initramfs's inputs: these scripts and the packages extracted
base_sum() {
	(cat "$VM_DIR/stage.sh" "$VM_DIR/latest.sh"; ls "$UROOT"/.x.* "$KDIR"/kernel/.x.*) | md5sum | cut -c1-16
}

build_base() {
	local kv="$1" sum mroot lines m path name order="" b
	sum="$(base_sum)"
	BASE_CPIO="$KDIR/base.cpio"
	if [ -s "$BASE_CPIO" ] && [ "$(cat "$KDIR/base.sum" 2>/dev/null)" = "$sum" ]; then
		return 0
	fi
	log "building the base initramfs for $KVER"
	IROOT="$KDIR/iroot"
	rm -rf "$IROOT"
	mkdir -p "$IROOT"/{bin,dev,proc,sys,tmp,etc,results,lib/modules,run,root}

	# Modules: Debian's kernel deb ships no modules.dep; depmod on the
	# extracted tree, then the load order from modprobe --show-depends.
	# 6.12 ships .ko.xz (decompressed here: busybox insmod takes plain .ko);
	# virtio_pci is built in there ("builtin" lines are skipped).
	if [ -d "$KDIR/kernel/lib/modules/$KVER" ]; then
		mroot="$KDIR/kernel"
	else
		mroot="$KDIR/kernel/usr"
	fi
	[ -s "$mroot/lib/modules/$KVER/modules.dep" ] || depmod -b "$mroot" "$KVER"
	for m in $WANT_MODS; do
		lines="$(modprobe -d "$mroot" -S "$KVER" --show-depends "$m" 2>/dev/null)" || {
			log "module $m: not available in $KVER, skipped"
			continue
		}
		while read -r b path _; do
			[ "$b" = insmod ] || continue
			name="$(basename "$path")"
			name="${name%.xz}"
			name="${name%.zst}"
			name="${name%.ko}"
			case " $order " in *" $name "*) continue ;; esac
			order="$order $name"
			case "$path" in
			*.xz) xz -dc "$path" >"$IROOT/lib/modules/$name.ko" ;;
			*.zst) zstd -qdc "$path" >"$IROOT/lib/modules/$name.ko" ;;
			*) cp "$path" "$IROOT/lib/modules/$name.ko" ;;
			esac
		done <<EOF
$lines
EOF
	done
	# shellcheck disable=SC2086 # one module per line
	printf '%s\n' $order >"$IROOT/etc/modules.order"

	cp "$UROOT/bin/busybox" "$IROOT/bin/busybox"
	ln -s busybox "$IROOT/bin/sh"
	stage_file "$UROOT/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2" lib/x86_64-linux-gnu/ld-linux-x86-64.so.2
	mkdir -p "$IROOT/lib64"
	ln -s /lib/x86_64-linux-gnu/ld-linux-x86-64.so.2 "$IROOT/lib64/ld-linux-x86-64.so.2"
	# iproute2: `ip` is called as /bin/ip in the guest (busybox prefers its
	# own applet for a bare `ip`).
	stage_bin "$(find_user_bin rdma)" bin/rdma
	stage_bin "$(find_user_bin ip)" bin/ip
	# the Ethernet layer's oracles (the nic scenario)
	stage_bin "$(find_user_bin dcb)" bin/dcb
	stage_bin "$(find_user_bin ethtool)" bin/ethtool
	# the PCI locality's oracle (the nic scenario, on q35's root port)
	stage_bin "$(find_user_bin lspci)" bin/lspci
	for b in ibv_devices ibv_devinfo ibv_rc_pingpong ibv_ud_pingpong \
		ibv_srq_pingpong ibv_uc_pingpong rping ucmatose udaddy \
		ib_write_bw ib_send_bw ib_read_bw ib_write_lat ib_send_lat; do
		stage_bin "$(find_user_bin "$b")" "bin/$b"
	done
	# Verbs providers are dlopen()ed by libibverbs from its compiled-in dir.
	for b in "$UROOT"/usr/lib/x86_64-linux-gnu/libibverbs/*.so; do
		stage_bin "$b" "${b#"$UROOT"}"
	done
	mkdir -p "$IROOT/etc/libibverbs.d"
	cp "$UROOT"/etc/libibverbs.d/*.driver "$IROOT/etc/libibverbs.d/"
	# The dashboard runs in tmux inside the guest (its panes are
	# TERM=screen); terminal descriptions from ncurses-base (screen,
	# screen-256color, tmux, tmux-256color, linux, vt100, xterm) for it and
	# for the interactive screen under --shell.
	stage_bin "$(find_user_bin tmux)" bin/tmux
	# tmux 3.3a will not start without a UTF-8 LC_CTYPE: glibc's C.utf8
	# (libc-bin).  rdmatop in the pane keeps the C locale (ASCII drawing).
	mkdir -p "$IROOT/usr/lib/locale"
	cp -a "$UROOT/usr/lib/locale/C.utf8" "$IROOT/usr/lib/locale/"
	mkdir -p "$IROOT/usr/share"
	if [ -d "$UROOT/lib/terminfo" ]; then
		cp -a "$UROOT/lib/terminfo" "$IROOT/usr/share/terminfo"
	elif [ -d "$UROOT/usr/share/terminfo" ]; then
		# (sid's ncurses-base)
		cp -a "$UROOT/usr/share/terminfo" "$IROOT/usr/share/terminfo"
	fi
	[ -e "$IROOT/usr/share/terminfo/s/screen" ] || die "no terminfo for TERM=screen in ncurses-base"
	printf 'root:x:0:0:root:/root:/bin/sh\nnobody:x:65534:65534:nobody:/nonexistent:/bin/sh\n' >"$IROOT/etc/passwd"
	printf 'root:x:0:\nnogroup:x:65534:\n' >"$IROOT/etc/group"
	echo "$KVER" >"$IROOT/etc/kver"

	(cd "$IROOT" && find . | LC_ALL=C sort | cpio -o -H newc --quiet) >"$BASE_CPIO.tmp"
	mv "$BASE_CPIO.tmp" "$BASE_CPIO"
	# what was extracted after the sum above (a library fetched on
	# demand) is part of this base: the next run must not rebuild it
	base_sum >"$KDIR/base.sum"
}

# build_overlay KV OUT: the per-run part (init, scenarios, rdmatop, many_qp)
# as a second cpio archive appended to the base one.
build_overlay() {
	local out="$1" o
	IROOT="$RUN_DIR/overlay"
	rm -rf "$IROOT"
	mkdir -p "$IROOT/bin" "$IROOT/etc" "$IROOT/scenarios"
	cp "$VM_DIR/guest/init" "$IROOT/init"
	chmod 755 "$IROOT/init"
	cp "$VM_DIR/guest/lib.sh" "$IROOT/scenarios/lib.sh"
	cp "$VM_DIR"/scenarios/*.sh "$IROOT/scenarios/"
	if [ -n "$RDMATOP" ]; then
		stage_bin "$RDMATOP" bin/rdmatop
	fi
	if [ -n "${MANY_QP_BIN:-}" ]; then
		stage_bin "$MANY_QP_BIN" bin/many_qp
	fi
	if [ -n "${CPUTIME_BIN:-}" ]; then
		stage_bin "$CPUTIME_BIN" bin/cputime
	fi
	# Libraries the base already holds are dropped from the overlay, so the
	# later archive never replaces them with a different copy.
	while IFS= read -r o; do
		[ -e "$KDIR/iroot/$o" ] && [ ! -d "$IROOT/$o" ] && rm -f "$IROOT/$o"
	done <<EOF
$(cd "$IROOT" && find lib usr -type f 2>/dev/null)
EOF
	{
		printf 'SCENARIOS="%s"\n' "$SCEN_LIST"
		printf 'KV="%s"\n' "$RUN_KV"
		printf 'KVER="%s"\n' "$KVER"
		printf 'CAPTURE=%s\n' "$CAPTURE"
		printf 'SHELL_MODE=%s\n' "$SHELL_MODE"
		printf 'HAVE_RDMATOP=%s\n' "$([ -n "$RDMATOP" ] && echo 1 || echo 0)"
		printf 'SCEN_TIMEOUT=%s\n' "$SCEN_TIMEOUT"
	} >"$IROOT/etc/vm.conf"
	(cd "$IROOT" && find . | LC_ALL=C sort | cpio -o -H newc --quiet) >"$out.tmp"
	cat "$BASE_CPIO" "$out.tmp" >"$out"
	rm -f "$out.tmp"
}
