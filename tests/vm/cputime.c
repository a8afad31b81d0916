/*
 * cputime: run a command pinned to one CPU and report the user and system
 * CPU seconds it used: cputime is a child subreaper (PR_SET_CHILD_SUBREAPER),
 * waits for the command and every process it left behind, and reports
 * getrusage(RUSAGE_CHILDREN), so an orphan (busybox watch's last `rdma`
 * when a signal ends watch mid-run) counts as well.  For the scale scenario
 * of the real-kernel test bed (tests/vm/scenarios/scale.sh): the guest boots with nohz_full=1, so the
 * kernel accounts CPU 1 at every user/kernel transition instead of sampling
 * it on the tick, and the numbers do not depend on TCG's timer noise.
 *
 * -t COLSxROWS: the command runs on a new pseudo-terminal of that size
 * (forkpty() sets it with TIOCSWINSZ before the fork), TERM from the
 * environment, so that a full-screen program (the dashboard) draws its
 * screens as it does for a user: with stdout on a file it would not start.
 * cputime drains the master side to its own stdout until the terminal goes
 * away, so the command never blocks on a full tty buffer; that copying is
 * cputime's CPU time, not the command's.
 *
 * usage: cputime [-c CPU] [-o FILE] [-t COLSxROWS] COMMAND [ARG]...
 * FILE (default: stderr) gets one line "user SECONDS sys SECONDS status N
 * wall SECONDS"; N is the exit status, or 128 + the signal that ended the
 * command; wall the monotonic seconds from the fork to its end (the CPU
 * per second of a long run is user + sys over it).
 */
#define _GNU_SOURCE	/* sched_setaffinity, CPU_SET */
#include <errno.h>
#include <pty.h>	/* forkpty: in libc since glibc 2.34 */
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define USAGE "usage: cputime [-c CPU] [-o FILE] [-t COLSxROWS] COMMAND [ARG]...\n"

static double secs(struct timeval tv)
{
	return (double)tv.tv_sec + (double)tv.tv_usec / 1e6;
}

static double mono(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int parse_size(const char *s, struct winsize *ws)
{
	unsigned int cols, rows;
	char end;

	if (sscanf(s, "%ux%u%c", &cols, &rows, &end) != 2 ||
	    !cols || !rows || cols > 9999 || rows > 9999)
		return -1;
	ws->ws_col = cols;
	ws->ws_row = rows;
	return 0;
}

/* Copy the pty's output to stdout until the slave side is closed (EIO). */
static void drain(int fd)
{
	char buf[16384];
	ssize_t n;

	for (;;) {
		n = read(fd, buf, sizeof(buf));
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		if (fwrite(buf, 1, n, stdout) != (size_t)n)
			clearerr(stdout);	/* keep draining all the same */
	}
	fflush(stdout);
	close(fd);
}

int main(int argc, char **argv)
{
	const char *out = NULL;
	struct winsize ws = { 0 };
	struct rusage ru;
	cpu_set_t set;
	double t0;
	int cpu = 1, opt, status, code, pty = -1, tty = 0;
	pid_t pid;
	FILE *f;

	while ((opt = getopt(argc, argv, "+c:o:t:")) != -1) {
		switch (opt) {
		case 'c': cpu = atoi(optarg); break;
		case 'o': out = optarg; break;
		case 't':
			if (parse_size(optarg, &ws)) {
				fprintf(stderr, USAGE);
				return 2;
			}
			tty = 1;
			break;
		default:
			fprintf(stderr, USAGE);
			return 2;
		}
	}
	if (optind >= argc || cpu < 0 || cpu >= CPU_SETSIZE) {
		fprintf(stderr, USAGE);
		return 2;
	}
	if (prctl(PR_SET_CHILD_SUBREAPER, 1)) {
		perror("cputime: prctl(PR_SET_CHILD_SUBREAPER)");
		return 1;
	}
	t0 = mono();
	pid = tty ? forkpty(&pty, NULL, NULL, &ws) : fork();
	if (pid < 0) {
		perror(tty ? "cputime: forkpty" : "cputime: fork");
		return 1;
	}
	if (pid == 0) {
		CPU_ZERO(&set);
		CPU_SET(cpu, &set);
		if (sched_setaffinity(0, sizeof(set), &set)) {
			perror("cputime: sched_setaffinity");
			_exit(126);
		}
		execvp(argv[optind], argv + optind);
		fprintf(stderr, "cputime: %s: %s\n", argv[optind], strerror(errno));
		_exit(127);
	}
	if (tty)
		drain(pty);
	while (waitpid(pid, &status, 0) < 0) {
		if (errno != EINTR) {
			perror("cputime: waitpid");
			return 1;
		}
	}
	/* the orphans, reparented here */
	while (waitpid(-1, NULL, 0) > 0 || errno == EINTR)
		;
	if (getrusage(RUSAGE_CHILDREN, &ru)) {
		perror("cputime: getrusage");
		return 1;
	}
	code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
	f = out ? fopen(out, "a") : stderr;
	if (!f) {
		perror(out);
		return 1;
	}
	fprintf(f, "user %.6f sys %.6f status %d wall %.3f\n", secs(ru.ru_utime), secs(ru.ru_stime), code,
		mono() - t0);
	if (f != stderr && fclose(f))
		return 1;
	return code;
}
