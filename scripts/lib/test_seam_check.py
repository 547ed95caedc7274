"""The seam check catches what it is for: an undocumented public declaration, a public type missing from the
list (a runtime type made public), a listed type gone; and passes a graph that matches (scripts/docs runs it)."""

import json
import os
import subprocess
import sys
import tempfile
import unittest

CHECK = os.path.join(os.path.dirname(os.path.abspath(__file__)), "seam_check.py")


def symbol(path, kind, doc=True, file="Sources/A/B.swift"):
    value = {"pathComponents": path, "kind": {"identifier": kind}, "location": {"uri": "file:///x/" + file,
                                                                            "position": {"line": 4}}}
    if doc:
        value["docComment"] = {"lines": [{"text": "Documented."}]}
    return value


class SeamCheckTests(unittest.TestCase):
    def run_check(self, symbols, listed, runtime_files=None):
        with tempfile.TemporaryDirectory() as folder:
            graph = os.path.join(folder, "g.json")
            names = os.path.join(folder, "types.txt")
            with open(graph, "w") as f:
                json.dump({"symbols": symbols}, f)
            with open(names, "w") as f:
                f.write("# comment\n" + "\n".join(listed) + "\n")
            arguments = [sys.executable, CHECK, graph, names]
            if runtime_files is not None:
                runtime = os.path.join(folder, "Runtime")
                os.makedirs(os.path.join(runtime, "Kind"))
                for name, text in runtime_files.items():
                    with open(os.path.join(runtime, "Kind", name), "w") as f:
                        f.write(text)
                arguments.append(runtime)
            done = subprocess.run(arguments, capture_output=True, text=True)
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

    def test_a_public_symbol_of_the_kit_outside_seam_fails(self):
        status, err = self.run_check(
            [symbol(["Viewer"], "swift.struct", file="Sources/Components/Runtime/Viewer/Viewer.swift")], ["Viewer"])
        self.assertEqual(status, 1)
        self.assertIn("Sources/Components/Runtime/Viewer/Viewer.swift: Viewer is public but not under Seam/", err)
        status, err = self.run_check(
            [symbol(["Viewer"], "swift.struct", file="Sources/Components/Seam/Viewer/Viewer.swift")], ["Viewer"])
        self.assertEqual(status, 0, err)

    def test_a_runtime_file_that_says_public_fails_and_one_that_only_mentions_it_passes(self):
        quiet = "/// Not public: the store.\npackage final class Store {\n    let publicCount = 0\n}\n"
        status, err = self.run_check([symbol(["Viewer"], "swift.struct")], ["Viewer"], {"Store.swift": quiet})
        self.assertEqual(status, 0, err)
        loud = "package struct Store {\n    @inlinable public var count: Int { 0 }\n}\n"
        status, err = self.run_check([symbol(["Viewer"], "swift.struct")], ["Viewer"], {"Store.swift": loud})
        self.assertEqual(status, 1)
        self.assertIn("Kind/Store.swift:2: a file under Runtime/ declares something public", err)


if __name__ == "__main__":
    unittest.main()
