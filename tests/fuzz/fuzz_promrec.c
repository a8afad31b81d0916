// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * libFuzzer target for the cluster view's recordings (REC_PROM records,
 * src/prom/replay.c): any bytes as a recording file, replayed sample by
 * sample into the cluster model, then stepped back, jumped into by time.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "prom.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct prom_qstate q[PROM_Q_N];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct prom_replay *r;
	struct prom_model m;
	double interval, wall, at;
	char path[64], err[256];
	int fd = memfd_create("promrec", 0), i, n = 0, ret;
	long no;

	if (fd < 0)
		return 0;
	if (size && write(fd, data, size) != (ssize_t)size) {
		close(fd);
		return 0;
	}
	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	(void)prom_replay_is(path);
	if (!prom_replay_open(&r, path, err, sizeof(err))) {
		while (n++ < 64 && (ret = prom_replay_read(r, -1, q, &interval, &wall, &at, err,
							   sizeof(err))) > 0) {
			if (!prom_model_build(&m, q))
				prom_model_free(&m);
		}
		no = prom_replay_tell(r);
		if (no > 0 && prom_replay_read(r, no - 1, q, &interval, &wall, &at, err,
					       sizeof(err)) < 0 && !err[0])
			abort();
		no = prom_replay_find(r, wall);
		if (no >= 0)
			prom_replay_read(r, no, q, &interval, &wall, &at, err, sizeof(err));
		prom_replay_close(r);
	}
	for (i = 0; i < PROM_Q_N; i++) {
		prom_vector_free(&q[i].v);
		memset(&q[i], 0, sizeof(q[i]));
	}
	close(fd);
	return 0;
}
