"""The seam check catches what it is for: an undocumented public declaration, a public type missing from the
list (a runtime type made public), a listed type gone; and passes a graph that matches (scripts/docs runs it)."""

import json
import os
import subprocess
import sys
import tempfile
import unittest

CHECK = os.path.join(os.path.dirname(os.path.abspath(__file__)), "seam_check.py")


def symbol(path, kind, doc=True):
    value = {"pathComponents": path, "kind": {"identifier": kind}, "location": {"uri": "file:///x/Sources/A/B.swift",
                                                                            "position": {"line": 4}}}
    if doc:
        value["docComment"] = {"lines": [{"text": "Documented."}]}
    return value


class SeamCheckTests(unittest.TestCase):
    def run_check(self, symbols, listed):
        with tempfile.TemporaryDirectory() as folder:
            graph = os.path.join(folder, "g.json")
            names = os.path.join(folder, "types.txt")
            with open(graph, "w") as f:
                json.dump({"symbols": symbols}, f)
            with open(names, "w") as f:
                f.write("# comment\n" + "\n".join(listed) + "\n")
            done = subprocess.run([sys.executable, CHECK, graph, names], capture_output=True, text=True)
            return done.returncode, done.stderr

    def test_a_matching_documented_graph_passes(self):
        status, err = self.run_check(
            [symbol(["ComponentModule"], "swift.protocol"), symbol(["ComponentModule", "pages"], "swift.property")],
            ["ComponentModule"])
        self.assertEqual(status, 0, err)

    def test_an_undocumented_declaration_fails_with_its_place(self):
        status, err = self.run_check(
            [symbol(["ComponentModule"], "swift.protocol"), symbol(["ComponentModule", "pages"], "swift.property", False)],
            ["ComponentModule"])
        self.assertEqual(status, 1)
        self.assertIn("Sources/A/B.swift:5: ComponentModule.pages is public and has no doc comment", err)

    def test_a_runtime_type_made_public_fails(self):
        status, err = self.run_check(
            [symbol(["ComponentModule"], "swift.protocol"), symbol(["StatePersister"], "swift.class")],
            ["ComponentModule"])
        self.assertEqual(status, 1)
        self.assertIn("StatePersister is public but not in scripts/lib/seam-types.txt", err)

    def test_a_listed_type_gone_fails(self):
        status, err = self.run_check([symbol(["ComponentModule"], "swift.protocol")], ["ComponentModule", "Viewer"])
        self.assertEqual(status, 1)
        self.assertIn("Viewer is in scripts/lib/seam-types.txt but PreviewKit does not expose it", err)


if __name__ == "__main__":
    unittest.main()
