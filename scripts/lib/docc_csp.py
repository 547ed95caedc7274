"""Makes a DocC static archive work under the preview server's Content-Security-Policy (scripts/docs).

DocC's pages carry one inline script (`var baseUrl = "/docs/"`) and one inline style (the no-script notice);
the server allows scripts and styles from its own origin only. Each becomes a file in the archive, and every
page links it instead, so that the policy stays as strict for /docs/ as for every other page.
"""

import os
import re
import sys

SCRIPT = re.compile(r"<script>([^<]*)</script>")
STYLE = re.compile(r"<style>([^<]*)</style>")


def main(archive: str, base: str) -> int:
    scripts, styles, pages = set(), set(), 0
    for folder, _, files in os.walk(archive):
        for name in files:
            if not name.endswith(".html"):
                continue
            path = os.path.join(folder, name)
            with open(path, encoding="utf-8") as f:
                page = f.read()
            scripts.update(SCRIPT.findall(page))
            styles.update(STYLE.findall(page))
            page = SCRIPT.sub(f'<script src="{base}js/inline.js"></script>', page)
            page = STYLE.sub(f'<link rel="stylesheet" href="{base}css/inline.css">', page)
            with open(path, "w", encoding="utf-8") as f:
                f.write(page)
            pages += 1
    if len(scripts) > 1 or len(styles) > 1:
        print(f"docc_csp: the pages differ in their inline script or style ({len(scripts)}, {len(styles)})",
              file=sys.stderr)
        return 1
    with open(os.path.join(archive, "js", "inline.js"), "w", encoding="utf-8") as f:
        f.write("".join(scripts) + "\n")
    with open(os.path.join(archive, "css", "inline.css"), "w", encoding="utf-8") as f:
        f.write("".join(styles) + "\n")
    print(f"docc_csp: {pages} pages, their inline script and style moved to files")
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        print("usage: docc_csp.py ARCHIVE BASE_PATH", file=sys.stderr)
        sys.exit(2)
    sys.exit(main(sys.argv[1], sys.argv[2]))
