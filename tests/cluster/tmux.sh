# shellcheck shell=bash
# Sourced by tests/cluster/tui.sh and panes.sh: their tmux server ($sock),
# the screen ($tmp/screen), waiting for a pattern and sending keys.
# shellcheck disable=SC2154 # sock, tmp, ok and bad are the sourcing script's
tm() { tmux -L "$sock" "$@"; }
screen() { tm capture-pane -p -t t >"$tmp/screen" 2>/dev/null; }
look() {	# look SECS ERE: until the screen matches
	local end=$(($(date +%s) + $1))
	while [ "$(date +%s)" -le "$end" ]; do
		screen
		grep -qE -- "$2" "$tmp/screen" && return 0
		sleep 0.2
	done
	return 1
}
scr() { if look "${3:-10}" "$2"; then ok "$1"; else bad "$1 (want /$2/)" "$tmp/screen"; fi; }
keys() { tm send-keys -t t "$@"; sleep 0.4; }
