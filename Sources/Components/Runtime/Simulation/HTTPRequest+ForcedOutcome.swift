import HTTPCore

extension HTTPRequest {
    /// The outcome `X-Simulate-Failure: always|never` forces on this request's service call, if any.
    ///
    /// - Throws: `400` for any other value.
    package func forcedOutcome() throws(HTTPError) -> ForcedOutcome? {
        guard let header = headers[.simulateFailure] else { return nil }
        guard let outcome = ForcedOutcome(rawValue: header.lowercased()) else {
            throw HTTPError(.badRequest, "X-Simulate-Failure must be always or never.")
        }
        return outcome
    }
}
