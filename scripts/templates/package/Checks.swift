import ComponentTesting
import PreviewKit
import Testing
import __Module__

/// Every check the kit runs on its own components, over this package's, in one call: every variant
/// renders well-formed with unique ids, every page and route answers and is documented, the catalogue
/// matches /openapi.json, every scenario passes, nothing kept goes stale after a tap, and a tap without
/// script shows its outcome in the gallery (`ComponentChecks`).
@Suite struct __Module__Checks {
    @Test func everyComponentPassesTheKitsChecks() async throws {
        let problems = try await ComponentChecks.problems { __Module__.modules($0) }
        #expect(problems == [])  // one line for each, saying what and where
    }
}
