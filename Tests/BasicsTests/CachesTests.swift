@_spi(Runtime) import Basics
import Testing

@Suite struct CachesTests {
    @Test func everyCacheMadeOrReportedIsReportedWithItsBoundsAndTheirSum() {
        let caches = Caches()
        let pages: BoundedCache<String, [UInt8]>? = caches.make("pages", entries: 8, bytes: 6400, weigh: \.count)
        let files: BoundedCache<String, [UInt8]> = caches.cache("files", entries: 4, bytes: 640, weigh: \.count)
        let elsewhere = BoundedCache<Int, [UInt8]>(capacity: 2, byteCapacity: 128) { $0.count }
        caches.report(elsewhere, as: "roots")
        pages?.store(Array(repeating: 1, count: 100), for: "/feed")
        files.store([1, 2, 3], for: "app.css")
        #expect(pages?.lookUp("/feed")?.count == 100 && pages?.lookUp("/nope") == nil)
        let reports = caches.reports
        #expect(reports.map(\.name) == ["pages", "files", "roots"])
        let pagesReport = reports[0]
        #expect(pagesReport.kept == 1 && pagesReport.capacity == 8 && pagesReport.bytes == 100)
        #expect(pagesReport.byteCapacity == 6400 && pagesReport.hits == 1 && pagesReport.misses == 1)
        #expect(reports[1].bytes == 3 && reports[2].kept == 0)
        #expect(caches.byteCapacity == 6400 + 640 + 128)
    }

    @Test func anAppThatKeepsNoRendersMakesNoneButStillMakesTheRest() {
        let caches = Caches(keeps: false)
        let pages: BoundedCache<String, [UInt8]>? = caches.make("pages", entries: 8, bytes: 6400, weigh: \.count)
        let files: BoundedCache<String, [UInt8]> = caches.cache("files", entries: 4, bytes: 640, weigh: \.count)
        files.store([1], for: "a")
        #expect(pages == nil && files.lookUp("a") == [1])
        #expect(caches.reports.map(\.name) == ["files"])
    }

    /// A cache of the whole process that every component's module reports is listed once, its bound
    /// counted once.
    @Test func aCacheReportedOnceByEveryPartIsListedOnce() {
        let caches = Caches(keeps: false)
        let shared = BoundedCache<Int, [UInt8]>(capacity: 2, byteCapacity: 128) { $0.count }
        for _ in 0..<3 {
            caches.reportOnce(shared, as: "held")
        }
        caches.report(shared, as: "again")
        #expect(caches.reports.map(\.name) == ["held", "again"])
        #expect(caches.byteCapacity == 256)
    }
}
