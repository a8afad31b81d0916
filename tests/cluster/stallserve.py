"""Serve exporter pages: stallserve.py FILE:PORT ...  Each request reads
FILE anew (a test rewrites it); a FILE that is not there answers 503, as
an exporter that is down would fail its scrape."""
import http.server
import sys
import threading


def handler(path):
    class H(http.server.BaseHTTPRequestHandler):
        def log_message(self, *a):
            pass

        def do_GET(self):
            try:
                body = open(path, "rb").read()
            except OSError:
                self.send_response(503)
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            self.send_response(200)
            self.send_header("Content-Type",
                             "application/openmetrics-text; version=1.0.0; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
    return H


servers = []
for a in sys.argv[1:]:
    f, p = a.rsplit(":", 1)
    s = http.server.ThreadingHTTPServer(("127.0.0.1", int(p)), handler(f))
    threading.Thread(target=s.serve_forever, daemon=True).start()
    servers.append(s)
threading.Event().wait()
