#if canImport(Glibc)
    import Glibc
#endif

/// What a render read of the registered states: each part (a store's target, or a whole store) with its
/// version at the moment of the read, recorded by the stores themselves as they are read.
///
/// A kept render is current while every part it read is still at the version it read: a change anywhere
/// else leaves it kept, a change to anything it read makes it stale. Nobody declares what a page shows;
/// the reads say it, so the rule is the kit's and a new component's state is covered without a key.
///
/// ```swift
/// let (bytes, reads) = StateReads.recording { page.render() }   // the stores note what it reads
/// reads.areCurrent                                              // false once anything read has changed
/// ```
package struct StateReads: Sendable {
    /// One part read, and its version then. The cell is held without a reference counted: cells are
    /// never freed (`VersionCell.make()`), and copying reads is then a copy of their bytes.
    struct Read: Sendable {
        unowned(unsafe) let cell: VersionCell
        let version: UInt64
    }

    private(set) var reads: [Read] = []

    init(reads: [Read] = []) {
        self.reads = reads
    }

    /// Whether nothing read in `range` of the reads has changed since.
    func areCurrent(in range: Range<Int>) -> Bool {
        for index in range where reads[index].cell.current != reads[index].version {
            return false
        }
        return true
    }

    /// Whether nothing that was read has changed since.
    package var areCurrent: Bool {
        for read in reads where read.cell.current != read.version {
            return false
        }
        return true
    }

    /// How many parts were read (a part read twice counts once when the reads were in a row).
    package var count: Int { reads.count }

    /// About what the reads take in memory: each a reference and a version.
    package var byteCount: Int { 32 + reads.count * MemoryLayout<Read>.stride }

    /// Runs `render`, recording what the stores note of it (on this thread: a render is synchronous).
    package static func recording<Result>(_ render: () throws -> Result) rethrows -> (Result, StateReads) {
        let recorder = Recorder()
        let result = try Recorder.with(recorder, render)
        return (result, StateReads(reads: recorder.reads))
    }

    /// Runs `render` with `recorder` as the recorder of this thread.
    static func recording<Result>(into recorder: Recorder, _ render: () throws -> Result) rethrows -> Result {
        try Recorder.with(recorder, render)
    }

    /// Notes that the render running on this thread, if it records, read `cell` at `version`. A store
    /// calls this inside the critical section of the read, before anything the read itself changes (a
    /// one-time message it takes), so that such a render is stale at once.
    package static func note(_ cell: VersionCell, at version: UInt64) {
        Recorder.current?.note(cell, at: version)
    }

    /// The recorder of the render running on this thread, if it records: for a store that notes more
    /// than one part, or must first find the part to note (one lookup instead of two).
    static var recorder: Recorder? {
        Recorder.current
    }

    /// Whether a render on this thread is recording (a store may then skip work for nobody).
    package static var isRecording: Bool {
        Recorder.current != nil
    }

    /// The reads of one render, on the thread that renders it.
    final class Recorder: @unchecked Sendable {
        // @unchecked: a recorder is made for one synchronous render and used only on its thread, where
        // `recording` binds it for the length of the render.

        /// The recorder bound on this thread: a thread's, not a task's, because a render is synchronous
        /// (nothing else runs on its thread until it returns, and nothing it calls runs on another), and a
        /// thread's value costs a tenth of a task-local's (asked at every read and every piece of a page).
        static var current: Recorder? {
            pthread_getspecific(threadKey).map { Unmanaged<Recorder>.fromOpaque($0).takeUnretainedValue() }
        }

        /// Runs `body` with `recorder` bound on this thread, then binds again what was bound before.
        static func with<Result>(_ recorder: Recorder, _ body: () throws -> Result) rethrows -> Result {
            let outer = pthread_getspecific(threadKey)
            pthread_setspecific(threadKey, Unmanaged.passUnretained(recorder).toOpaque())
            defer { pthread_setspecific(threadKey, outer) }
            return try withExtendedLifetime(recorder) { try body() }
        }

        /// The thread-specific slot that holds the bound recorder, unretained (`with` keeps it alive).
        private static let threadKey: pthread_key_t = {
            var key = pthread_key_t()
            precondition(pthread_key_create(&key, nil) == 0, "no thread-specific key left for StateReads")
            return key
        }()

        // Unchecked: only the rendering thread touches it (above), so the runtime's access check on every
        // note would guard nothing.
        @exclusivity(unchecked) var reads: [Read]
        /// Whether this records a page that keeps its pieces (`HTMLBuffer.piece`).
        let collectsPieces: Bool
        /// Whether a piece is being rendered (its reads are noted here, from where it began).
        @exclusivity(unchecked) var inPiece = false
        /// Reads before this index are not merged with the next: a piece's first read is its own.
        @exclusivity(unchecked) var floor = 0
        /// The pieces marked in the page's buffer, when it `collectsPieces`; each names its reads here.
        @exclusivity(unchecked) var pieces: [PagePiece] = []
        /// For each of `pieces`, how many insertions the buffer had when it was marked (`HTMLBuffer.insertions`).
        @exclusivity(unchecked) var insertionsBeforePieces: [Int] = []

        init(collectingPieces: Bool = false) {
            // Room for a page's reads (a feed reads 40 parts), so that noting one is not a reallocation.
            reads = []
            reads.reserveCapacity(48)
            collectsPieces = collectingPieces
            if collectingPieces { pieces.reserveCapacity(48) }
        }

        func note(_ cell: VersionCell, at version: UInt64) {
            if reads.count > floor, let last = reads.last, last.cell === cell, last.version == version { return }
            reads.append(Read(cell: cell, version: version))
        }

        /// Begins a piece: gives where its reads begin.
        func beginPiece() -> Int {
            inPiece = true
            floor = reads.count
            return floor
        }

        /// Ends the piece begun last: gives where its reads end.
        func endPiece() -> Int {
            inPiece = false
            floor = reads.count
            return floor
        }
    }
}
