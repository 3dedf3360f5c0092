import FeedbackFlowTestSupport
import Foundation
import Testing
@testable import FlowReporting
@testable import FeedbackFlowCLI

/// What CI consumers read, through the built binary: SARIF for code scanning, JUnit for
/// CI servers, several formats in one run, GitHub's annotation limit and job summary,
/// `--strict` and `--color`.
@Suite("validate output for CI, end to end")
struct CIOutputEndToEndTests {
    static let fixtures = "Tests/FeedbackFlowCLITests/Fixtures/ci"
    static let five = "Tests/FeedbackFlowCLITests/Fixtures/bad/five-problems.yaml"
    static let missingTitle = fixtures + "/missing-title.yaml"
    static let oneWarning = fixtures + "/one-warning.yaml"
    static let manyErrors = fixtures + "/many-errors.yaml"
    static let manyWarnings = fixtures + "/many-warnings.yaml"

    private static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// GitHub code scanning's documented use of SARIF ("SARIF support for code
    /// scanning"), checked one by one:
    /// 1. `version` 2.1.0 and one run whose `tool.driver` has `name` and a version;
    /// 2. `rules` lists every rule the tool has, not only those that fired, each with
    ///    `id`, `shortDescription.text`, `fullDescription.text`, `help.text` and
    ///    `help.markdown`, an absolute `helpUri` and `defaultConfiguration.level`;
    /// 3. each result has `ruleId` and a `ruleIndex` pointing at that rule, `level`,
    ///    `message.text` and one location;
    /// 4. each result has `partialFingerprints`, the same from one run to the next;
    /// 5. each location's `artifactLocation.uri` is relative to the repository (no
    ///    `./`, no `..`) with a `uriBaseId` that `originalUriBaseIds` defines as an
    ///    absolute `file://` URI ending in `/`;
    /// 6. each region has `startLine`, and is not empty (end after start);
    /// 7. `invocations` says the run's exit code and working directory.
    @Test("SARIF meets code scanning's requirements, point by point")
    func sarifForCodeScanning() async throws {
        let scratch = try ScratchFolder("sarif")
        let paths = ["./" + Self.five, "Tests/../" + Self.missingTitle]
        let first = try await BuiltTool.run(["validate", "--format", "sarif=" + scratch.path("a.sarif")] + paths)
        let second = try await BuiltTool.run(["validate", "--format", "sarif=" + scratch.path("b.sarif")] + paths)
        #expect(first.status == 1 && second.status == 1)
        #expect(first.standardOutput.isEmpty)
        let log = try Self.json(try scratch.read("a.sarif"))
        // 1
        #expect(log["version"] as? String == "2.1.0")
        let runs = try #require(log["runs"] as? [[String: Any]])
        #expect(runs.count == 1)
        let driver = try #require((runs[0]["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "feedbackflow")
        #expect(driver["version"] as? String == FeedbackFlowTool.version)
        // 2
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.map { $0["id"] as? String } == DiagnosticRuleCatalog.all.map(\.code))
        for rule in rules {
            let id = try #require(rule["id"] as? String)
            #expect(((rule["shortDescription"] as? [String: Any])?["text"] as? String)?.isEmpty == false, "\(id)")
            #expect(((rule["fullDescription"] as? [String: Any])?["text"] as? String)?.isEmpty == false, "\(id)")
            let help = try #require(rule["help"] as? [String: Any], "\(id)")
            #expect((help["text"] as? String)?.hasPrefix(id + " (") == true)
            #expect((help["markdown"] as? String)?.hasPrefix("## " + id + "\n") == true)
            #expect(rule["helpUri"] as? String == FeedbackFlowTool.rulesDocumentation + "#" + id)
            #expect(((rule["helpUri"] as? String) ?? "").hasPrefix("https://"))
            let level = (rule["defaultConfiguration"] as? [String: Any])?["level"] as? String
            #expect(["error", "warning", "note"].contains(level ?? ""), "\(id)")
        }
        // 3
        let results = try #require(runs[0]["results"] as? [[String: Any]])
        #expect(results.count == 6)
        for result in results {
            let index = try #require(result["ruleIndex"] as? Int)
            #expect(rules[index]["id"] as? String == result["ruleId"] as? String)
            #expect(result["level"] as? String == "error")
            #expect(((result["message"] as? [String: Any])?["text"] as? String)?.isEmpty == false)
            #expect((result["locations"] as? [Any])?.count == 1)
        }
        // 4
        let fingerprints = results.map { ($0["partialFingerprints"] as? [String: String])?[SARIFDiagnosticRenderer.fingerprintKey] }
        #expect(fingerprints.allSatisfy { $0?.count == 16 })
        #expect(Set(fingerprints).count == results.count)
        let again = try #require((try Self.json(try scratch.read("b.sarif"))["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        #expect(again.map { ($0["partialFingerprints"] as? [String: String])?[SARIFDiagnosticRenderer.fingerprintKey] } == fingerprints)
        // 5
        let bases = try #require(runs[0]["originalUriBaseIds"] as? [String: [String: String]])
        let root = try #require(bases[SARIFLocationBase.uriBaseID]?["uri"])
        #expect(root == SARIFDiagnosticRenderer.directoryURI(BuiltTool.repositoryRoot.standardizedFileURL.path))
        #expect(root.hasPrefix("file:///") && root.hasSuffix("/"))
        var uris: Set<String> = []
        for result in results {
            let physical = try #require((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
            let artifact = try #require(physical["artifactLocation"] as? [String: String])
            #expect(artifact["uriBaseId"] == SARIFLocationBase.uriBaseID)
            let uri = try #require(artifact["uri"])
            #expect(!uri.hasPrefix("./") && !uri.contains("..") && !uri.hasPrefix("/"))
            uris.insert(uri)
            // 6
            let region = try #require(physical["region"] as? [String: Int])
            let (startLine, startColumn) = (region["startLine"] ?? 0, region["startColumn"] ?? 0)
            let (endLine, endColumn) = (region["endLine"] ?? 0, region["endColumn"] ?? 0)
            #expect(startLine >= 1 && (endLine > startLine || (endLine == startLine && endColumn > startColumn)), "\(region)")
        }
        #expect(uris == [Self.five, Self.missingTitle])
        // 7
        let invocation = try #require((runs[0]["invocations"] as? [[String: Any]])?.first)
        #expect(invocation["exitCode"] as? Int == 1)
        #expect(invocation["executionSuccessful"] as? Bool == true)
        #expect(((invocation["workingDirectory"] as? [String: String])?["uri"])?.hasPrefix("file:///") == true)
    }

    @Test("SARIF passes a JSON Schema of SARIF 2.1.0's objects written from the standard (jsonschema), which refuses a wrong level")
    func sarifAgainstStandardSchema() async throws {
        let scratch = try ScratchFolder("sarif-schema")
        let log = scratch.path("all.sarif")
        let result = try await BuiltTool.run([
            "validate", "--format", "sarif=" + log, "Tests/FeedbackFlowCLITests/Fixtures/invalid", Self.fixtures, "flows",
        ])
        #expect(result.status == 1)
        let root = BuiltTool.repositoryRoot
        let script = root.appendingPathComponent("Tests/FeedbackFlowCLITests/check_json.py").path
        let schema = root.appendingPathComponent("Tests/FeedbackFlowCLITests/Fixtures/sarif/sarif-2.1.0-subset.schema.json").path
        let check = try await BuiltTool.runProgram("/usr/bin/env", ["python3", script, schema, log])
        #expect(check.status == 0, "\(check.standardOutput)\(check.standardError)")
        let broken = try scratch.read("all.sarif").replacingOccurrences(of: "\"level\" : \"error\"", with: "\"level\" : \"fatal\"")
            .replacingOccurrences(of: "\"level\": \"error\"", with: "\"level\": \"fatal\"")
        try broken.write(toFile: scratch.path("broken.sarif"), atomically: true, encoding: .utf8)
        let refused = try await BuiltTool.runProgram("/usr/bin/env", ["python3", script, schema, scratch.path("broken.sarif")])
        #expect(refused.status == 1)
    }

    @Test("--base-dir makes SARIF paths relative to it; a path outside it is an absolute file URI")
    func sarifBaseDirectory() async throws {
        let result = try await BuiltTool.run(["validate", "--format", "sarif", "--base-dir", "Tests", Self.missingTitle])
        let run = try #require((try Self.json(result.standardOutput)["runs"] as? [[String: Any]])?.first)
        let location = try #require(((run["results"] as? [[String: Any]])?.first?["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        #expect((location["artifactLocation"] as? [String: String])?["uri"] == "FeedbackFlowCLITests/Fixtures/ci/missing-title.yaml")
        let outside = try await BuiltTool.run(["validate", "--format", "sarif", "--base-dir", "flows", Self.missingTitle])
        let outsideRun = try #require((try Self.json(outside.standardOutput)["runs"] as? [[String: Any]])?.first)
        let artifact = try #require(((outsideRun["artifacts"] as? [[String: Any]])?.first?["location"]) as? [String: String])
        #expect(artifact["uri"]?.hasPrefix("file:///") == true)
        #expect(artifact["uriBaseId"] == nil)
    }

    @Test("JUnit passes the Ant JUnit schema and Jenkins' junit-10 schema (xmllint), with one test case per diagnostic")
    func junitAgainstAntSchema() async throws {
        let scratch = try ScratchFolder("junit")
        let report = scratch.path("report.xml")
        let result = try await BuiltTool.run(["validate", "--format", "junit=" + report, Self.five, Self.oneWarning, "flows/simple-success.flow.yaml"])
        #expect(result.status == 1)
        let schema = BuiltTool.repositoryRoot.appendingPathComponent(Self.fixtures.replacingOccurrences(of: "/ci", with: "/junit") + "/ant-junit.xsd").path
        let check = try await BuiltTool.runProgram("/usr/bin/xmllint", ["--noout", "--schema", schema, report])
        #expect(check.status == 0, "\(check.standardError)")
        let jenkins = schema.replacingOccurrences(of: "ant-junit.xsd", with: "jenkins-junit-10.xsd")
        let jenkinsCheck = try await BuiltTool.runProgram("/usr/bin/xmllint", ["--noout", "--schema", jenkins, report])
        #expect(jenkinsCheck.status == 0, "\(jenkinsCheck.standardError)")
        let xml = try scratch.read("report.xml")
        // Five errors, one warning, one clean file.
        #expect(xml.components(separatedBy: "<testcase ").count - 1 == 7)
        #expect(xml.components(separatedBy: "<failure ").count - 1 == 5)
        #expect(xml.contains("tests=\"7\" failures=\"5\" errors=\"0\""))
        // And the schema refuses what the old shape had: two failures in one test case.
        let twoFailures = xml.replacingOccurrences(
            of: "</failure>\n    </testcase>\n    <testcase classname=\"\(Self.five)\" name=\"", with: "</failure>\n<failure type=\"x\"/>\n    </testcase>\n    <testcase classname=\"\(Self.five)\" name=\"",
            options: [], range: nil)
        try twoFailures.write(toFile: scratch.path("bad.xml"), atomically: true, encoding: .utf8)
        let refused = try await BuiltTool.runProgram("/usr/bin/xmllint", ["--noout", "--schema", schema, scratch.path("bad.xml")])
        #expect(refused.status != 0)
        // Ant's schema refuses counts on the root, which Jenkins' would take.
        try xml.replacingOccurrences(of: "<testsuites>", with: "<testsuites tests=\"7\">")
            .write(toFile: scratch.path("counted.xml"), atomically: true, encoding: .utf8)
        let counted = try await BuiltTool.runProgram("/usr/bin/xmllint", ["--noout", "--schema", schema, scratch.path("counted.xml")])
        #expect(counted.status != 0)
        #expect(try await BuiltTool.runProgram("/usr/bin/xmllint", ["--noout", "--schema", jenkins, scratch.path("counted.xml")]).status == 0)
    }

    @Test("when every report goes to a file, one line on standard error says what they hold and where")
    func reportsOnlyInFiles() async throws {
        let scratch = try ScratchFolder("files-only")
        let sarif = scratch.path("out.sarif")
        let result = try await BuiltTool.run(["validate", "--format", "sarif=" + sarif, Self.five])
        #expect(result.status == 1)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError == "feedbackflow validate: 5 errors in 1 file; written to '\(sarif)'\n")
        let both = try await BuiltTool.run(["validate", "--format", "text", "--format", "sarif=" + sarif, Self.five])
        #expect(both.standardError.isEmpty, "a report on standard output says it all")
    }

    @Test("several formats in one run report the same findings: text on standard output, the others in their files")
    func severalFormats() async throws {
        let scratch = try ScratchFolder("formats")
        let files = ["json": "r.json", "sarif": "r.sarif", "junit": "r.xml", "checkstyle": "c.xml", "github": "g.txt"]
        let formats = files.sorted { $0.key < $1.key }.flatMap { ["--format", "\($0.key)=" + scratch.path($0.value)] }
        let result = try await BuiltTool.run(["validate", "--format", "text"] + formats + [Self.five, Self.oneWarning])
        #expect(result.status == 1)
        #expect(result.standardOutput.hasSuffix("5 errors, 1 warning in 2 files\n"))
        // The (line, column, code) of every finding, as each format writes them.
        let text = Set(result.standardOutput.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("Tests/"), line.contains(": error: ") || line.contains(": warning: "), line.hasSuffix("]"),
                let code = line.split(separator: "[").last?.dropLast()
            else { return nil }
            let parts = line.split(separator: ":")
            return "\(parts[1]):\(parts[2]) \(code)"
        })
        #expect(text.count == 6)
        let json = try Self.json(try scratch.read("r.json"))
        let fromJSON = Set((json["diagnostics"] as? [[String: Any]] ?? []).map { "\($0["line"] ?? ""):\($0["column"] ?? "") \($0["code"] ?? "")" })
        #expect(fromJSON == text)
        let sarif = try Self.json(try scratch.read("r.sarif"))
        let results = ((sarif["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]) ?? []
        let fromSARIF = Set(results.map { result -> String in
            let region = (((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["region"] as? [String: Int]) ?? [:]
            return "\(region["startLine"] ?? 0):\(region["startColumn"] ?? 0) \(result["ruleId"] ?? "")"
        })
        #expect(fromSARIF == text)
        let checkstyle = try scratch.read("c.xml")
        let fromCheckstyle = Set(checkstyle.split(separator: "\n").compactMap { line -> String? in
            guard let line = line.range(of: "<error line=\"").map({ line[$0.upperBound...] }) else { return nil }
            let parts = line.split(separator: "\"")
            return "\(parts[0]):\(parts[2]) \(parts.first { $0.hasPrefix("feedbackflow.") }?.dropFirst(13) ?? "")"
        })
        #expect(fromCheckstyle == text)
        let junit = try scratch.read("r.xml")
        let fromJUnit = Set(junit.split(separator: "\n").compactMap { line -> String? in
            guard let start = line.range(of: " name=\"") else { return nil }
            let name = line[start.upperBound...].prefix { $0 != "\"" }
            let words = name.split(separator: " ")
            guard name.first?.isNumber == true, words.count > 1 else { return nil }
            return String(words[0]) + " " + String(words[1].prefix { $0 != ":" })
        })
        #expect(fromJUnit == text)
        let github = try scratch.read("g.txt")
        let fromGitHub = Set(github.split(separator: "\n").map { line -> String in
            func value(_ key: String) -> Substring { line.range(of: key + "=").map { line[$0.upperBound...].prefix { $0 != "," && $0 != ":" } } ?? "" }
            return "\(value("line")):\(value("col")) \(value("title"))"
        })
        #expect(fromGitHub == text)
    }

    @Test("a --format file that cannot be written is a usage error before any work; two reports to standard output are refused")
    func formatDestinations() async throws {
        let missing = try await BuiltTool.run(["validate", "--format", "sarif=/nonexistent-folder/x.sarif", Self.five])
        #expect(missing.status == 2)
        #expect(missing.standardError.contains("cannot write to '/nonexistent-folder/x.sarif' (--format)"))
        let two = try await BuiltTool.run(["validate", "--format", "json", "--format", "sarif", Self.five])
        #expect(two.status == 2)
        #expect(two.standardError.contains("more than one --format writes to standard output"))
        let empty = try await BuiltTool.run(["validate", "--format", "sarif=", Self.five])
        #expect(empty.status == 2)
    }

    @Test("GITHUB_ACTIONS=true picks github: errors first, 10 annotations per severity, a notice counting the rest, a table in the job summary")
    func githubActions() async throws {
        let scratch = try ScratchFolder("github")
        try "# earlier step\n".write(toFile: scratch.path("summary.md"), atomically: true, encoding: .utf8)
        let result = try await BuiltTool.run(
            ["validate", Self.manyWarnings, Self.manyErrors],
            environment: ["GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": scratch.path("summary.md")])
        #expect(result.status == 1)
        let lines: [String] = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.count == 24)
        let errorPrefix = "::error file=" + Self.manyErrors + ","
        let warningPrefix = "::warning file=" + Self.manyWarnings + ","
        #expect(lines.prefix(10).allSatisfy { (line: String) in line.hasPrefix(errorPrefix) })
        #expect(lines.dropFirst(10).prefix(10).allSatisfy { (line: String) in line.hasPrefix(warningPrefix) })
        #expect(lines[20].hasPrefix("::notice title=more diagnostics::2 errors, 1 warning not shown as annotations"))
        #expect(lines[21] == "\(Self.manyErrors):15:1: error: unknown key 'extra11' [unknown-key]")
        #expect(lines[22] == "\(Self.manyErrors):16:1: error: unknown key 'extra12' [unknown-key]")
        #expect(lines[23].hasPrefix("\(Self.manyWarnings):49:3: warning: screen 'orphan11' is unreachable"))
        let summary = try scratch.read("summary.md")
        #expect(summary.hasPrefix("# earlier step\n### feedbackflow validate\n\n12 errors, 11 warnings in 2 files\n"))
        let rows = summary.split(separator: "\n").filter { $0.hasPrefix("| error |") || $0.hasPrefix("| warning |") }
        #expect(rows.count == 23)
        #expect(rows.first?.hasPrefix("| error | `\(Self.manyErrors):5:1` | `unknown-key` |") == true)
        #expect(rows.last?.hasPrefix("| warning |") == true)
        // Outside GitHub Actions, text.
        let plain = try await BuiltTool.run(["validate", Self.manyErrors])
        #expect(plain.standardOutput.hasSuffix("12 errors in 1 file\n"))
    }

    @Test("--strict makes a warning fail; without it warnings exit 0")
    func strict() async throws {
        #expect(try await BuiltTool.run(["validate", Self.oneWarning]).status == 0)
        let strict = try await BuiltTool.run(["validate", "--strict", Self.oneWarning])
        #expect(strict.status == 1)
        #expect(strict.standardOutput.hasSuffix("1 warning in 1 file\n"))
        #expect(try await BuiltTool.run(["validate", "--strict", "flows/simple-success.flow.yaml"]).status == 0)
    }

    @Test("--color always colours a pipe and wins over NO_COLOR; FORCE_COLOR and CLICOLOR_FORCE colour auto, an empty or 0 FORCE_COLOR does not")
    func color() async throws {
        let escape = "\u{1B}["
        func colored(_ arguments: [String], _ environment: [String: String] = [:]) async throws -> Bool {
            try await BuiltTool.run(["validate"] + arguments + [Self.five], environment: environment).standardOutput.contains(escape)
        }
        #expect(try await colored([]) == false)
        #expect(try await colored(["--color", "always"]) == true)
        #expect(try await colored(["--color=always"], ["NO_COLOR": "1"]) == true)
        #expect(try await colored([], ["FORCE_COLOR": ""]) == false)
        #expect(try await colored([], ["FORCE_COLOR": "1", "TERM": "dumb"]) == true)
        #expect(try await colored([], ["FORCE_COLOR": "1", "NO_COLOR": "1"]) == false)
        #expect(try await colored([], ["FORCE_COLOR": "1"]) == true)
        #expect(try await colored([], ["CLICOLOR_FORCE": "1"]) == true)
        #expect(try await colored([], ["FORCE_COLOR": "0"]) == false)
        #expect(try await colored(["--color", "never"], ["FORCE_COLOR": "1"]) == false)
        #expect(try await colored(["--format", "json", "--color", "always"]) == false)
    }

    @Test("--stdin-filename reports standard input under that name, and its extension picks the syntax")
    func standardInputName() async throws {
        let json = "{\"version\": 1, \"style\": \"success\", \"title\": \"Hi\", \"primaryAction\": {\"button\": {\"title\": \"Close\", \"action\": \"pop\"}}}"
        let result = try await BuiltTool.run(["validate", "--stdin-filename", "flows/thanks.json", "-"], input: json)
        #expect(result.status == 0)
        #expect(result.standardOutput.hasPrefix("flows/thanks.json:1:"))
        #expect(result.standardOutput.contains("'pop' on screen 'thanks'"))
        let without = try await BuiltTool.run(["validate", "--stdin-filename", "a.yaml", Self.five])
        #expect(without.status == 2)
    }
}
