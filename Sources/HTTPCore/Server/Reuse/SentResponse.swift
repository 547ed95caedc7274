/// A libmicrohttpd response with the status and headers it was made for: what `ReuseForSameHeaders`
/// remembers of the last answer it gave and `KeptBody` of the last response sent for its bytes, each to
/// send it again to an answer that says the same, field for field.
///
/// ```swift
/// let sent = SentResponse(status: 303, headers: response.headers, response: reused)
/// sent.answers(303, response.headers)  // reused
/// ```
struct SentResponse {
    var status: Int
    var headers: HTTPHeaders
    var response: ReusedResponse

    /// The response, when it answers with `status` and `headers`, field for field (their bytes compared
    /// at once).
    func answers(_ status: Int, _ headers: HTTPHeaders) -> ReusedResponse? {
        status == self.status && headers == self.headers ? response : nil
    }
}
