// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The bytes that give the terminal back without curses, for the stop
 * watchdog (stop.h): it may have to run while the loop is stuck, from a
 * signal handler, where endwin() cannot be called.
 */
#include <string.h>

#include <curses.h>
#include <term.h>

#include "ui.h"

size_t ui_screen_rescue(char *buf, size_t len)
{
	/* leave the alternate screen, plain attributes, cursor on, keypad off */
	static const char *const caps[] = { "sgr0", "cnorm", "rmkx", "rmcup" };
	size_t n = 0, i;

	for (i = 0; i < sizeof(caps) / sizeof(caps[0]); i++) {
		const char *s = tigetstr(caps[i]);
		size_t l;

		if (!s || s == (const char *)-1)
			continue;
		l = strlen(s);
		if (n + l > len)
			break;
		memcpy(buf + n, s, l);
		n += l;
	}
	return n;
}
