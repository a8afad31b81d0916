#!/usr/bin/env python3
"""A server that answers every request as a broken Prometheus would, or
one that wants a token.

usage: fake.py PORT bad|big
       fake.py PORT auth UPSTREAM 'TYPE CREDENTIALS' LOG
  bad: a JSON answer cut in the middle
  big: 17 MiB of blanks, past rdmatop's 16 MiB bound of one answer
  auth: 401 (with WWW-Authenticate) unless the request's Authorization
        header is exactly 'TYPE CREDENTIALS' (as Prometheus's own
        authorization client sends it: "Bearer TOKEN"); with it, the
        request passed to the Prometheus at UPSTREAM and its answer
        returned.  Every Authorization header received (or "-" for none)
        is appended to LOG, one a line, so that a test sees what went on
        the wire.
"""
import http.server
import sys
import urllib.error
import urllib.request


class Handler(http.server.BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def do_GET(self):
        self.answer()

    def do_POST(self):
        self.answer()

    def answer(self):
        if MODE == "auth":
            self.auth()
            return
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.end_headers()
        try:
            if MODE == "big":
                chunk = b" " * (1 << 20)
                for _ in range(17):
                    self.wfile.write(chunk)
            else:
                self.wfile.write(b'{"status":"success","data":{"resultType":"vector","result":[{"metric":')
        except OSError:
            pass    # the client hung up: what it should do past its bound

    def auth(self):
        got = self.headers.get_all("Authorization") or []
        with open(LOG, "a") as f:
            f.write("%s\n" % (" | ".join(got) if got else "-"))
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        if got != [WANT]:
            msg = b'{"status":"error","errorType":"unauthorized","error":"unauthorized"}'
            self.send_response(401)
            self.send_header("WWW-Authenticate", 'Bearer realm="prometheus"')
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(msg)))
            self.end_headers()
            self.wfile.write(msg)
            return
        req = urllib.request.Request(UPSTREAM + self.path, data=body if self.command == "POST" else None,
                                     method=self.command)
        if self.headers.get("Content-Type"):
            req.add_header("Content-Type", self.headers["Content-Type"])
        try:
            with urllib.request.urlopen(req, timeout=10) as r:
                code, data, ctype = r.status, r.read(), r.headers.get("Content-Type")
        except urllib.error.HTTPError as e:
            code, data, ctype = e.code, e.read(), e.headers.get("Content-Type")
        self.send_response(code)
        self.send_header("Content-Type", ctype or "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)


MODE = sys.argv[2]
if MODE == "auth":
    UPSTREAM, WANT, LOG = sys.argv[3].rstrip("/"), sys.argv[4], sys.argv[5]
http.server.ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), Handler).serve_forever()
