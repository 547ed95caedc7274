import CPNG

/// A picture as eight-bit red, green, blue and alpha per pixel, row by row from the top left, read from and
/// written to PNG by libpng (its simplified API).
///
/// ```swift
/// let shot = try Picture(png: bytes)          // a screenshot
/// let file = try shot.png()                   // the bytes of a PNG file
/// shot[x: 3, y: 4]                            // Picture.Pixel(red: 255, green: 0, blue: 0, alpha: 255)
/// ```
package struct Picture: Sendable, Equatable {
    /// One pixel.
    package struct Pixel: Sendable, Equatable {
        package var red: UInt8
        package var green: UInt8
        package var blue: UInt8
        package var alpha: UInt8

        package init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
            self.red = red
            self.green = green
            self.blue = blue
            self.alpha = alpha
        }
    }

    /// Why a PNG file could not be read or written: libpng's message.
    package struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        package var message: String
        package var description: String { message }
    }

    package let width: Int
    package let height: Int
    /// `width * height * 4` bytes: red, green, blue, alpha.
    package internal(set) var bytes: [UInt8]

    /// A picture of `width` by `height` pixels, all `fill`.
    package init(width: Int, height: Int, fill: Pixel = Pixel(red: 255, green: 255, blue: 255)) {
        self.width = max(0, width)
        self.height = max(0, height)
        bytes = []
        bytes.reserveCapacity(self.width * self.height * 4)
        for _ in 0..<(self.width * self.height) {
            bytes += [fill.red, fill.green, fill.blue, fill.alpha]
        }
    }

    /// The pixel at `x`, `y` (from the top left).
    package subscript(x x: Int, y y: Int) -> Pixel {
        get {
            let at = (y * width + x) * 4
            return Pixel(red: bytes[at], green: bytes[at + 1], blue: bytes[at + 2], alpha: bytes[at + 3])
        }
        set {
            let at = (y * width + x) * 4
            bytes[at] = newValue.red
            bytes[at + 1] = newValue.green
            bytes[at + 2] = newValue.blue
            bytes[at + 3] = newValue.alpha
        }
    }

    /// The picture a PNG file holds, in any of PNG's formats, as RGBA.
    ///
    /// - Throws: `Failure` with libpng's message when the bytes are not a PNG file it can read.
    package init(png data: [UInt8]) throws(Failure) {
        var image = png_image()
        image.version = shim_png_image_version
        let begun = data.withUnsafeBytes { raw in
            png_image_begin_read_from_memory(&image, raw.baseAddress, raw.count)
        }
        guard begun != 0 else {
            throw Self.failure(of: &image, doing: "read")
        }
        image.format = shim_png_format_rgba
        let (width, height) = (Int(image.width), Int(image.height))
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let finished = pixels.withUnsafeMutableBytes { raw in
            png_image_finish_read(&image, nil, raw.baseAddress, Int32(width * 4), nil)
        }
        guard finished != 0 else {
            throw Self.failure(of: &image, doing: "read")
        }
        self.width = width
        self.height = height
        self.bytes = pixels
    }

    /// The picture as a PNG file's bytes, eight bits a channel: RGB when every pixel is opaque (a screenshot
    /// is), RGBA otherwise.
    ///
    /// - Throws: `Failure` with libpng's message when it cannot be written.
    package func png() throws(Failure) -> [UInt8] {
        var image = png_image()
        image.version = shim_png_image_version
        image.width = png_uint_32(width)
        image.height = png_uint_32(height)
        var opaque = true
        for index in stride(from: 3, to: bytes.count, by: 4) where bytes[index] != 255 {
            opaque = false
            break
        }
        var rgb: [UInt8] = []
        if opaque {
            rgb.reserveCapacity(width * height * 3)
            for index in stride(from: 0, to: bytes.count, by: 4) {
                rgb.append(bytes[index])
                rgb.append(bytes[index + 1])
                rgb.append(bytes[index + 2])
            }
        }
        image.format = opaque ? shim_png_format_rgb : shim_png_format_rgba
        let source = opaque ? rgb : bytes
        let stride = Int32(width * (opaque ? 3 : 4))
        var size = 0
        // First the size the file needs, then the file.
        let sized = source.withUnsafeBytes { pixels in
            png_image_write_to_memory(&image, nil, &size, 0, pixels.baseAddress, stride, nil)
        }
        guard sized != 0, size > 0 else {
            throw Self.failure(of: &image, doing: "write")
        }
        var file = [UInt8](repeating: 0, count: size)
        let written = file.withUnsafeMutableBytes { out in
            source.withUnsafeBytes { pixels in
                png_image_write_to_memory(&image, out.baseAddress, &size, 0, pixels.baseAddress, stride, nil)
            }
        }
        guard written != 0 else {
            throw Self.failure(of: &image, doing: "write")
        }
        return Array(file.prefix(size))
    }

    private static func failure(of image: inout png_image, doing what: String) -> Failure {
        let message = withUnsafeBytes(of: &image.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        png_image_free(&image)
        return Failure(message: "cannot \(what) the PNG: " + (message.isEmpty ? "libpng gave no reason" : message))
    }
}
