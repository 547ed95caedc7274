import Basics

#if canImport(Glibc)
    import Glibc
#endif

/// Serves the files of one folder under a URL prefix, with content types, `ETag` and `304`.
///
/// ```swift
/// router.mount(StaticFiles(folder: "Public", at: "/public"))
/// ```
///
/// Only regular files inside the folder are served: no directory listings, and `..`, encoded dots,
/// backslashes, hidden files and symlinks that lead out of the folder all answer `404`.
package struct StaticFiles: RouteCollection {
    package let folder: String
    package let prefix: String
    /// Sent with every file: browsers revalidate with `If-None-Match` and get a cheap `304`.
    package var cacheControl = "no-cache"
    /// When set, a path that names a folder (`/docs/documentation/x/`, or without the slash) serves this file
    /// in it (`index.html`), as a static site's host does; when `nil`, folders answer `404`.
    package var indexFile: String?
    private let resolvedFolder: String?
    private let cache: StaticFileCache

    /// The files of `folder` under `prefix`, those read kept in memory (at most `byteCapacity` bytes, no
    /// file over a sixty-fourth of it) and reported in `caches` (as `files{prefix}`) when given.
    package init(
        folder: String, at prefix: String = "/public", byteCapacity: Int = 4 << 20, reportingIn caches: Caches? = nil
    ) {
        self.folder = folder
        self.prefix = prefix
        self.resolvedFolder = Self.realPath(folder)
        self.cache = StaticFileCache(maximumBytes: byteCapacity, reportingIn: caches ?? Caches(), as: "files" + prefix)
    }

    /// How many files are held in memory (at most 512 of them; copies of this value share them).
    package var cachedFileCount: Int {
        cache.count
    }

    package func addRoutes(to routes: inout RouteGroup) {
        let documentation = RouteDocumentation(
            "A static file", tags: ["Static files"],
            parameters: [
                .path("path", .segment, "The file's path below the folder.", example: "app.css"),
                .header("If-None-Match", .text(), "An ETag from an earlier answer."),
            ],
            responses: [
                RouteDocumentation.Response(
                    200, "The file, with its media type.", mediaType: "*/*",
                    headers: [
                        .init("ETag", required: true, .string(), "Changes when the file does."),
                        .init("Cache-Control", required: true, .string(enum: ["no-cache"]), "Revalidate each time."),
                    ]),
                .init(304, "Not modified since the ETag given."),
                .init(400, "A malformed path.", mediaType: "*/*"),
                .init(
                    404, "No such file (hidden files, folders and paths outside are never served).", mediaType: "*/*"),
            ])
        routes.add(
            .get, prefix + "/*path", documentation: documentation, handler: .sync { request in try self.serve(request) }
        )
    }

    func serve(_ request: HTTPRequest) throws -> HTTPResponse {
        let notFound = HTTPError(.notFound, "No such file: \(request.path)")
        var path = request.path
        if let indexFile, path.hasSuffix("/") { path += indexFile }
        guard let resolvedFolder, let relative = Self.safeRelativePath(path, under: prefix) else {
            throw notFound
        }
        var requested = resolvedFolder + "/" + relative
        let file: StaticFileCache.Entry
        if let read = read(requested, inside: resolvedFolder) {
            file = read
        } else if let indexFile, let read = read(requested + "/" + indexFile, inside: resolvedFolder) {
            requested += "/" + indexFile
            file = read
        } else {
            throw notFound
        }
        var headers: HTTPHeaders = [
            "ETag": file.etag,
            "Cache-Control": cacheControl,
        ]
        var response: HTTPResponse
        if let match = request.headers["If-None-Match"], Self.etag(file.etag, matches: match) {
            response = HTTPResponse(status: .notModified, headers: headers)
        } else {
            headers["Content-Type"] = file.contentType
            response = HTTPResponse(status: .ok, headers: headers, body: file.bytes)
        }
        if cache.keeps(file) {
            // Sent again to the same request while the path names the file that was read: the check the
            // cache makes, one `stat`.
            let identity = file.identity
            let path = requested
            response.reusableWhile = { FileIdentity.of(path) == identity }
        }
        return response
    }

    /// The regular file at `requested` if it resolves inside the folder, read and kept.
    private func read(_ requested: String, inside resolvedFolder: String) -> StaticFileCache.Entry? {
        if let cached = cache.entry(for: requested) { return cached }
        guard let resolved = Self.realPath(requested), resolved.hasPrefix(resolvedFolder + "/"),
            let contents = FileContents(path: resolved)
        else {
            return nil
        }
        let file = StaticFileCache.Entry(
            identity: contents.identity, bytes: contents.bytes, etag: contents.etag,
            contentType: MediaType.forFileName(resolved))
        cache.store(file, for: requested)
        return file
    }

    static func safeRelativePath(_ path: String, under prefix: String) -> String? {
        guard path.hasPrefix(prefix + "/") else { return nil }
        let rest = path.dropFirst(prefix.count + 1)
        var segments = [String]()
        for raw in rest.split(separator: "/", omittingEmptySubsequences: false) {
            guard let segment = try? PercentEncoding.decode(raw.utf8, plusAsSpace: false),
                !segment.isEmpty,
                !segment.hasPrefix("."),
                !segment.utf8.contains(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "\\") || $0 == 0 })
            else {
                return nil
            }
            segments.append(segment)
        }
        return segments.isEmpty ? nil : segments.joined(separator: "/")
    }

    /// `If-None-Match` holds `*` or a comma-separated list of (possibly weak) tags.
    package static func etag(_ etag: String, matches header: String) -> Bool {
        header.split(separator: ",").contains { candidate in
            var tag = candidate.trimmingSpaces
            if tag == "*" { return true }
            if tag.hasPrefix("W/") { tag = tag.dropFirst(2) }
            return tag == etag
        }
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

extension Substring {
    fileprivate var trimmingSpaces: Substring {
        var result = self
        while result.first == " " { result = result.dropFirst() }
        while result.last == " " { result = result.dropLast() }
        return result
    }
}

/// A regular file read into memory with a validator derived from its size and modification time.
struct FileContents {
    let bytes: [UInt8]
    let etag: String
    let identity: FileIdentity

    init?(path: String) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        let size = Int(info.st_size)
        var bytes = [UInt8](repeating: 0, count: size)
        var offset = 0
        while offset < size {
            let count = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + offset, size - offset) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return nil }
            offset += count
        }
        let identity = FileIdentity(info)
        self.bytes = bytes
        self.identity = identity
        self.etag = "\"\(String(size, radix: 16))-\(String(identity.modified, radix: 16))\""
    }
}
