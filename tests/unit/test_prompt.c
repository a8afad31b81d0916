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
		CHECK_EQ_U(ui_input_key(&u.prompt, (unsigned char)*s++), PROMPT_NONE);
}

static void test_selected(void)
{
	open_with("state=ERR");
	CHECK(u.prompt.sel);
	CHECK_EQ_U(u.prompt.pos, 9);
	type("comm~nccl");
	CHECK_EQ_S(u.prompt.buf, "comm~nccl");
	CHECK(!u.prompt.sel);
	CHECK_EQ_U(ui_input_key(&u.prompt, '\r'), PROMPT_FILTER);
	CHECK_EQ_U(u.prompt.kind, PROMPT_NONE);

	/* Enter at once keeps the text */
	open_with("state=ERR");
	CHECK_EQ_U(ui_input_key(&u.prompt, KEY_ENTER), PROMPT_FILTER);
	CHECK_EQ_S(u.prompt.buf, "state=ERR");

	/* an empty prompt has nothing selected */
	open_with("");
	CHECK(!u.prompt.sel);
	type("x");
	CHECK_EQ_S(u.prompt.buf, "x");

	/* Backspace and Delete delete the selection */
	open_with("state=ERR");
	ui_input_key(&u.prompt, KEY_BACKSPACE);
	CHECK_EQ_S(u.prompt.buf, "");
	CHECK_EQ_U(u.prompt.len, 0);
	open_with("state=ERR");
	ui_input_key(&u.prompt, KEY_DC);
	CHECK_EQ_S(u.prompt.buf, "");

	/* keys the prompt does not take leave the selection */
	open_with("state=ERR");
	ui_input_key(&u.prompt, KEY_UP);
	ui_input_key(&u.prompt, KEY_RESIZE);
	CHECK(u.prompt.sel);
	/* Esc closes, nothing to act on */
	CHECK_EQ_U(ui_input_key(&u.prompt, 27), PROMPT_NONE);
	CHECK_EQ_U(u.prompt.kind, PROMPT_NONE);
}

static void test_edit(void)
{
	/* End, Right: unselected, typing goes on at the end */
	open_with("state=ERR");
	ui_input_key(&u.prompt, KEY_END);
	CHECK(!u.prompt.sel);
	type(",comm~nccl");
	CHECK_EQ_S(u.prompt.buf, "state=ERR,comm~nccl");
	open_with("state=ERR");
	ui_input_key(&u.prompt, KEY_RIGHT);
	type("X");
	CHECK_EQ_S(u.prompt.buf, "state=ERRX");

	/* Left: one back from the end; Backspace then deletes before it */
	open_with("state=ERR");
	ui_input_key(&u.prompt, KEY_LEFT);
	CHECK(!u.prompt.sel);
	CHECK_EQ_U(u.prompt.pos, 8);
	ui_input_key(&u.prompt, KEY_BACKSPACE);
	CHECK_EQ_S(u.prompt.buf, "state=ER");
	CHECK_EQ_U(u.prompt.pos, 7);
	type("R");
	CHECK_EQ_S(u.prompt.buf, "state=ERR");

	/* Home: typed before the text; Delete under the cursor */
	open_with("state=ERR");
	ui_input_key(&u.prompt, KEY_HOME);
	type("comm~nccl,");
	CHECK_EQ_S(u.prompt.buf, "comm~nccl,state=ERR");
	ui_input_key(&u.prompt, KEY_DC);
	CHECK_EQ_S(u.prompt.buf, "comm~nccl,tate=ERR");

	/* readline's Ctrl-A, Ctrl-E, Ctrl-K, Ctrl-U */
	open_with("abcdef");
	ui_input_key(&u.prompt, 'A' & 0x1f);
	CHECK_EQ_U(u.prompt.pos, 0);
	ui_input_key(&u.prompt, KEY_RIGHT);
	ui_input_key(&u.prompt, KEY_RIGHT);
	ui_input_key(&u.prompt, 'K' & 0x1f);
	CHECK_EQ_S(u.prompt.buf, "ab");
	type("cd");
	ui_input_key(&u.prompt, KEY_LEFT);
	ui_input_key(&u.prompt, 'U' & 0x1f);
	CHECK_EQ_S(u.prompt.buf, "d");
	CHECK_EQ_U(u.prompt.pos, 0);
	ui_input_key(&u.prompt, 'E' & 0x1f);
	CHECK_EQ_U(u.prompt.pos, 1);

	/* the edges: nothing before the start or after the end */
	open_with("ab");
	ui_input_key(&u.prompt, KEY_HOME);
	ui_input_key(&u.prompt, KEY_LEFT);
	ui_input_key(&u.prompt, KEY_BACKSPACE);
	CHECK_EQ_S(u.prompt.buf, "ab");
	ui_input_key(&u.prompt, KEY_END);
	ui_input_key(&u.prompt, KEY_RIGHT);
	ui_input_key(&u.prompt, KEY_DC);
	CHECK_EQ_S(u.prompt.buf, "ab");
	CHECK_EQ_U(u.prompt.pos, 2);

	/* a character of several bytes (a -f filter's) moved over and
	 * deleted whole */
	open_with("comm=\xc3\xa9t\xc3\xa9");
	ui_input_key(&u.prompt, KEY_LEFT);
	CHECK_EQ_U(u.prompt.pos, 8);
	ui_input_key(&u.prompt, KEY_LEFT);
	CHECK_EQ_U(u.prompt.pos, 7);
	ui_input_key(&u.prompt, KEY_LEFT);
	CHECK_EQ_U(u.prompt.pos, 5);
	ui_input_key(&u.prompt, KEY_DC);
	CHECK_EQ_S(u.prompt.buf, "comm=t\xc3\xa9");
	ui_input_key(&u.prompt, KEY_END);
	ui_input_key(&u.prompt, KEY_BACKSPACE);
	CHECK_EQ_S(u.prompt.buf, "comm=t");

	/* full: nothing more is taken */
	open_with("");
	for (int i = 0; i < 300; i++)
		ui_input_key(&u.prompt, 'x');
	CHECK_EQ_U(u.prompt.len, sizeof(u.prompt.buf) - 1);
	CHECK_EQ_U(strlen(u.prompt.buf), sizeof(u.prompt.buf) - 1);
}

TEST_MAIN(test_selected, test_edit)
