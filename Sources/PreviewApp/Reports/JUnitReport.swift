/// JUnit XML, as CI systems read it: one `<testsuite>` per group (a component), one `<testcase>` per
/// check, with a `<failure>` for each that failed. `preview scenarios --junit` and `preview snapshots
/// --junit` write one.
struct JUnitReport {
    /// One check: its group, its name, how long it took, and why it failed (`nil` when it passed).
    struct Case {
        var group: String
        var name: String
        var milliseconds: Int
        /// The failure's one-line message, and the text under it.
        var failure: (message: String, text: String)?
    }

    /// The name of the whole run (`scenarios`, `snapshots`).
    var name: String
    var cases: [Case]

    /// The document, groups in the order they first appear.
    var xml: String {
        var xml = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        let failures = cases.count { $0.failure != nil }
        let milliseconds = cases.reduce(0) { $0 + $1.milliseconds }
        xml +=
            "<testsuites name=\"\(Self.escape(name))\" tests=\"\(cases.count)\" failures=\"\(failures)\" "
            + "time=\"\(Self.seconds(milliseconds))\">\n"
        var groups: [String] = []
        for check in cases where !groups.contains(check.group) {
            groups.append(check.group)
        }
        for group in groups {
            let mine = cases.filter { $0.group == group }
            xml +=
                "  <testsuite name=\"\(Self.escape(group))\" tests=\"\(mine.count)\" "
                + "failures=\"\(mine.count { $0.failure != nil })\">\n"
            for check in mine {
                xml +=
                    "    <testcase classname=\"\(Self.escape(group))\" name=\"\(Self.escape(check.name))\" "
                    + "time=\"\(Self.seconds(check.milliseconds))\""
                if let failure = check.failure {
                    xml +=
                        ">\n      <failure message=\"\(Self.escape(failure.message))\">\(Self.escape(failure.text))</failure>\n"
                        + "    </testcase>\n"
                } else {
                    xml += "/>\n"
                }
            }
            xml += "  </testsuite>\n"
        }
        return xml + "</testsuites>\n"
    }

    /// Milliseconds as seconds with three decimals: `1.234`.
    static func seconds(_ milliseconds: Int) -> String {
        let whole = milliseconds / 1000
        let rest = String(milliseconds % 1000)
        return "\(whole)." + String(repeating: "0", count: 3 - rest.count) + rest
    }

    /// Text for an XML attribute or element: the five entities, and no control character XML forbids.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            case "\t", "\n", "\r": escaped.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value) {
                    escaped += "\u{FFFD}"
                } else {
                    escaped.unicodeScalars.append(scalar)
                }
            }
        }
        return escaped
    }
}
