# shellcheck shell=dash
# many-qp: N RC QPs in RTS in each of M processes (tests/vm/many_qp.c), for
# scale: the oracle snapshot and the time one rdmatop sample takes.
# shellcheck source=tests/vm/guest/lib.sh
. /scenarios/lib.sh

N="$(per_kernel 1000 500)"
M=2
meta qps_per_process "$N"
meta processes "$M"
many_qp -d rxe0 -n "$N" -m "$M" >"$R/many_qp.txt" 2>&1 &
mq=$!
wait_grep "$R/many_qp.txt" '^READY' 150 || { cat "$R/many_qp.txt"; exit 1; }
say "$(cat "$R/many_qp.txt")"
meta pids "$(sed -n 's/^READY [0-9]* //p' "$R/many_qp.txt")"
snap many
if [ "$HAVE_RDMATOP" = 1 ]; then
	a="$(now)"
	rt -j -n 1 >/dev/null 2>&1
	b="$(now)"
	meta rdmatop_sample_s "$(awk -v a="$a" -v b="$b" 'BEGIN{print b-a}')"
fi
a="$(now)"
rdma -j -d res show qp >/dev/null
b="$(now)"
meta rdma_qp_dump_s "$(awk -v a="$a" -v b="$b" 'BEGIN{print b-a}')"
capture
kill "$mq"
wait_for "$mq" 60
meta many_qp_rc "$?"
