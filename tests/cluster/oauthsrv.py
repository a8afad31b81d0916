#!/usr/bin/env python3
"""An oauth2 token endpoint (RFC 6749 4.4, client credentials) for the tests.

usage: oauthsrv.py PORT CLIENT_ID CLIENT_SECRET TOKEN EXPIRES_IN LOG

POST /token with the client's id and secret in HTTP basic auth (each
form-encoded, RFC 6749 2.3.1) and grant_type=client_credentials in the
form: {"access_token": TOKEN-N, "token_type": "bearer", "expires_in":
EXPIRES_IN}, N counting the tokens given; anything else 401 with
{"error": "invalid_client", ...}.  Each request is appended to LOG as one
JSON line: whether it was granted, and its form.  Loopback only.
"""
import base64
import json
import sys
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

port, cid, secret, token, expires, log = sys.argv[1:7]
given = [0]


class H(BaseHTTPRequestHandler):
    def log_message(self, *a):
        pass

    def do_POST(self):
        form = urllib.parse.parse_qs(self.rfile.read(int(self.headers.get("Content-Length") or 0)).decode())
        auth = self.headers.get("Authorization", "")
        ok = False
        if auth.startswith("Basic "):
            i, _, s = base64.b64decode(auth[6:]).decode().partition(":")
            ok = (urllib.parse.unquote_plus(i), urllib.parse.unquote_plus(s)) == (cid, secret)
        ok = ok and self.path == "/token" and form.get("grant_type") == ["client_credentials"]
        if ok:
            given[0] += 1
            body = {"access_token": "%s-%d" % (token, given[0]), "token_type": "bearer",
                    "expires_in": int(expires)}
        else:
            body = {"error": "invalid_client", "error_description": "client authentication failed"}
        with open(log, "a") as f:
            f.write(json.dumps({"granted": ok, "form": form}) + "\n")
        data = json.dumps(body).encode()
        self.send_response(200 if ok else 401)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)


ThreadingHTTPServer(("127.0.0.1", int(port)), H).serve_forever()
