// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Shell completions and the example config file, written from the option
 * table (settings_table()), so an option is never spelled twice.  A build tool:
 *   mkcompletion bash|zsh|config THEMEDIR
 * The values an option takes come from the tables that check them where
 * there are such tables (QP columns, themes); the few fixed words below are
 * checked against rdmatop's parser by tests/fleet.
 */
#include <stdio.h>
#include <string.h>

#include "settings.h"
#include "theme.h"
#include "view.h"

enum value { V_NONE, V_FILE, V_DIR, V_WORDS };

struct choice {
	enum value kind;
	char words[512];	/* V_WORDS: space-separated */
};

static void add_word(struct choice *c, const char *w)
{
	size_t len = strlen(c->words);

	snprintf(c->words + len, sizeof(c->words) - len, "%s%s", len ? " " : "", w);
}

/* What the value of option d is: its choices, by its metavar, and for -s and
 * -t by the QP columns and the themes. */
static void choice_of(const struct setting *d, const char *themedir, struct choice *c)
{
	memset(c, 0, sizeof(*c));
	if (!d->metavar)
		return;
	if (!strcmp(d->metavar, "FILE") || !strcmp(d->metavar, "PATH")) {
		c->kind = V_FILE;
	} else if (!strcmp(d->metavar, "DIR")) {
		c->kind = V_DIR;
	} else if (d->choices) {
		size_t i;

		c->kind = V_WORDS;
		for (i = 0; d->choices[i]; i++)
			add_word(c, d->choices[i]);
	} else if (!strcmp(d->name, "sort")) {
		const struct view_col *cols;
		size_t n, i;

		cols = view_cols(VIEW_QPS, &n);
		c->kind = V_WORDS;
		for (i = 0; i < n; i++)
			add_word(c, cols[i].name);
	} else if (!strcmp(d->name, "theme")) {
		const char *dirs[] = { themedir, NULL };
		char names[64][32];
		size_t n, i;

		n = theme_list(dirs, names, 64);
		c->kind = V_WORDS;
		for (i = 0; i < n; i++)
			add_word(c, names[i]);
	}
}

static bool repeatable(const struct setting *d)
{
	return d->type == SET_LIST;
}

static void case_label(const struct setting *d, bool *first)
{
	printf("%s", *first ? "\t" : "|");
	*first = false;
	if (d->key)
		printf("-%c|", d->key);
	printf("--%s", d->name);
	if (d->alias)
		printf("|--%s", d->alias);
}

static void bash(const struct setting *t, size_t n, const char *themedir)
{
	struct choice c;
	bool first = true;
	size_t i;

	printf("# bash completion for rdmatop, generated from its option table\n"
	       "_rdmatop()\n{\n"
	       "\tlocal cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}\n\n"
	       "\tcase $prev in\n");
	for (i = 0; i < n; i++) {
		if (t[i].type == SET_FLAG)
			continue;
		choice_of(&t[i], themedir, &c);
		if (c.kind == V_NONE)
			continue;
		first = true;
		case_label(&t[i], &first);
		printf(")\n");
		if (c.kind == V_WORDS)
			printf("\t\tCOMPREPLY=($(compgen -W '%s' -- \"$cur\"))\n", c.words);
		else
			printf("\t\tcompopt -o filenames 2>/dev/null\n"
			       "\t\tCOMPREPLY=($(compgen -%c -- \"$cur\"))\n",
			       c.kind == V_DIR ? 'd' : 'f');
		printf("\t\treturn\n\t\t;;\n");
	}
	/* a number, an address, an expression: nothing to offer */
	first = true;
	for (i = 0; i < n; i++) {
		if (t[i].type == SET_FLAG)
			continue;
		choice_of(&t[i], themedir, &c);
		if (c.kind == V_NONE)
			case_label(&t[i], &first);
	}
	if (!first)
		printf(")\n\t\tCOMPREPLY=()\n\t\treturn\n\t\t;;\n");
	printf("\tesac\n\tCOMPREPLY=($(compgen -W '");
	for (i = 0; i < n; i++) {
		if (t[i].key)
			printf("-%c ", t[i].key);
		if (t[i].alias)
			printf("--%s ", t[i].alias);
		printf("--%s%s", t[i].name, i + 1 < n ? " " : "");
	}
	printf("' -- \"$cur\"))\n}\ncomplete -F _rdmatop rdmatop\n");
}

/* zsh's _arguments: a description in [...] and a message after ':' */
static void zsh_quoted(const char *s)
{
	for (; *s; s++) {
		if (*s == '\'')
			fputs("'\\''", stdout);
		else if (strchr("[]:\\", *s))
			printf("\\%c", *s);
		else
			putchar(*s);
	}
}

/* one option's spec, under name (its own, or its alias: short key only
 * with its own); more: a spec follows */
static void zsh_spec(const struct setting *d, const char *name, bool own, const char *themedir,
		     bool more)
{
	bool val = d->type != SET_FLAG;
	struct choice c;

	choice_of(d, themedir, &c);
	printf("  %s", repeatable(d) ? "'*'" : "");
	if (d->key && own)
		printf("{-%c%s,--%s%s}'[", d->key, val ? "+" : "", name, val ? "=" : "");
	else
		printf("'--%s%s[", name, val ? "=" : "");
	zsh_quoted(d->help);
	printf("]");
	if (val) {
		printf(":");
		zsh_quoted(d->metavar);
		switch (c.kind) {
		case V_FILE:
			printf(":_files");
			break;
		case V_DIR:
			printf(":_files -/");
			break;
		case V_WORDS:
			printf(":(%s)", c.words);
			break;
		default:
			printf(": ");
		}
	}
	printf("'%s\n", more ? " \\" : "");
}

static void zsh(const struct setting *t, size_t n, const char *themedir)
{
	size_t i;

	printf("#compdef rdmatop\n"
	       "# zsh completion for rdmatop, generated from its option table\n"
	       "_arguments -s -S \\\n");
	for (i = 0; i < n; i++) {
		/* an alias (--web.listen-address) gets a spec of its own */
		const char *alias = t[i].alias;

		zsh_spec(&t[i], t[i].name, true, themedir, i + 1 < n || alias);
		if (alias)
			zsh_spec(&t[i], alias, false, themedir, i + 1 < n);
	}
}

static void config(const struct setting *t, size_t n)
{
	size_t i;

	printf("# rdmatop settings: $XDG_CONFIG_HOME/rdmatop/config, else ~/.config/rdmatop/config.\n"
	       "# \"key = value\" lines with the long option names (yes/no for switches),\n"
	       "# '#' comments; the command line wins.  The dashboard's W key writes this file.\n"
	       "# Every setting the file may hold, commented out:\n");
	for (i = 0; i < n; i++) {
		if (!t[i].config)
			continue;
		printf("\n# %s\n#%s = %s\n", t[i].help, t[i].name,
		       t[i].type == SET_FLAG ? "yes" : t[i].metavar);
	}
}

int main(int argc, char **argv)
{
	const struct setting *t;
	size_t n;

	t = settings_table(&n);
	if (argc == 3 && !strcmp(argv[1], "bash"))
		bash(t, n, argv[2]);
	else if (argc == 3 && !strcmp(argv[1], "zsh"))
		zsh(t, n, argv[2]);
	else if (argc == 3 && !strcmp(argv[1], "config"))
		config(t, n);
	else {
		fprintf(stderr, "usage: mkcompletion bash|zsh|config THEMEDIR\n");
		return 2;
	}
	return fflush(stdout) || ferror(stdout) ? 1 : 0;
}
