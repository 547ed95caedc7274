"""The seam check (scripts/docs): what `import PreviewKit` exposes, from its symbol graph.

Fails (exit 1) when a public declaration has no doc comment, or when the public types differ from the list
in seam-types.txt: a type there that is gone, or a public type that is not there (most often a runtime type
made public by mistake; a new seam type is added to the list on purpose). Prints the counts.

The kit (Sources/Components) is one module in two trees, Seam/ and Runtime/: it also fails when a public
symbol of the kit is declared outside Seam/, or (given the Runtime/ folder) when a file under it says
`public` at all.
"""

import json
import os
import re
import sys

KIT = "/Sources/Components/"
PUBLIC = re.compile(r"^\s*(@[\w().: ]+\s+)*public\b")

TYPE_KINDS = {"swift.struct", "swift.class", "swift.enum", "swift.protocol", "swift.typealias", "swift.actor"}


def runtime_public_lines(folder: str) -> list:
    """Every line under `folder` that declares something public (comments aside): `path:line`."""
    found = []
    for directory, _, names in sorted(os.walk(folder)):
        for name in sorted(names):
            if not name.endswith(".swift"):
                continue
            path = os.path.join(directory, name)
            with open(path, encoding="utf-8") as f:
                for number, line in enumerate(f, 1):
                    if PUBLIC.match(line):
                        found.append(f"{path}:{number}")
    return found


def main(graph_path: str, list_path: str, runtime_folder: str = None) -> int:
    with open(graph_path, encoding="utf-8") as f:
        symbols = json.load(f)["symbols"]
    with open(list_path, encoding="utf-8") as f:
        listed = {line.strip() for line in f if line.strip() and not line.startswith("#")}
    problems = []
    for symbol in symbols:
        if not symbol.get("docComment"):
            location = symbol.get("location", {})
            where = location.get("uri", "").split("/Sources/", 1)[-1]
            line = location.get("position", {}).get("line", 0) + 1
            name = ".".join(symbol["pathComponents"])
            problems.append(f"Sources/{where}:{line}: {name} is public and has no doc comment")
        uri = symbol.get("location", {}).get("uri", "")
        if KIT in uri and KIT + "Seam/" not in uri:
            name = ".".join(symbol["pathComponents"])
            problems.append(f"Sources/Components/{uri.split(KIT, 1)[1]}: {name} is public but not under Seam/")
    if runtime_folder:
        for place in runtime_public_lines(runtime_folder):
            problems.append(f"{place}: a file under Runtime/ declares something public (make it package)")
    types = {".".join(s["pathComponents"]) for s in symbols if s["kind"]["identifier"] in TYPE_KINDS}
    for name in sorted(types - listed):
        problems.append(f"{name} is public but not in scripts/lib/seam-types.txt (a runtime type? make it package)")
    for name in sorted(listed - types):
        problems.append(f"{name} is in scripts/lib/seam-types.txt but PreviewKit does not expose it")
    for problem in problems:
        print(problem, file=sys.stderr)
    print(f"seam: {len(symbols)} public declarations, {len(types)} types, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    if len(sys.argv) not in (3, 4):
        print("usage: seam_check.py GRAPH.symbols.json seam-types.txt [Sources/Components/Runtime]", file=sys.stderr)
        sys.exit(2)
    sys.exit(main(*sys.argv[1:]))
