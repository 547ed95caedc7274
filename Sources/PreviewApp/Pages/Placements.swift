import Components
import HTML

/// Which demo pages place which component, found by rendering them: a page places a component when one
/// of its forms posts to the component's own tap route. Pages carry no tap code of their own, so this is
/// all they know of a component.
struct Placements: Sendable {
    struct Page: Sendable, Equatable {
        var name: String
        var path: String
    }

    /// Per tap path (`/components/like/tap`), the pages whose markup posts to it.
    private let pages: [String: [Page]]

    init(rendered: [(page: Page, html: [UInt8])]) {
        var pages: [String: [Page]] = [:]
        for (page, html) in rendered {
            let text = String(decoding: html, as: UTF8.self)
            let actions = Set(text.split(separator: "action=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) })
            for action in actions.sorted() {
                pages[action, default: []].append(page)
            }
        }
        self.pages = pages
    }

    /// The pages that place a component with this tap path.
    subscript(tapPath: String) -> [Page] {
        pages[tapPath] ?? []
    }
}
