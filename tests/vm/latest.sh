# shellcheck shell=bash disable=SC2153 # KIMG, KDEBS, UDEBS: from $CACHE/klatest/resolved
# --kernel latest: the newest Debian kernel on offer (trixie-backports or
# sid, whichever has the higher linux-image-amd64) with a sid userspace
# (iproute2, rdma-core and the libraries they need, glibc included: one
# consistent set, run by its own staged ld.so).  Everything comes from a
# private apt view in $CACHE/apt-latest; the host's apt configuration is
# never touched.  Sourced by tests/vm/stage.sh.

LATEST_DIR="$CACHE/apt-latest"
LATEST_SUITES="trixie-backports sid"

# (an empty dpkg status: the host's installed bookworm packages must not
# count as candidates)
latest_apt() {
	local cmd="$1"
	shift
	"$cmd" -o Dir::Etc::SourceList="$LATEST_DIR/sources.list" \
		-o Dir::Etc::SourceParts=/nonexistent \
		-o Dir::State::Lists="$LATEST_DIR/lists" \
		-o Dir::State::status="$LATEST_DIR/status" \
		-o Dir::Cache="$LATEST_DIR" "$@"
}

# The view's lists, refreshed when older than RDMATOP_VM_LATEST_TTL seconds
# (default a day; 0: every run).  Returns 1 when they were refreshed (the
# resolution is made again).  When the refresh fails and older lists
# exist, those are used, and said so.
ensure_latest_view() {
	local ttl="${RDMATOP_VM_LATEST_TTL:-86400}" stamp="$LATEST_DIR/updated" age s
	mkdir -p "$LATEST_DIR/lists/partial" "$LATEST_DIR/archives/partial"
	[ -e "$LATEST_DIR/status" ] || : >"$LATEST_DIR/status"
	for s in $LATEST_SUITES; do
		echo "deb http://deb.debian.org/debian $s main"
	done >"$LATEST_DIR/sources.list.new"
	if cmp -s "$LATEST_DIR/sources.list.new" "$LATEST_DIR/sources.list"; then
		rm -f "$LATEST_DIR/sources.list.new"
	else
		mv "$LATEST_DIR/sources.list.new" "$LATEST_DIR/sources.list"
		rm -f "$stamp"
	fi
	if [ -e "$stamp" ]; then
		age=$(($(date +%s) - $(stat -c %Y "$stamp")))
		[ "$age" -lt "$ttl" ] && return 0
	fi
	log "latest: apt-get update of the private view $LATEST_DIR ($LATEST_SUITES)"
	if latest_apt apt-get -q -o APT::Sandbox::User=root update >&2; then
		touch "$stamp"
		return 1
	fi
	[ -e "$stamp" ] || die "apt-get update of the private latest lists ($LATEST_SUITES) failed"
	log "latest: the update failed: using the lists of $(date -u -r "$stamp" '+%F %T UTC')"
	return 0
}

# latest_name PKG: PKG, or its renamed sid successor (the 64-bit time_t
# transition appended "t64" to many library packages: libssl3t64, ...).
latest_name() {
	local p
	# the t64 rename: libfoo1 -> libfoo1t64, libcurl3-gnutls -> libcurl3t64-gnutls
	for p in "$1" "${1}t64" "$(printf '%s' "$1" | sed 's/\([0-9]\)-/\1t64-/')"; do
		if latest_apt apt-cache show --no-all-versions "$p" 2>/dev/null | grep -q '^Package: '; then
			echo "$p"
			return 0
		fi
	done
	return 1
}

# latest_closure PKG...: "name=version" of PKG... and, recursively, of
# every library package they depend on (Depends and Pre-Depends, first
# alternative), at the view's candidate versions.  Other dependencies
# (debconf, systemd, ...) are not followed: nothing in the guest runs them.
latest_closure() {
	local todo="$*" seen=" " out p
	while [ -n "$todo" ]; do
		# shellcheck disable=SC2086 # one argument per package
		out="$(latest_apt apt-cache show --no-all-versions $todo 2>/dev/null)"
		printf '%s\n' "$out" | awk '/^Package: /{p=$2} /^Version: /{print p "=" $2}'
		for p in $todo $(printf '%s\n' "$out" | awk '/^Package: /{print $2}'); do
			seen="$seen$p "
		done
		todo=""
		for p in $(printf '%s\n' "$out" | sed -n 's/^\(Pre-\)\{0,1\}Depends: //p' | tr ',' '\n' |
			sed 's/|.*//; s/(.*)//; s/:any//; s/[[:space:]]//g' | sort -u); do
			case "$p" in lib*) ;; *) continue ;; esac
			case "$seen$todo " in *" $p "*) continue ;; esac
			todo="$todo $p"
		done
	done
}

# deb_file DIR NAME=VERSION: the .deb apt-get download stored for it (an
# epoch's colon is written %3a).
deb_file() {
	local n="${2%%=*}" v="${2#*=}"
	# shellcheck disable=SC2012 # deb file names have no odd characters
	ls "$1/${n}_${v//:/%3a}_"*.deb 2>/dev/null | head -n 1
}

# fetch_exact DIR NAME=VERSION...: download from the view the exact
# versions not yet in DIR.
fetch_exact() {
	local dir="$1" pv missing=""
	shift
	mkdir -p "$dir"
	for pv in "$@"; do
		[ -n "$(deb_file "$dir" "$pv")" ] || missing="$missing $pv"
	done
	[ -n "$missing" ] || return 0
	log "downloading:$missing"
	# shellcheck disable=SC2086 # one argument per package
	(cd "$dir" && latest_apt apt-get -q -o APT::Sandbox::User=root download $missing) >&2 ||
		die "apt-get download failed for:$missing"
}

# resolve_latest: the newest linux-image-amd64 of the view's suites (not
# apt's candidate: backports is pinned below sid), the packages its
# linux-image-VER depends on (7.x splits it: linux-image-VER only depends,
# linux-binary-VER holds vmlinuz under /usr/lib/modules/VER/,
# linux-modules-VER the .ko.xz, linux-base-VER the config), and the sid
# userspace.  Written to $CACHE/klatest/resolved, made again after every
# refresh of the view.
resolve_latest() {
	local f="$CACHE/klatest/resolved" best="" v s suite="" kimg kdebs p n roots="" users
	local refreshed=0 want
	ensure_latest_view || refreshed=1
	# (made again as well when the package list of stage.sh changed)
	# shellcheck disable=SC2086,SC2116 # squeeze the list onto one line
	# (the cluster view's libcurl and jansson: sid names them apart from
	# Debian 12, whose libcurl3-gnutls sid keeps only as an empty package)
	want="$(echo $USER_PKGS iproute2 libcurl4-gnutls libjansson4)"
	[ "$refreshed" = 0 ] && [ -s "$f" ] && grep -qxF "WANT=\"$want\"" "$f" && return 0
	mkdir -p "$CACHE/klatest"
	while IFS='|' read -r _ v s; do
		v="${v//[[:space:]]/}"
		[ -n "$v" ] || continue
		if [ -z "$best" ] || dpkg --compare-versions "$v" gt "$best"; then
			best="$v"
			suite="$(echo "$s" | awk '{sub(/\/.*/, "", $2); print $2}')"
		fi
	done <<EOF
$(latest_apt apt-cache madison linux-image-amd64 2>/dev/null)
EOF
	[ -n "$best" ] || die "latest: no linux-image-amd64 in $LATEST_SUITES"
	kimg="$(latest_apt apt-cache show "linux-image-amd64=$best" 2>/dev/null | sed -n 's/^Depends: //p' |
		tr ',' '\n' | sed -n 's/^ *\(linux-image-[0-9][^ ]*\).*/\1/p' | head -n 1)"
	[ -n "$kimg" ] || die "latest: linux-image-amd64 $best depends on no linux-image-VER"
	kdebs="$kimg=$best"
	for p in $(latest_apt apt-cache show "$kimg=$best" 2>/dev/null | sed -n 's/^Depends: //p' |
		tr ',' '\n' | sed 's/(.*)//; s/[[:space:]]//g'); do
		case "$p" in
		"linux-binary-${kimg#linux-image-}" | "linux-modules-${kimg#linux-image-}" | \
			"linux-base-${kimg#linux-image-}") kdebs="$kdebs $p=$best" ;;
		esac
	done
	for p in $want; do
		n="$(latest_name "$p")" || die "latest: no $p (nor ${p}t64) in $LATEST_SUITES"
		roots="$roots $n"
	done
	# shellcheck disable=SC2086 # one argument per package
	users="$(latest_closure $roots | sort -u | tr '\n' ' ')"
	printf 'WANT="%s"\nKSUITE=%s\nKIMG=%s\nKDEBS="%s"\nUDEBS="%s"\n' "$want" "$suite" "$kimg" "$kdebs" \
		"${users% }" >"$f.tmp"
	mv "$f.tmp" "$f"
}

# version_of NAME "NAME=VER ...": VER
version_of() {
	local pv
	for pv in $2; do
		[ "${pv%%=*}" = "$1" ] && echo "${pv#*=}" && return 0
	done
	echo "?"
}

# stage_latest: downloads and extraction for --kernel latest; sets KDIR,
# KVER, UROOT, VMLINUZ and LATEST_INFO.  A new resolution starts fresh
# trees and drops the superseded .deb files.
stage_latest() {
	local pv deb v
	resolve_latest
	# KSUITE, KIMG, KDEBS, UDEBS
	# shellcheck disable=SC1091
	. "$CACHE/klatest/resolved"
	KDIR="$CACHE/klatest"
	if [ "$(cat "$KDIR/staged" 2>/dev/null)" != "$KDEBS $UDEBS" ]; then
		rm -rf "$KDIR/kernel" "$KDIR/user" "$KDIR/iroot" "$KDIR/base.cpio" "$KDIR/base.sum"
		for deb in "$CACHE/debs/latest"/*.deb; do
			[ -e "$deb" ] || continue
			case " $KDEBS $UDEBS " in
			*" $(dpkg-deb -f "$deb" Package)=$(dpkg-deb -f "$deb" Version) "*) ;;
			*) rm -f "$deb" ;;
			esac
		done
	fi
	# shellcheck disable=SC2086 # one argument per package
	fetch_exact "$CACHE/debs/latest" $KDEBS $UDEBS
	for pv in $KDEBS; do
		extract "$(deb_file "$CACHE/debs/latest" "$pv")" "$KDIR/kernel"
	done
	UROOT="$KDIR/user"
	for pv in $UDEBS; do
		extract "$(deb_file "$CACHE/debs/latest" "$pv")" "$UROOT"
	done
	# sid's packages ship everything under /usr (the /usr merge); the
	# staging reads /bin, /lib as bookworm has them: the merged links
	for v in bin sbin lib lib64; do
		[ -e "$UROOT/$v" ] || ln -s "usr/$v" "$UROOT/$v"
	done
	echo "$KDEBS $UDEBS" >"$KDIR/staged"
	KVER="${KIMG#linux-image-}"
	VMLINUZ=""
	for v in "$KDIR/kernel/boot/vmlinuz-$KVER" "$KDIR/kernel/usr/lib/modules/$KVER/vmlinuz" \
		"$KDIR/kernel/lib/modules/$KVER/vmlinuz"; do
		[ -f "$v" ] && VMLINUZ="$v" && break
	done
	[ -n "$VMLINUZ" ] || die "latest: no vmlinuz for $KVER in $KDEBS"
	# shellcheck disable=SC2034 # printed by tests/vm/run
	LATEST_INFO="kernel $KIMG $(version_of "$KIMG" "$KDEBS") ($KSUITE); sid: iproute2 $(version_of iproute2 "$UDEBS"), rdma-core $(version_of libibverbs1 "$UDEBS"), glibc $(version_of libc6 "$UDEBS")"
}

# latest_soname SO HOSTPKG: a library the staged binaries need that no
# resolved package holds: the host's package name for it (or its t64
# successor) from the view, never the host's bookworm copy.
latest_soname() {
	local so="$1" pkg pv
	pkg="$(latest_name "$2")" || die "library $so: no sid package for the host's $2"
	# with its library dependencies: sid's libcurl3t64-gnutls is an empty
	# transitional package whose libcurl4-gnutls needs libraries Debian 12
	# has not (libnghttp3-9)
	for pv in $(latest_closure "$pkg"); do
		log "fetching $pv for $so (sid)"
		fetch_exact "$CACHE/debs/latest" "$pv"
		extract "$(deb_file "$CACHE/debs/latest" "$pv")" "$UROOT"
	done
}
