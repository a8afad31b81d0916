// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Copy a recording, giving processes hostile names (tests/unit/hostile.h).
 * Without -a every process gets terminal escape sequences (retitle the
 * window, clear the screen, move the cursor) and invalid UTF-8, for the
 * screen tests; with -a FIRST the i-th process seen gets hostile name
 * FIRST + i of the set of ill-formed UTF-8 next to escaped characters.
 * Prints the number of processes renamed.  -l lists the set, one name a
 * line in hex, for the oracles of the batch and metrics suites.  With -g,
 * names stay and every process gets a cgroup instead, by its pid (a SLURM
 * job, a Kubernetes pod, a docker container, a systemd unit), so the screen
 * tests have groups to show.  With -u USER, names stay and every sample
 * names its uids USER, as a recording made now does (SNAP_USERS).
 *
 * usage: mkhostile [-a FIRST | -g | -u USER] IN.rdrec OUT.rdrec | mkhostile -l
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hostile.h"

int main(int argc, char **argv)
{
	char err[256];
	size_t first = 0, k;
	int all = 0, n;

	if (argc == 2 && !strcmp(argv[1], "-l")) {
		for (k = 0; k < hostile_names_n(); k++) {
			const unsigned char *p = (const unsigned char *)hostile_name(k);

			for (; *p; p++)
				printf("%02x", *p);
			putchar('\n');
		}
		return 0;
	}
	if (argc == 5 && !strcmp(argv[1], "-a")) {
		all = 1;
		first = strtoul(argv[2], NULL, 10);
		argv += 2;
		argc -= 2;
	} else if (argc == 5 && !strcmp(argv[1], "-u")) {
		n = hostile_rewrite_users(argv[3], argv[4], argv[2], err, sizeof(err));
		if (n < 0) {
			fprintf(stderr, "mkhostile: %s\n", err);
			return 1;
		}
		printf("%d\n", n);
		return 0;
	} else if (argc == 4 && !strcmp(argv[1], "-g")) {
		all = HOSTILE_GROUPS;
		argv++;
		argc--;
	}
	if (argc != 3) {
		fprintf(stderr, "usage: mkhostile [-a FIRST | -g | -u USER] IN OUT | mkhostile -l\n");
		return 2;
	}
	n = hostile_rewrite(argv[1], argv[2], all, first, err, sizeof(err));
	if (n < 0) {
		fprintf(stderr, "mkhostile: %s\n", err);
		return 1;
	}
	printf("%d\n", n);
	return 0;
}
