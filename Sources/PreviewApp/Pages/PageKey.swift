import Components

/// Everything a demo page is rendered from, so that rendered bytes can be kept under it (see
/// `BoundedCache`): the path, the viewer, the versions of the like and follow state, and the simulation
/// settings shown in the status bar. Fixtures never change while the server runs.
struct PageKey: Hashable, Sendable {
    /// Whose page it is.
    enum Reader: Hashable, Sendable {
        /// A viewer minted for this very request: nothing in any store is theirs yet, so their page is
        /// the same as every other new viewer's.
        case newViewer
        case viewer(Viewer)
    }

    var path: String
    var reader: Reader
    var likes: UInt64
    var follows: UInt64
    /// The settings the page is rendered with (taken with the key, so that the page shows exactly these).
    var settings: SimulationSettings
}
