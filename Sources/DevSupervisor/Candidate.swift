/// A built binary, copied aside, with the name its pages will carry.
struct Candidate: Equatable {
    var binary: String
    var build: String
}
