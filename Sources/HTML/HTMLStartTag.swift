/// The attributes of one start tag, read from markup this module wrote (`<div class="like" hidden>`):
/// names lowercased, values decoded, in the order written.
struct HTMLStartTag: Sendable, Equatable {
    var attributes: [(name: String, value: String)]

    static func == (lhs: HTMLStartTag, rhs: HTMLStartTag) -> Bool {
        lhs.attributes.elementsEqual(rhs.attributes) { $0.name == $1.name && $0.value == $1.value }
    }

    /// Reads `<name attr="value" flag attr='value' attr=value>`; a flag's value is empty.
    init(_ tag: ArraySlice<UInt8>) {
        attributes = []
        var index = tag.startIndex + 1
        let end = tag.last == UInt8(ascii: ">") ? tag.endIndex - 1 : tag.endIndex
        func isSpace(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
        }
        while index < end && !isSpace(tag[index]) && tag[index] != UInt8(ascii: "/") { index += 1 }  // the tag name
        while index < end {
            while index < end && (isSpace(tag[index]) || tag[index] == UInt8(ascii: "/")) { index += 1 }
            guard index < end else { break }
            let nameStart = index
            while index < end && !isSpace(tag[index]) && tag[index] != UInt8(ascii: "=") { index += 1 }
            let name = String(decoding: tag[nameStart..<index], as: UTF8.self).lowercased()
            var value = ""
            if index < end && tag[index] == UInt8(ascii: "=") {
                index += 1
                if index < end && (tag[index] == UInt8(ascii: "\"") || tag[index] == UInt8(ascii: "'")) {
                    let quote = tag[index]
                    let valueStart = index + 1
                    index = valueStart
                    while index < end && tag[index] != quote { index += 1 }
                    value = HTMLEntities.decode(tag[valueStart..<index])
                    index += 1
                } else {
                    let valueStart = index
                    while index < end && !isSpace(tag[index]) { index += 1 }
                    value = HTMLEntities.decode(tag[valueStart..<index])
                }
            }
            attributes.append((name, value))
        }
    }

    /// The value of the attribute `name`, or `nil` when the tag has none.
    func value(of name: String) -> String? {
        attributes.first { $0.name == name }?.value
    }
}
