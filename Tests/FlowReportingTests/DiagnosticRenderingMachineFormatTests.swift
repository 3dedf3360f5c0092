import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import FlowSource
@testable import FlowReporting

/// A report with two files: one with an error (note + hint) and a warning, one clean.
private func sampleReport() -> DiagnosticReport {
    let error = Diagnostic.error(
        "duplicate-key", "duplicate key 'title'", at: diagnosticSpan("flows/a b.yaml", 4, 1, 4, 6),
        notes: [.init(message: "first defined here", span: diagnosticSpan("flows/a b.yaml", 3, 1, 3, 6))],
        hint: "remove one of the two")
    let warning = Diagnostic.warning("unreachable-screen", "screen 'old' is never shown", at: diagnosticSpan("flows/a b.yaml", 9, 3, 9, 6))
    return DiagnosticReport(files: [
        .init(path: "flows/a b.yaml", source: nil, diagnostics: [error, warning]),
        .init(path: "flows/ok.yaml", source: nil, diagnostics: []),
    ])
}

private func jsonObject(_ text: String) throws -> [String: Any] {
    try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
}

@Suite("Machine formats: JSON, GitHub Actions, SARIF, JUnit")
struct DiagnosticRenderingMachineFormatTests {
    // MARK: JSON

    @Test("JSON lists every diagnostic with its span, notes, hint and a summary")
    func json() throws {
        let object = try jsonObject(JSONDiagnosticRenderer().render(sampleReport()))
        #expect(object["version"] as? Int == 1)
        let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.count == 2)
        let first = diagnostics[0]
        #expect(first["file"] as? String == "flows/a b.yaml")
        #expect(first["line"] as? Int == 4)
        #expect(first["column"] as? Int == 1)
        #expect(first["endLine"] as? Int == 4)
        #expect(first["endColumn"] as? Int == 6)
        #expect(first["severity"] as? String == "error")
        #expect(first["code"] as? String == "duplicate-key")
        #expect(first["message"] as? String == "duplicate key 'title'")
        #expect(first["hint"] as? String == "remove one of the two")
        let notes = try #require(first["notes"] as? [[String: Any]])
        #expect(notes.count == 1)
        #expect(notes[0]["message"] as? String == "first defined here")
        #expect(notes[0]["line"] as? Int == 3)
        #expect(diagnostics[1]["hint"] is NSNull)
        #expect((diagnostics[1]["notes"] as? [Any])?.isEmpty == true)
        let summary = try #require(object["summary"] as? [String: Int])
        #expect(summary == ["errors": 1, "warnings": 1, "notes": 0, "files": 2])
    }

    @Test("JSON strings escape quotes, backslashes and control characters and round-trip")
    func jsonEscaping() throws {
        let message = "a \"quoted\" \\ back\nslash\t\u{1B}[31m é 日本 \u{0}"
        let report = DiagnosticReport(files: [], general: [
            Diagnostic(severity: .error, code: "x", message: message, span: nil),
        ])
        let text = JSONDiagnosticRenderer().render(report)
        #expect(!text.utf8.contains(0x1B))
        #expect(text.contains("\\u001b"))
        let diagnostics = try #require(try jsonObject(text)["diagnostics"] as? [[String: Any]])
        #expect(diagnostics[0]["message"] as? String == message)
        #expect(diagnostics[0]["file"] is NSNull)
        #expect(diagnostics[0]["line"] is NSNull)
    }

    @Test("JSON of a clean run has an empty list and zero counts")
    func jsonClean() throws {
        let object = try jsonObject(JSONDiagnosticRenderer(indent: 0).render(DiagnosticReport(files: [])))
        #expect((object["diagnostics"] as? [Any])?.isEmpty == true)
    }

    // MARK: GitHub Actions

    @Test("GitHub commands carry the span as properties and the code as title")
    func github() {
        let lines = GitHubActionsDiagnosticRenderer().render(sampleReport()).split(separator: "\n")
        #expect(lines == [
            "::error file=flows/a b.yaml,line=4,col=1,endLine=4,endColumn=6,title=duplicate-key::duplicate key 'title'%0Anote: flows/a b.yaml:3:1: first defined here%0Ahint: remove one of the two",
            "::warning file=flows/a b.yaml,line=9,col=3,endLine=9,endColumn=6,title=unreachable-screen::screen 'old' is never shown",
        ])
    }

    @Test("GitHub escaping: % CR LF everywhere, and : , in properties")
    func githubEscaping() {
        let diagnostic = Diagnostic(
            severity: .note, code: "odd:code,x", message: "100% sure\r\nnext: a, b",
            span: diagnosticSpan("dir/a,b:c.yaml", 2, 3, 2, 7))
        let output = GitHubActionsDiagnosticRenderer().render(DiagnosticReport(files: [], general: [diagnostic]))
        #expect(output == "::notice file=dir/a%2Cb%3Ac.yaml,line=2,col=3,endLine=2,endColumn=7,title=odd%3Acode%2Cx::100%25 sure%0D%0Anext: a, b\n")
    }

    @Test("GitHub commands never carry a raw control character")
    func githubControls() {
        let diagnostic = Diagnostic(severity: .error, code: "x", message: "bad \u{1B}[31m\ttab", span: nil)
        let output = GitHubActionsDiagnosticRenderer().render(DiagnosticReport(files: [], general: [diagnostic]))
        #expect(output == "::error title=x::bad \u{FFFD}[31m\ttab\n")
    }

    // MARK: SARIF

    @Test("SARIF is a 2.1.0 log with rules, results, regions and related locations")
    func sarif() throws {
        let text = SARIFDiagnosticRenderer(toolName: "feedbackflow", toolVersion: "1.2.3").render(sampleReport())
        let log = try jsonObject(text)
        #expect(log["version"] as? String == "2.1.0")
        #expect(log["$schema"] as? String == "https://json.schemastore.org/sarif-2.1.0.json")
        let runs = try #require(log["runs"] as? [[String: Any]])
        #expect(runs.count == 1)
        let run = runs[0]
        #expect(run["columnKind"] as? String == "unicodeCodePoints")
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "feedbackflow")
        #expect(driver["version"] as? String == "1.2.3")
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.compactMap { $0["id"] as? String } == DiagnosticRuleCatalog.all.map(\.code))
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == 2)
        for result in results {
            let index = try #require(result["ruleIndex"] as? Int)
            #expect(rules[index]["id"] as? String == result["ruleId"] as? String)
        }
        #expect(results[0]["level"] as? String == "error")
        #expect(results[1]["level"] as? String == "warning")
        #expect((results[0]["message"] as? [String: Any])?["text"] as? String == "duplicate key 'title'")
        let location = try #require((results[0]["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        #expect((location["artifactLocation"] as? [String: Any])?["uri"] as? String == "flows/a%20b.yaml")
        let region = try #require(location["region"] as? [String: Int])
        #expect(region == ["startLine": 4, "startColumn": 1, "endLine": 4, "endColumn": 6])
        let related = try #require(results[0]["relatedLocations"] as? [[String: Any]])
        #expect(related.count == 1)
        #expect((related[0]["message"] as? [String: Any])?["text"] as? String == "first defined here")
        #expect((results[0]["properties"] as? [String: Any])?["hint"] as? String == "remove one of the two")
        let artifacts = try #require(run["artifacts"] as? [[String: Any]])
        #expect(artifacts.count == 2)
    }

    @Test("SARIF URIs percent-encode reserved bytes and make absolute paths file URIs")
    func sarifURIs() {
        #expect(SARIFDiagnosticRenderer.uri(forPath: "flows/call quality#1.yaml") == "flows/call%20quality%231.yaml")
        #expect(SARIFDiagnosticRenderer.uri(forPath: "/tmp/é.yaml") == "file:///tmp/%C3%A9.yaml")
    }

    @Test("SARIF of a clean run still has a run with an empty result list")
    func sarifClean() throws {
        let log = try jsonObject(SARIFDiagnosticRenderer(toolName: "t", toolVersion: "0").render(DiagnosticReport(files: [])))
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        #expect((run["results"] as? [Any])?.isEmpty == true)
    }

    // MARK: JUnit

    @Test("JUnit has one test case per diagnostic (classname the file), one per clean file, one failure per error, well-formed XML")
    func junit() throws {
        let error2 = Diagnostic.error("missing-key", "missing key 'title'", at: diagnosticSpan("flows/a b.yaml", 2, 1, 2, 1))
        var report = sampleReport()
        report.files[0].diagnostics.append(error2)
        let xml = JUnitDiagnosticRenderer(timestamp: "2026-12-01T10:00:00", hostname: "ci", seconds: 1.5).render(report)
        let summary = try XMLSummary(xml)
        #expect(summary.classNames == ["flows/a b.yaml", "flows/a b.yaml", "flows/a b.yaml", "flows/ok.yaml"])
        #expect(summary.testCases == [
            "4:1 duplicate-key: duplicate key 'title'", "9:3 unreachable-screen (warning): screen 'old' is never shown",
            "2:1 missing-key: missing key 'title'", "valid",
        ])
        #expect(summary.failureTypes == ["duplicate-key", "missing-key"])
        #expect(summary.suiteAttributes["tests"] == "4")
        #expect(summary.suiteAttributes["failures"] == "2")
        #expect(summary.suiteAttributes["timestamp"] == "2026-12-01T10:00:00")
        #expect(summary.suiteAttributes["hostname"] == "ci")
        #expect(summary.suiteAttributes["time"] == "1.500")
        #expect(summary.systemOut.contains("screen 'old' is never shown"))
    }

    @Test("JUnit escapes markup and quotes, keeps newlines, drops characters XML forbids")
    func junitEscaping() throws {
        let message = "bad <value> & \"quotes\" 'here'\nsecond line \u{1B}"
        let report = DiagnosticReport(files: [.init(path: "a&b.yaml", source: nil, diagnostics: [
            .error("x", message, at: diagnosticSpan("a&b.yaml", 1, 1, 1, 2)),
        ])])
        let summary = try XMLSummary(JUnitDiagnosticRenderer().render(report))
        #expect(summary.classNames == ["a&b.yaml"])
        #expect(summary.failureMessages == ["1:1: bad <value> & \"quotes\" 'here'\nsecond line \u{FFFD}"])
    }
}

/// What a JUnit report says, read back with Foundation's XMLParser (which fails on
/// malformed XML).
private final class XMLSummary: NSObject, XMLParserDelegate {
    var testCases: [String] = []
    var classNames: [String] = []
    var failureTypes: [String] = []
    var failureMessages: [String] = []
    var suiteAttributes: [String: String] = [:]
    var systemOut = ""
    private var inSystemOut = false

    init(_ xml: String) throws {
        super.init()
        let parser = XMLParser(data: Data(xml.utf8))
        parser.delegate = self
        guard parser.parse() else {
            throw parser.parserError ?? CocoaError(.coderReadCorrupt)
        }
    }

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
        qualifiedName: String?, attributes: [String: String] = [:]
    ) {
        switch name {
        case "testsuite": suiteAttributes = attributes
        case "testcase":
            testCases.append(attributes["name"] ?? "")
            classNames.append(attributes["classname"] ?? "")
        case "failure":
            failureTypes.append(attributes["type"] ?? "")
            failureMessages.append(attributes["message"] ?? "")
        case "system-out": inSystemOut = true
        default: break
        }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "system-out" { inSystemOut = false }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if inSystemOut { systemOut += string }
    }
}

@Suite("A file's diagnostic without a span still names the file")
struct DiagnosticRenderingSpanlessTests {
    static let report = DiagnosticReport(files: [.init(
        path: "flows/x.yaml", source: nil,
        diagnostics: [Diagnostic(severity: .error, code: "internal", message: "parser failed", span: nil)])])

    @Test("text: 'file: error: …' without line and column")
    func text() {
        #expect(TextDiagnosticRenderer(showsSummary: false).render(Self.report) == "flows/x.yaml: error: parser failed [internal]\n")
    }

    @Test("JSON: the file with null positions")
    func json() throws {
        let text = JSONDiagnosticRenderer().render(Self.report)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let first = try #require((object["diagnostics"] as? [[String: Any]])?.first)
        #expect(first["file"] as? String == "flows/x.yaml")
        #expect(first["line"] is NSNull)
    }

    @Test("GitHub: file= without line; SARIF: an artifact location without a region")
    func githubAndSARIF() throws {
        #expect(GitHubActionsDiagnosticRenderer().render(Self.report) == "::error file=flows/x.yaml,title=internal::parser failed\n")
        let text = SARIFDiagnosticRenderer(toolName: "t", toolVersion: "0").render(Self.report)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let result = try #require(((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])?.first)
        let location = try #require((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        #expect((location["artifactLocation"] as? [String: Any])?["uri"] as? String == "flows/x.yaml")
        #expect(location["region"] == nil)
    }
}
