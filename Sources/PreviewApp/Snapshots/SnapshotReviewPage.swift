import Components
import HTML
import HTTPValues

/// `/snapshots`: every picture of the last `preview snapshots` run that differs from its baseline, grouped
/// by component, with the baseline, the current picture and the diff side by side and an overlay of the
/// two; every new picture apart; an Accept form for each and an Accept all. No script: each is a form post.
struct SnapshotReviewPage {
    var review: SnapshotReview
    var catalog: ComponentCatalog
    var layout: PageLayout

    func render() -> [UInt8] {
        let entries = review.entries()
        let differing = entries.filter { $0.status == .differs }
        let new = entries.filter { $0.status == .new }
        return layout.render { html in
            html.element(.h1, text: "Snapshots")
            summary(entries, into: &html)
            if !review.acceptsChanges {
                html.element(
                    .p, .class("snapshot-note"),
                    text: "This server is not bound to loopback, so pictures cannot be accepted here: run "
                        + "preview snapshots --update where the baselines are, or start the server on 127.0.0.1.")
            } else if !differing.isEmpty || !new.isEmpty {
                acceptAllForm(component: nil, count: differing.count + new.count, into: &html)
            }
            for preview in catalog.all {
                let changed = differing.filter { $0.snapshot.component == preview.name }
                guard !changed.isEmpty else { continue }
                html.element(.section, .class("snapshot-group"), .id("component-\(preview.name)")) { html in
                    html.element(.h2) { html in
                        html.element(.a, .href("/components/\(preview.name)"), text: preview.title)
                        html.text(changed.count == 1 ? ": 1 picture differs" : ": \(changed.count) pictures differ")
                    }
                    if review.acceptsChanges && changed.count > 1 {
                        acceptAllForm(component: preview, count: changed.count, into: &html)
                    }
                    for entry in changed {
                        difference(entry, title: preview.title, into: &html)
                    }
                }
            }
            if !new.isEmpty {
                html.element(.section, .class("snapshot-group"), .id("new")) { html in
                    html.element(.h2, text: new.count == 1 ? "1 new picture" : "\(new.count) new pictures")
                    html.element(
                        .p, .class("muted"), text: "No baseline yet: accepting one makes it the baseline.")
                    for entry in new {
                        newPicture(entry, into: &html)
                    }
                }
            }
        }
    }

    private func summary(_ entries: [SnapshotReview.Entry], into html: inout HTMLBuffer) {
        let count = { (status: SnapshotReview.Status) in entries.count { $0.status == status } }
        let untaken = count(.untaken)
        var line =
            "\(entries.count) pictures (every variant in every state, at a phone's and a desktop's width, light and "
            + "dark): \(count(.matches)) match their baselines, \(count(.differs)) differ, \(count(.new)) new"
        if untaken > 0 { line += ", \(untaken) not taken yet" }
        html.element(.p, .class("snapshot-summary"), text: line + ".")
        html.element(.p, .class("muted")) { html in
            html.text("Take them again with ")
            html.element(.code, text: "scripts/snapshots")
            html.text(" (or ")
            html.element(.code, text: "preview snapshots")
            html.text(" in a package); this page shows what its last run left in \(review.folders.output)/.")
        }
        if count(.differs) + count(.new) == 0 && untaken < entries.count {
            html.element(
                .p, .class("snapshot-clean"), text: "Nothing to review: every picture taken matches its baseline.")
        }
    }

    private func acceptAllForm(component: ComponentPreview?, count: Int, into html: inout HTMLBuffer) {
        html.element(.form, .method(.post), .action(SnapshotRoutes.path + "/accept-all"), .class("snapshot-accept")) {
            html in
            if let component {
                html.void(.input, .type(.hidden), .name("component"), .value(component.name))
                html.void(
                    .input, .type(.hidden), .name("return_to"),
                    .value(SnapshotRoutes.path + "#component-\(component.name)"))
            } else {
                html.void(.input, .type(.hidden), .name("return_to"), .value(SnapshotRoutes.path))
            }
            let label = component.map { "Accept all \(count) of \($0.title)" } ?? "Accept all \(count)"
            html.element(.button, .type(.submit), .class("button"), text: label)
        }
    }

    private func acceptForm(_ entry: SnapshotReview.Entry, returnTo: String, into html: inout HTMLBuffer) {
        guard review.acceptsChanges else { return }
        html.element(.form, .method(.post), .action(SnapshotRoutes.path + "/accept"), .class("snapshot-accept")) {
            html in
            html.void(.input, .type(.hidden), .name("name"), .value(entry.snapshot.name))
            html.void(.input, .type(.hidden), .name("return_to"), .value(returnTo))
            html.element(
                .button, .type(.submit), .class("button"), .ariaLabel("Accept \(entry.snapshot.name)"), text: "Accept")
        }
    }

    private func picture(
        _ entry: SnapshotReview.Entry, _ file: SnapshotReview.Picture, caption: String, into html: inout HTMLBuffer
    ) {
        html.element(.figure) { html in
            html.void(
                .img, .src(Self.url(entry.snapshot, file)), .alt("\(caption) of \(entry.snapshot.name)"),
                .custom("loading", "lazy"))
            html.element(.figcaption, text: caption)
        }
    }

    private func difference(_ entry: SnapshotReview.Entry, title: String, into html: inout HTMLBuffer) {
        let snapshot = entry.snapshot
        article(entry, heading: "\(snapshot.variant), \(snapshot.state), \(snapshot.mode.name) ", into: &html) { html in
            picture(entry, .baseline, caption: "Baseline", into: &html)
            picture(entry, .current, caption: "Current", into: &html)
            if entry.hasDiff {
                picture(entry, .diff, caption: "Diff (changed pixels marked)", into: &html)
            } else {
                html.element(.p, .class("muted"), text: "Its size changed: no pixel diff.")
            }
        } after: { html in
            html.element(.details, .class("snapshot-overlay-toggle")) { html in
                html.element(.summary, text: "Overlay the current picture on the baseline")
                html.element(.div, .class("snapshot-overlay")) { html in
                    html.void(.img, .src(Self.url(snapshot, .baseline)), .alt("Baseline of \(snapshot.name)"))
                    html.void(
                        .img, .src(Self.url(snapshot, .current)), .alt("Current picture of \(snapshot.name), over it"))
                }
            }
            acceptForm(entry, returnTo: SnapshotRoutes.path + "#component-\(snapshot.component)", into: &html)
        }
    }

    private func newPicture(_ entry: SnapshotReview.Entry, into html: inout HTMLBuffer) {
        let snapshot = entry.snapshot
        let heading = "\(snapshot.component)/\(snapshot.variant), \(snapshot.state), \(snapshot.mode.name) "
        article(entry, heading: heading, into: &html) { html in
            picture(entry, .current, caption: "Current", into: &html)
        } after: { html in
            acceptForm(entry, returnTo: SnapshotRoutes.path + "#new", into: &html)
        }
    }

    /// A picture's article: its heading with a link to its frame, its pictures, then what comes `after`.
    private func article(
        _ entry: SnapshotReview.Entry, heading: String, into html: inout HTMLBuffer,
        pictures: (inout HTMLBuffer) -> Void, after: (inout HTMLBuffer) -> Void
    ) {
        html.element(.article, .class("snapshot"), .id("snapshot-\(Self.anchor(entry.snapshot))")) { html in
            html.element(.h3) { html in
                html.text(heading)
                html.element(.a, .href(entry.snapshot.path), text: "frame")
            }
            html.element(.div, .class("snapshot-pictures"), content: pictures)
            after(&html)
        }
    }

    /// `/snapshots/picture?name=…&file=…`.
    static func url(_ snapshot: Snapshot, _ file: SnapshotReview.Picture) -> String {
        var query = FormFields()
        query.append("name", snapshot.name)
        query.append("file", file.rawValue)
        return SnapshotRoutes.path + "/picture?" + query.encoded
    }

    /// A fragment id for a picture: its name with `/` and `.` as `-`.
    static func anchor(_ snapshot: Snapshot) -> String {
        String(snapshot.name.map { $0 == "/" || $0 == "." ? "-" : $0 })
    }
}
