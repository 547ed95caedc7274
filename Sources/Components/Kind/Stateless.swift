import HTTPCore

/// The model of a self-managed component that keeps no state: one whose taps navigate (an avatar that
/// opens a profile). It has no target of its own and no change; its actions lead somewhere.
public struct Stateless: SelfManagedModel {
    public typealias Change = Never
    public typealias Shown = Never
    public typealias Flash = Never
    public typealias Presentation = Never

    package init() {}

    public func shown(_ target: String, to viewer: Viewer) -> Never? { nil }
    public func admit(_ change: Never, to target: String, by viewer: Viewer) -> OptimisticAdmission<Never> {}
    public mutating func commit(_ change: Never, to target: String, by viewer: Viewer) -> Bool {}
    public func record(_ change: Never, to target: String, by viewer: Viewer, in journal: inout StateChanges) {}
    public mutating func removeAll() {}
    public func contains(_ target: String) -> Bool { false }
    public var targets: Set<String> { [] }
    public mutating func restore(_ stored: StoredState) {}
    public static func present(_ shown: Never, busy: Bool, flash: Never?, target: String) -> Never {}
    public static func committed(_ presentation: Never) -> Never {}
    public static func json(_ shown: Never, target: String, pending: Bool) -> JSONValue {}
}
