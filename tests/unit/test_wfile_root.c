// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * As root, no file is written (and the config is not read) where another
 * user could swap a component of its path (wfile.h): a directory of
 * theirs, a directory others may write that is not sticky, a link of
 * theirs.  The other user is uid 65534 (nobody), by chown.  Runs as
 * root only; skipped otherwise.
 */
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "export.h"
#include "settings.h"
#include "record.h"
#include "test.h"
#include "wfile.h"

#define NOBODY 65534

static char dir[64];

static const char *at(const char *name)
{
	static char p[6][200];
	static int k;

	k = (k + 1) % 6;
	snprintf(p[k], sizeof(p[k]), "%s/%s", dir, name);
	return p[k];
}

static void put(const char *p, const char *text, mode_t mode)
{
	int fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, mode);

	CHECK(fd >= 0);
	if (fd >= 0) {
		CHECK_EQ_U(write(fd, text, strlen(text)), strlen(text));
		close(fd);
	}
	CHECK_EQ_U(chmod(p, mode), 0);
}

static bool holds(const char *p, const char *text, mode_t mode)
{
	size_t len;
	char *got = test_slurp(p, &len);
	struct stat st;
	bool same = got && len == strlen(text) && !memcmp(got, text, len) && !lstat(p, &st) &&
		    S_ISREG(st.st_mode) && (st.st_mode & 07777) == mode;

	free(got);
	return same;
}

static void mkdir_as(const char *p, uid_t uid, mode_t mode)
{
	CHECK_EQ_U(mkdir(p, mode), 0);
	CHECK_EQ_U(chown(p, uid, uid), 0);
	CHECK_EQ_U(chmod(p, mode), 0);
}

static bool setup(void)
{
	if (geteuid() != 0) {
		fprintf(stderr, "# not root: skipped\n");
		return false;
	}
	snprintf(dir, sizeof(dir), "/tmp/rdmatop-wroot-XXXXXX");
	CHECK(mkdtemp(dir) != NULL);
	wfile_init();
	return true;
}

static void teardown(void)
{
	char cmd[128];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	CHECK_EQ_U(system(cmd), 0);
}

static const char *const data = "# HELP rdma_up x\n";

/* another user's directory, the config a link they swapped in: refused */
static void test_foreign_dir(void)
{
	struct settings o;

	if (!setup())
		return;
	settings_defaults(&o);
	put(at("victim"), "precious\n", 0600);
	mkdir_as(at("alice"), NOBODY, 0755);
	mkdir_as(at("alice/rdmatop"), NOBODY, 0755);
	CHECK_EQ_U(symlink(at("victim"), at("alice/rdmatop/config")), 0);
	CHECK_EQ_U(lchown(at("alice/rdmatop/config"), NOBODY, NOBODY), 0);
	CHECK_EQ_U(cfg_save(at("alice/rdmatop/config"), &o), (uint64_t)WFILE_EUNSAFE);
	CHECK(strstr(wfile_strerror(WFILE_EUNSAFE), "/alice is owned by uid 65534") != NULL);
	CHECK(holds(at("victim"), "precious\n", 0600));
	/* not even the link root made: the directory is theirs */
	CHECK_EQ_U(lchown(at("alice/rdmatop/config"), 0, 0), 0);
	CHECK_EQ_U(cfg_save(at("alice/rdmatop/config"), &o), (uint64_t)WFILE_EUNSAFE);
	CHECK(holds(at("victim"), "precious\n", 0600));
	/* nor a new file there, nor the textfile, nor a recording */
	CHECK_EQ_U(cfg_save(at("alice/new/config"), &o), (uint64_t)WFILE_EUNSAFE);
	CHECK(access(at("alice/new"), F_OK) != 0);
	CHECK_EQ_U(export_write_file(at("alice/m.prom"), data, strlen(data)),
		   (uint64_t)WFILE_EUNSAFE);
	CHECK(access(at("alice/m.prom"), F_OK) != 0);
	{
		struct rec_writer *w = NULL;

		CHECK_EQ_U(rec_writer_open(&w, at("alice/r.rdrec")), (uint64_t)WFILE_EUNSAFE);
		CHECK(w == NULL);
		CHECK(access(at("alice/r.rdrec"), F_OK) != 0);
	}
	/* reading it as root: refused with a message */
	{
		char buf[512] = "";
		FILE *e = fmemopen(buf, sizeof(buf) - 1, "w");

		CHECK_EQ_U(cfg_load(&o, at("alice/rdmatop/config"), e), (uint64_t)-EPERM);
		fclose(e);
		CHECK(strstr(buf, "not reading") && strstr(buf, "uid 65534"));
	}
	teardown();
}

/* a directory others may write: refused unless sticky; a link root does
 * not own is not followed; root's own places and links are */
static void test_modes_and_links(void)
{
	struct settings o;
	char buf[512];
	FILE *e;

	if (!setup())
		return;
	settings_defaults(&o);
	mkdir_as(at("gw"), 0, 0775);
	CHECK_EQ_U(export_write_file(at("gw/m.prom"), data, strlen(data)),
		   (uint64_t)WFILE_EUNSAFE);
	CHECK(strstr(wfile_strerror(WFILE_EUNSAFE), "mode 0775") != NULL);
	/* above the file counts as much as its own directory */
	mkdir_as(at("gw/sub"), 0, 0755);
	CHECK_EQ_U(export_write_file(at("gw/sub/m.prom"), data, strlen(data)),
		   (uint64_t)WFILE_EUNSAFE);
	mkdir_as(at("tmp"), 0, 01777);
	CHECK_EQ_U(export_write_file(at("tmp/m.prom"), data, strlen(data)), 0);
	CHECK(holds(at("tmp/m.prom"), data, 0644));
	/* anyone's link in a sticky directory: not followed */
	mkdir_as(at("safe"), 0, 0755);
	CHECK_EQ_U(symlink(at("safe"), at("tmp/l")), 0);
	CHECK_EQ_U(lchown(at("tmp/l"), NOBODY, NOBODY), 0);
	CHECK_EQ_U(export_write_file(at("tmp/l/m.prom"), data, strlen(data)),
		   (uint64_t)WFILE_EUNSAFE);
	CHECK(strstr(wfile_strerror(WFILE_EUNSAFE), "symbolic link") != NULL);
	CHECK(access(at("safe/m.prom"), F_OK) != 0);
	/* root's: followed, the directory on the way (..) checked too */
	CHECK_EQ_U(lchown(at("tmp/l"), 0, 0), 0);
	CHECK_EQ_U(export_write_file(at("tmp/l/../safe/m.prom"), data, strlen(data)), 0);
	CHECK(holds(at("safe/m.prom"), data, 0644));
	/* a dotfiles config: root's link in root's directory, followed */
	mkdir_as(at("home"), 0, 0700);
	mkdir_as(at("home/dots"), 0, 0700);
	put(at("home/dots/config"), "# mine\n", 0600);
	mkdir_as(at("home/rdmatop"), 0, 0700);
	CHECK_EQ_U(symlink("../dots/config", at("home/rdmatop/config")), 0);
	CHECK_EQ_U(cfg_save(at("home/rdmatop/config"), &o), 0);
	CHECK(access(at("home/rdmatop/config"), F_OK) == 0);
	{
		struct stat st;

		CHECK(!lstat(at("home/rdmatop/config"), &st) && S_ISLNK(st.st_mode));
		CHECK(!stat(at("home/dots/config"), &st) && (st.st_mode & 07777) == 0600);
	}
	e = fmemopen(buf, sizeof(buf) - 1, "w");
	CHECK_EQ_U(cfg_load(&o, at("home/rdmatop/config"), e), 0);
	/* the config itself another user's, or one others may write */
	CHECK_EQ_U(chown(at("home/dots/config"), NOBODY, NOBODY), 0);
	CHECK_EQ_U(cfg_load(&o, at("home/rdmatop/config"), e), (uint64_t)-EPERM);
	CHECK_EQ_U(chown(at("home/dots/config"), 0, 0), 0);
	CHECK_EQ_U(chmod(at("home/dots/config"), 0666), 0);
	CHECK_EQ_U(cfg_load(&o, at("home/rdmatop/config"), e), (uint64_t)-EPERM);
	/* nothing there at all: the defaults, no message */
	CHECK_EQ_U(cfg_load(&o, at("nothing/rdmatop/config"), e), 0);
	fclose(e);
	teardown();
}

TEST_MAIN(test_foreign_dir, test_modes_and_links)
