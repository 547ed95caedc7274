import HTTPCore

/// The model of a self-managed component that keeps no state: one whose taps navigate (an avatar that
/// opens a profile). It has no target of its own and no change; its actions lead somewhere.
package struct Stateless: SelfManagedModel {

    package init() {}

    package func shown(_ target: String, to viewer: Viewer) -> Never? { nil }
    package func admit(_ change: Never, to target: String, by viewer: Viewer) -> OptimisticAdmission<Never> {}
    package mutating func commit(_ change: Never, to target: String, by viewer: Viewer) -> Bool {}
    package func record(_ change: Never, to target: String, by viewer: Viewer, in journal: inout StateChanges) {}
    package mutating func removeAll() {}
    package func contains(_ target: String) -> Bool { false }
    package var targets: Set<String> { [] }
    package mutating func restore(_ stored: StoredState) {}
    package static func present(_ shown: Never, busy: Bool, flash: Never?, target: String) -> Never {}
    package static func committed(_ presentation: Never) -> Never {}
    package static func json(_ shown: Never, target: String, pending: Bool) -> JSONValue {}
}
