// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * libFuzzer target for the config file: any bytes as the file cfg_load
 * reads; it applies good lines to the options or fails with a
 * "FILE:LINE: reason" message, never anything else.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "settings.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct settings o;
	char path[64], *msg = NULL;
	size_t msglen = 0;
	FILE *err;
	int fd = memfd_create("config", 0), ret;

	if (fd < 0)
		return 0;
	if (size && write(fd, data, size) != (ssize_t)size) {
		close(fd);
		return 0;
	}
	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	err = open_memstream(&msg, &msglen);
	if (!err) {
		close(fd);
		return 0;
	}
	settings_defaults(&o);
	ret = cfg_load(&o, path, err);
	fclose(err);
	if (ret && (!msglen || strncmp(msg, "rdmatop: ", 9)))
		abort();
	free(msg);
	close(fd);
	return 0;
}
