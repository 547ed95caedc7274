/// The viewers for whom a target is on, 8 bytes each, kept in shards by their low bits.
///
/// A copy shares the shards (copy on write), so taking one for the state file costs a reference count
/// per shard, and the first change after it copies one shard, not every member: a target with a million
/// members is not copied inside the store's lock.
package struct MemberSet: Sendable, Equatable, ExpressibleByArrayLiteral {
    static let shardCount = 64
    private var shards: [Set<Viewer>] = Array(repeating: [], count: MemberSet.shardCount)
    /// The number of members.
    package private(set) var count = 0

    package init() {}

    package init<Viewers: Sequence<Viewer>>(_ viewers: Viewers) {
        for viewer in viewers {
            insert(viewer)
        }
    }

    package init(arrayLiteral viewers: Viewer...) {
        self.init(viewers)
    }

    package func contains(_ viewer: Viewer) -> Bool {
        shards[Self.shard(of: viewer)].contains(viewer)
    }

    /// Adds `viewer`; returns whether it was not a member yet.
    @discardableResult
    package mutating func insert(_ viewer: Viewer) -> Bool {
        let inserted = shards[Self.shard(of: viewer)].insert(viewer).inserted
        if inserted { count += 1 }
        return inserted
    }

    /// Removes `viewer`; returns whether it was a member.
    @discardableResult
    package mutating func remove(_ viewer: Viewer) -> Bool {
        let removed = shards[Self.shard(of: viewer)].remove(viewer) != nil
        if removed { count -= 1 }
        return removed
    }

    /// Every member, in no particular order.
    package var all: [Viewer] {
        var all: [Viewer] = []
        all.reserveCapacity(count)
        for shard in shards {
            all.append(contentsOf: shard)
        }
        return all
    }

    private static func shard(of viewer: Viewer) -> Int {
        Int(truncatingIfNeeded: viewer.bits) & (shardCount - 1)
    }
}
