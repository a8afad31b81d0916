// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * --web-config: the exporter-toolkit's documented examples and testdata
 * shapes are read as the toolkit reads them (quoted values, comments, a
 * document marker, an inline PEM block); what it refuses is refused with
 * the line named; what rdmatop does not implement is refused by name.
 */
#include <errno.h>
#include <sys/stat.h>
#include <unistd.h>

#include "test.h"
#include "webcfg.h"

#define HASH "$2y$04$.GVO5OZy2CFRv/P5Ay2zSet9YH9Qqk0NnjaljTkJe78KNyYC2aoSu"
#define TAIL ".GVO5OZy2CFRv/P5Ay2zSet9YH9Qqk0NnjaljTkJe78KNyYC2aoSu"

static int parse(struct webcfg *c, const char *text, char *err, size_t len)
{
	err[0] = '\0';
	return webcfg_parse(c, text, strlen(text), "/etc/rdmatop", err, len);
}

static void test_good(void)
{
	struct webcfg c;
	char err[256];

	CHECK_EQ_U(parse(&c, "", err, sizeof(err)), 0);
	CHECK(!c.tls && !c.n_users);
	webcfg_free(&c);
	CHECK_EQ_U(parse(&c, "---\n# nothing yet\n", err, sizeof(err)), 0);
	webcfg_free(&c);
	CHECK_EQ_U(parse(&c,
			 "# the toolkit's example\n"
			 "tls_server_config:\n"
			 "  cert_file: server.crt\n"
			 "  key_file: \"/abs/server.key\"\n"
			 "  client_auth_type: 'RequireAndVerifyClientCert'\n"
			 "  client_ca_file: ca/clients.pem   # trailing comment\n"
			 "  min_version: TLS13\n"
			 "http_server_config:\n"
			 "  http2: false\n"
			 "basic_auth_users:\n"
			 "  prometheus: " HASH "\n"
			 "  'alice smith': '" HASH "'\n",
			 err, sizeof(err)),
		   0);
	CHECK(c.tls);
	CHECK_EQ_S(c.cert_file, "/etc/rdmatop/server.crt");
	CHECK_EQ_S(c.key_file, "/abs/server.key");
	CHECK_EQ_S(c.client_ca_file, "/etc/rdmatop/ca/clients.pem");
	CHECK_EQ_U(c.client_auth, WEBCFG_REQUIRE_AND_VERIFY_CLIENT_CERT);
	CHECK_EQ_U(c.min_version, 0x0304);
	CHECK_EQ_U(c.max_version, 0x0304);
	CHECK_EQ_U(c.n_users, 2);
	if (c.n_users == 2) {
		CHECK_EQ_S(c.users[0].name, "prometheus");
		CHECK_EQ_S(c.users[1].name, "alice smith");
		CHECK_EQ_S(c.users[1].hash, HASH);
	}
	webcfg_free(&c);
	/* inline PEM as a block scalar; defaults TLS 1.2 .. 1.3 */
	CHECK_EQ_U(parse(&c,
			 "tls_server_config:\n"
			 "  cert: |\n"
			 "    -----BEGIN CERTIFICATE-----\n"
			 "    MIIB\n"
			 "    -----END CERTIFICATE-----\n"
			 "  key_file: k.pem\n"
			 "  client_auth_type: RequireClientCert\n",
			 err, sizeof(err)),
		   0);
	CHECK_EQ_S(c.cert_pem, "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n");
	CHECK_EQ_U(c.client_auth, WEBCFG_REQUIRE_ANY_CLIENT_CERT);
	CHECK_EQ_U(c.min_version, 0x0303);
	CHECK_EQ_U(c.max_version, 0x0304);
	webcfg_free(&c);
	/* users alone: plain HTTP with basic auth; null sections */
	CHECK_EQ_U(parse(&c, "tls_server_config:\nbasic_auth_users:\n  u: " HASH "\n", err,
			 sizeof(err)),
		   0);
	CHECK(!c.tls && c.n_users == 1);
	webcfg_free(&c);
}

static void test_bad(void)
{
	static const struct {
		const char *text, *msg;
	} t[] = {
		{ "tls_server_config:\n  cert_file: a\n  kee_file: b\n",
		  "3: unknown key 'kee_file' in tls_server_config" },
		{ "basic_auth_user:\n  a: b\n", "1: unknown key 'basic_auth_user'" },
		{ "tls_server_config:\n  cert_file: a\n", "missing one of key or key_file" },
		{ "tls_server_config:\n  key_file: a\n", "missing one of cert or cert_file" },
		{ "tls_server_config:\n  cert_file: a\n  key_file: b\n  client_ca_file: c\n",
		  "client CAs are configured without a client_auth_type" },
		{ "tls_server_config:\n  cert_file: a\n  key_file: b\n"
		  "  client_auth_type: RequireAndVerifyClientCert\n",
		  "client_auth_type RequireAndVerifyClientCert needs client_ca_file" },
		{ "tls_server_config:\n  cert_file: a\n  key_file: b\n  client_auth_type: Maybe\n",
		  "4: client_auth_type: 'Maybe' is not NoClientCert" },
		{ "tls_server_config:\n  cert_file: a\n  cert: b\n  key_file: c\n",
		  "give cert or cert_file" },
		{ "tls_server_config:\n  cert_file: a\n  key_file: b\n  min_version: TLS13\n"
		  "  max_version: TLS12\n",
		  "min_version is above max_version" },
		{ "tls_server_config:\n  min_version: SSL3\n", "2: min_version: 'SSL3' is not TLS10" },
		{ "tls_server_config:\n  cipher_suites: [TLS_AES_128_GCM_SHA256]\n",
		  "2: cipher_suites is not supported by rdmatop" },
		{ "tls_server_config:\n  client_allowed_sans: [a]\n",
		  "client_allowed_sans is not supported" },
		{ "http_server_config:\n  headers:\n    X-Frame-Options: deny\n",
		  "headers is not supported" },
		{ "http_server_config:\n  http2: maybe\n", "2: http2: 'maybe' is not true or false" },
		{ "rate_limit:\n  burst: 1\n", "rate_limit is not supported" },
		{ "basic_auth_users:\n  u: plain\n", "2: user 'u': the password is not a bcrypt hash" },
		{ "basic_auth_users:\n  u: $1$abc$abcdefgh\n", "not a bcrypt hash" },
		{ "basic_auth_users:\n  u: " HASH "x\n", "not a bcrypt hash" },
		{ "basic_auth_users:\n  u: " HASH "\n  u: " HASH "\n", "3: user 'u' is given twice" },
		{ "basic_auth_users:\n  'a:b': " HASH "\n", "user 'a:b': a name" },
		{ "basic_auth_users:\n  u: [a]\n", "u: expected a single value" },
		{ "basic_auth_users: x\n", "basic_auth_users: expected keys and values" },
		{ "tls_server_config: {}\ntls_server_config: {}\n",
		  "2: 'tls_server_config' is given twice" },
		{ "- a\n- b\n", "expected keys and values" },
		{ "tls_server_config: &x\n  cert_file: a\n", "1: anchors (&name) are not supported" },
		{ "tls_server_config: *x\n", "aliases (*name) are not supported" },
		{ "basic_auth_users: !!map\n  u: x\n", "tags (tag:yaml.org,2002:map) are not supported" },
		{ "tls_server_config: {\n", "2: did not find expected node content" },
		{ "tls_server_config:\n\tcert_file: a\n", "found character that cannot start" },
		{ "{}\n---\n{}\n", "one document only" },
		{ "tls_server_config:\n  cert_file: \"a\\0b\"\n", "a NUL byte" },
		/* bcrypt's cost: 4..14 */
		{ "basic_auth_users:\n  u: $2y$03$" TAIL "\n", "2: user 'u': bcrypt cost 3 is outside 4..14" },
		{ "basic_auth_users:\n  u: $2y$15$" TAIL "\n", "bcrypt cost 15 is outside" },
		{ "basic_auth_users:\n  u: '$2b$31$" TAIL "'\n", "bcrypt cost 31 is outside" },
		{ "basic_auth_users:\n  u: $2a$99$" TAIL "\n", "bcrypt cost 99 is outside" },
		/* crypt_checksalt() takes it (found by tests/fuzz) */
		{ "basic_auth_users:\n  u: $2y$0t$" TAIL "\n", "2: user 'u': the password is not a bcrypt hash" },
		/* a NUL in a quoted hash: refused, not cut where the hash is whole */
		{ "basic_auth_users:\n  u: \"" HASH "\\0x\"\n", "2: user 'u': a NUL byte in the password hash" },
	};
	struct webcfg c;
	char err[256];
	size_t i;

	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		int ret = parse(&c, t[i].text, err, sizeof(err));

		if (ret != -EINVAL || !strstr(err, t[i].msg))
			fprintf(stderr, "case %zu: %d '%s'\n", i, ret, err);
		CHECK_EQ_U(ret, (uint64_t)-EINVAL);
		CHECK(strstr(err, t[i].msg) != NULL);
		CHECK(!c.tls && !c.n_users && !c.cert_file);
		webcfg_free(&c);
	}
}

/* webcfg_load: the files named are read, relative to the config's dir */
static void test_load(void)
{
	char dir[] = "/tmp/rdmatop-webcfg-XXXXXX", path[160], pem[160], err[256];
	struct webcfg c;
	FILE *f;

	CHECK(mkdtemp(dir) != NULL);
	snprintf(path, sizeof(path), "%s/web.yml", dir);
	snprintf(pem, sizeof(pem), "%s/s.pem", dir);
	f = fopen(pem, "w");
	CHECK(f != NULL);
	if (f) {
		fputs("PEM TEXT\n", f);
		fclose(f);
	}
	f = fopen(path, "w");
	CHECK(f != NULL);
	if (f) {
		fputs("tls_server_config:\n  cert_file: s.pem\n  key_file: s.pem\n", f);
		fclose(f);
	}
	CHECK_EQ_U(webcfg_load(&c, path, err, sizeof(err)), 0);
	CHECK(c.tls);
	CHECK_EQ_S(c.cert_pem, "PEM TEXT\n");
	CHECK_EQ_S(c.key_pem, "PEM TEXT\n");
	webcfg_free(&c);
	/* a key its group or others can read: loaded, with a warning */
	chmod(pem, 0640);
	CHECK_EQ_U(webcfg_load(&c, path, err, sizeof(err)), 0);
	CHECK(strstr(c.warning, "s.pem is readable by its group (mode 0640)") != NULL);
	webcfg_free(&c);
	chmod(pem, 0600);
	CHECK_EQ_U(webcfg_load(&c, path, err, sizeof(err)), 0);
	CHECK_EQ_S(c.warning, "");
	webcfg_free(&c);
	/* a CA file without a certificate, a FIFO: refused, the file named */
	f = fopen(path, "w");
	if (f) {
		fputs("tls_server_config:\n  cert_file: s.pem\n  key_file: s.pem\n"
		      "  client_ca_file: s.pem\n  client_auth_type: RequireAndVerifyClientCert\n", f);
		fclose(f);
	}
	CHECK_EQ_U(webcfg_load(&c, path, err, sizeof(err)), (uint64_t)-EINVAL);
	CHECK(strstr(err, "s.pem holds no PEM certificate") != NULL);
	unlink(pem);
	CHECK_EQ_U(mkfifo(pem, 0600), 0);
	CHECK_EQ_U(webcfg_load(&c, path, err, sizeof(err)), (uint64_t)-EINVAL);
	CHECK(strstr(err, "cert_file ") && strstr(err, "s.pem: not a regular file"));
	unlink(pem);
	f = fopen(path, "w");
	if (f) {
		fputs("tls_server_config:\n  cert_file: s.pem\n  key_file: s.pem\n", f);
		fclose(f);
	}
	CHECK_EQ_U(webcfg_load(&c, path, err, sizeof(err)), (uint64_t)-ENOENT);
	CHECK(strstr(err, "web.yml: cert_file ") && strstr(err, "No such file"));
	f = fopen(path, "w");
	if (f) {
		fputs("\n\nbogus: 1\n", f);
		fclose(f);
	}
	CHECK_EQ_U(webcfg_load(&c, path, err, sizeof(err)), (uint64_t)-EINVAL);
	CHECK(strstr(err, "web.yml:3: unknown key 'bogus'") != NULL);
	unlink(path);
	CHECK_EQ_U(rmdir(dir), 0);
	CHECK_EQ_U(webcfg_load(&c, path, err, sizeof(err)), (uint64_t)-ENOENT);
}

TEST_MAIN(test_good, test_bad, test_load)
