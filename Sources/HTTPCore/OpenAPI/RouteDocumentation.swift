/// What a route does, said where the route is registered, for the OpenAPI document that
/// `OpenAPIDocument` builds from the router's table: a summary, its parameters, its form fields, and
/// every answer with its media type, schema and headers.
///
/// ```swift
/// routes.post("/simulation", RouteDocumentation(
///     "Change the simulated like service", tags: ["Gallery"],
///     form: [.field("latency_ms", .integer(minimum: 0), "Latency in milliseconds")],
///     responses: [.seeOther("Back to return_to"), .htmlError(400, "A field is out of range")])
/// ) { request in … }
/// ```
public struct RouteDocumentation: Sendable {
    package var summary: String
    package var description: String?
    package var tags: [String]
    package var parameters: [Parameter]
    /// The fields of an `application/x-www-form-urlencoded` body, when the route takes one.
    package var form: [Parameter]?
    package var responses: [Response]

    /// A route's documentation: a one-line `summary`, a longer `description`, its `tags` (the OpenAPI
    /// document groups by them), its `parameters`, the `form` fields of a `POST`, and every answer it gives.
    public init(
        _ summary: String, description: String? = nil, tags: [String] = [], parameters: [Parameter] = [],
        form: [Parameter]? = nil, responses: [Response]
    ) {
        self.summary = summary
        self.description = description
        self.tags = tags
        self.parameters = parameters
        self.form = form
        self.responses = responses
    }

    /// A parameter in the path, the query, a header or a cookie, or a form field.
    public struct Parameter: Sendable {
        /// Where a parameter is sent.
        public enum Location: String, Sendable {
            /// In the path (`/components/{name}`), the query string, a header, or a cookie.
            case path, query, header, cookie
            /// A field of the form body.
            case form
        }

        package var name: String
        package var location: Location
        package var required: Bool
        package var schema: Schema
        package var description: String
        /// A value that reaches the route's real work (a known post, say), for people and test tools.
        package var example: String?

        /// A parameter named `name` sent `in` a place, described by `schema` and `description`, with an example value.
        public init(
            _ name: String, in location: Location, required: Bool, _ schema: Schema, _ description: String,
            example: String? = nil
        ) {
            self.name = name
            self.location = location
            self.required = required || location == .path
            self.schema = schema
            self.description = description
            self.example = example
        }

        /// A segment of the path (`:name` in the route's pattern): always required.
        public static func path(
            _ name: String, _ schema: Schema = .segment, _ description: String, example: String? = nil
        ) -> Parameter {
            Parameter(name, in: .path, required: true, schema, description, example: example)
        }

        /// A query-string parameter, optional unless said otherwise.
        public static func query(
            _ name: String, _ schema: Schema, _ description: String, example: String? = nil
        ) -> Parameter {
            Parameter(name, in: .query, required: false, schema, description, example: example)
        }

        /// A request header, optional unless said otherwise.
        public static func header(
            _ name: String, _ schema: Schema, _ description: String, example: String? = nil
        ) -> Parameter {
            Parameter(name, in: .header, required: false, schema, description, example: example)
        }

        /// A cookie, optional.
        public static func cookie(_ name: String, _ schema: Schema, _ description: String) -> Parameter {
            Parameter(name, in: .cookie, required: false, schema, description)
        }

        /// A field of an `application/x-www-form-urlencoded` body (a tap's form), optional unless said otherwise.
        public static func field(
            _ name: String, _ schema: Schema, required: Bool = false, _ description: String, example: String? = nil
        ) -> Parameter {
            Parameter(name, in: .form, required: required, schema, description, example: example)
        }
    }

    /// One answer: a status, what it means, its media type and schema, and its headers.
    public struct Response: Sendable {
        package var status: Int
        package var description: String
        package var mediaType: String?
        package var schema: Schema?
        /// Other media types the same answer may come in (chosen by `Accept`), with their schemas.
        package var alternatives: [(mediaType: String, schema: Schema)]
        package var headers: [Header]

        /// An answer with `status`: what it means, its media type and schema (and any alternatives), and its headers.
        public init(
            _ status: Int, _ description: String, mediaType: String? = nil, schema: Schema? = nil,
            alternatives: [(mediaType: String, schema: Schema)] = [], headers: [Header] = []
        ) {
            self.status = status
            self.description = description
            self.mediaType = mediaType
            self.schema = schema
            self.alternatives = alternatives
            self.headers = headers
        }

        /// An HTML page or fragment.
        public static func html(_ status: Int = 200, _ description: String, headers: [Header] = []) -> Response {
            Response(status, description, mediaType: "text/html", schema: .string(), headers: headers)
        }

        /// An HTML error page with a readable message.
        public static func htmlError(_ status: Int, _ description: String, headers: [Header] = []) -> Response {
            html(status, description, headers: headers)
        }

        /// JSON with its schema.
        public static func json(_ status: Int = 200, _ description: String, _ schema: Schema) -> Response {
            Response(status, description, mediaType: "application/json", schema: schema)
        }

        /// `{"error": message}`, as every error under `/api/` is.
        public static func jsonError(_ status: Int, _ description: String) -> Response {
            json(status, description, .object(["error": .string()], required: ["error"]))
        }

        /// Plain text.
        public static func text(_ status: Int = 200, _ description: String) -> Response {
            Response(status, description, mediaType: "text/plain", schema: .string())
        }

        /// `303 See Other` with its `Location`.
        public static func seeOther(_ description: String) -> Response {
            Response(
                303, description,
                headers: [Header("Location", required: true, .string(), "Where to go next: a local path.")])
        }

        /// `204 No Content`.
        public static func noContent(_ description: String, headers: [Header] = []) -> Response {
            Response(204, description, headers: headers)
        }
    }

    /// A response header.
    public struct Header: Sendable {
        package var name: String
        package var required: Bool
        package var schema: Schema
        package var description: String

        /// A header an answer carries: its name, whether it is always there, its schema and what it says.
        public init(_ name: String, required: Bool = false, _ schema: Schema, _ description: String) {
            self.name = name
            self.required = required
            self.schema = schema
            self.description = description
        }
    }
}
