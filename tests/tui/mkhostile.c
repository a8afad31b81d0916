// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Copy a recording, giving every process a hostile name: terminal escape
 * sequences (retitle the window, clear the screen, move the cursor) and
 * invalid UTF-8.  The screen tests replay the copy and check that nothing
 * of it reaches the terminal unescaped.
 *
 * With -g, names stay and every process gets a cgroup instead, by its pid
 * (a SLURM job, a Kubernetes pod, a docker container, a systemd unit, as
 * SLURM, the kubelet, docker and systemd write them), so the screen tests
 * have groups to show.
 *
 * usage: mkhostile [-g] IN.rdrec OUT.rdrec
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record.h"
#include "source.h"

static const char hostile[] = "\x1b]0;PWNED\x07\x1b[2J\x1b[H\xff\xfe" "evil\n";
static int groups_mode;

static const char *const cgroups[] = {
	"0::/system.slice/slurmstepd.scope/job_4242/step_0/user/task_0\n",
	"0::/kubepods.slice/kubepods-burstable.slice/"
	"kubepods-burstable-pod8e2f3b1a_5c4d_4e6f_9a0b_1c2d3e4f5a6b.slice/"
	"cri-containerd-4bd9d4cd4f8c1d0b2e8e0ef0b9c7f7e6a6c1d9e4d8b0a3f2c1e0d9c8b7a6f5e4.scope\n",
	"0::/system.slice/slurmstepd.scope/job_4242/step_1/user/task_0\n",
	"0::/system.slice/docker-0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef.scope\n",
	"0::/user.slice/user-1000.slice/user@1000.service/app.slice/ib-bench.service\n",
};

/* /proc/TGID/cgroup of the process a status file names */
static int add_cgroup(struct raw_sink *k, const char *status, size_t len)
{
	char buf[512], path[64];
	const char *t, *c;
	unsigned long pid;

	if (len >= sizeof(buf))
		len = sizeof(buf) - 1;
	memcpy(buf, status, len);
	buf[len] = '\0';
	t = strstr(buf, "Tgid:");
	if (!t)
		return 0;
	pid = strtoul(t + 5, NULL, 10);
	c = cgroups[pid % (sizeof(cgroups) / sizeof(cgroups[0]))];
	snprintf(path, sizeof(path), "/proc/%lu/cgroup", pid);
	return k->file(k->ctx, path, 0, c, strlen(c));
}

static int copy_sample(struct raw_sink *k, const uint8_t *buf, size_t len)
{
	struct snapshot s;
	size_t off = 0;
	int ret = 0;

	snap_init(&s);
	while (off + 8 <= len && !ret) {
		uint8_t kind = buf[off];
		uint32_t blen = (uint32_t)buf[off + 4] | (uint32_t)buf[off + 5] << 8 |
				(uint32_t)buf[off + 6] << 16 | (uint32_t)buf[off + 7] << 24;
		const uint8_t *b = buf + off + 8;

		if (blen > len - off - 8)
			return -1;
		off += 8 + blen;
		if (kind == REC_BEGIN) {
			/* times and names as recorded */
			struct source src = { 0 };

			rec_replay_sample(&src, &s, b - 8, 8 + blen);
			k->begin(k->ctx, &s);
		} else if (kind == REC_NL && blen >= 12) {
			struct nl_req req = {
				.cmd = (uint16_t)(b[0] | b[1] << 8),
				.flags = (uint16_t)(b[2] | b[3] << 8),
				.dev = (uint32_t)b[4] | (uint32_t)b[5] << 8 |
				       (uint32_t)b[6] << 16 | (uint32_t)b[7] << 24,
				.port = (uint32_t)b[8] | (uint32_t)b[9] << 8 |
					(uint32_t)b[10] << 16 | (uint32_t)b[11] << 24,
			};

			ret = k->nl(k->ctx, &req, b + 12, blen - 12);
		} else if (kind == REC_FILE && blen >= 6) {
			char path[1024];
			size_t pl = (size_t)(b[4] | b[5] << 8);
			int err = (int)((uint32_t)b[0] | (uint32_t)b[1] << 8 |
					(uint32_t)b[2] << 16 | (uint32_t)b[3] << 24);

			if (pl >= sizeof(path) || 6 + pl > blen)
				return -1;
			memcpy(path, b + 6, pl);
			path[pl] = '\0';
			if (!groups_mode && !err && strstr(path, "/comm"))
				ret = k->file(k->ctx, path, 0, hostile, sizeof(hostile) - 1);
			else if (!groups_mode || !strstr(path, "/cgroup"))
				ret = k->file(k->ctx, path, err, b + 6 + pl, blen - 6 - pl);
			/* the live source stops at the first cgroup it cannot read (the
			 * recording's guest mounts none): one per process seen */
			if (groups_mode && !ret && !err && strstr(path, "/status"))
				ret = add_cgroup(k, (const char *)b + 6 + pl, blen - 6 - pl);
		}
	}
	if (!ret)
		ret = k->end(k->ctx, &s);
	snap_free(&s);
	return ret;
}

int main(int argc, char **argv)
{
	struct rec_reader *r;
	struct rec_writer *w;
	const uint8_t *buf;
	size_t len;
	char err[256];
	int ret, n = 0;

	if (argc == 4 && !strcmp(argv[1], "-g")) {
		groups_mode = 1;
		argv++;
		argc--;
	}
	if (argc != 3) {
		fprintf(stderr, "usage: mkhostile [-g] IN OUT\n");
		return 2;
	}
	if (rec_reader_open(&r, argv[1], err, sizeof(err))) {
		fprintf(stderr, "%s\n", err);
		return 1;
	}
	if (rec_writer_open(&w, argv[2])) {
		perror(argv[2]);
		return 1;
	}
	while ((ret = rec_reader_next(r, &buf, &len, err, sizeof(err))) == 1) {
		if (copy_sample(rec_writer_sink(w), buf, len)) {
			fprintf(stderr, "mkhostile: damaged sample\n");
			return 1;
		}
		n++;
	}
	rec_reader_close(r);
	if (rec_writer_close(w) || ret < 0 || !n) {
		fprintf(stderr, "mkhostile: %s\n", ret < 0 ? err : "write failed");
		return 1;
	}
	return 0;
}
