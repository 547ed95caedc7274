import Components
import HTTPCore

/// The review of the pictures `preview snapshots` took: `GET /snapshots` shows every picture that differs
/// from its baseline (baseline, current picture and diff side by side, and an overlay) and every new one;
/// `GET /snapshots/picture` serves a picture's files; `POST /snapshots/accept` and
/// `POST /snapshots/accept-all` make the current pictures the baselines. Accepting works only in a server
/// bound to loopback, and, as every form post here, only from the same origin.
struct SnapshotRoutes: RouteCollection {
    static let path = "/snapshots"

    let review: SnapshotReview
    let catalog: ComponentCatalog
    let registry: ComponentRegistry
    let service: SimulatedService

    func addRoutes(to routes: inout RouteGroup) {
        routes.get(Self.path, Self.pageDocs) { request in
            var response = HTTPResponse.html(
                SnapshotReviewPage(
                    review: review, catalog: catalog,
                    layout: PageLayout(
                        title: "Snapshots", section: .none, settings: service.settings, registry: registry)
                ).render())
            response.headers["Cache-Control"] = "no-store"  // the files change under it
            return response
        }
        routes.get(Self.path + "/picture", Self.pictureDocs) { request in
            let name = request.query["name"] ?? ""
            guard let snapshot = review.snapshot(named: name) else {
                throw HTTPError(.notFound, "There is no picture named \(name) in the catalogue.")
            }
            let which = request.query["file"] ?? SnapshotReview.Picture.baseline.rawValue
            guard let picture = SnapshotReview.Picture(rawValue: which) else {
                throw HTTPError(
                    .badRequest, "Invalid parameter file: must be baseline, current or diff, got \"\(which)\".")
            }
            guard let bytes = SnapshotFiles.read(review.path(of: picture, snapshot)) else {
                throw HTTPError(.notFound, "\(name) has no \(which) picture now.")
            }
            var headers = HTTPHeaders()
            headers["Content-Type"] = "image/png"
            headers["Cache-Control"] = "no-store"
            return HTTPResponse(status: .ok, headers: headers, body: bytes)
        }
        routes.post(Self.path + "/accept", Self.acceptDocs) { request in
            let form = try request.formFields().taking(only: ["name", "return_to"])
            guard let name = form["name"], !name.isEmpty else {
                throw HTTPError(
                    .badRequest,
                    "The name field is missing: the picture to accept, such as "
                        + "like/liked-999-likes.shown.phone-light.")
            }
            try review.accept(name)
            return .redirect(to: LocalPath.validated(form["return_to"], fallback: Self.path))
        }
        routes.post(Self.path + "/accept-all", Self.acceptAllDocs) { request in
            let form = try request.formFields().taking(only: ["component", "return_to"])
            let component = form["component"].flatMap { $0.isEmpty ? nil : $0 }
            if let component, !catalog.names.contains(component) {
                throw HTTPError(.notFound, "There is no component named \(component).")
            }
            try review.acceptAll(component: component)
            return .redirect(to: LocalPath.validated(form["return_to"], fallback: Self.path))
        }
    }

    private static var pageDocs: RouteDocumentation {
        RouteDocumentation(
            "The snapshots to review: every picture that differs from its baseline, and every new one",
            tags: ["Gallery"], parameters: [Viewer.cookieParameter],
            responses: [.html(200, "The review page: baseline, current picture and diff side by side.")])
    }

    private static var pictureDocs: RouteDocumentation {
        RouteDocumentation(
            "One file of a picture: its baseline, the last run's picture, or their diff", tags: ["Gallery"],
            parameters: [
                .query(
                    "name", .text(minLength: 1, maxLength: 300), "The picture: component/variant.state.mode.",
                    example: "like/liked-999-likes.shown.phone-light"),
                .query("file", .string(enum: SnapshotReview.Picture.allCases.map(\.rawValue)), "Which file."),
                Viewer.cookieParameter,
            ],
            responses: [
                RouteDocumentation.Response(200, "The PNG.", mediaType: "image/png", schema: .string()),
                .htmlError(400, "file is not baseline, current or diff."),
                .htmlError(404, "No such picture, or no such file of it now."),
            ])
    }

    private static var acceptDocs: RouteDocumentation {
        RouteDocumentation(
            "Accept a picture: the last run's picture becomes its baseline", tags: ["Gallery"],
            parameters: [Viewer.cookieParameter],
            form: [
                .field(
                    "name", .text(minLength: 1, maxLength: 300), required: true,
                    "The picture: component/variant.state.mode."),
                .field("return_to", .text(), "A local path to come back to."),
            ],
            responses: [
                .seeOther("Accepted; back to return_to (else /snapshots)."), .badField,
                .htmlError(403, "The server is not bound to loopback, or the post came from another origin."),
                .htmlError(404, "No such picture, or nothing to accept for it."),
                .htmlError(500, "The baseline cannot be written."), .unsupportedForm,
            ])
    }

    private static var acceptAllDocs: RouteDocumentation {
        RouteDocumentation(
            "Accept every picture that differs or is new (of one component, when named)", tags: ["Gallery"],
            parameters: [Viewer.cookieParameter],
            form: [
                .field("component", .text(maxLength: 300), "Only this component's pictures."),
                .field("return_to", .text(), "A local path to come back to."),
            ],
            responses: [
                .seeOther("Accepted; back to return_to (else /snapshots)."), .badField,
                .htmlError(403, "The server is not bound to loopback, or the post came from another origin."),
                .htmlError(404, "No such component."), .htmlError(500, "A baseline cannot be written."),
                .unsupportedForm,
            ])
    }
}
