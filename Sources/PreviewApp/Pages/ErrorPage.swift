import Basics
import Components
import HTML
import HTTPCore

/// The page for any error: its status and a readable message.
struct ErrorPage {
    var error: HTTPError
    var settings: SimulationSettings
    var navigation: [PageLink]
    /// The app's caches, where the chrome is kept (`nil`: rendered for every page).
    var caches: Caches? = nil

    func render() -> [UInt8] {
        let layout = PageLayout(
            title: error.status.description, section: .none, settings: settings, navigation: navigation, caches: caches)
        return layout.render { html in
            html.element(.h1, text: "\(error.status.code) \(error.status.reasonPhrase)")
            html.element(.p, .class("error-message"), text: error.message)
            html.element(.p) { html in
                html.element(.a, .href("/"), text: "Go to the gallery")
                for page in navigation {
                    html.text(" or ")
                    html.element(.a, .href(page.path), text: page.name)
                }
                html.text(".")
            }
        }
    }
}
