import FeedbackFlow
import FeedbackFlowTestSupport
import FlowCompile
import Foundation
import Testing

/// `feedbackflow convert` through the built binary; the models compared are compiled here,
/// in process, by the library's own compiler.
@Suite("convert: the same flow in the other syntax")
struct ConvertTests {
    /// Every YAML file of the repository's flows and fixtures that compiles without an
    /// error and silences none: the valid fixtures.
    static func validFlows() throws -> [URL] {
        let root = BuiltTool.repositoryRoot
        var found: [URL] = []
        for folder in ["flows", "Tests"] {
            let walker = FileManager.default.enumerator(at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            while let url = walker?.nextObject() as? URL {
                guard url.pathExtension == "yaml", !url.lastPathComponent.hasPrefix(".") else { continue }
                let compilation = FlowCompiler.compile(contentsOf: url)
                // A file clean only through `# feedbackflow:` suppressions is not: JSON has no comments to hold them.
                let suppresses = (try? String(contentsOf: url, encoding: .utf8))?.contains("# feedbackflow: disable") ?? true
                if !compilation.hasErrors, compilation.flow != nil, !suppresses { found.append(url) }
            }
        }
        return found.sorted { $0.path < $1.path }
    }

    @Test("YAML → JSON → YAML gives a flow == to the first, for every valid fixture")
    func roundTrips() async throws {
        let folder = try BuiltTool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let flows = try Self.validFlows()
        #expect(flows.count > 20)
        for (index, url) in flows.enumerated() {
            let original = try #require(FlowCompiler.compile(contentsOf: url).flow)
            // Named as the original, so a single screen keeps its id (its file's base name).
            let base = url.deletingPathExtension().lastPathComponent
            let json = folder.appendingPathComponent("\(index)/\(base).json")
            let yaml = folder.appendingPathComponent("\(index)/\(base).yaml")
            try FileManager.default.createDirectory(at: json.deletingLastPathComponent(), withIntermediateDirectories: true)
            let toJSON = try await BuiltTool.run(["convert", "--to", "json", url.path, "-o", json.path])
            #expect(toJSON.status == 0, "\(url.path): \(toJSON.standardError)")
            guard toJSON.status == 0 else { continue }
            #expect(try JSONSerialization.jsonObject(with: Data(contentsOf: json)) is [String: Any])
            #expect(FlowCompiler.compile(contentsOf: json).flow == original, "\(url.path) as JSON")
            let back = try await BuiltTool.run(["convert", "--to", "yaml", json.path, "-o", yaml.path])
            #expect(back.status == 0, "\(url.path): \(back.standardError)")
            #expect(FlowCompiler.compile(contentsOf: yaml).flow == original, "\(url.path) back as YAML")
        }
    }

    /// Every JSON file of the repository's flows and fixtures that compiles to a flow
    /// without an error.
    static func jsonFlows() -> [URL] {
        let root = BuiltTool.repositoryRoot
        var found: [URL] = []
        for folder in ["flows", "Tests"] {
            let walker = FileManager.default.enumerator(at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            while let url = walker?.nextObject() as? URL {
                guard url.pathExtension == "json", !url.lastPathComponent.hasPrefix(".") else { continue }
                let compilation = FlowCompiler.compile(contentsOf: url)
                if !compilation.hasErrors, compilation.flow != nil { found.append(url) }
            }
        }
        return found.sorted { $0.path < $1.path }
    }

    /// Converts each of `files` to `syntax` into a folder of its own under `folder`, under
    /// its own base name (a single screen's id), and returns the files written.
    static func converted(_ files: [URL], to syntax: String, in folder: URL, tag: String) async throws -> [URL] {
        var written: [URL] = []
        for (index, url) in files.enumerated() {
            let base = url.deletingPathExtension().lastPathComponent
            let out = folder.appendingPathComponent("\(tag)\(index)/\(base).\(syntax)")
            try FileManager.default.createDirectory(at: out.deletingLastPathComponent(), withIntermediateDirectories: true)
            let result = try await BuiltTool.run(["convert", "--to", syntax, url.path, "-o", out.path])
            #expect(result.status == 0, "\(url.path): \(result.standardError)")
            if result.status == 0 { written.append(out) }
        }
        return written
    }

    @Test("every example flow and every JSON flow fixture, converted to YAML, is in fmt's layout: fmt --check passes on it")
    func convertedYAMLIsInFmtLayout() async throws {
        let folder = try BuiltTool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let examples = try FileManager.default.contentsOfDirectory(
            at: BuiltTool.repositoryRoot.appendingPathComponent("flows"), includingPropertiesForKeys: nil
        ).filter { $0.pathExtension == "yaml" && !$0.lastPathComponent.contains(".flowtest.") }.sorted { $0.path < $1.path }
        #expect(examples.count >= 5)
        // The YAML examples reach YAML through JSON; the JSON flows (a handler declared
        // `description` first among them, Fixtures/convert/) directly.
        let viaJSON = try await Self.converted(examples, to: "json", in: folder, tag: "j")
        let json = Self.jsonFlows()
        #expect(json.contains { $0.lastPathComponent == "handler-description-first.flow.json" })
        let yaml = try await Self.converted(viaJSON + json, to: "yaml", in: folder, tag: "y")
        #expect(yaml.count == examples.count + json.count)
        let check = try await BuiltTool.run(["fmt", "--check"] + yaml.map(\.path))
        #expect(check.status == 0, "\(check.standardOutput)")
    }

    @Test("every example flow, and one whose keys are out of fmt's order, converted to JSON is in fmt's layout: fmt --check passes on it")
    func convertedJSONIsInFmtLayout() async throws {
        let folder = try BuiltTool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let examples = try FileManager.default.contentsOfDirectory(
            at: BuiltTool.repositoryRoot.appendingPathComponent("flows"), includingPropertiesForKeys: nil
        ).filter { $0.pathExtension == "yaml" && !$0.lastPathComponent.contains(".flowtest.") }
        let json = try await Self.converted(examples + [BuiltTool.fixture("convert/keys-out-of-order.flow.yaml")], to: "json", in: folder, tag: "j")
        #expect(json.count == examples.count + 1)
        let check = try await BuiltTool.run(["fmt", "--check"] + json.map(\.path))
        #expect(check.status == 0, "\(check.standardOutput)")
    }

    @Test("comments are left out of JSON with a warning at the first; anchors are written out")
    func commentsAndAnchors() async throws {
        let result = try await BuiltTool.run(["convert", "--to", "json", "flows/call-quality-rating.flow.yaml"])
        #expect(result.status == 0)
        // The file's first line is its schema comment; PyYAML-independent count: lines whose first non-blank is '#'.
        let text = try String(contentsOf: BuiltTool.repositoryRoot.appendingPathComponent("flows/call-quality-rating.flow.yaml"), encoding: .utf8)
        let comments = text.split(separator: "\n").filter { $0.drop { $0 == " " }.hasPrefix("#") }.count
        #expect(result.standardError == "flows/call-quality-rating.flow.yaml:1:1: warning: JSON has no comments: this one and \(comments - 1) more are left out\n")
        let anchors = try await BuiltTool.run(["convert", "--to", "json", BuiltTool.fixture("lsp/anchors.flow.yaml").path])
        #expect(anchors.status == 0, "\(anchors.standardError)")
        #expect(!anchors.standardOutput.contains("*") && !anchors.standardOutput.contains("&first"))
    }

    @Test("strings that read as numbers, booleans or null stay strings, quoted, both ways")
    func lookalikeStrings() async throws {
        let folder = try BuiltTool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = folder.appendingPathComponent("look.flow.json")
        try Data("""
            {"version": 1, "id": "look", "start": "a", "screens": {"a": {"style": "success", "title": "404",
             "subtitle": "null", "primaryAction": {"button": {"title": "true", "action": "dismiss"}},
             "secondaryAction": {"link": {"title": "- #: x", "action": {"openURL": "https://example.com/#x"}}}}}}
            """.utf8).write(to: json)
        let yaml = try await BuiltTool.run(["convert", "--to", "yaml", json.path])
        #expect(yaml.status == 0, "\(yaml.standardError)")
        #expect(yaml.standardOutput.contains("title: \"404\"") && yaml.standardOutput.contains("subtitle: \"null\""))
        let original = try #require(FlowCompiler.compile(contentsOf: json).flow)
        #expect(FlowCompiler.compile(text: yaml.standardOutput, format: .yaml, name: "look.flow.yaml").flow == original)
    }

    @Test("text fields stay text in JSON, as the schema says, whatever YAML reads the plain text as")
    func textStaysText() async throws {
        let folder = try BuiltTool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let yaml = folder.appendingPathComponent("texts.flow.yaml")
        try Data("""
            version: 1
            start: a
            screens:
              a:
                style: success
                title: 007
                subtitle: true
                primaryAction: {button: {title: 1e3, action: [{track: {count: 007}}, dismiss]}}

            """.utf8).write(to: yaml)
        let json = folder.appendingPathComponent("texts.flow.json")
        let result = try await BuiltTool.run(["convert", "--to", "json", yaml.path, "-o", json.path])
        #expect(result.status == 0, "\(result.standardError)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any])
        let screen = try #require((object["screens"] as? [String: Any])?["a"] as? [String: Any])
        #expect(screen["title"] as? String == "007" && screen["subtitle"] as? String == "true")
        // A handler's argument is the host's value: the number 7.
        #expect(try String(contentsOf: json, encoding: .utf8).contains("\"count\": 7"))
        // The repository's schema accepts it (jsonschema, draft 2020-12).
        let schema = BuiltTool.repositoryRoot.appendingPathComponent("schemas/feedbackflow.schema.json").path
        let script = "import json,sys,jsonschema; jsonschema.Draft202012Validator(json.load(open(sys.argv[1]))).validate(json.load(open(sys.argv[2])))"
        #expect(try await BuiltTool.runProgram("/usr/bin/env", ["python3", "-c", script, schema, json.path]).status == 0)
    }

    @Test("what the other syntax cannot read back is refused: status 1, nothing written")
    func refusesWhatWouldChange() async throws {
        let folder = try BuiltTool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // YAML 1.2 §7.4: an implicit key is at most 1024 characters; JSON's keys have no such bound.
        let key = String(repeating: "k", count: 1100)
        let json = folder.appendingPathComponent("long.flow.json")
        try Data("""
            {"version": 1, "id": "long", "start": "a", "screens": {"a": {"style": "success", "title": "A",
             "primaryAction": {"button": {"title": "Done", "action": [{"collectUserFeedback": {"rating": 5, "custom": {"\(key)": 1}}}, "dismiss"]}}}}}
            """.utf8).write(to: json)
        let out = folder.appendingPathComponent("long.flow.yaml")
        let result = try await BuiltTool.run(["convert", "--to", "yaml", json.path, "-o", out.path])
        #expect(result.status == 1)
        #expect(result.standardError.contains("would not read the same"))
        #expect(!FileManager.default.fileExists(atPath: out.path))
        // The same syntax again is a usage error.
        #expect(try await BuiltTool.run(["convert", "--to", "json", json.path]).status == 2)
    }
}

@Suite("flow values compare numbers as JSON writes them")
struct FlowValueNumberEqualityTests {
    @Test("YAML's number forms equal the JSON number they are written as; different values differ")
    func numbersCompareByTheirJSONText() {
        // YAML 1.2 core schema forms and RFC 8259's: the same numbers.
        #expect(FlowValue.number("+1") == .number("1"))
        #expect(FlowValue.number(".5") == .number("0.5"))
        #expect(FlowValue.number("0x1F") == .number("31"))
        #expect(FlowValue.number("007") == .number("7"))
        #expect(Set([FlowValue.number("+1"), .number("1")]).count == 1)
        #expect(FlowValue.number("0x1F").hashValue == FlowValue.number("31").hashValue)
        // Digits are kept: 12.50 is written 12.50, not 12.5.
        #expect(FlowValue.number("12.50") != .number("12.5"))
        #expect(FlowValue.number("1") != .string("1"))
    }
}
