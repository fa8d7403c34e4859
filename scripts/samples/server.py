"""A small HTTP server on 127.0.0.1 for capturing real load-tool output.

Paths: /fast answers 200 at once, /slow after 20 ms, /sleep after 3 s (past
wrk's 2 s time-out), /missing answers 404, /flaky answers 503 to every
third request. Used only by capture.sh; nothing in the tests starts it.
"""

import http.server
import itertools
import sys
import time

COUNTER = itertools.count()


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    # Headers and body go out as two writes: without this, Nagle and the
    # client's delayed ACK add ~40 ms to every answer.
    disable_nagle_algorithm = True

    def do_GET(self):
        status, delay = 200, 0.0
        if self.path.startswith("/slow"):
            delay = 0.02
        elif self.path.startswith("/sleep"):
            delay = 3.0
        elif self.path.startswith("/missing"):
            status = 404
        elif self.path.startswith("/flaky") and next(COUNTER) % 3 == 0:
            status = 503
        time.sleep(delay)
        body = b"hello from threadlab's sample server\n"
        self.send_response(status)
        self.send_header("Content-Type", "text/plain")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


if __name__ == "__main__":
    port = int(sys.argv[1])
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), Handler)
    server.daemon_threads = True
    server.serve_forever()
