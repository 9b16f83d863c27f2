"""The test and development server (tools/build/serve.py): a browser that
hangs up in the middle of an answer is not reported as an error; a real
error still is."""

from __future__ import annotations

import pytest

from tools.build.serve import make_server


@pytest.fixture
def server(tmp_path):
    s = make_server(tmp_path, "/sub/")
    yield s
    s.server_close()


@pytest.mark.parametrize("hangup", [ConnectionResetError, BrokenPipeError, ConnectionAbortedError])
def test_a_browser_hanging_up_is_not_reported(server, capsys, hangup):
    try:
        raise hangup("the page was closed")
    except hangup:
        server.handle_error(None, ("127.0.0.1", 1))
    assert capsys.readouterr().err == ""


def test_any_other_error_is_reported_with_its_traceback(server, capsys):
    try:
        raise ValueError("a real bug")
    except ValueError:
        server.handle_error(None, ("127.0.0.1", 1))
    err = capsys.readouterr().err
    assert "Exception occurred during processing of request" in err and "ValueError: a real bug" in err
