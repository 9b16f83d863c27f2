"""A static server for ``serve``, the browser tests and the benchmarks: a
built site under a URL prefix, plus optional extra files, no caching, one
thread per request."""

from __future__ import annotations

import functools
import http.server
import socketserver
import sys
import threading
from pathlib import Path
from typing import ClassVar

from tools.build.layout import DIST


class _Handler(http.server.SimpleHTTPRequestHandler):
    prefix = "/"
    overlay: ClassVar[dict[str, Path]] = {}  # (each server's subclass has its own: make_server)
    quiet = True
    extensions_map = {  # noqa: RUF012  (an instance variable of the base class, as there)
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".whl": "application/zip",
        ".json": "application/json",
        ".webmanifest": "application/manifest+json",
    }

    def translate_path(self, path: str) -> str:
        clean = path.split("?", 1)[0].split("#", 1)[0]
        if clean in self.overlay:  # (a name from the server's root: outside the prefix)
            return str(self.overlay[clean])
        if not clean.startswith(self.prefix):
            return str(Path(self.directory) / "..." / "outside-the-prefix")
        rel = clean[len(self.prefix) :]
        if rel in self.overlay:
            return str(self.overlay[rel])
        return super().translate_path("/" + rel)

    def send_head(self):
        clean = self.path.split("?", 1)[0]
        if clean + "/" == self.prefix:  # /sub/path -> /sub/path/
            self.send_response(301)
            self.send_header("Location", self.prefix)
            self.end_headers()
            return None
        return super().send_head()

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        if not self.quiet:
            super().log_message(format, *args)


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    """The threaded server; ``url`` is where it serves (set by :func:`make_server`)."""

    daemon_threads = True
    allow_reuse_address = True
    url = ""

    def handle_error(self, request, client_address) -> None:
        """A browser that closes its connection in the middle of an answer (a
        page or a test's browser context closed, seen on a busy machine) is no
        fault of the server's: nothing is said.  Anything else is said as
        the standard library says it (the traceback on stderr)."""
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


def make_server(
    root: Path = DIST,
    prefix: str = "/",
    port: int = 0,
    overlay: dict | None = None,
    quiet: bool = True,
) -> Server:
    """A threaded HTTP server for ``root`` at ``http://127.0.0.1:port<prefix>``
    (port 0: a free one).  ``overlay`` maps names under the prefix to files
    (a name that starts with "/" is from the server's root, outside the prefix)."""
    prefix = "/" + prefix.strip("/") + "/" if prefix.strip("/") else "/"
    handler = type("Handler", (_Handler,), {"prefix": prefix, "overlay": dict(overlay or {}), "quiet": quiet})
    server = Server(("127.0.0.1", port), functools.partial(handler, directory=str(root)))
    server.url = f"http://127.0.0.1:{server.server_address[1]}{prefix}"
    return server


def serve_in_thread(server: Server) -> threading.Thread:
    """Serve in a daemon thread; stop with ``server.shutdown()``."""
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    return thread


def serve_forever(root: Path, prefix: str, port: int) -> None:
    """Serve ``root`` until Ctrl-C, logging every request."""
    server = make_server(root, prefix, port, quiet=False)
    print(f"Serving Gamut at {server.url}  (Ctrl-C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
