// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * libFuzzer target for the theme file parser: any bytes must either parse
 * or fail with a NUL-terminated "line N: ..." reason, never touching memory
 * outside the buffers, and a failed parse must leave the theme as it was.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "theme.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct theme t, before;
	char err[96];
	int ret;

	theme_builtin_default(&t);
	before = t;
	ret = theme_parse(&t, (const char *)data, size, err, sizeof(err));
	if (ret) {
		if (strncmp(err, "line ", 5) || !memchr(err, '\0', sizeof(err)))
			abort();
		if (memcmp(&t, &before, sizeof(t)))
			abort();
	}
	/* a tiny error buffer must be truncated, not overrun */
	ret = theme_parse(&t, (const char *)data, size, err, 3);
	if (ret && err[2] != '\0')
		abort();
	return 0;
}
