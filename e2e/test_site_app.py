"""The page as an installable, hardened app: its web app manifest and icons,
and its Content-Security-Policy (every guarded context also fails a test on
any CSP violation: see conftest.py)."""

from __future__ import annotations

import json

from conftest import wait_engine_ready


def test_installable_with_no_errors(new_context, site_url):
    page = new_context().new_page()
    page.goto(site_url)
    wait_engine_ready(page)
    cdp = page.context.new_cdp_session(page)
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    # (a test's browser context is private, which no browser installs from: that one is expected)
    assert [e for e in errors if e["errorId"] != "in-incognito"] == [], errors
    manifest = json.loads(
        page.evaluate("fetch(document.querySelector('link[rel=manifest]').href).then(r => r.text())")
    )
    assert manifest["start_url"] == "./" and manifest["scope"] == "./" and manifest["display"] == "standalone"
    sizes = {(i["sizes"], i.get("purpose", "any")) for i in manifest["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= sizes
    for icon in manifest["icons"]:  # each icon is a PNG of its size
        head = page.evaluate(
            """src => fetch(src).then(r => r.arrayBuffer()).then(b => Array.from(new Uint8Array(b.slice(0, 24))))""",
            icon["src"],
        )
        assert bytes(head[:8]) == b"\x89PNG\r\n\x1a\n"
        width = int.from_bytes(bytes(head[16:20]), "big")
        assert f"{width}x{width}" == icon["sizes"]


def test_the_page_has_a_strict_content_security_policy(new_context, site_url):
    page = new_context().new_page()
    page.goto(site_url)
    wait_engine_ready(page)
    csp = page.get_attribute('meta[http-equiv="Content-Security-Policy"]', "content")
    rules = {part.split()[0]: part.split()[1:] for part in csp.split(";") if part.strip()}
    assert rules["default-src"] == ["'self'"] and rules["object-src"] == ["'none'"]
    assert rules["base-uri"] == ["'self'"]
    assert "'unsafe-inline'" not in csp and "'unsafe-eval'" not in csp
    # an inline script is refused (and reported: the guard expects that one)
    from conftest import _guard_of

    _guard_of(page).allow_console(r"CSP violation: script-src|Content Security Policy")
    blocked = page.evaluate("""() => new Promise(ok => {
        document.addEventListener('securitypolicyviolation', e => ok(e.violatedDirective), {once: true});
        const s = document.createElement('script');
        s.textContent = 'window.__ran = true';
        document.body.append(s);
        setTimeout(() => ok(window.__ran ? 'ran' : 'nothing'), 1000);
    })""")
    assert blocked.startswith("script-src")
