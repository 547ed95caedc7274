import Components
import Demo
import Synchronization

/// A navigator that knows a fixed set of profiles and remembers which user ids it was asked about.
final class TestNavigator: Navigator {
    private let profiles: [String: String]
    private let asked = Mutex<[String]>([])

    /// - Parameter profiles: The destination of each known user id.
    init(profiles: [String: String]) {
        self.profiles = profiles
    }

    func profileDestination(for uid: String) -> String? {
        asked.withLock { $0.append(uid) }
        return profiles[uid]
    }

    /// The user ids asked about, in order.
    var askedFor: [String] {
        asked.withLock { $0 }
    }
}
