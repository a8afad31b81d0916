/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Shared between the files of src/ui (not part of any public API). */
#ifndef RDMATOP_UI_PRIV_H
#define RDMATOP_UI_PRIV_H

#include "layout.h"
#include "ui.h"

enum view_table ui_pane_table(enum ui_pane p);
/* Where theme files are looked for after the user's own directory. */
const char *const *ui_theme_dirs(void);
void ui_row_key(const struct ui *u, enum ui_pane p, size_t row, struct ui_rowkey *k);
void ui_refresh_rows(struct ui *u);
/* Enter on the selected row: its details, or a group's processes (keys.c). */
void ui_open_detail(struct ui *u);
void ui_set_pane(struct ui *u, enum ui_pane p);
void ui_move_sel(struct ui *u, long by);

/* Apply the theme's roles to the terminal's colour pairs (screen.c). */
void ui_screen_theme(struct ui *u);

/* Drawing primitives (screen.c): text is escaped and clipped to w cells. */
void ui_put(int y, int x, int w, int role, const char *text);
/* The program's own text (help, key names), shown as it is: a backslash
 * stays one backslash. */
void ui_put_own(int y, int x, int w, int role, const char *text);
/* Same, right-aligned in w cells. */
void ui_put_right(int y, int x, int w, int role, const char *text);
/* Fill w cells with blanks of a role. */
void ui_fill(int y, int x, int w, int role);
/* Cells text takes on screen once escaped, as ui_put shows it. */
int ui_width(const char *text);

/* Panes (one file each). */
void ui_draw_header(struct ui *u, const struct ui_layout *l);
void ui_draw_links(struct ui *u, const struct ui_layout *l);
void ui_draw_table(struct ui *u, const struct ui_layout *l);
void ui_draw_detail(struct ui *u, const struct ui_layout *l);
void ui_draw_help(struct ui *u, const struct ui_layout *l);
void ui_draw_keybar(struct ui *u, const struct ui_layout *l);
/* The column setup screen and its keys (setup.c). */
void ui_draw_setup(struct ui *u, const struct ui_layout *l);
enum ui_action ui_setup_key(struct ui *u, int key);

/* Role of a state name: ACTIVE/RTS good, DOWN/ERR bad, others warn (links.c). */
int ui_state_role(const char *state);


/* A cell's text: the value, or "hidden" for a key the kernel withheld (table.c). */
/* Whether a column has anything to show in this sample (table.c). */
bool ui_col_shown(const struct ui *u, enum view_table t, int col);
const char *ui_cell_text(const struct ui *u, const struct view_col *col,
			 const struct view_value *v, char *buf, size_t len);

/* Role for a value of a column (state colours, rates, errors, n/a). */
int ui_value_role(const struct view_col *col, const struct view_value *v, const char *text);

/* The help text: key, what it does (help.c); also used by the tests. */
struct ui_keyhelp {
	const char *key;
	const char *what;
};
const struct ui_keyhelp *ui_keys_help(size_t *n);

#endif
