/// The attributes of one start tag, read from markup this module wrote (`<div class="like" hidden>`):
/// names lowercased, values decoded, in the order written.
package struct HTMLStartTag: Sendable, Equatable {
    package var attributes: [(name: String, value: String)]

    package static func == (lhs: HTMLStartTag, rhs: HTMLStartTag) -> Bool {
        lhs.attributes.elementsEqual(rhs.attributes) { $0.name == $1.name && $0.value == $1.value }
    }

    package init(_ tag: ArraySlice<UInt8>) {
        let array = Array(tag)
        attributes = array.withUnsafeBufferPointer { bytes in
            Self.ranges(in: bytes, 0..<bytes.count).map { attribute in
                (Self.name(bytes, attribute.name), attribute.value.map { Self.value(bytes, $0) } ?? "")
            }
        }
    }

    /// One attribute by byte offsets: its name, and its value inside the quotes (`nil` for a flag).
    package struct Ranges {
        package var name: Range<Int>
        package var value: Range<Int>?
    }

    /// The attributes of the start tag `tag` (from `<` to past `>`), reading
    /// `<name attr="value" flag attr='value' attr=value>`.
    package static func ranges(in bytes: UnsafeBufferPointer<UInt8>, _ tag: Range<Int>) -> [Ranges] {
        var attributes: [Ranges] = []
        attributes.reserveCapacity(8)
        ranges(in: bytes, tag, into: &attributes)
        return attributes
    }

    /// The same, written into `attributes` (emptied first, its storage kept): a caller that reads many
    /// tags one after the other allocates once.
    package static func ranges(in bytes: UnsafeBufferPointer<UInt8>, _ tag: Range<Int>, into attributes: inout [Ranges])
    {
        attributes.removeAll(keepingCapacity: true)
        var index = tag.lowerBound + 1
        let end =
            tag.upperBound > tag.lowerBound && bytes[tag.upperBound - 1] == UInt8(ascii: ">")
            ? tag.upperBound - 1 : tag.upperBound
        func isSpace(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
        }
        while index < end && !isSpace(bytes[index]) && bytes[index] != UInt8(ascii: "/") { index += 1 }  // the tag name
        while index < end {
            while index < end && (isSpace(bytes[index]) || bytes[index] == UInt8(ascii: "/")) { index += 1 }
            guard index < end else { break }
            let nameStart = index
            while index < end && !isSpace(bytes[index]) && bytes[index] != UInt8(ascii: "=") { index += 1 }
            var attribute = Ranges(name: nameStart..<index, value: nil)
            if index < end && bytes[index] == UInt8(ascii: "=") {
                index += 1
                if index < end && (bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'")) {
                    let quote = bytes[index]
                    let valueStart = index + 1
                    index = valueStart
                    while index < end && bytes[index] != quote { index += 1 }
                    attribute.value = valueStart..<index
                    index += 1
                } else {
                    let valueStart = index
                    while index < end && !isSpace(bytes[index]) { index += 1 }
                    attribute.value = valueStart..<index
                }
            }
            attributes.append(attribute)
        }
    }

    /// An attribute's name, lowercased.
    package static func name(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        return name.utf8.contains(where: { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) })
            ? name.lowercased() : name
    }

    /// An attribute's value, decoded.
    package static func value(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        HTMLEntities.decode(UnsafeBufferPointer(rebasing: bytes[range]))
    }

    /// The value of the attribute `name`, or `nil` when the tag has none.
    package func value(of name: String) -> String? {
        attributes.first { $0.name == name }?.value
    }
}
