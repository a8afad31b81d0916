// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * procs: what the live source's /proc reads cost a sample, on the real
 * /proc of this machine.  Starts P processes of T threads each (they sleep),
 * makes every thread the owner of one QP of a snapshot, and runs the live
 * source's owner reads (live_read_tasks, src/source/files.c) for N samples,
 * each followed by the steps every sample takes (snap_tasks_sort,
 * snap_carry).  Prints per sample: the /proc files read, the ids kept, the
 * wall time the reads took (SNAP_COST_PROC), and whether every owner has
 * its process, comm and cgroup (exit 1 when one has not).  Run under
 * `strace -c` for the syscalls.  -R: a new source for every sample, which
 * has nothing to keep (every file read, as before kept ids).
 *
 *   procs [-p PROCS] [-t THREADS] [-n SAMPLES] [-R]
 */
#include <dirent.h>
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../../src/source/live.h"

static void *sleeper(void *arg)
{
	(void)arg;
	for (;;)
		pause();
	return NULL;
}

/* A child: its name, T-1 more threads, then sleep. */
static void child(int fd, unsigned int k, unsigned int threads)
{
	char name[16], ok = 1;
	unsigned int i;

	snprintf(name, sizeof(name), "bench-%u", k % 100000);
	prctl(PR_SET_NAME, name);
	for (i = 1; i < threads; i++) {
		pthread_t th;

		if (pthread_create(&th, NULL, sleeper, NULL))
			ok = 0;
	}
	if (write(fd, &ok, 1) != 1)
		_exit(1);
	close(fd);
	for (;;)
		pause();
}

struct counts {
	size_t files, proc_files, kept;
};

static int c_file(void *ctx, const char *path, int err, const void *buf, size_t len)
{
	struct counts *c = ctx;

	(void)err;
	c->files++;
	if (!strncmp(path, "/proc/", 6))
		c->proc_files++;
	else if (!strcmp(path, "rdmatop:tasks-kept"))
		for (size_t i = 0; i < len; i++)
			c->kept += ((const char *)buf)[i] == '\n';
	return 0;
}

/* The thread ids of a process, from /proc/PID/task. */
static size_t list_tids(pid_t pid, uint32_t *out, size_t max)
{
	char path[64];
	struct dirent *de;
	size_t n = 0;
	DIR *d;

	snprintf(path, sizeof(path), "/proc/%d/task", (int)pid);
	d = opendir(path);
	if (!d)
		return 0;
	while (n < max && (de = readdir(d)))
		if (de->d_name[0] != '.')
			out[n++] = (uint32_t)strtoul(de->d_name, NULL, 10);
	closedir(d);
	return n;
}

int main(int argc, char **argv)
{
	unsigned int procs = 300, threads = 2, samples = 20, i, k;
	struct snapshot snaps[2], *prev = NULL, *cur;
	struct raw_sink sink = { 0 };
	struct source src = { 0 };
	struct counts c;
	pid_t *kids;
	uint32_t *tids;
	size_t ntid = 0;
	int opt, fd[2], bad = 0;
	bool fresh = false;

	while ((opt = getopt(argc, argv, "p:t:n:R")) != -1) {
		unsigned long v = optarg ? strtoul(optarg, NULL, 10) : 0;

		switch (opt) {
		case 'p': procs = (unsigned int)v; break;
		case 't': threads = (unsigned int)v; break;
		case 'n': samples = (unsigned int)v; break;
		case 'R': fresh = true; break;
		default:
			fprintf(stderr, "usage: procs [-p PROCS] [-t THREADS] [-n SAMPLES] [-R]\n");
			return 2;
		}
	}
	if (!procs || !threads || threads > 64)
		return 2;
	kids = calloc(procs, sizeof(*kids));
	tids = calloc((size_t)procs * threads, sizeof(*tids));
	if (!kids || !tids || pipe(fd))
		return 1;
	for (k = 0; k < procs; k++) {
		pid_t p = fork();

		if (p < 0)
			return 1;
		if (!p) {
			close(fd[0]);
			child(fd[1], k, threads);
		}
		kids[k] = p;
	}
	close(fd[1]);
	for (k = 0; k < procs; k++) {
		char ok;

		if (read(fd[0], &ok, 1) != 1 || !ok)
			return 1;
	}
	for (k = 0; k < procs; k++)
		ntid += list_tids(kids[k], tids + ntid, threads);
	if (source_live_open(&src, ""))
		return 1;
	sink.ctx = &c;
	sink.file = c_file;
	src.sink = &sink;
	snap_init(&snaps[0]);
	snap_init(&snaps[1]);
	printf("# %u processes of %u threads: %zu owner ids\n", procs, threads, ntid);
	printf("sample files proc_files kept proc_ms complete\n");
	for (i = 0; i < samples; i++) {
		size_t q, ok = 0;

		cur = &snaps[i & 1];
		snap_clear(cur);
		for (q = 0; q < ntid; q++) {
			struct snap_qp *qp = snap_push(&cur->res[SNAP_RES_QP], sizeof(*qp));

			if (!qp)
				return 1;
			qp->lqpn = (uint32_t)q + 2;
			qp->own.tid = tids[q];
			qp->own.valid = SNAP_OWN_TID;
		}
		memset(&c, 0, sizeof(c));
		if (fresh && i) {
			source_close(&src);
			if (source_live_open(&src, ""))
				return 1;
			src.sink = &sink;
		}
		live_read_tasks(&src, cur);
		live_tasks_commit(src.priv, true);	/* as live_sample() does */
		snap_tasks_sort(cur);
		snap_carry(prev, cur);
		for (q = 0; q < ntid; q++) {
			const struct snap_task *t = snap_task_find(cur, tids[q]);
			unsigned int want = SNAP_TASK_PID | SNAP_TASK_COMM | SNAP_TASK_CGROUP;

			if (t && (t->valid & want) == want &&
			    (t->pid == t->tid || (t->valid & SNAP_TASK_PCOMM)))
				ok++;
		}
		if (ok != ntid)
			bad = 1;
		printf("%u %zu %zu %zu %.3f %zu/%zu\n", i, c.files, c.proc_files, c.kept,
		       cur->self.cost[SNAP_COST_PROC] * 1e3, ok, ntid);
		prev = cur;
	}
	for (k = 0; k < procs; k++)
		kill(kids[k], SIGKILL);
	for (k = 0; k < procs; k++)
		waitpid(kids[k], NULL, 0);
	snap_free(&snaps[0]);
	snap_free(&snaps[1]);
	source_close(&src);
	free(kids);
	free(tids);
	return bad;
}
