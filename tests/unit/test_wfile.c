// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The files rdmatop writes: a recording (-w, and its rotation), the
 * metrics textfile and the config follow no planted symbolic link, replace
 * no file of someone else's, and a recording is private (mode 0600).
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "export.h"
#include "settings.h"
#include "record.h"
#include "source.h"
#include "test.h"
#include "wfile.h"

static char dir[64];

static const char *at(const char *name)
{
	static char p[4][160];
	static int k;

	k = (k + 1) % 4;
	snprintf(p[k], sizeof(p[k]), "%s/%s", dir, name);
	return p[k];
}

static void put(const char *p, const char *text)
{
	FILE *f = fopen(p, "w");

	CHECK(f != NULL);
	if (f) {
		fputs(text, f);
		fclose(f);
	}
}

static bool holds(const char *p, const char *text)
{
	size_t len;
	char *got = test_slurp(p, &len);
	bool same = got && len == strlen(text) && !memcmp(got, text, len);

	free(got);
	return same;
}

static mode_t mode_of(const char *p)
{
	struct stat st;

	return lstat(p, &st) ? (mode_t)-1 : st.st_mode & 07777;
}

static bool is_link(const char *p)
{
	struct stat st;

	return !lstat(p, &st) && S_ISLNK(st.st_mode);
}

static int entries(const char *d)
{
	DIR *dh = opendir(d);
	struct dirent *e;
	int n = 0;

	if (!dh)
		return -1;
	while ((e = readdir(dh)))
		n += strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
	closedir(dh);
	return n;
}

static void setup(void)
{
	snprintf(dir, sizeof(dir), "/tmp/rdmatop-wfile-XXXXXX");
	CHECK(mkdtemp(dir) != NULL);
}

static void teardown(void)
{
	char cmd[128];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	CHECK_EQ_U(system(cmd), 0);
}

/* One sample through the writer, so that the file is a recording. */
static int one_sample(struct rec_writer *w, size_t bytes)
{
	static uint8_t junk[8192];
	struct raw_sink *k = rec_writer_sink(w);
	struct snapshot s;
	static uint32_t x = 2463534242u;	/* xorshift: compresses badly */
	size_t j;
	int ret;

	for (j = 0; j < bytes && j < sizeof(junk); j++) {
		x ^= x << 13;
		x ^= x >> 17;
		x ^= x << 5;
		junk[j] = (uint8_t)x;
	}
	snap_init(&s);
	ret = k->begin(k->ctx, &s);
	if (!ret)
		ret = k->file(k->ctx, "/sys/x", 0, junk, j);
	if (!ret)
		ret = k->end(k->ctx, &s);
	snap_free(&s);
	return ret;
}

static void test_recording_refuses(void)
{
	struct rec_writer *w = NULL;

	setup();
	put(at("victim"), "precious\n");
	/* a planted link to a victim: refused, the victim untouched */
	CHECK_EQ_U(symlink(at("victim"), at("rec")), 0);
	CHECK_EQ_U(rec_writer_open(&w, at("rec")), (uint64_t)-ELOOP);
	CHECK(holds(at("victim"), "precious\n"));
	CHECK(is_link(at("rec")));
	/* a dangling link too (O_CREAT would create its target) */
	CHECK_EQ_U(symlink(at("nothing"), at("dangling")), 0);
	CHECK_EQ_U(rec_writer_open(&w, at("dangling")), (uint64_t)-ELOOP);
	CHECK(access(at("nothing"), F_OK) != 0);
	/* a file that is not a recording: refused, untouched */
	CHECK_EQ_U(rec_writer_open(&w, at("victim")), (uint64_t)-EEXIST);
	CHECK(holds(at("victim"), "precious\n"));
	/* not a regular file */
	CHECK_EQ_U(mkfifo(at("fifo"), 0600), 0);
	CHECK_EQ_U(rec_writer_open(&w, at("fifo")), (uint64_t)-EINVAL);
	CHECK_EQ_U(rec_writer_open(&w, dir), (uint64_t)-EINVAL);
	CHECK(w == NULL);
	CHECK(strstr(wfile_strerror(-EEXIST), "not written by rdmatop") != NULL);
	CHECK(strstr(wfile_strerror(-ELOOP), "symbolic link") != NULL);
	teardown();
}

static void test_recording_mode_and_replace(void)
{
	struct rec_writer *w;
	mode_t old = umask(022);
	int fd;

	setup();
	wfile_init();
	CHECK_EQ_U(rec_writer_open(&w, at("rec")), 0);
	CHECK_EQ_U(one_sample(w, 100), 0);
	CHECK_EQ_U(rec_writer_close(w), 0);
	CHECK_EQ_U(mode_of(at("rec")), 0600);
	/* an old recording, readable by all: replaced, private now */
	CHECK_EQ_U(chmod(at("rec"), 0644), 0);
	CHECK_EQ_U(rec_writer_open(&w, at("rec")), 0);
	CHECK_EQ_U(rec_writer_close(w), 0);
	CHECK_EQ_U(mode_of(at("rec")), 0600);
	/* a stricter umask wins */
	umask(077);
	wfile_init();
	CHECK_EQ_U(rec_writer_open(&w, at("rec2")), 0);
	CHECK_EQ_U(rec_writer_close(w), 0);
	CHECK_EQ_U(mode_of(at("rec2")), 0600);
	umask(0277);
	CHECK_EQ_U(rec_writer_open(&w, at("rec3")), 0);
	CHECK_EQ_U(rec_writer_close(w), 0);
	CHECK_EQ_U(mode_of(at("rec3")), 0400);
	umask(022);
	wfile_init();
	/* an empty file (mktemp's) may be written */
	fd = open(at("empty"), O_CREAT | O_WRONLY, 0644);
	CHECK(fd >= 0);
	close(fd);
	CHECK_EQ_U(rec_writer_open(&w, at("empty")), 0);
	CHECK_EQ_U(rec_writer_close(w), 0);
	CHECK_EQ_U(mode_of(at("empty")), 0600);
	/* the descriptor does not leak into a child */
	CHECK_EQ_U(rec_writer_open(&w, at("rec")), 0);
	{
		char cmd[256];

		snprintf(cmd, sizeof(cmd), "ls -l /proc/self/fd | grep -q '%s/rec$'", dir);
		CHECK(system(cmd) != 0);
	}
	CHECK_EQ_U(rec_writer_close(w), 0);
	teardown();
	umask(old);
}

static void test_rotation_rules(void)
{
	struct rec_writer *w;
	int i, ret = 0;

	setup();
	/* FILE.2 is someone else's: refused before anything is written */
	put(at("rec.2"), "precious\n");
	CHECK_EQ_U(rec_writer_open(&w, at("rec")), 0);
	CHECK_EQ_U(rec_writer_rotate(w, 4096, 2), (uint64_t)-EEXIST);
	CHECK_EQ_U(rec_writer_close(w), 0);
	CHECK(holds(at("rec.2"), "precious\n"));
	/* FILE.1 a link to a victim: refused */
	unlink(at("rec.2"));
	put(at("victim"), "precious\n");
	CHECK_EQ_U(symlink(at("victim"), at("rec.1")), 0);
	CHECK_EQ_U(rec_writer_open(&w, at("rec")), 0);
	CHECK_EQ_U(rec_writer_rotate(w, 4096, 2), (uint64_t)-ELOOP);
	CHECK_EQ_U(rec_writer_close(w), 0);
	unlink(at("rec.1"));
	/* a clean chain rotates, every file private ... */
	CHECK_EQ_U(rec_writer_open(&w, at("rec")), 0);
	CHECK_EQ_U(rec_writer_rotate(w, 4096, 2), 0);
	for (i = 0; i < 4 && !ret; i++)
		ret = one_sample(w, 6000);
	CHECK_EQ_U(ret, 0);
	CHECK_EQ_U(mode_of(at("rec")), 0600);
	CHECK_EQ_U(mode_of(at("rec.1")), 0600);
	CHECK_EQ_U(mode_of(at("rec.2")), 0600);
	/* ... until a foreign file appears in the chain: that rotation fails
	 * and the file is left alone */
	unlink(at("rec.2"));
	put(at("rec.2"), "precious\n");
	for (i = 0; i < 4 && !ret; i++)
		ret = one_sample(w, 6000);
	CHECK_EQ_U(ret, (uint64_t)-EEXIST);
	CHECK(holds(at("rec.2"), "precious\n"));
	CHECK_EQ_U(rec_writer_close(w), (uint64_t)-EEXIST);
	teardown();
}

static void test_textfile(void)
{
	static const char om[] = "# HELP rdma_up x\n# TYPE rdma_up gauge\nrdma_up 1\n";
	mode_t old = umask(027);

	setup();
	wfile_init();
	CHECK_EQ_U(export_write_file(at("m.prom"), om, strlen(om)), 0);
	CHECK_EQ_U(export_write_file(at("m.prom"), om, strlen(om)), 0);
	CHECK(holds(at("m.prom"), om));
	CHECK_EQ_U(mode_of(at("m.prom")), 0640);	/* 0644 less the umask */
	put(at("victim"), "precious\n");
	CHECK_EQ_U(symlink(at("victim"), at("l.prom")), 0);
	CHECK_EQ_U(export_write_file(at("l.prom"), om, strlen(om)), (uint64_t)-ELOOP);
	CHECK_EQ_U(export_write_file(at("victim"), om, strlen(om)), (uint64_t)-EEXIST);
	CHECK(holds(at("victim"), "precious\n"));
	CHECK(is_link(at("l.prom")));
	teardown();
	umask(old);
	wfile_init();
}

static void test_config(void)
{
	struct settings v;
	char p[200];

	settings_defaults(&v);
	v.delay = 2;
	v.theme = "mono";
	setup();
	/* a relative XDG_CONFIG_HOME is ignored (config and themes alike) */
	setenv("HOME", dir, 1);
	setenv("XDG_CONFIG_HOME", "relative/dir", 1);
	CHECK_EQ_S(cfg_path(p, sizeof(p)), at(".config/rdmatop/config"));
	CHECK_EQ_S(cfg_user_path(p, sizeof(p), "themes"), at(".config/rdmatop/themes"));
	setenv("XDG_CONFIG_HOME", dir, 1);
	CHECK_EQ_S(cfg_path(p, sizeof(p)), at("rdmatop/config"));
	CHECK_EQ_S(cfg_user_path(p, sizeof(p), "themes"), at("rdmatop/themes"));
	unsetenv("XDG_CONFIG_HOME");

	/* a config that is a link (to a dotfiles repository): written
	 * through, the link stays, the target keeps its mode */
	CHECK_EQ_U(mkdir(at("rdmatop"), 0755), 0);
	CHECK_EQ_U(mkdir(at("dots"), 0755), 0);
	put(at("dots/config"), "delay = 5\n");
	CHECK_EQ_U(chmod(at("dots/config"), 0600), 0);
	CHECK_EQ_U(symlink("../dots/config", at("rdmatop/config")), 0);
	CHECK_EQ_U(cfg_save(at("rdmatop/config"), &v), 0);
	CHECK(is_link(at("rdmatop/config")));
	{
		size_t len;
		char *got = test_slurp(at("dots/config"), &len);

		CHECK(got && strstr(got, "theme = mono\n") && strstr(got, "delay = 2\n"));
		free(got);
	}
	CHECK_EQ_U(mode_of(at("dots/config")), 0600);
	/* no temp file left in either directory */
	CHECK_EQ_U(entries(at("dots")), 1);
	CHECK_EQ_U(entries(at("rdmatop")), 1);
	/* a link to nothing: refused, nothing created */
	CHECK_EQ_U(unlink(at("rdmatop/config")), 0);
	CHECK_EQ_U(symlink("../dots/none", at("rdmatop/config")), 0);
	CHECK_EQ_U(cfg_save(at("rdmatop/config"), &v), (uint64_t)-ELOOP);
	CHECK(access(at("dots/none"), F_OK) != 0);
	/* a directory where the config should be: refused */
	CHECK_EQ_U(unlink(at("rdmatop/config")), 0);
	CHECK_EQ_U(mkdir(at("rdmatop/config"), 0755), 0);
	CHECK_EQ_U(cfg_save(at("rdmatop/config"), &v), (uint64_t)-EINVAL);
	teardown();
}

TEST_MAIN(test_recording_refuses, test_recording_mode_and_replace, test_rotation_rules,
	  test_textfile, test_config)
