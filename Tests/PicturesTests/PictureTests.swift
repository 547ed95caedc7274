import Pictures
import Testing

@Suite struct PictureTests {
    private let red = Picture.Pixel(red: 255, green: 0, blue: 0)
    private let seeThrough = Picture.Pixel(red: 10, green: 20, blue: 30, alpha: 40)

    @Test func aPictureWrittenAsPNGReadsBackPixelForPixel() throws {
        var picture = Picture(width: 7, height: 5)
        picture[x: 0, y: 0] = red
        picture[x: 6, y: 4] = seeThrough
        picture[x: 3, y: 2] = Picture.Pixel(red: 1, green: 2, blue: 3)
        let png = try picture.png()
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "a PNG signature")
        let read = try Picture(png: png)
        #expect(read == picture)
        #expect(read[x: 6, y: 4] == seeThrough && read[x: 1, y: 1] == Picture.Pixel(red: 255, green: 255, blue: 255))
        #expect(try read.png() == png, "the same pixels, the same bytes")
    }

    @Test func bytesThatAreNotAPNGAreAClearError() {
        for bytes: [UInt8] in [[], Array("not a picture".utf8), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0]] {
            #expect {
                try Picture(png: bytes)
            } throws: { error in
                (error as? Picture.Failure)?.message.hasPrefix("cannot read the PNG: ") == true
            }
        }
    }

    @Test func theSamePicturesDifferInNothing() {
        let picture = Picture(width: 3, height: 3, fill: red)
        #expect(picture.difference(from: picture) == .none)
    }

    @Test func aSizeChangeIsADifferenceOfItsOwn() {
        let baseline = Picture(width: 3, height: 3)
        let wider = Picture(width: 4, height: 3)
        #expect(
            wider.difference(from: baseline)
                == .size(baseline: .init(width: 3, height: 3), current: .init(width: 4, height: 3)))
    }

    @Test func changedPixelsAreCountedAndMarkedInRedOverTheFadedBaseline() throws {
        let baseline = Picture(width: 4, height: 2, fill: Picture.Pixel(red: 0, green: 0, blue: 0))
        var current = baseline
        current[x: 1, y: 0] = Picture.Pixel(red: 0, green: 0, blue: 200)
        current[x: 3, y: 1] = Picture.Pixel(red: 9, green: 0, blue: 0)
        guard case .pixels(let count, let marked) = current.difference(from: baseline) else {
            Issue.record("no difference found")
            return
        }
        #expect(count == 2)
        #expect(marked[x: 1, y: 0] == red && marked[x: 3, y: 1] == red)
        #expect(marked[x: 0, y: 0] == Picture.Pixel(red: 191, green: 191, blue: 191), "black, faded")
        // Within a tolerance, the small change is none.
        guard case .pixels(let within, _) = current.difference(from: baseline, tolerance: 10) else {
            Issue.record("the large change was lost")
            return
        }
        #expect(within == 1)
        #expect(try Picture(png: marked.png()) == marked)
    }
}
