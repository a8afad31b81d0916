// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * End to end against `rdma -j`: the kernel bytes of the 6.1/6.12 captures
 * go through nl_parse() and out_json(), and every object of our devices,
 * links, resources and resource arrays must be byte for byte an object
 * rdma printed for the same bytes.  /proc is emulated from rdma's own
 * output (thread comm only, no Tgid), so none of our extra keys appear.
 */
#include "out.h"
#include "test_nl_ref.h"

/* Our array `key`: the top-level objects inside it, as one string each. */
static int our_objects(const char *line, const char *key, char objs[][1024], int max)
{
	char pat[64];
	const char *p;
	int n = 0, depth = 0;
	bool str = false;
	const char *start = NULL;

	snprintf(pat, sizeof(pat), "\"%s\":[", key);
	p = strstr(line, pat);
	CHECK(p != NULL);
	if (!p)
		return 0;
	for (p += strlen(pat); *p; p++) {
		if (str) {
			if (*p == '\\')
				p++;
			else if (*p == '"')
				str = false;
			continue;
		}
		if (*p == '"') {
			str = true;
		} else if (*p == '{' || *p == '[') {
			if (!depth++ && *p == '{')
				start = p;
		} else if (*p == '}' || *p == ']') {
			if (!depth)
				break;	/* the array's own ']' */
			if (!--depth && start && n < max) {
				snprintf(objs[n++], 1024, "%.*s", (int)(p - start + 1), start);
				start = NULL;
			}
		}
	}
	return n;
}

/* rdma's comm for the thread ids it printed: our stand-in for /proc. */
static void tasks_from(struct snapshot *s, const char *txt)
{
	char obj[4096], comm[64], pid[16];
	int i;

	for (i = 0; json_obj(txt, i, obj, sizeof(obj)); i++) {
		struct snap_task *t;

		if (!json_get(obj, "pid", pid, sizeof(pid)) ||
		    !json_get(obj, "comm", comm, sizeof(comm)))
			continue;
		t = snap_task_get(s, (uint32_t)strtoul(pid, NULL, 10));
		t->comm = snap_str(s, comm, sizeof(comm));
		t->valid = SNAP_TASK_COMM;
	}
}

/* not inlined: gcc 12 takes the memstream buffer for a dangling pointer */
__attribute__((noinline)) static char *render(const struct snapshot *s)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	CHECK_EQ_U(out_json(f, s, NULL), 0);
	fclose(f);
	return buf;
}

/* Drop ,"key":"string" from obj (a key an older rdma does not print). */
static void strip_key(char *obj, const char *key)
{
	char pat[64], *p, *e;

	snprintf(pat, sizeof(pat), ",\"%s\":\"", key);
	p = strstr(obj, pat);
	if (!p)
		return;
	e = strchr(p + strlen(pat), '"');
	if (e)
		memmove(p, e + 1, strlen(e + 1) + 1);
}

static void check_table(const char *kernel, const char *name, const char *key, bool per_port)
{
	static char ours[64][1024];
	struct snapshot s;
	struct replay r;
	char *txt = load_txt(kernel, name), *line, obj[4096];
	bool used[64] = { false };
	int n, m, i, j;

	CHECK(txt != NULL);
	if (!txt)
		return;
	snap_init(&s);
	/* devices first: every object names its device */
	replay(&s, kernel, "dev_show_json_d", &r);
	if (strcmp(key, "devices"))
		replay_mode(&s, kernel, name, &r, per_port);
	CHECK_EQ_U(r.errors, 0);
	tasks_from(&s, txt);
	snap_tasks_sort(&s);
	line = render(&s);
	n = json_count(txt);
	m = our_objects(line, key, ours, 64);
	CHECK_EQ_U(m, n);
	for (i = 0; i < m; i++) {
		bool found = false;

		/* the 6.1 kernel sends the protocol; iproute2 6.1 does not print it */
		if (!strcmp(kernel, "linux-6.1-rxe"))
			strip_key(ours[i], "protocol");
		/* rdmatop's own verdict of the port (one sample: none yet) */
		{
			static const char verdict[] = ",\"health\":\"n/a\",\"reasons\":[]";
			char *v = strstr(ours[i], verdict);

			if (v)
				memmove(v, v + strlen(verdict), strlen(v + strlen(verdict)) + 1);
		}
		for (j = 0; j < n && !found; j++) {
			if (used[j] || !json_obj(txt, j, obj, sizeof(obj)) || strcmp(obj, ours[i]))
				continue;
			used[j] = found = true;
		}
		if (!found)
			fprintf(stderr, "%s %s: not printed by rdma: %s\n", kernel, name, ours[i]);
		CHECK(found);
	}
	free(line);
	free(txt);
	snap_free(&s);
}

static void test_devices_links(void)
{
	size_t k;

	for (k = 0; k < NK; k++) {
		check_table(kernels[k], "dev_show_json_d", "devices", false);
		check_table(kernels[k], "link_show_json_d", "links", false);
	}
}

static void test_summary(void)
{
	check_table("linux-6.1-rxe", "res_summary_busy", "resources", false);
	check_table("linux-6.1-rxe", "res_show_json_idle", "resources", false);
	check_table("linux-6.12-rxe", "res_show_json_busy", "resources", false);
	check_table("linux-6.12-rxe", "res_show_json_idle", "resources", false);
}

static void test_resources(void)
{
	size_t k;

	for (k = 0; k < NK; k++) {
		/* rdma prints QPs from its per-port dumps: compare with those */
		check_table(kernels[k], "res_qp_json_d", "qps", true);
		check_table(kernels[k], "res_cm_id_json", "cm_ids", false);
		check_table(kernels[k], "res_cq_json", "cqs", false);
		check_table(kernels[k], "res_mr_json", "mrs", false);
		check_table(kernels[k], "res_pd_json", "pds", false);
		check_table(kernels[k], "res_ctx_json", "ctxs", false);
	}
	check_table("linux-6.12-rxe", "res_srq_json", "srqs", false);
}

/* rdma nests hw counters in one object per port; ours is a flat list. */
static void check_stat(const char *kernel, const char *name)
{
	struct snapshot s;
	struct replay r;
	char *txt = load_txt(kernel, name), *line, obj[4096];
	const char *p;
	int n = 0;

	CHECK(txt != NULL);
	if (!txt || !json_obj(txt, 0, obj, sizeof(obj))) {
		free(txt);
		return;
	}
	snap_init(&s);
	replay(&s, kernel, "dev_show_json_d", &r);
	replay(&s, kernel, name, &r);
	CHECK_EQ_U(r.errors, 0);
	line = render(&s);
	/* every "name":value after "port" */
	for (p = strstr(obj, "\"port\":1,") + 9; p && *p == '"'; n++) {
		const char *e = strchr(p + 1, '"');
		char want[160];
		unsigned long long v;

		if (!e || sscanf(e + 2, "%llu", &v) != 1)
			break;
		snprintf(want, sizeof(want),
			 "\"ifindex\":0,\"ifname\":\"rxe0\",\"port\":1,\"name\":%.*s,"
			 "\"value\":%llu,", (int)(e - p + 1), p, v);
		CHECK(strstr(line, want) != NULL);
		if (!strstr(line, want))
			fprintf(stderr, "%s: missing %s\n", kernel, want);
		p = strpbrk(e + 2, ",}");
		p = p && *p == ',' ? p + 1 : NULL;
	}
	CHECK(n >= 10);
	CHECK(strstr(line, "\"unit\":\"packets\",\"source\":\"hw\"") != NULL);
	free(line);
	free(txt);
	snap_free(&s);
}

static void test_counters(void)
{
	check_stat("linux-6.1-rxe", "stat_link_busy_json");
	check_stat("linux-6.12-rxe", "stat_link_json");
}

TEST_MAIN(test_devices_links, test_summary, test_resources, test_counters)
