/// A named set of parameters worth looking at, declared beside its component.
public struct PreviewVariant: Sendable {
    /// The variant's name, as the gallery shows it.
    public let name: String
    /// Only the parameters that differ from the defaults.
    package let parameters: [(name: String, value: String)]
    /// A URL-safe identifier: `"Liked, 999"` → `liked-999` (made once: pages and pictures ask for it
    /// for every variant of the catalogue).
    package let slug: String

    /// A variant named `name` with the `parameters` it sets (the rest take their defaults).
    public init(_ name: String, _ parameters: [(name: String, value: String)]) {
        self.name = name
        self.parameters = parameters
        self.slug = Self.slug(of: name)
    }

    private static func slug(of name: String) -> String {
        var slug = ""
        for character in name.lowercased() {
            if character.isLetter && character.isASCII || character.isNumber && character.isASCII {
                slug.append(character)
            } else if !slug.isEmpty && slug.last != "-" {
                slug.append("-")
            }
        }
        while slug.last == "-" { slug.removeLast() }
        return slug
    }
}
