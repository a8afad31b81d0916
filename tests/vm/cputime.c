/*
 * cputime: run a command pinned to one CPU and report the user and system
 * CPU seconds it used, from wait4()'s rusage (the child and the children it
 * waited for).  For the scale scenario of the real-kernel test bed
 * (tests/vm/scenarios/scale.sh): the guest boots with nohz_full=1, so the
 * kernel accounts CPU 1 at every user/kernel transition instead of sampling
 * it on the tick, and the numbers do not depend on TCG's timer noise.
 *
 * usage: cputime [-c CPU] [-o FILE] COMMAND [ARG]...
 * FILE (default: stderr) gets one line "user SECONDS sys SECONDS status N";
 * N is the exit status, or 128 + the signal that ended the command.
 */
#define _GNU_SOURCE	/* sched_setaffinity, CPU_SET */
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

static double secs(struct timeval tv)
{
	return (double)tv.tv_sec + (double)tv.tv_usec / 1e6;
}

int main(int argc, char **argv)
{
	const char *out = NULL;
	struct rusage ru;
	cpu_set_t set;
	int cpu = 1, opt, status, code;
	pid_t pid;
	FILE *f;

	while ((opt = getopt(argc, argv, "+c:o:")) != -1) {
		switch (opt) {
		case 'c': cpu = atoi(optarg); break;
		case 'o': out = optarg; break;
		default:
			fprintf(stderr, "usage: cputime [-c CPU] [-o FILE] COMMAND [ARG]...\n");
			return 2;
		}
	}
	if (optind >= argc || cpu < 0 || cpu >= CPU_SETSIZE) {
		fprintf(stderr, "usage: cputime [-c CPU] [-o FILE] COMMAND [ARG]...\n");
		return 2;
	}
	pid = fork();
	if (pid < 0) {
		perror("cputime: fork");
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
	while (wait4(pid, &status, 0, &ru) < 0) {
		if (errno != EINTR) {
			perror("cputime: wait4");
			return 1;
		}
	}
	code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
	f = out ? fopen(out, "a") : stderr;
	if (!f) {
		perror(out);
		return 1;
	}
	fprintf(f, "user %.6f sys %.6f status %d\n", secs(ru.ru_utime), secs(ru.ru_stime), code);
	if (f != stderr && fclose(f))
		return 1;
	return code;
}
