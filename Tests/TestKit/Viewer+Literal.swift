import Components

/// `"alice"` where a `Viewer` is expected: the viewer whose cookie says `alice` (see `Viewer.init(id:)`).
extension Viewer: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) {
        self = Viewer(id: value)!
    }
}
