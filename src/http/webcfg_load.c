// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * --web-config's files (see webcfg.h): the config and the PEM files it
 * names, read whole, without blocking and only when regular (a FIFO in
 * their place would hold the start-up forever), and checked as far as
 * start-up can: a CA file that holds a certificate, a key file that only
 * its owner reads (a warning).  The text itself is webcfg.c's to parse.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <gnutls/gnutls.h>
#include <gnutls/x509.h>

#include "webcfg.h"
#include "wfile.h"

static const char *why(int ret)
{
	return ret == -EINVAL ? "not a regular file" : strerror(-ret);
}

static int load_pem(const char *file, char **pem, const char *key, mode_t *mode, char *err,
		    size_t errlen)
{
	size_t len;
	int ret;

	if (!file)
		return 0;
	ret = wfile_read(file, WEBCFG_FILE_MAX, pem, &len, mode);
	if (ret)
		snprintf(err, errlen, "%s %s: %s", key, file, why(ret));
	return ret;
}

/* The certificates of a PEM text: a CA file without one (a wrong file
 * named) would start and then refuse every client. */
static unsigned int certificates(const char *pem)
{
	gnutls_datum_t d = { (unsigned char *)(uintptr_t)pem, (unsigned int)strlen(pem) };
	gnutls_x509_crt_t *list = NULL;
	unsigned int n = 0, i;

	if (gnutls_x509_crt_list_import2(&list, &n, &d, GNUTLS_X509_FMT_PEM, 0) < 0)
		return 0;
	for (i = 0; i < n; i++)
		gnutls_x509_crt_deinit(list[i]);
	gnutls_free(list);
	return n;
}

int webcfg_load(struct webcfg *c, const char *path, char *err, size_t errlen)
{
	char *text, *copy, *dir, msg[256];
	mode_t mode = 0;
	size_t len;
	int ret;

	memset(c, 0, sizeof(*c));
	ret = wfile_read(path, WEBCFG_FILE_MAX, &text, &len, NULL);
	if (ret) {
		snprintf(err, errlen, "%s: %s", path, why(ret));
		return ret;
	}
	copy = strdup(path);
	dir = copy ? strrchr(copy, '/') : NULL;
	if (dir)
		*(dir == copy ? dir + 1 : dir) = '\0';
	ret = copy ? webcfg_parse(c, text, len, dir ? copy : NULL, msg, sizeof(msg)) : -ENOMEM;
	free(text);
	free(copy);
	if (ret) {
		snprintf(err, errlen, "%s:%s%s", path, msg[0] >= '0' && msg[0] <= '9' ? "" : " ",
			 msg);
		return ret;
	}
	if ((ret = load_pem(c->cert_file, &c->cert_pem, "cert_file", NULL, msg, sizeof(msg))) ||
	    (ret = load_pem(c->key_file, &c->key_pem, "key_file", &mode, msg, sizeof(msg))) ||
	    (ret = load_pem(c->client_ca_file, &c->client_ca_pem, "client_ca_file", NULL, msg,
			    sizeof(msg)))) {
		snprintf(err, errlen, "%s: %s", path, msg);
		webcfg_free(c);
		return ret;
	}
	if (c->client_ca_pem && !certificates(c->client_ca_pem)) {
		snprintf(err, errlen, "%s: %s%s holds no PEM certificate", path,
			 c->client_ca_file ? "client_ca_file " : "client_ca",
			 c->client_ca_file ? c->client_ca_file : "");
		webcfg_free(c);
		return -EINVAL;
	}
	/* as ssh does for its keys, but a warning: the key still works */
	if (c->key_file && (mode & (S_IRGRP | S_IROTH)))
		snprintf(c->warning, sizeof(c->warning),
			 "key_file %s is readable by %s (mode %04o): chmod go-r it",
			 c->key_file, mode & S_IROTH ? "others" : "its group",
			 (unsigned int)(mode & 07777));
	return 0;
}
