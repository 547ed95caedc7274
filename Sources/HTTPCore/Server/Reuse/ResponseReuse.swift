/// Response reuse, the one idea behind this folder: an answer already made is sent again instead of made
/// anew. Every type here is named for what a reused answer is matched on.
///
/// What is reused: a response its route marks `reusableWhile`, sent again to a request that is the same
/// byte for byte (`ReuseForSameRequest`, keyed by a `MessageFingerprint`, kept from the request's second
/// time; a response with
/// `perRequestHeaders` goes out around the same body with those headers made anew,
/// `ReuseWithPerRequestHeaders`), and an answer without a body (a tap's redirect, a `304`), sent as the one
/// made for the first with the same status and headers (`ReuseForSameHeaders`), and an answer whose body
/// its maker keeps (a tap's fragment, by the state it shows), sent as the response made the last time
/// that body went out with the same status and headers (`KeptBody`, which holds it); each holds
/// libmicrohttpd's response as a `ReusedResponse` or its body as a `ReusedBody`. When it stops: an answer
/// reused for the same request stops being reused the moment its route's check returns false (the state,
/// settings or file it was made from changed), and is never reused for a `POST`, a stream or a cookie of
/// the route's own; a bodiless answer has nothing that could go stale (its status and headers are its
/// key), nor has a kept body's (its maker's bytes, never changed, with its status and headers compared
/// field for field). Why it is never stale: the check is the route's own statement of what the answer depends on, evaluated before
/// every reuse, and everything it reads changes inside the lock that makes the change visible (a store's
/// version, the settings, a file's identity).
enum ResponseReuse {}
