// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * JSON output's options and shapes: a real recording with each hostile
 * name (one line each sample), -p and the other options, the groups of
 * processes (a SLURM job, a container, a unit), one line a sample.
 */
#include "hostile.h"
#include "jsonsnap.h"

struct all_out {
	FILE *f;
	int samples, bad;
};

static int json_sample(const struct snapshot *s, void *ctx)
{
	struct all_out *a = ctx;
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	CHECK_EQ_U(out_json(f, s, NULL), 0);
	fclose(f);
	if (!hostile_utf8(buf, len) || !hostile_terminal_clean(buf, len) || !len ||
	    buf[len - 1] != '\n' || strchr(buf, '\n') != buf + len - 1)
		a->bad++;
	fwrite(buf, 1, len, a->f);
	a->samples++;
	free(buf);
	return a->bad;
}

/* A real recording with each hostile name: one line of JSON each sample. */
static void test_json_hostile_recording(void)
{
	struct all_out a = { 0 };
	char *buf = NULL;
	size_t len = 0;

	alarm(60);
	a.f = open_memstream(&buf, &len);
	CHECK(hostile_replay(json_sample, &a) > 0);
	fclose(a.f);
	alarm(0);
	CHECK_EQ_U(a.bad, 0);
	CHECK(a.samples >= (int)hostile_names_n() / 3);
	CHECK(buf && strstr(buf, "\"comm\":\"a\\\"\\ufffd\""));
	CHECK(buf && strstr(buf, "\"comm\":\"\\u202egnp.exe\""));
	if (buf)
		check_parses(buf);
	free(buf);
}

static void test_json_opts(void)
{
	struct snapshot s;
	struct view_filter *f = view_filter_new();
	struct out_opts o = { .filter = f,
			      .sort_col = view_col_find(VIEW_QPS, "lqpn"),
			      .reverse = true };
	char err[128], *out;

	build_61(&s);
	CHECK_EQ_U(view_filter_add(f, "type=RC", err, sizeof(err)), 0);
	out = render(&s, &o, true);
	/* QPs: only RC, by lqpn descending; devices untouched by type= */
	CHECK(out &&
	      strstr(out, "\"qps\":[{\"ifindex\":0,\"ifname\":\"rxe0\",\"port\":1,\"lqpn\":20"));
	CHECK(out && !strstr(out, "\"GSI\""));
	CHECK(out && strstr(out, "\"ifname\":\"rxe1\",\"node_type\""));
	free(out);
	/* -p 393: the process, also through its thread 395 */
	o.filter = NULL;
	o.sort_col = -1;
	o.pid = 393;
	out = render(&s, &o, true);
	CHECK(out && strstr(out, "\"ctxs\":[{\"ifindex\":0,\"ifname\":\"rxe0\",\"ctxn\":4,"));
	CHECK(out && strstr(out, "\"processes\":[{\"pid\":393,"));
	CHECK(out && !strstr(out, "\"pid\":387"));
	check_parses(out);
	free(out);
	view_filter_free(f);
	snap_free(&s);
}

static void cgroup(struct snapshot *s, uint32_t pid, const char *path)
{
	struct snap_task *t = snap_task_get(s, pid);

	SNAP_SET(t, cgroup, SNAP_TASK_CGROUP, snap_str(s, path, 255));
}

/* groups: a SLURM job of two processes, a container, a unit; -p narrows */
static void test_json_groups(void)
{
	struct snapshot s;
	struct out_opts o = { .sort_col = -1 };
	char *out;

	build_61(&s);
	cgroup(&s, 387, "/system.slice/slurmstepd.scope/job_42/step_0/user/task_0");
	cgroup(&s, 389, "/system.slice/slurmstepd.scope/job_42/step_0/user/task_1");
	cgroup(&s, 390, "/system.slice/docker-0123456789abcdef.scope");
	cgroup(&s, 393, "/user.slice/user-1000.slice/session-3.scope");
	out = render(&s, NULL, true);
	CHECK(out &&
	      strstr(out, "\"groups\":[{\"kind\":\"job\",\"runtime\":\"slurm\","
			  "\"name\":\"42\",\"n_processes\":2,\"pids\":[387,389],\"qps\":2,"
			  "\"qp_states\":{\"RTS\":2},\"cqs\":1,\"mrs\":1,\"mr_bytes\":4096,"));
	CHECK(out &&
	      strstr(out, "\"psn_per_sec\":4000.5,\"cgroup\":\"/system.slice/"
			  "slurmstepd.scope/job_42/step_0/user/task_0\"},"
			  "{\"kind\":\"container\",\"runtime\":\"docker\","
			  "\"name\":\"0123456789abcdef\",\"n_processes\":1,\"pids\":[390],"));
	CHECK(out && strstr(out, "{\"kind\":\"unit\",\"runtime\":\"systemd\","
				 "\"name\":\"session-3.scope\",\"n_processes\":1,\"pids\":[393],"));
	CHECK(out && !strstr(out, "\"kind\":\"unknown\""));
	check_parses(out);
	free(out);
	/* -p 395 (a thread of 393): its group only */
	o.pid = 395;
	out = render(&s, &o, true);
	CHECK(out && strstr(out, "\"groups\":[{\"kind\":\"unit\""));
	CHECK(out && strstr(out, "\"pids\":[393]"));
	CHECK(out && !strstr(out, "\"kind\":\"job\""));
	free(out);
	snap_free(&s);
}

static void test_json_lines(void)
{
	struct snapshot s;
	char *buf = NULL;
	size_t len = 0, lines = 0, i;
	FILE *f = open_memstream(&buf, &len);

	snap_init(&s);
	out_json(f, &s, NULL);
	out_json(f, &s, NULL);
	fclose(f);
	for (i = 0; i < len; i++)
		lines += buf[i] == '\n';
	CHECK_EQ_U(lines, 2);
	CHECK(strstr(buf, "\"system\":{},\"devices\":[],") != NULL);
	check_parses(buf);
	free(buf);
	snap_free(&s);
}

/* What 6.12 adds (protocol, monitor, caps rdma cannot name), SRQs, IPv6. */
TEST_MAIN(test_json_hostile_recording, test_json_opts, test_json_groups, test_json_lines)
