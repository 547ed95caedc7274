/// How a picture differs from the one it is compared with (its baseline).
package enum PictureDifference: Sendable, Equatable {
    /// Every pixel is the same, within the tolerance.
    case none
    /// The sizes differ: a difference of its own, whatever the pixels.
    case size(baseline: Picture.Size, current: Picture.Size)
    /// `count` pixels differ by more than the tolerance; `marked` shows them in red over the baseline,
    /// faded.
    case pixels(count: Int, marked: Picture)
}

extension Picture {
    /// A picture's width and height.
    package struct Size: Sendable, Equatable, CustomStringConvertible {
        package var width: Int
        package var height: Int

        package init(width: Int, height: Int) {
            self.width = width
            self.height = height
        }

        package var description: String { "\(width)×\(height)" }
    }

    package var size: Size { Size(width: width, height: height) }

    /// How this picture differs from `baseline`: a pixel differs when any of its channels does by more
    /// than `tolerance` (0: exactly).
    ///
    /// ```swift
    /// if case .pixels(let count, let marked) = shot.difference(from: baseline) { … write marked … }
    /// ```
    package func difference(from baseline: Picture, tolerance: UInt8 = 0) -> PictureDifference {
        guard size == baseline.size else {
            return .size(baseline: baseline.size, current: size)
        }
        var count = 0
        var marked = baseline.bytes
        bytes.withUnsafeBufferPointer { now in
            baseline.bytes.withUnsafeBufferPointer { before in
                marked.withUnsafeMutableBufferPointer { marked in
                    var at = 0
                    while at < now.count {
                        var differs = false
                        for channel in at..<(at + 4) {
                            let (a, b) = (now[channel], before[channel])
                            if (a > b ? a - b : b - a) > tolerance {
                                differs = true
                                break
                            }
                        }
                        if differs {
                            count += 1
                            marked[at] = 255
                            marked[at + 1] = 0
                            marked[at + 2] = 0
                            marked[at + 3] = 255
                        } else {
                            // Faded towards white, so that the changes stand out.
                            for channel in at..<(at + 3) {
                                marked[channel] = UInt8(191 + Int(before[channel]) / 4)
                            }
                            marked[at + 3] = 255
                        }
                        at += 4
                    }
                }
            }
        }
        guard count > 0 else { return .none }
        return .pixels(count: count, marked: Picture(width: width, height: height, bytes: marked))
    }

    /// A picture of `bytes` (`width * height * 4`, RGBA).
    init(width: Int, height: Int, bytes: [UInt8]) {
        precondition(bytes.count == width * height * 4, "RGBA bytes for every pixel")
        self.width = width
        self.height = height
        self.bytes = bytes
    }
}
