import FeedbackFlowTestSupport
import FlowWeb
import FlowWorkspace
import Foundation
import Testing
@testable import FeedbackFlowCLI

/// The theme file of `graph --theme`: read like a flow (every problem at its place, in one
/// run), checked against its JSON Schema by an independent validator, and drawn.
@Suite("Themes: each style's look, from a file")
struct ThemeTests {
    static let example = "themes/example.theme.yaml"
    static let schemaFile = BuiltTool.repositoryRoot.appendingPathComponent("schemas/feedbackflow-theme.schema.json")

    @Test("a theme changes what it names and keeps the built-in look for the rest")
    func overStandard() throws {
        let theme = try Theme.read(BuiltTool.repositoryRoot.appendingPathComponent(Self.example).path, workingDirectory: "/")
        #expect(theme.look(of: "error").background == "#FCE8E6")
        #expect(theme.look(of: "error").text == "#3C1414")
        #expect(theme.look(of: "error").animation == .slide)
        #expect(theme.look(of: "error").secondaryText == Theme.standard.look(of: "error").secondaryText)
        #expect(theme.look(of: "feedback").font == "Georgia, serif")
        #expect(theme.look(of: "informative") == Theme.standard.look(of: "informative"))
        #expect(Set(Theme.standard.looks.keys) == Set(["success", "informative", "error", "feedback"]))
    }

    @Test("an icon resolves through the assets folder, SVG before PNG; a missing image or a name with '/' resolves to nothing; an assets path that is no folder is refused")
    func assets() async throws {
        let scratch = try ScratchFolder("theme-assets")
        try FileManager.default.createDirectory(atPath: scratch.path("images"), withIntermediateDirectories: true)
        for name in ["logo.svg", "logo.png", "star.png"] { try Data("x".utf8).write(to: URL(fileURLWithPath: scratch.path("images/" + name))) }
        try "assets: images\nstyles:\n  success: {icon: logo}\n".write(toFile: scratch.path("brand.yaml"), atomically: true, encoding: .utf8)
        let theme = try Theme.read(scratch.path("brand.yaml"), workingDirectory: "/")
        #expect(theme.look(of: "success").icon == "logo")
        #expect(theme.asset(named: "logo") == scratch.path("images") + "/logo.svg")
        #expect(theme.asset(named: "star") == scratch.path("images") + "/star.png")
        #expect(theme.asset(named: "missing") == nil)
        #expect(theme.asset(named: "../images/logo") == nil)
        try "assets: brand.yaml\n".write(toFile: scratch.path("bad.yaml"), atomically: true, encoding: .utf8)
        #expect(throws: UsageError.self) { try Theme.read(scratch.path("bad.yaml"), workingDirectory: "/") }
    }

    @Test("graph --theme draws each screen in its style's colours, and Graphviz draws it without a warning")
    func graphWithTheme() async throws {
        let run = try await BuiltTool.run(["graph", "--theme", Self.example, "flows/network-error.flow.yaml"])
        #expect(run.status == 0, "\(run.standardError)")
        let offline = try #require(run.standardOutput.split(separator: "\n").first { $0.hasPrefix("  s_offline [") })
        #expect(offline.contains("fillcolor=\"#FCE8E6\", color=\"#C5221F\", fontcolor=\"#3C1414\""))
        let drawing = try await GraphTests.drawing(dot: run.standardOutput)
        #expect(drawing.nodes["s_offline"] == ["offline", "No connection", "error"])
        let mermaid = try await BuiltTool.run(["graph", "--format", "mermaid", "--theme", Self.example, "flows/network-error.flow.yaml"])
        #expect(mermaid.standardOutput.contains("  classDef error fill:#FCE8E6,stroke:#C5221F,color:#3C1414\n"))
    }

    @Test("every problem of a theme file is reported in one run, each at its line and column, with 'did you mean'")
    func problems() async throws {
        let path = "Tests/FeedbackFlowCLITests/Fixtures/theme/broken.theme.yaml"
        let run = try await BuiltTool.run(["graph", "--theme", path, "flows/network-error.flow.yaml"])
        #expect(run.status == 2)
        #expect(run.standardOutput.isEmpty)
        let expected = [
            "--theme \(path):1:1: unknown key 'asets'", "hint: did you mean 'assets'?",
            "--theme \(path):3:3: unknown style 'sucess'", "hint: did you mean 'success'?",
            "--theme \(path):6:17: 'red' is not a colour",
            "--theme \(path):7:5: unknown key 'acent'", "hint: did you mean 'accent'?",
            "--theme \(path):8:16: unknown animation 'bounce'",
            "--theme \(path):9:11: expected a colour, found null",
            "--theme \(path):11:11: 'a/b' is not an image name",
        ]
        var position = run.standardError.startIndex
        for line in expected {
            let found = run.standardError[position...].range(of: line)
            #expect(found != nil, "no '\(line)' after the lines before it in:\n\(run.standardError)")
            position = found?.upperBound ?? position
        }
        // A key written twice is reported with the rest, not alone.
        let scratch = try ScratchFolder("theme-twice")
        try "$schema: ../schemas/feedbackflow-theme.schema.json\nstyles: {}\nstyles: {}\nassets: 1\n".write(toFile: scratch.path("t.yaml"), atomically: true, encoding: .utf8)
        let twice = try await BuiltTool.run(["graph", "--theme", scratch.path("t.yaml"), "flows/network-error.flow.yaml"])
        #expect(twice.status == 2)
        #expect(twice.standardError.contains("--theme \(scratch.path("t.yaml")):3:1:"), "\(twice.standardError)")
        #expect(twice.standardError.contains("--theme \(scratch.path("t.yaml")):4:9:"), "\(twice.standardError)")
        #expect(!twice.standardError.contains("$schema"), "\(twice.standardError)")
        let missing = try await BuiltTool.run(["graph", "--theme", "no-such.theme.yaml", "flows/network-error.flow.yaml"])
        #expect(missing.status == 2 && missing.standardError.contains("--theme: no such file 'no-such.theme.yaml'"))
    }

    @Test("the schema names exactly the reader's keys, styles and animations, and an independent validator accepts the example and refuses the broken fixture")
    func schemaAgrees() async throws {
        let schema = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: Self.schemaFile)) as? [String: Any])
        let top = try #require(schema["properties"] as? [String: Any])
        #expect(Set(top.keys) == Set(Theme.keys))
        let defs = try #require(schema["$defs"] as? [String: Any])
        let styles = try #require((defs["styles"] as? [String: Any])?["properties"] as? [String: Any])
        #expect(Set(styles.keys) == Set(Theme.standard.looks.keys))
        #expect(Set(styles.keys) == Set(Theme.standard.darkLooks.keys))
        for key in ["styles", "darkStyles"] { #expect((top[key] as? [String: Any])?["$ref"] as? String == "#/$defs/styles") }
        let look = try #require(((schema["$defs"] as? [String: Any])?["look"] as? [String: Any])?["properties"] as? [String: Any])
        #expect(Set(look.keys) == Set(Theme.lookKeys))
        #expect((look["animation"] as? [String: Any])?["enum"] as? [String] == Theme.Animation.allCases.map(\.rawValue))
        let check = """
            import json, sys, yaml, jsonschema
            schema = json.load(open(sys.argv[1]))
            validator = jsonschema.Draft202012Validator(schema)
            print(len(list(validator.iter_errors(yaml.safe_load(open(sys.argv[2]))))))
            print(len(list(validator.iter_errors(yaml.safe_load(open(sys.argv[3]))))))
            """
        let root = BuiltTool.repositoryRoot
        let run = try await BuiltTool.runProgram("/usr/bin/env", [
            "python3", "-c", check, Self.schemaFile.path, root.appendingPathComponent(Self.example).path,
            root.appendingPathComponent("Tests/FeedbackFlowCLITests/Fixtures/theme/broken.theme.yaml").path,
        ])
        let counts = run.standardOutput.split(separator: "\n")
        #expect(counts.first == "0", "\(run.standardOutput)\(run.standardError)")
        #expect((counts.last.flatMap { Int($0) } ?? 0) >= 5, "\(run.standardOutput)")
    }
}
