import Components
import HTML

/// Which of the modules' pages place which component, found by rendering them: a page places a
/// component when one of its forms posts to the component's own tap route. Pages carry no tap code of
/// their own, so this is all they know of a component.
struct Placements: Sendable {
    typealias Page = PageLink

    /// Per tap path (`/components/like/tap`), the pages whose markup posts to it.
    private let pages: [String: [Page]]

    /// The pages each of `modules` lists, rendered for a viewer of its own.
    init(modules: [any ComponentModule]) {
        let viewer = Viewer(bits: 0)
        self.init(
            rendered: modules.flatMap { module in
                module.pages.compactMap { page in module.render(page, for: viewer).map { (page, $0) } }
            })
    }

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
