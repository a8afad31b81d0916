// SPDX-License-Identifier: GPL-2.0-or-later
/* Hostile process names and the recording rewriter (hostile.h). */
#include <errno.h>
#include <iconv.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hostile.h"
#include "record.h"
#include "source.h"

#define NAME_MAX_LEN 15	/* TASK_COMM_LEN - 1 */

/* Unicode 15 section 3.9, table 3-7: what is not a well-formed sequence */
const struct hostile_unit hostile_units[] = {
	/* stray continuation bytes, each of 80..BF */
	{ "\x80", 1 }, { "\x81", 1 }, { "\x82", 1 }, { "\x83", 1 }, { "\x84", 1 }, { "\x85", 1 },
	{ "\x86", 1 }, { "\x87", 1 }, { "\x88", 1 }, { "\x89", 1 }, { "\x8a", 1 }, { "\x8b", 1 },
	{ "\x8c", 1 }, { "\x8d", 1 }, { "\x8e", 1 }, { "\x8f", 1 }, { "\x90", 1 }, { "\x91", 1 },
	{ "\x92", 1 }, { "\x93", 1 }, { "\x94", 1 }, { "\x95", 1 }, { "\x96", 1 }, { "\x97", 1 },
	{ "\x98", 1 }, { "\x99", 1 }, { "\x9a", 1 }, { "\x9b", 1 }, { "\x9c", 1 }, { "\x9d", 1 },
	{ "\x9e", 1 }, { "\x9f", 1 }, { "\xa0", 1 }, { "\xa1", 1 }, { "\xa2", 1 }, { "\xa3", 1 },
	{ "\xa4", 1 }, { "\xa5", 1 }, { "\xa6", 1 }, { "\xa7", 1 }, { "\xa8", 1 }, { "\xa9", 1 },
	{ "\xaa", 1 }, { "\xab", 1 }, { "\xac", 1 }, { "\xad", 1 }, { "\xae", 1 }, { "\xaf", 1 },
	{ "\xb0", 1 }, { "\xb1", 1 }, { "\xb2", 1 }, { "\xb3", 1 }, { "\xb4", 1 }, { "\xb5", 1 },
	{ "\xb6", 1 }, { "\xb7", 1 }, { "\xb8", 1 }, { "\xb9", 1 }, { "\xba", 1 }, { "\xbb", 1 },
	{ "\xbc", 1 }, { "\xbd", 1 }, { "\xbe", 1 }, { "\xbf", 1 },
	/* bytes that never lead: C0, C1 (overlong two-byte forms), F5..FF */
	{ "\xc0", 1 }, { "\xc1", 1 }, { "\xf5", 1 }, { "\xf6", 1 }, { "\xf7", 1 }, { "\xf8", 1 },
	{ "\xf9", 1 }, { "\xfa", 1 }, { "\xfb", 1 }, { "\xfc", 1 }, { "\xfd", 1 }, { "\xfe", 1 },
	{ "\xff", 1 },
	/* overlong forms: '/' in two bytes, U+0000 in three and four */
	{ "\xc0\xaf", 2 }, { "\xe0\x80\x80", 3 }, { "\xf0\x80\x80\x80", 4 },
	/* surrogates U+D800 and U+DFFF, and U+110000 */
	{ "\xed\xa0\x80", 3 }, { "\xed\xbf\xbf", 3 }, { "\xf4\x90\x80\x80", 4 },
	/* cut short: a lead and some of its continuation bytes */
	{ "\xc3", 1 }, { "\xe2\x82", 1 }, { "\xf0\x9f\x98", 1 }, { "\xe0\xa0", 1 },
};
const size_t hostile_units_n = sizeof(hostile_units) / sizeof(hostile_units[0]);

const char hostile_esc[] = "\"\\\n\t\x1b\x01\x7f";

/* a few that need no ill-formed byte */
static const char *const fixed[] = {
	"a\"\xff",				/* the endless exposition */
	"a\\\xff", "a\n\xff", "a\"\xe2\x82",	/* cut short at the very end */
	"\xe2\x80\xae" "gnp.exe",		/* RLO: shows as "exe.png" */
	"x\xe2\x81\xa6" "y\xe2\x81\xa9\xe2\x80\x8f", /* an isolate, RLM */
	"\xd8\x9c\xe2\x80\xaa\xe2\x80\xac",	/* ALM, LRE, PDF */
	"# EOF\n} 1",				/* format lines in a name */
};

static char (*names)[NAME_MAX_LEN + 1];
static size_t n_names;

/*
 * For each escaped character E, every unit between two E's: E u1 E u2 E
 * ... cut into names of at most 15 bytes, each starting and ending with E.
 */
static void build(void)
{
	size_t cap = 512, e, u;

	names = calloc(cap, sizeof(*names));
	if (!names)
		abort();
	for (u = 0; u < sizeof(fixed) / sizeof(fixed[0]); u++)
		snprintf(names[n_names++], NAME_MAX_LEN + 1, "%s", fixed[u]);
	for (e = 0; hostile_esc[e]; e++) {
		char *cur = NULL;
		size_t len = 0;

		for (u = 0; u < hostile_units_n; u++) {
			size_t ul = strlen(hostile_units[u].bytes);

			if (!cur || len + ul + 1 > NAME_MAX_LEN) {
				if (n_names == cap)
					abort();
				cur = names[n_names++];
				cur[0] = hostile_esc[e];
				len = 1;
			}
			memcpy(cur + len, hostile_units[u].bytes, ul);
			cur[len + ul] = hostile_esc[e];
			len += ul + 1;
			cur[len] = '\0';
		}
	}
}

size_t hostile_names_n(void)
{
	if (!names)
		build();
	return n_names;
}

const char *hostile_name(size_t k)
{
	return k < hostile_names_n() ? names[k] : "";
}

static const char screen_name[] = "\x1b]0;PWNED\x07\x1b[2J\x1b[H\xff\xfe" "evil";

/* groups mode: /proc/TGID/cgroup of each process, by its pid (a SLURM
 * job, a Kubernetes pod, a docker container, a systemd unit, as SLURM, the
 * kubelet, docker and systemd write them) */
static const char *const cgroups[] = {
	"0::/system.slice/slurmstepd.scope/job_4242/step_0/user/task_0\n",
	"0::/kubepods.slice/kubepods-burstable.slice/"
	"kubepods-burstable-pod8e2f3b1a_5c4d_4e6f_9a0b_1c2d3e4f5a6b.slice/"
	"cri-containerd-4bd9d4cd4f8c1d0b2e8e0ef0b9c7f7e6a6c1d9e4d8b0a3f2c1e0d9c8b7a6f5e4.scope\n",
	"0::/system.slice/slurmstepd.scope/job_4242/step_1/user/task_0\n",
	"0::/system.slice/docker-0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef.scope\n",
	"0::/user.slice/user-1000.slice/user@1000.service/app.slice/ib-bench.service\n",
};

struct rewrite {
	int all;	/* 0, 1, HOSTILE_GROUPS or HOSTILE_USERS */
	size_t first;
	const char *user;	/* HOSTILE_USERS: every uid's name */
	unsigned long uids[64];
	size_t n_uids;
	unsigned long ids[4096];
	size_t n_ids;
};

static const char *name_for(struct rewrite *rw, const char *path)
{
	unsigned long id = strtoul(path + strlen("/proc/"), NULL, 10);
	size_t i;

	if (!rw->all)
		return screen_name;
	for (i = 0; i < rw->n_ids && rw->ids[i] != id; i++)
		;
	if (i == rw->n_ids && rw->n_ids < sizeof(rw->ids) / sizeof(rw->ids[0]))
		rw->ids[rw->n_ids++] = id;
	return hostile_name((rw->first + i) % hostile_names_n());
}

static uint32_t le32(const uint8_t *b)
{
	return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 |
	       (uint32_t)b[3] << 24;
}

/* the cgroup of the process a status file names */
static int add_cgroup(struct raw_sink *k, const uint8_t *status, size_t len)
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

/* users mode: the uid a status file names, among those seen */
static void add_uid(struct rewrite *rw, const uint8_t *status, size_t len)
{
	char buf[512];
	const char *u;
	unsigned long uid;
	size_t i;

	if (len >= sizeof(buf))
		len = sizeof(buf) - 1;
	memcpy(buf, status, len);
	buf[len] = '\0';
	u = strstr(buf, "Uid:");
	if (!u)
		return;
	uid = strtoul(u + 4, NULL, 10);
	for (i = 0; i < rw->n_uids && rw->uids[i] != uid; i++)
		;
	if (i == rw->n_uids && rw->n_uids < sizeof(rw->uids) / sizeof(rw->uids[0]))
		rw->uids[rw->n_uids++] = uid;
}

/* users mode: the SNAP_USERS record, every uid seen so far named rw->user */
static int add_users(struct rewrite *rw, struct raw_sink *k)
{
	char buf[64 * 96];
	size_t i, n = 0;

	for (i = 0; i < rw->n_uids; i++)
		n += (size_t)snprintf(buf + n, sizeof(buf) - n, "%lu %s\n", rw->uids[i], rw->user);
	return k->file(k->ctx, SNAP_USERS, 0, buf, n);
}

static int copy_sample(struct rewrite *rw, struct raw_sink *k, const uint8_t *buf, size_t len)
{
	struct snapshot s;
	size_t off = 0;
	int ret = 0;

	snap_init(&s);
	while (off + 8 <= len && !ret) {
		uint8_t kind = buf[off];
		uint32_t blen = le32(buf + off + 4);
		const uint8_t *b = buf + off + 8;

		if (blen > len - off - 8) {
			ret = -1;
			break;
		}
		off += 8 + blen;
		if (kind == REC_BEGIN) {
			/* times and names as recorded */
			struct source src = { 0 };

			source_replay_sample(&src, &s, b - 8, 8 + blen);
			ret = k->begin(k->ctx, &s);
		} else if (kind == REC_NL && blen >= 12) {
			struct nl_req req = {
				.cmd = (uint16_t)(b[0] | b[1] << 8),
				.flags = (uint16_t)(b[2] | b[3] << 8),
				.dev = le32(b + 4),
				.port = le32(b + 8),
			};

			ret = k->nl(k->ctx, &req, b + 12, blen - 12);
		} else if (kind == REC_FILE && blen >= 6) {
			char path[1024];
			size_t pl = (size_t)(b[4] | b[5] << 8);
			int err = (int)le32(b);

			if (pl >= sizeof(path) || 6 + pl > blen) {
				ret = -1;
				break;
			}
			memcpy(path, b + 6, pl);
			path[pl] = '\0';
			if (rw->all == HOSTILE_GROUPS) {
				/* names stay; the live source stops at the first
				 * cgroup it cannot read (the recording's guest mounts
				 * none): one per process seen */
				if (!strstr(path, "/cgroup"))
					ret = k->file(k->ctx, path, err, b + 6 + pl, blen - 6 - pl);
				if (!ret && !err && strstr(path, "/status"))
					ret = add_cgroup(k, b + 6 + pl, blen - 6 - pl);
			} else if (rw->all == HOSTILE_USERS) {
				/* names stay; a recording as the live source makes
				 * them now, every uid seen named rw->user */
				if (!err && strstr(path, "/status"))
					add_uid(rw, b + 6 + pl, blen - 6 - pl);
				if (strcmp(path, SNAP_USERS))
					ret = k->file(k->ctx, path, err, b + 6 + pl, blen - 6 - pl);
			} else if (!err && !strncmp(path, "/proc/", 6) && strstr(path, "/comm")) {
				/* as the kernel prints it: the name and '\n' (the
				 * screen tests' name is longer than a comm) */
				char line[64];

				snprintf(line, sizeof(line), "%s\n", name_for(rw, path));
				ret = k->file(k->ctx, path, 0, line, strlen(line));
			} else {
				ret = k->file(k->ctx, path, err, b + 6 + pl, blen - 6 - pl);
			}
		}
	}
	if (!ret && rw->all == HOSTILE_USERS && rw->n_uids)
		ret = add_users(rw, k);
	if (!ret)
		ret = k->end(k->ctx, &s);
	snap_free(&s);
	return ret;
}

static int rewrite(const char *in, const char *out, int all, size_t first, const char *user,
		   char *err, size_t errlen);

int hostile_rewrite(const char *in, const char *out, int all, size_t first, char *err,
		    size_t errlen)
{
	return rewrite(in, out, all, first, NULL, err, errlen);
}

int hostile_rewrite_users(const char *in, const char *out, const char *user, char *err,
			  size_t errlen)
{
	return rewrite(in, out, HOSTILE_USERS, 0, user, err, errlen);
}

static int rewrite(const char *in, const char *out, int all, size_t first, const char *user,
		   char *err, size_t errlen)
{
	struct rewrite *rw = calloc(1, sizeof(*rw));
	struct rec_reader *r = NULL;
	struct rec_writer *w = NULL;
	const uint8_t *buf;
	size_t len;
	int ret = -1, got, n = 0;

	if (!rw) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	rw->all = all;
	rw->first = first;
	rw->user = user;
	if (rec_reader_open(&r, in, err, errlen))
		goto out;
	if (rec_writer_open(&w, out)) {
		snprintf(err, errlen, "%s: cannot write", out);
		goto out;
	}
	while ((got = rec_reader_next(r, &buf, &len, err, errlen)) == 1) {
		if (copy_sample(rw, rec_writer_sink(w), buf, len)) {
			snprintf(err, errlen, "%s: damaged sample", in);
			goto out;
		}
		n++;
	}
	if (got < 0)
		goto out;
	if (!n) {
		snprintf(err, errlen, "%s: no sample", in);
		goto out;
	}
	ret = (int)(all == HOSTILE_USERS ? rw->n_uids : rw->n_ids);
out:
	if (w && rec_writer_close(w) && ret >= 0) {
		snprintf(err, errlen, "%s: write failed", out);
		ret = -1;
	}
	if (r)
		rec_reader_close(r);
	free(rw);
	return ret;
}

int hostile_replay(int (*fn)(const struct snapshot *s, void *ctx), void *ctx)
{
	const char *dir = getenv("RDMATOP_TEST_DATA");
	char in[1024], out[] = "/tmp/rdmatop-hostile-XXXXXX", err[256];
	size_t first = 0;
	int fd, n, samples = 0, stop = 0;

	snprintf(in, sizeof(in), "%s/linux-6.12-rxe/cm.rdrec", dir ? dir : "tests/data");
	fd = mkstemp(out);
	if (fd < 0)
		return -1;
	close(fd);
	while (first < hostile_names_n() && !stop) {
		struct source src = { 0 };
		struct snapshot s;

		n = hostile_rewrite(in, out, 1, first, err, sizeof(err));
		if (n <= 0 || source_replay_open(&src, out, err, sizeof(err))) {
			fprintf(stderr, "hostile_replay: %s\n", n ? err : "no process to rename");
			samples = -1;
			break;
		}
		snap_init(&s);
		while (!stop && source_sample(&src, &s) == 0) {
			samples++;
			stop = fn(&s, ctx);
			snap_clear(&s);
		}
		snap_free(&s);
		src.ops->close(&src);
		first += (size_t)n;
	}
	unlink(out);
	return samples;
}

int hostile_utf8(const char *s, size_t len)
{
	iconv_t cd = iconv_open("UTF-32LE", "UTF-8");
	char buf[4096];
	char *in = (char *)s;
	size_t left = len;
	int ok = 1;

	if (cd == (iconv_t)-1)
		return 0;
	while (left && ok) {
		char *o = buf;
		size_t room = sizeof(buf);

		if (iconv(cd, &in, &left, &o, &room) == (size_t)-1 && errno != E2BIG)
			ok = 0;
	}
	iconv_close(cd);
	return ok;
}

int hostile_terminal_clean(const char *str, size_t len)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t i;

	for (i = 0; i < len; i++) {
		if ((s[i] < 0x20 && s[i] != '\n') || s[i] == 0x7f)
			return 0;
		/* C1 in UTF-8 is C2 80..9F; the bidi controls and separators are
		 * U+061C (D8 9C), U+200E/F (E2 80 8E/8F), U+2028..U+202E
		 * (E2 80 A8..AE), U+2066..U+2069 (E2 81 A6..A9) */
		if (i + 1 < len && ((s[i] == 0xc2 && s[i + 1] >= 0x80 && s[i + 1] < 0xa0) ||
				    (s[i] == 0xd8 && s[i + 1] == 0x9c)))
			return 0;
		if (i + 2 < len && s[i] == 0xe2 &&
		    ((s[i + 1] == 0x80 && (s[i + 2] == 0x8e || s[i + 2] == 0x8f ||
					   (s[i + 2] >= 0xa8 && s[i + 2] <= 0xae))) ||
		     (s[i + 1] == 0x81 && s[i + 2] >= 0xa6 && s[i + 2] <= 0xa9)))
			return 0;
	}
	return 1;
}

void hostile_pair(size_t e, size_t u, char *in, size_t inlen, const char *quote,
		  const char *esc, const char *fffd, char *want, size_t wantlen)
{
	size_t o, r, k;

	snprintf(in, inlen, "%c%s%c%s", hostile_esc[e], hostile_units[u].bytes, hostile_esc[e],
		 hostile_units[u].bytes);
	o = (size_t)snprintf(want, wantlen, "%s", quote);
	for (r = 0; r < 2; r++) {
		o += (size_t)snprintf(want + o, wantlen - o, "%s", esc);
		for (k = 0; k < hostile_units[u].fffd; k++)
			o += (size_t)snprintf(want + o, wantlen - o, "%s", fffd);
	}
	snprintf(want + o, wantlen - o, "%s", quote);
}
