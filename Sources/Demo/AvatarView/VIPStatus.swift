import Components

/// The VIP mark an avatar can carry.
///
/// The set: `none` (no badge) and `verified` (the 大V mark of a verified account). Parameters and
/// forms use the raw values `none` and `verified`.
public enum VIPStatus: String, Sendable, CaseIterable {
    case none
    case verified

    /// The badge's accessible label, or `nil` for no badge.
    var badgeLabel: String? {
        switch self {
        case .none: nil
        case .verified: "Verified (大V)"
        }
    }
}
