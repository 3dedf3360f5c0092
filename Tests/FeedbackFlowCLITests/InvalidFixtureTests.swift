import FeedbackFlowTestSupport
import Foundation
import Testing

/// The folder of invalid files, one problem kind each (`Fixtures/invalid/`), each with
/// its expected diagnostics beside it: every output format reports exactly them.
@Suite("Invalid fixtures: the expected diagnostics, in every format")
struct InvalidFixtureTests {
    static let folder = "Tests/FeedbackFlowCLITests/Fixtures/invalid"

    /// One finding as every format can state it: the file's name, where, the code and
    /// the message (formats that state only a start leave the end out).
    struct Finding: Hashable, CustomStringConvertible {
        var file: String
        var line: Int, column: Int
        var end: (line: Int, column: Int)?
        var code: String
        var message: String

        static func == (a: Finding, b: Finding) -> Bool {
            a.file == b.file && a.line == b.line && a.column == b.column && a.code == b.code && a.message == b.message
                && a.end?.line == b.end?.line && a.end?.column == b.end?.column
        }
        func hash(into hasher: inout Hasher) { hasher.combine(file); hasher.combine(line); hasher.combine(column); hasher.combine(code) }
        var withoutEnd: Finding { var copy = self; copy.end = nil; return copy }
        var description: String { "\(file) \(line):\(column)\(end.map { "-\($0.line):\($0.column)" } ?? "") \(code) \(message)" }
    }

    /// Every `.expected` file's findings.
    static func expected() throws -> [Finding] {
        let root = BuiltTool.repositoryRoot.appendingPathComponent(folder)
        let names = try FileManager.default.contentsOfDirectory(atPath: root.path).filter { $0.hasSuffix(".expected") }.sorted()
        var findings: [Finding] = []
        for name in names {
            let text = try String(contentsOf: root.appendingPathComponent(name), encoding: .utf8)
            let file = String(name.dropLast(".expected".count)) + ".yaml"
            for line in text.split(separator: "\n") {
                let parts = line.split(separator: " ", maxSplits: 2).map(String.init)
                let span = parts[0].split(separator: "-").map { $0.split(separator: ":").compactMap { Int($0) } }
                findings.append(Finding(
                    file: file, line: span[0][0], column: span[0][1], end: (span[1][0], span[1][1]), code: parts[1], message: parts[2]))
            }
        }
        return findings
    }

    static func run(_ format: String) async throws -> String {
        let result = try await BuiltTool.run(
            ["validate", "--format", format, "--max-diagnostics", "0", folder], environment: ["SOURCE_DATE_EPOCH": "1764547200"])
        #expect(result.status == 1, "\(format)")
        return result.standardOutput
    }

    static func base(_ path: String) -> String { String(path.split(separator: "/").last ?? "") }

    @Test("at least 60 files, one problem kind each, and every file has its expectations")
    func folderShape() throws {
        let root = BuiltTool.repositoryRoot.appendingPathComponent(Self.folder).path
        let files = try FileManager.default.contentsOfDirectory(atPath: root)
        let flows = files.filter { $0.hasSuffix(".yaml") }
        #expect(flows.count >= 60)
        for flow in flows { #expect(files.contains(String(flow.dropLast(5)) + ".expected"), "\(flow)") }
        let expected = try Self.expected()
        // One kind each: all of a file's findings share one code.
        for file in Set(expected.map(\.file)) { #expect(Set(expected.filter { $0.file == file }.map(\.code)).count == 1, "\(file)") }
    }

    @Test("json reports exactly the expected findings, spans and messages")
    func json() async throws {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(try await Self.run("json").utf8)) as? [String: Any])
        let found = (object["diagnostics"] as? [[String: Any]] ?? []).map { item in
            Finding(
                file: Self.base(item["file"] as? String ?? ""), line: item["line"] as? Int ?? 0, column: item["column"] as? Int ?? 0,
                end: (item["endLine"] as? Int ?? 0, item["endColumn"] as? Int ?? 0), code: item["code"] as? String ?? "",
                message: item["message"] as? String ?? "")
        }
        #expect(found == (try Self.expected()))
    }

    @Test("text reports the same findings (start, code, message)")
    func text() async throws {
        let output = try await Self.run("text")
        let found = output.split(separator: "\n").compactMap { line -> Finding? in
            guard line.hasPrefix(Self.folder), let bracket = line.lastIndex(of: "[") else { return nil }
            let head = line[..<bracket].dropLast()
            let parts = head.split(separator: ":", maxSplits: 4)
            guard parts.count == 5, let lineNumber = Int(parts[1]), let column = Int(parts[2]) else { return nil }
            return Finding(
                file: Self.base(String(parts[0])), line: lineNumber, column: column, end: nil,
                code: String(line[line.index(after: bracket)...].dropLast()), message: String(parts[4].dropFirst()))
        }
        #expect(found == (try Self.expected()).map(\.withoutEnd))
    }

    @Test("sarif reports the same findings, spans and messages (a point is one character wide there)")
    func sarif() async throws {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(try await Self.run("sarif").utf8)) as? [String: Any])
        let results = ((object["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]) ?? []
        let found = results.map { result -> Finding in
            let physical = ((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]) ?? [:]
            let region = physical["region"] as? [String: Int] ?? [:]
            let uri = (physical["artifactLocation"] as? [String: String])?["uri"] ?? ""
            return Finding(
                file: Self.base(uri), line: region["startLine"] ?? 0, column: region["startColumn"] ?? 0,
                end: (region["endLine"] ?? 0, region["endColumn"] ?? 0), code: result["ruleId"] as? String ?? "",
                message: (result["message"] as? [String: Any])?["text"] as? String ?? "")
        }
        let expected = try Self.expected().map { finding in
            var widened = finding
            if let end = finding.end, end.line == finding.line, end.column == finding.column { widened.end = (end.line, end.column + 1) }
            return widened
        }
        #expect(found == expected)
    }

    @Test("github reports the same findings, spans and messages")
    func github() async throws {
        let output = try await Self.run("github")
        let found = output.split(separator: "\n").filter { $0.hasPrefix("::error ") || $0.hasPrefix("::warning ") }.map { line -> Finding in
            func value(_ key: String) -> String {
                guard let range = line.range(of: key + "=") else { return "" }
                return String(line[range.upperBound...].prefix { $0 != "," && $0 != ":" })
            }
            let message = line.range(of: "::", options: .backwards).map { String(line[$0.upperBound...]) } ?? ""
            return Finding(
                file: Self.base(value("file")), line: Int(value("line")) ?? 0, column: Int(value("col")) ?? 0,
                end: (Int(value("endLine")) ?? 0, Int(value("endColumn")) ?? 0), code: value("title"),
                message: message.components(separatedBy: "%0A")[0].replacingOccurrences(of: "%25", with: "%"))
        }
        // Errors first, then warnings, 10 annotations of each; the rest are plain lines
        // (file:line:col: severity: message [code]), which give no end.
        let plain = output.split(separator: "\n").filter { $0.hasPrefix(Self.folder) }.compactMap { line -> Finding? in
            guard let bracket = line.lastIndex(of: "[") else { return nil }
            let parts = line[..<bracket].dropLast().split(separator: ":", maxSplits: 4)
            guard parts.count == 5 else { return nil }
            return Finding(
                file: Self.base(String(parts[0])), line: Int(parts[1]) ?? 0, column: Int(parts[2]) ?? 0, end: nil,
                code: String(line[line.index(after: bracket)...].dropLast()), message: String(parts[4].dropFirst()))
        }
        let expected = try Self.expected()
        #expect(found.count + plain.count == expected.count)
        let errorAnnotations = output.split(separator: "\n").filter { $0.hasPrefix("::error ") }.count
        #expect(errorAnnotations == 10)
        #expect(found.count - errorAnnotations <= 10)
        #expect(output.split(separator: "\n").prefix(10).allSatisfy { $0.hasPrefix("::error ") })
        let shown = Set(found.map(\.description))
        let listed = Set(plain.map(\.description))
        for finding in expected {
            #expect(shown.contains(finding.description) || listed.contains(finding.withoutEnd.description), "\(finding)")
        }
    }

    @Test("junit has one test case per expected finding, a failure for each error")
    func junit() async throws {
        let output = try await Self.run("junit")
        let expected = try Self.expected()
        for finding in expected {
            let name = "\(finding.line):\(finding.column) \(finding.code)"
            #expect(output.contains("classname=\"\(Self.folder)/\(finding.file)\" name=\"\(name)"), "\(finding)")
        }
        #expect(output.components(separatedBy: "<testcase ").count - 1 == expected.count)
    }

    @Test("checkstyle reports the same findings (start, code, message)")
    func checkstyle() async throws {
        let output = try await Self.run("checkstyle")
        var file = ""
        var found: [Finding] = []
        for line in output.split(separator: "\n") {
            func attribute(_ key: String) -> String {
                guard let range = line.range(of: " " + key + "=\"") else { return "" }
                return String(line[range.upperBound...].prefix { $0 != "\"" })
                    .replacingOccurrences(of: "&apos;", with: "'").replacingOccurrences(of: "&quot;", with: "\"")
                    .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                    .replacingOccurrences(of: "&amp;", with: "&")
            }
            if line.hasPrefix("  <file ") { file = Self.base(attribute("name")) }
            guard line.hasPrefix("    <error ") else { continue }
            let message = attribute("message").components(separatedBy: " (hint: ")[0]
            found.append(Finding(
                file: file, line: Int(attribute("line")) ?? 0, column: Int(attribute("column")) ?? 0, end: nil,
                code: String(attribute("source").dropFirst("feedbackflow.".count)), message: message))
        }
        #expect(found == (try Self.expected()).map(\.withoutEnd))
    }
}
