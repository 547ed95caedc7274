import Components
import HTML
import HTTPCore
import HTTPTesting
import Testing

/// The kit's handler for a tap that navigates, from a definition alone.
@Suite struct NavigationModuleTests {
    static let definition = NavigationDefinition(
        name: "door", title: "Door",
        target: TapTarget("room", noun: "room", purpose: "the room to enter", example: "hall"),
        summary: "Tap a door", destinationDescription: "the room")

    static let preview = ComponentPreview(
        name: "door", title: "Door", summary: "A door.", parameters: [], variants: [], actions: [],
        instance: { _ in "hall" }, handlerFile: "", make: { _, _, _ in Door() }, swift: { _, _, _ in SwiftCall("Door") }
    )

    private func responder(_ events: TapEventLog) -> RouterResponder {
        var router = Router()
        router.mount(
            NavigationModule(
                Self.definition, preview: Self.preview, context: ComponentContext(events: events),
                destination: { $0 == "hall" ? "/rooms/hall" : nil }))
        return router.buildResponder()
    }

    @Test func aTapGoesWhereTheDestinationSaysAndIsRecorded() async throws {
        let events = TapEventLog()
        let responder = responder(events)
        let plain = try await responder.test(.post, "/components/door/tap", body: "room=hall")
        #expect(plain.status == .seeOther)
        #expect(plain.headers["Location"] == "/rooms/hall")
        let script = try await responder.test(
            .post, "/components/door/tap", headers: ["HX-Request": "true"], body: "room=hall")
        #expect(script.status == .ok)
        #expect(script.headers["HX-Redirect"] == "/rooms/hall")
        let event = try #require(events.recent().first)
        #expect(event.component == "Door" && event.instance == "hall" && event.outcome == .redirected)
    }

    @Test func aMissingFieldIs400AndAnUnknownTarget404InTheDefinitionsWords() async throws {
        let events = TapEventLog()
        let responder = responder(events)
        let missing = try await responder.test(.post, "/components/door/tap", body: "")
        #expect(missing.status == .badRequest)
        #expect(missing.bodyText.contains("The door tap needs a room field naming the room to enter."))
        let unknown = try await responder.test(.post, "/components/door/tap", body: "room=attic")
        #expect(unknown.status == .notFound)
        #expect(unknown.bodyText.contains("There is no room with the id attic."))
        let other = try await responder.test(.post, "/components/door/tap", body: "room=hall&x=1")
        #expect(other.status == .badRequest)
        #expect(events.count == 0)
    }

    @Test func aPreviewWithoutANameTakesTheDefinitionsNameAndTitle() {
        let nameless = ComponentPreview(
            summary: "A door.", parameters: [], variants: [], actions: [], instance: { _ in "hall" }, handlerFile: "",
            make: { _, _, _ in Door() }, swift: { _, _, _ in SwiftCall("Door") })
        let module = NavigationModule(
            Self.definition, preview: nameless, context: ComponentContext(), destination: { _ in nil })
        #expect(module.preview?.name == "door")
        #expect(module.preview?.title == "Door")
        // One declared with its own keeps it (the demo's previews say theirs).
        let own = ComponentPreview(
            name: "portal", title: "Portal", summary: "A door.", parameters: [], variants: [], actions: [],
            instance: { _ in "hall" }, handlerFile: "", make: { _, _, _ in Door() },
            swift: { _, _, _ in SwiftCall("Door") })
        let named = NavigationModule(
            Self.definition, preview: own, context: ComponentContext(), destination: { _ in nil })
        #expect(named.preview?.name == "portal" && named.preview?.title == "Portal")
    }

    @Test func itsDocumentationAndCatalogueActionComeFromTheDefinition() {
        let documentation = Self.definition.documentation
        #expect(documentation.summary == "Tap a door")
        #expect(documentation.form?.map(\.name) == ["room"])
        #expect(documentation.responses.map(\.status).contains(303))
        let action = Self.definition.previewAction(summary: "Opens a room.", exampleBody: "room=hall")
        #expect(action.path == "/components/door/tap")
        #expect(action.fields.map(\.summary) == ["The room to enter."])
    }
}

private struct Door: HTMLComponent {
    func render(into html: inout HTMLBuffer) {}
}
