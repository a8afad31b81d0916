/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * --web-config FILE: TLS and basic authentication of the --listen endpoint,
 * in the format of Prometheus' exporter-toolkit (node_exporter's
 * --web.config.file), so one file serves a fleet's exporters alike:
 *
 *   tls_server_config:
 *     cert_file: server.crt          (or cert: inline PEM)
 *     key_file: server.key           (or key: inline PEM)
 *     client_ca_file: ca.crt         (or client_ca: inline PEM)
 *     client_auth_type: RequireAndVerifyClientCert
 *     min_version: TLS12             (TLS10 .. TLS13; default TLS12 .. TLS13)
 *     max_version: TLS13
 *     prefer_server_cipher_suites: true
 *   http_server_config:
 *     http2: false                   (accepted; the endpoint speaks HTTP/1.1)
 *   basic_auth_users:
 *     prometheus: $2y$10$...         (bcrypt: $2y$, $2b$ or $2a$)
 *
 * Relative file names are taken from the config file's directory.  Keys the
 * toolkit knows and rdmatop does not implement (cipher_suites,
 * curve_preferences, client_allowed_sans, headers, rate_limit) are refused
 * by name rather than ignored, as is any key the toolkit does not know.
 */
#ifndef RDMATOP_WEBCFG_H
#define RDMATOP_WEBCFG_H

#include <stdbool.h>
#include <stddef.h>

#define WEBCFG_FILE_MAX (1 << 20)	/* bytes of the config and of each PEM file */

/* exporter-toolkit's client_auth_type values (Go's tls.ClientAuthType) */
enum webcfg_client_auth {
	WEBCFG_NO_CLIENT_CERT,
	WEBCFG_REQUEST_CLIENT_CERT,
	WEBCFG_REQUIRE_ANY_CLIENT_CERT,
	WEBCFG_VERIFY_CLIENT_CERT_IF_GIVEN,
	WEBCFG_REQUIRE_AND_VERIFY_CLIENT_CERT,
};

/* TLS protocol versions as the wire spells them (0x0303 is TLS 1.2) */
#define WEBCFG_TLS10 0x0301
#define WEBCFG_TLS13 0x0304

/*
 * bcrypt's cost ("$2y$NN$": 2^NN rounds), checked when the config is
 * read.  4 is bcrypt's least (crypt() refuses less, so every login would
 * fail); 14 takes about 0.7 s a check on a 2020s server core, the most
 * that keeps a scraper's first login, queued behind the running checks,
 * within a second or two.  htpasswd -B makes 5 by default, the
 * exporter-toolkit's documentation 10.
 */
#define WEBCFG_COST_MIN 4
#define WEBCFG_COST_MAX 14
/* The cost of a "$2?$NN$..." hash, or -1 when it has none. */
int webcfg_bcrypt_cost(const char *hash);

struct webcfg_user {
	char *name;
	char *hash;		/* bcrypt, checked with crypt_checksalt() */
};

struct webcfg {
	bool tls;		/* tls_server_config has a certificate */
	/* file names (resolved against the config's directory) or, for
	 * the inline keys, the PEM text itself; NULL when not given */
	char *cert_file, *key_file, *client_ca_file;
	char *cert_pem, *key_pem, *client_ca_pem;
	enum webcfg_client_auth client_auth;
	unsigned int min_version, max_version;
	bool prefer_server_ciphers;
	struct webcfg_user *users;
	size_t n_users;
	char warning[320];	/* webcfg_load's, for stderr; "" when none */
};

/*
 * Parse a config's text (no file is read: fuzzed as is).  dir resolves
 * relative file names ("." when NULL).  0, or -EINVAL with "LINE: reason"
 * in err; c is then empty.  Free with webcfg_free() in both cases.
 */
int webcfg_parse(struct webcfg *c, const char *text, size_t len, const char *dir,
		 char *err, size_t errlen);
/*
 * Read path, parse it and read the PEM files it names into the *_pem
 * fields (the *_file fields stay, for messages).  0 or -errno, with
 * "PATH:LINE: reason" or "PATH: reason" in err.
 */
int webcfg_load(struct webcfg *c, const char *path, char *err, size_t errlen);
void webcfg_free(struct webcfg *c);
/* "RequireAndVerifyClientCert" etc., for messages. */
const char *webcfg_client_auth_name(enum webcfg_client_auth a);

#endif
