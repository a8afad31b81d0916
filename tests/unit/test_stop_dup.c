// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The first stop signal's copy from the parent (src/run/stop.c
 * duplicate(): timeout(1) sends it to its child and then to the child's
 * process group) is one stop; a second signal from anyone else ends the
 * process at once.  A child takes stop_init, waits for the first signal,
 * then spends 300 ms ending (as a sample in flight does) and exits 0;
 * the second signal comes 50 ms into those 300 ms, from this process (the
 * child's parent) or from a process of its own.
 */
#include <signal.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "stop.h"
#include "test.h"

static void nap(long ms)
{
	struct timespec t = { ms / 1000, (ms % 1000) * 1000000L };

	while (nanosleep(&t, &t))
		;
}

static pid_t child(void)
{
	pid_t p = fork();

	if (p)
		return p;
	if (stop_init())
		_exit(2);
	while (!stop_requested())
		pause();
	nap(300);	/* ending, within the watchdog's 500 ms */
	_exit(0);
}

/* The child's exit: its status, or 128 + the signal that ended it. */
static int ended(pid_t p)
{
	int st;

	if (waitpid(p, &st, 0) != p)
		return -1;
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

static void test_parent_twice(void)
{
	pid_t p = child();

	CHECK(p > 0);
	nap(200);	/* its handlers are in */
	kill(p, SIGTERM);
	nap(50);
	kill(p, SIGTERM);	/* timeout(1)'s copy to the process group */
	CHECK_EQ_U(ended(p), 0);
}

static void test_other_second(void)
{
	pid_t p = child(), k;

	CHECK(p > 0);
	nap(200);
	kill(p, SIGTERM);
	nap(50);
	k = fork();
	if (!k) {
		kill(p, SIGTERM);	/* someone else: at once */
		_exit(0);
	}
	CHECK(k > 0);
	CHECK_EQ_U(ended(k), 0);
	CHECK_EQ_U(ended(p), 128 + SIGTERM);
}

static void test_parent_other_signal(void)
{
	pid_t p = child();

	CHECK(p > 0);
	nap(200);
	kill(p, SIGTERM);
	nap(50);
	kill(p, SIGINT);	/* not the same signal: a second one */
	CHECK_EQ_U(ended(p), 128 + SIGINT);
}

TEST_MAIN(test_parent_twice, test_other_second, test_parent_other_signal)
