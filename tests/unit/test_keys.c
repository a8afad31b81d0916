// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The key table (src/ui/keys.c): one row per key with its help.  The help
 * screen is drawn from it and ui_key() dispatches on it; no key code is in
 * two rows, every row the help shows has its keys, and the codes do what
 * their row says.
 */
#include <curses.h>

#include "../../src/ui/priv.h"
#include "test.h"

static void test_table(void)
{
	size_t n, i, j, a, b;
	const struct ui_keydef *k = ui_keys(&n);

	CHECK(n > 20);
	for (i = 0; i < n; i++) {
		CHECK(k[i].key && k[i].key[0] && k[i].what && k[i].what[0]);
		/* a row that runs has a key code, a help-only row none */
		CHECK((k[i].run != NULL) == (k[i].codes[0] != 0));
		/* a row names a prompt to open or a function to call, not both */
		CHECK(k[i].prompt == PROMPT_NONE || !k[i].call);
		for (a = 0; a < 12 && k[i].codes[a]; a++)
			for (j = i; j < n; j++)
				for (b = j == i ? a + 1 : 0; b < 12 && k[j].codes[b]; b++) {
					if (k[i].codes[a] == k[j].codes[b])
						fprintf(stderr, "key %d in rows '%s' and '%s'\n",
							k[i].codes[a], k[i].key, k[j].key);
					CHECK(k[i].codes[a] != k[j].codes[b]);
				}
	}
}

static void test_dispatch(void)
{
	static struct ui u;

	memset(&u, 0, sizeof(u));
	u.run.delay = 1;
	CHECK_EQ_U(ui_key(&u, 'h'), UI_REDRAW);
	CHECK(u.view.help.on);
	CHECK_EQ_U(ui_key(&u, KEY_END), UI_REDRAW); /* scrolls, stays open */
	CHECK(u.view.help.on && u.view.help.top > 0);
	CHECK_EQ_U(ui_key(&u, KEY_HOME), UI_REDRAW);
	CHECK(u.view.help.on && u.view.help.top == 0);
	ui_key(&u, 'x');
	CHECK(!u.view.help.on);
	ui_key(&u, '4');
	CHECK_EQ_U(u.view.pane, UI_CONNS);
	ui_key(&u, '0');
	CHECK_EQ_U(u.view.pane, UI_CTXS);
	ui_key(&u, KEY_END); /* a key of its own, not '4' */
	CHECK_EQ_U(u.view.pane, UI_CTXS);
	CHECK_EQ_U(ui_key(&u, '+'), UI_DELAY);
	CHECK(u.run.delay == 2);
	CHECK_EQ_U(ui_key(&u, 'W'), UI_SAVE);
	CHECK_EQ_U(ui_key(&u, ' '), UI_PAUSE);
	CHECK(u.run.paused);
	CHECK_EQ_U(ui_key(&u, KEY_F(10)), UI_QUIT);
	free(u.cache.rows);
}

TEST_MAIN(test_table, test_dispatch)
