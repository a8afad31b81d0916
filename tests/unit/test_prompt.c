// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The prompt's editing (src/ui/prompt.c): a prompt opened with text has all
 * of it selected, so typing replaces it (the filter prompt once appended:
 * "state=ERRcomm~nccl"); Backspace deletes the selection; a movement key
 * unselects and moves, and the text is then edited at the cursor.
 */
#include <curses.h>

#include "../../src/ui/priv.h"
#include "test.h"

static struct ui u;

static void open_with(const char *text)
{
	memset(&u, 0, sizeof(u));
	ui_start_prompt(&u, PROMPT_FILTER, text);
}

static void type(const char *s)
{
	while (*s)
		CHECK_EQ_U(ui_input_key(&u.view.prompt, (unsigned char)*s++), PROMPT_NONE);
}

static void test_selected(void)
{
	open_with("state=ERR");
	CHECK(u.view.prompt.sel);
	CHECK_EQ_U(u.view.prompt.pos, 9);
	type("comm~nccl");
	CHECK_EQ_S(u.view.prompt.buf, "comm~nccl");
	CHECK(!u.view.prompt.sel);
	CHECK_EQ_U(ui_input_key(&u.view.prompt, '\r'), PROMPT_FILTER);
	CHECK_EQ_U(u.view.prompt.kind, PROMPT_NONE);

	/* Enter at once keeps the text */
	open_with("state=ERR");
	CHECK_EQ_U(ui_input_key(&u.view.prompt, KEY_ENTER), PROMPT_FILTER);
	CHECK_EQ_S(u.view.prompt.buf, "state=ERR");

	/* an empty prompt has nothing selected */
	open_with("");
	CHECK(!u.view.prompt.sel);
	type("x");
	CHECK_EQ_S(u.view.prompt.buf, "x");

	/* Backspace and Delete delete the selection */
	open_with("state=ERR");
	ui_input_key(&u.view.prompt, KEY_BACKSPACE);
	CHECK_EQ_S(u.view.prompt.buf, "");
	CHECK_EQ_U(u.view.prompt.len, 0);
	open_with("state=ERR");
	ui_input_key(&u.view.prompt, KEY_DC);
	CHECK_EQ_S(u.view.prompt.buf, "");

	/* keys the prompt does not take leave the selection */
	open_with("state=ERR");
	ui_input_key(&u.view.prompt, KEY_UP);
	ui_input_key(&u.view.prompt, KEY_RESIZE);
	CHECK(u.view.prompt.sel);
	/* Esc closes, nothing to act on */
	CHECK_EQ_U(ui_input_key(&u.view.prompt, 27), PROMPT_NONE);
	CHECK_EQ_U(u.view.prompt.kind, PROMPT_NONE);
}

static void test_edit(void)
{
	/* End, Right: unselected, typing goes on at the end */
	open_with("state=ERR");
	ui_input_key(&u.view.prompt, KEY_END);
	CHECK(!u.view.prompt.sel);
	type(",comm~nccl");
	CHECK_EQ_S(u.view.prompt.buf, "state=ERR,comm~nccl");
	open_with("state=ERR");
	ui_input_key(&u.view.prompt, KEY_RIGHT);
	type("X");
	CHECK_EQ_S(u.view.prompt.buf, "state=ERRX");

	/* Left: one back from the end; Backspace then deletes before it */
	open_with("state=ERR");
	ui_input_key(&u.view.prompt, KEY_LEFT);
	CHECK(!u.view.prompt.sel);
	CHECK_EQ_U(u.view.prompt.pos, 8);
	ui_input_key(&u.view.prompt, KEY_BACKSPACE);
	CHECK_EQ_S(u.view.prompt.buf, "state=ER");
	CHECK_EQ_U(u.view.prompt.pos, 7);
	type("R");
	CHECK_EQ_S(u.view.prompt.buf, "state=ERR");

	/* Home: typed before the text; Delete under the cursor */
	open_with("state=ERR");
	ui_input_key(&u.view.prompt, KEY_HOME);
	type("comm~nccl,");
	CHECK_EQ_S(u.view.prompt.buf, "comm~nccl,state=ERR");
	ui_input_key(&u.view.prompt, KEY_DC);
	CHECK_EQ_S(u.view.prompt.buf, "comm~nccl,tate=ERR");

	/* readline's Ctrl-A, Ctrl-E, Ctrl-K, Ctrl-U */
	open_with("abcdef");
	ui_input_key(&u.view.prompt, 'A' & 0x1f);
	CHECK_EQ_U(u.view.prompt.pos, 0);
	ui_input_key(&u.view.prompt, KEY_RIGHT);
	ui_input_key(&u.view.prompt, KEY_RIGHT);
	ui_input_key(&u.view.prompt, 'K' & 0x1f);
	CHECK_EQ_S(u.view.prompt.buf, "ab");
	type("cd");
	ui_input_key(&u.view.prompt, KEY_LEFT);
	ui_input_key(&u.view.prompt, 'U' & 0x1f);
	CHECK_EQ_S(u.view.prompt.buf, "d");
	CHECK_EQ_U(u.view.prompt.pos, 0);
	ui_input_key(&u.view.prompt, 'E' & 0x1f);
	CHECK_EQ_U(u.view.prompt.pos, 1);

	/* the edges: nothing before the start or after the end */
	open_with("ab");
	ui_input_key(&u.view.prompt, KEY_HOME);
	ui_input_key(&u.view.prompt, KEY_LEFT);
	ui_input_key(&u.view.prompt, KEY_BACKSPACE);
	CHECK_EQ_S(u.view.prompt.buf, "ab");
	ui_input_key(&u.view.prompt, KEY_END);
	ui_input_key(&u.view.prompt, KEY_RIGHT);
	ui_input_key(&u.view.prompt, KEY_DC);
	CHECK_EQ_S(u.view.prompt.buf, "ab");
	CHECK_EQ_U(u.view.prompt.pos, 2);

	/* a character of several bytes (a -f filter's) moved over and
	 * deleted whole */
	open_with("comm=\xc3\xa9t\xc3\xa9");
	ui_input_key(&u.view.prompt, KEY_LEFT);
	CHECK_EQ_U(u.view.prompt.pos, 8);
	ui_input_key(&u.view.prompt, KEY_LEFT);
	CHECK_EQ_U(u.view.prompt.pos, 7);
	ui_input_key(&u.view.prompt, KEY_LEFT);
	CHECK_EQ_U(u.view.prompt.pos, 5);
	ui_input_key(&u.view.prompt, KEY_DC);
	CHECK_EQ_S(u.view.prompt.buf, "comm=t\xc3\xa9");
	ui_input_key(&u.view.prompt, KEY_END);
	ui_input_key(&u.view.prompt, KEY_BACKSPACE);
	CHECK_EQ_S(u.view.prompt.buf, "comm=t");

	/* full: nothing more is taken */
	open_with("");
	for (int i = 0; i < 300; i++)
		ui_input_key(&u.view.prompt, 'x');
	CHECK_EQ_U(u.view.prompt.len, sizeof(u.view.prompt.buf) - 1);
	CHECK_EQ_U(strlen(u.view.prompt.buf), sizeof(u.view.prompt.buf) - 1);
}

TEST_MAIN(test_selected, test_edit)
