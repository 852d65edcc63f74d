"""Draw the site's PNG icons and favicon.ico from static/icons/icon.svg with Debian's Chromium
(the headless shell that `make chromium` installs for the tests).

    .venv/bin/python scripts/make_icons.py

The PNGs are committed; run this again only after changing the SVG.
"""

from __future__ import annotations

import struct
from pathlib import Path

from playwright.sync_api import sync_playwright

ICONS = Path(__file__).resolve().parent.parent / "static" / "icons"
SIZES = {"icon-192.png": 192, "icon-512.png": 512, "apple-touch-icon.png": 180,
         "favicon-32.png": 32}


def ico_from_png(png: bytes, size: int) -> bytes:
    """An .ico with one PNG image inside (every browser since 2009 reads it)."""
    header = struct.pack("<HHH", 0, 1, 1)
    entry = struct.pack("<BBBBHHII", size % 256, size % 256, 0, 0, 1, 32, len(png), 6 + 16)
    return header + entry + png


def main() -> None:
    svg = (ICONS / "icon.svg").read_text()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium-headless-shell",
                                             args=["--no-sandbox"])
        for name, size in SIZES.items():
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content(
                "<style>html,body{margin:0}svg{display:block;width:100vw;height:100vh}</style>"
                + svg
            )
            (ICONS / name).write_bytes(page.screenshot(omit_background=False))
            page.close()
        browser.close()
    (ICONS.parent / "favicon.ico").write_bytes(
        ico_from_png((ICONS / "favicon-32.png").read_bytes(), 32)
    )


if __name__ == "__main__":
    main()
