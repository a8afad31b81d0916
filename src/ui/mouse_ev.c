// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The mouse's events as curses gives them (getmouse()), to ui_mouse() in
 * src/ui/mouse.c, which knows no curses.
 */
#include <time.h>

#include <curses.h>

#include "priv.h"

/*
 * Mouse events from curses, to ui_mouse(): the button pressed and its cell.
 * Events that arrive together (a fast double click) wait in curses's
 * queue: all of them, oldest first.
 */
enum ui_action ui_mouse_events(struct ui *u)
{
	enum ui_action r = UI_NONE, a;
	struct timespec ts;
	MEVENT ev;
	int i;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	for (i = 0; i < 16 && getmouse(&ev) == OK; i++) {
		int what = 0;

		if (ev.bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED))
			what = 1;
		else if (ev.bstate & BUTTON4_PRESSED)
			what = 4;
#ifdef BUTTON5_PRESSED
		else if (ev.bstate & BUTTON5_PRESSED)
			what = 5;
#endif
		a = ui_mouse(u, what, ev.y, ev.x,
			     (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000);
		if (a != UI_NONE)
			r = a;
	}
	return r;
}
