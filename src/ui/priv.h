/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Shared between the files of src/ui (not part of any public API). */
#ifndef RDMATOP_UI_PRIV_H
#define RDMATOP_UI_PRIV_H

#include "layout.h"
#include "settings.h"
#include "ui.h"

enum view_table ui_pane_table(enum ui_pane p);
/* Whether a pane lists one object of SNAP_RES_LIST but the QPs and CM_IDs. */
bool ui_pane_is_obj(enum ui_pane p);
/* Whether a pane has a tab in this sample; the next one shown (dir +1, -1). */
bool ui_pane_shown(const struct ui *u, enum ui_pane p);
enum ui_pane ui_pane_step(const struct ui *u, int dir);
/* Where theme files are looked for after the user's own directory. */
const char *const *ui_theme_dirs(void);
void ui_row_key(const struct ui *u, enum ui_pane p, size_t row, struct ui_rowkey *k);
void ui_refresh_rows(struct ui *u);
/* Enter on the selected row: its details, or a group's processes (keys.c). */
void ui_open_detail(struct ui *u);
void ui_set_pane(struct ui *u, enum ui_pane p);
void ui_move_sel(struct ui *u, long by);
/* curses's mouse events, oldest first, to ui_mouse() (src/ui/mouse_ev.c) */
enum ui_action ui_mouse_events(struct ui *u);

/* Apply the theme's roles to the terminal's colour pairs (cells.c). */
void ui_screen_theme(struct ui *u);
/* The terminal the text primitives write to (screen.c, when it opens): a
 * UTF-8 locale, and the marks in ASCII. */
void ui_cells_init(bool utf8, bool ascii);

/*
 * The sort (select.c): the order a column sorts in when first chosen
 * (high to low for rates and counts), choosing one (col -1: natural
 * order), the arrow of the order now (▼ high to low), and "PSN/s ▼" for
 * the sort now ("" in natural order).
 */
bool ui_sort_desc_first(enum view_table t, int col);
void ui_sort_pick(struct ui *u, int col);
void ui_sort_changed(struct ui *u);
const char *ui_sort_arrow(const struct ui *u);
const char *ui_sort_label(const struct ui *u, char *buf, size_t len);
/* The columns of pane p that fit in w cells, in their order (table.c). */
int ui_table_fit(const struct ui *u, enum ui_pane p, int w, int *idx, int max);
/* The list of the pane's columns to sort by (F6, sortlist.c). */
void ui_sortlist_open(struct ui *u);
void ui_draw_sortlist(struct ui *u, const struct ui_layout *l);
enum ui_action ui_sortlist_key(struct ui *u, int key);

/* Drawing primitives (cells.c): text is escaped and clipped to w cells,
 * a cut one ending in a mark ("…", "~" in ASCII). */
void ui_put(int y, int x, int w, int role, const char *text);
/* The program's own text (help, key names), shown as it is: a backslash
 * stays one backslash. */
void ui_put_own(int y, int x, int w, int role, const char *text);
/* Same, right-aligned in w cells. */
void ui_put_right(int y, int x, int w, int role, const char *text);
/* A name: cut in the middle (start, mark, end) where it is wider than w. */
void ui_put_name(int y, int x, int w, int role, const char *text);
/* the widest a name column grows to its longest visible value (fit.c) */
#define UI_NAME_MAX 40
/* The mark of columns left out ("»", ">" in ASCII) in the last of w cells. */
void ui_put_more(int y, int w, int role);
void ui_put_less(int y, int w, int role);
/*
 * The length of the first line of text that fits in w columns: up to the
 * last blank before the edge (the whole width when one word is wider).
 */
size_t ui_wrap_at(const char *text, int w);
/*
 * The status line (status.c): made from the filter in force, the last
 * message and the sample's notes into u->status, once a frame before it
 * is laid out; the message ends at the next key on the main screen.
 */
void ui_status_compose(struct ui *u);
void ui_clear_message(struct ui *u);
/* The status line's rows for the text it shows at width w: 1 to 3. */
int ui_status_rows(const struct ui *u, int w);
/* Fill w cells with blanks of a role. */
void ui_fill(int y, int x, int w, int role);
/* Blank a rectangle: what a page (help, setup, sort list, a detail)
 * covers holds nothing of what was drawn there before. */
void ui_clear(const struct ui_rect *r);
/* Cells text takes on screen once escaped, as ui_put shows it. */
int ui_width(const char *text);

/* Panes (one file each). */
void ui_draw_header(struct ui *u, const struct ui_layout *l);
void ui_draw_links(struct ui *u, const struct ui_layout *l);
void ui_draw_table(struct ui *u, const struct ui_layout *l);
/* The table's tab bar on row y, w cells (tabs.c). */
void ui_draw_tabs(struct ui *u, int y, int w, int body);
void ui_draw_detail(struct ui *u, const struct ui_layout *l);
/* the link drill-down's netdev lines (detail_net.c), each through emit */
typedef void (*ui_emit_fn)(void *ctx, int role, int indent, const char *text);
/* The port's verdict, its figures' counters and ERR/s's (detail_truth.c). */
void ui_detail_truth(const struct snapshot *s, const struct snap_port *p, ui_emit_fn emit,
		     void *ctx);
void ui_detail_net(const struct snapshot *s, uint32_t dev, uint32_t port, ui_emit_fn emit,
		   void *ctx);
/* its transceiver module (detail_module.c) */
/* the link drill-down's FEC histogram and bit error rates (detail_fec.c) */
void ui_detail_fec(const struct snapshot *s, uint32_t dev, uint32_t port, ui_emit_fn emit,
		   void *ctx);
void ui_detail_module(const struct snapshot *s, uint32_t dev, uint32_t port, ui_emit_fn emit,
		      void *ctx);
/* X: a control on the selected row (control.c): its key, and the word
 * typed at its prompt (UI_CONTROL when it asks for the control). */
enum ui_action ui_control_key(struct ui *u, int key);
enum ui_action ui_control_typed(struct ui *u);
/* the selected row's process (0: none; select.c) */
uint32_t ui_selected_pid(struct ui *u);
/* the link drill-down's flap counts and changes seen (detail_flaps.c) */
void ui_detail_flaps(const struct snapshot *s, const struct snap_port *p, ui_emit_fn emit,
		     void *ctx);
/* A device's PCI locality and the GPU/NIC matrix (detail_pci.c), as lines. */
void ui_detail_pci(const struct snapshot *s, const char *dev, ui_emit_fn emit, void *ctx);
/* A process's command line, user, CPU, memory, start (detail_pctx.c). */
void ui_detail_pctx(const struct view_ctx *c, size_t row, ui_emit_fn emit, void *ctx);
/* Where a process runs: its cgroup, and the job, pod (with its QoS class),
 * container or unit it makes (src/model/groups.c), as lines. */
void ui_detail_group(const struct snapshot *s, const struct view_proc *p, ui_emit_fn emit,
		     void *ctx);
/* A QP's stall, its state and PSNs since when, its peer here (detail_stall.c). */
void ui_detail_stall(const struct snapshot *s, const struct snap_qp *q, ui_emit_fn emit,
		     void *ctx);
void ui_draw_help(struct ui *u, const struct ui_layout *l);
void ui_draw_keybar(struct ui *u, const struct ui_layout *l);
/* The column setup screen and its keys (setup.c). */
void ui_draw_setup(struct ui *u, const struct ui_layout *l);
enum ui_action ui_setup_key(struct ui *u, int key);
/*
 * A setting the screen changed, through the one setter (the printf-formatted
 * text; fmt NULL: back to its default): 0 or what settings_set() returns.
 * Without u->set, only checked.  ui_sort_setting: the QP table's sort and
 * order; ui_filter_setting: the filter typed; both after they change.
 */
int ui_setting(struct ui *u, enum setting_id id, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void ui_sort_setting(struct ui *u);
void ui_filter_setting(struct ui *u);

/* Role of a state name: ACTIVE/RTS good, DOWN/ERR bad, others warn (links.c). */
int ui_state_role(const char *state);


/* A cell's text: the value, or "hidden" for a key the kernel withheld (table.c). */
/* Whether a column has anything to show in this sample (table.c). */
bool ui_col_shown(const struct ui *u, enum view_table t, int col);
const char *ui_cell_text(const struct ui *u, const struct view_col *col,
			 const struct view_value *v, char *buf, size_t len);

/* Role for a value of a column (state colours, rates, errors, n/a). */
int ui_value_role(const struct view_col *col, const struct view_value *v, const char *text);

/*
 * The main screen's keys, one row each (src/ui/keys.c): the codes that
 * run it, the keys as the help shows them, its help, and what it does
 * (NULL: a row of the help only).  ui_key() dispatches on it and the help
 * screen (help.c) is drawn from it.
 */
struct ui_keydef {
	int codes[12];		/* 0-terminated when shorter */
	const char *key;
	const char *what;
	enum ui_action (*run)(struct ui *u, int key);
	/* with run k_do, what the key does: open a prompt (empty, the
	 * search's with the last search), or else call one function */
	enum ui_prompt prompt;
	void (*call)(struct ui *u);
};
const struct ui_keydef *ui_keys(size_t *n);
/* A pane's title ("Processes", "FRMR pools"), made in buf where it is made
 * from its object's name (table.c); its brief one, for a tab bar the full
 * titles do not fit ("Procs", "FRMR"). */
const char *ui_pane_title(enum ui_pane p, char *buf, size_t len);
const char *ui_pane_brief(enum ui_pane p, char *buf, size_t len);
/* The prompts (src/ui/prompt.c): one opened with initial text, a key to
 * the open one; and the next row matching the search (keys.c). */
void ui_start_prompt(struct ui *u, enum ui_prompt p, const char *initial);
enum ui_action ui_prompt_key(struct ui *u, int key);
/*
 * A key typed at an open prompt, the main screen's or the cluster's: Esc
 * closes it; a printable character replaces the text selected (a prompt
 * opened with text has all of it selected) or is added at the cursor;
 * Backspace and Delete delete the selection, else a character; Left,
 * Right, Home, End (Ctrl-B, F, A, E) unselect and move the cursor; Ctrl-U
 * and Ctrl-K delete before and after it.  Enter closes it too and returns
 * which prompt it was, for the caller to act on; every other key returns
 * PROMPT_NONE.
 */
enum ui_prompt ui_input_key(struct ui_input *in, int key);
/* The prompt on row y in w cells after its question (prompt.c); ascii:
 * the mark of a cut in ASCII. */
void ui_draw_input(const struct ui_input *in, int y, int w, const char *question, bool ascii);
void ui_search_next(struct ui *u);

#endif
