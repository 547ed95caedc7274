/// A growing buffer of UTF-8 bytes that HTML is rendered into.
///
/// Text appended with ``text(_:)`` is always escaped; the only way to append markup unescaped is
/// ``raw(_:)`` with an explicitly named ``HTMLRaw`` value.
///
/// ```swift
/// var html = HTMLBuffer()
/// html.element(.p, .class("greeting"), text: "Fish & chips")
/// // <p class="greeting">Fish &amp; chips</p>
/// ```
///
/// - Important: `HTMLBuffer` cannot be copied: it owns its memory, so that every write is a plain store
///   with no copy-on-write or exclusivity check (rendering appends many short runs, and those checks cost
///   more than the bytes). Render one page into one buffer, passing it `inout`, then take its ``bytes``.
public struct HTMLBuffer: ~Copyable {
    @usableFromInline internal var base: UnsafeMutablePointer<UInt8>
    @usableFromInline internal var count: Int
    @usableFromInline internal var capacity: Int
    /// Who may mark pieces of this buffer (see `Components`' `HTMLBuffer.piece`): the render that owns it,
    /// by identity.
    package var pieceOwner: ObjectIdentifier?
    /// Where bytes were inserted, moving every byte written after that offset
    /// (``render(_:decoratingRoot:)``), in order: a mark made before an insertion below its end no longer
    /// says where its bytes are.
    package internal(set) var insertions: [Int]

    /// Creates an empty buffer.
    /// - Parameters:
    ///   - capacity: The number of bytes to reserve up front, so small pages render without regrowing.
    public init(capacity: Int = 1024) {
        self.capacity = Swift.max(capacity, 64)
        self.base = .allocate(capacity: self.capacity)
        self.count = 0
        self.pieceOwner = nil
        self.insertions = []
    }

    /// How many bytes are written.
    package var byteCount: Int { count }

    /// Calls `body` with the bytes written so far, in place (valid only during the call).
    package func withWrittenBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try body(UnsafeBufferPointer(start: base, count: count))
    }

    deinit {
        base.deallocate()
    }

    /// The rendered UTF-8 bytes so far (a copy).
    public var bytes: [UInt8] {
        // One memory copy (`Array(UnsafeBufferPointer(…))` copies element by element).
        [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            if count > 0 {
                buffer.baseAddress!.update(from: base, count: count)
            }
            initialized = count
        }
    }

    /// Appends one byte.
    @inlinable
    internal mutating func appendByte(_ byte: UInt8) {
        if count == capacity {
            grow(toAtLeast: count + 1)
        }
        base[count] = byte
        count += 1
    }

    /// Appends bytes unchanged.
    @inlinable
    internal mutating func appendBytes(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        if count + bytes.count > capacity {
            grow(toAtLeast: count + bytes.count)
        }
        (base + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    @usableFromInline
    internal mutating func grow(toAtLeast needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    /// Appends text, escaping `&`, `<` and `>`.
    ///
    /// Quotes are left alone: they are harmless in text content.
    /// - Parameters:
    ///   - string: Any text, including user input.
    public mutating func text(_ string: String) {
        appendEscaped(string, mode: .text)
    }

    /// Appends markup without escaping it.
    /// - Parameters:
    ///   - markup: Markup that the caller vouches for; see ``HTMLRaw``.
    public mutating func raw(_ markup: HTMLRaw) {
        switch markup.storage {
        case .string(var string):
            string.withUTF8 { appendBytes($0) }
        case .bytes(let rawBytes):
            rawBytes.withUnsafeBufferPointer { appendBytes($0) }
        }
    }

    /// Appends the HTML5 document type declaration, `<!DOCTYPE html>`.
    package mutating func doctype() {
        appendStatic("<!DOCTYPE html>")
    }

    /// Renders a component into this buffer.
    /// - Parameters:
    ///   - component: The component to render.
    @inlinable
    public mutating func render(_ component: some HTMLComponent) {
        component.render(into: &self)
    }
}
