import FeedbackFlowTestSupport
import Foundation
import Testing
@testable import FlowReporting

/// The JSON Schema and `validate` agree on every example of docs/rules.md: a file
/// `validate` accepts passes the schema under draft 2020-12 and under draft-07 (what
/// editors apply), and a file `validate` refuses fails it under both, except where the
/// rule is one a JSON Schema cannot state, listed with the reason.
@Suite("The schema and validate agree on the rules' examples")
struct SchemaAgreementTests {
    /// The rules whose "before" file passes the schema, each with why a schema cannot
    /// catch it.
    static let beyondTheSchema: [String: String] = [
        "duplicate-key": "YAML loaders keep one value of a repeated key before a schema sees the document (PyYAML the last)",
        "recursive-alias": "YAML loaders resolve aliases before a schema sees the document",
        "unused-anchor": "YAML loaders resolve anchors before a schema sees the document",
        "foreign-schema": "the modeline is a comment, which no schema sees",
        "unused-suppression": "a suppression is a comment, which no schema sees",
        "unknown-screen": "a step's target must be a key of 'screens': a reference between two places of the document",
        "unreachable-screen": "reachability follows the steps from screen to screen across the document",
        "pop-on-root": "whether a screen is always the root of its stack depends on how every step reaches it",
        "pop-to-not-in-stack": "which screens can be below another depends on how every step reaches it",
        "duplicate-field-id": "uniqueness of ids across all screens is a relation between places of the document",
        "unknown-reference": "a template's name must be a field id found elsewhere in the document",
        "invalid-template": "the template syntax inside a string is parsed by the tool, not matched by a pattern",
        "unknown-step": "a custom step whose name is close to a built-in one is allowed, and only suspect",
        "disallowed-url-scheme": "the schemes a host opens are the host's setting, not the format's",
        "invalid-expression": "expressions are parsed by the tool; a schema sees a string",
        "expression-type-mismatch": "types come from the fields and declarations elsewhere in the document",
        "invalid-regex": "the pattern is a string inside an expression",
        "constant-condition": "needs every value a condition's names can take",
        "uncovered-values": "needs every value of a rating and the conditions of a chain of steps",
        "unreachable-branch": "needs the values each condition of a chain of steps takes",
        "argument-may-fail": "needs the values an expression inside a string takes, from fields declared elsewhere",
        "unknown-event": "the trigger's event must be a key of 'events': a reference between two places",
        "undeclared-handler": "a custom step must be a key of 'handlers': a reference between two places",
        "unused-handler": "whether a declared handler is used depends on every step of the document",
        "too-many-diagnostics": "the number of problems is not a property of the document's shape",
        "dead-end-screen": "whether a screen can be left depends on the steps of all its actions",
        "inescapable-cycle": "a cycle is a relation between the steps of several screens",
        "ineffective-retry": "whether a step can fail depends on what kind of step it is, deep in the action",
        "loading-title-same": "two strings being equal is a relation between two places",
        "unused-field": "whether a field is read depends on every template and expression of the document",
        "duplicate-screen": "two screens being equal is a relation between two places",
    ]

    @Test("every example's after passes the schema under both drafts; every before fails it under both, but for the rules a schema cannot state")
    func examplesAgree() async throws {
        let scratch = try ScratchFolder("schema-agreement")
        let rules = DiagnosticRuleCatalog.all.filter { $0.example != nil }
        for rule in rules {
            guard let example = rule.example else { continue }
            try example.before.write(toFile: scratch.path(rule.code + ".before.yaml"), atomically: true, encoding: .utf8)
            try example.after.write(toFile: scratch.path(rule.code + ".after.yaml"), atomically: true, encoding: .utf8)
        }
        let script = BuiltTool.repositoryRoot.appendingPathComponent("Tests/FeedbackFlowCLITests/check_schema.py").path
        let result = try await BuiltTool.runProgram("/usr/bin/env", ["python3", script, "--verdicts", scratch.url.path])
        #expect(result.status == 0, "\(result.standardError)")
        let verdicts = try #require(try JSONSerialization.jsonObject(with: Data(result.outputBytes)) as? [String: [String: Bool]])
        var passing: [String] = []
        for rule in rules {
            let after = try #require(verdicts[rule.code + ".after.yaml"])
            #expect(after == ["draft2020": true, "draft7": true], "\(rule.code): the fixed file fails the schema: \(after)")
            let before = try #require(verdicts[rule.code + ".before.yaml"])
            #expect(before["draft2020"] == before["draft7"], "\(rule.code): the drafts disagree: \(before)")
            if before["draft2020"] == true { passing.append(rule.code) }
        }
        #expect(Set(passing) == Set(Self.beyondTheSchema.keys))
    }
}
