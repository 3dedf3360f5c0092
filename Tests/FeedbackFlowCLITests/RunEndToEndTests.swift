import FeedbackFlowTestSupport
import Foundation
import Testing

/// `feedbackflow run` through the built binary, fed a script of answers on standard
/// input. Commands follow LineModeRunner's grammar: `set ID VALUE`, `rate N`, an action
/// number to tap it, `quit`.
@Suite("run, end to end through the built binary")
struct RunEndToEndTests {
    static let callQualityScript = """
        set email ada@example.com
        set comment The call was great
        rate 4
        1
        1

        """

    @Test("a scripted session fills the form, submits, reaches thanks and ends; one feedback object is written")
    func callQuality() async throws {
        let folder = try BuiltTool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let feedback = folder.appendingPathComponent("feedback.jsonl")
        let result = try await BuiltTool.run(
            ["run", "flows/call-quality-rating.flow.yaml", "--feedback-out", feedback.path], input: Self.callQualityScript)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("How is your call going?"))
        #expect(result.standardOutput.contains("Thank you!"))
        #expect(result.standardOutput.hasSuffix("Flow ended: dismissed\n"))

        let text = try String(contentsOf: feedback, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 2 && lines[1].isEmpty, "exactly one line ending in a newline: \(text)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(object["rating"] as? Int == 4)
        // The reason: the email, a line break, the comment.
        #expect(object["reason"] as? String == "ada@example.com\nThe call was great")
        #expect(object["flowID"] as? String == "call-quality-rating")
    }

    @Test("run warns once, before the first screen, about the custom steps that have no handler")
    func warnsAboutCustomSteps() async throws {
        let folder = try BuiltTool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try await BuiltTool.run(
            ["run", "--feedback-out", folder.appendingPathComponent("f.jsonl").path,
             "Tests/FeedbackFlowCLITests/Fixtures/run/custom-steps.yaml"],
            input: "quit\n")
        let warnings = result.standardError.split(separator: "\n").filter { $0.contains("warning: no handler") }
        #expect(warnings.count == 1, "\(result.standardError)")
        #expect(warnings.first?.contains("'reload', 'sync'") == true)
        #expect(!result.standardError.contains("'dismiss'"))
        let clean = try await BuiltTool.run(
            ["run", "--feedback-out", folder.appendingPathComponent("f.jsonl").path, "flows/simple-success.flow.yaml"],
            input: "quit\n")
        #expect(!clean.standardError.contains("no handler"))
    }

    @Test("set on a field of a screen below the top one names that screen")
    func fieldBelow() async throws {
        let folder = try BuiltTool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try await BuiltTool.run(
            ["run", "--feedback-out", folder.appendingPathComponent("f.jsonl").path,
             "Tests/FeedbackFlowCLITests/Fixtures/run/field-below.yaml"],
            input: "1\nset email x\n")
        #expect(result.standardOutput.contains("field 'email' is on screen 'form', not on this screen"))
    }

    @Test("--transcript writes one JSON object per line, from the first screen to the end")
    func transcript() async throws {
        let folder = try BuiltTool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let transcript = folder.appendingPathComponent("transcript.jsonl")
        // An old transcript is replaced, not appended to.
        try Data("old line\n".utf8).write(to: transcript)
        let result = try await BuiltTool.run(
            [
                "run", "--transcript", transcript.path, "--feedback-out", folder.appendingPathComponent("f.jsonl").path,
                "flows/call-quality-rating.flow.yaml",
            ],
            input: Self.callQualityScript)
        #expect(result.status == 0)
        let text = try String(contentsOf: transcript, encoding: .utf8)
        #expect(text.hasSuffix("\n"))
        let lines = text.split(separator: "\n")
        #expect(lines.count >= 6)
        var types: [String] = []
        for line in lines {
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not a JSON object: \(line)")
            types.append(try #require(object["type"] as? String))
        }
        #expect(types.first == "stackChanged" || types.first == "screenShown")
        #expect(types.contains("actionTapped"))
        #expect(types.contains("stepRun"))
        #expect(types.contains("handlerResult"))
        #expect(types.last == "flowEnded")
    }

    @Test("the Contact Us link prints Opening <url> and works with an empty form")
    func contactLink() async throws {
        let folder = try BuiltTool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let feedback = folder.appendingPathComponent("feedback.jsonl")
        let result = try await BuiltTool.run(
            ["run", "flows/call-quality-rating.flow.yaml", "--feedback-out", feedback.path], input: "2\nquit\n")
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("Opening https://getstream.io/video/#contact\n"))
        #expect(result.standardOutput.hasSuffix("Flow ended: quit\n"))
        #expect(!FileManager.default.fileExists(atPath: feedback.path))
    }

    @Test("openURL refuses schemes other than http, https, mailto and tel")
    func urlSchemes() async throws {
        let result = try await BuiltTool.run(
            ["run", "Tests/FeedbackFlowCLITests/Fixtures/run/url-schemes.yaml"], input: "1\n2\n")
        #expect(result.status == 0)
        #expect(!result.standardOutput.contains("Opening file:"))
        #expect(result.standardOutput.contains("scheme 'file'"))
        #expect(result.standardOutput.contains("Opening mailto:support@example.com\n"))
    }

    @Test("the retry button of the network-error flow reaches the success screen")
    func retry() async throws {
        let result = try await BuiltTool.run(["run", "flows/network-error.flow.yaml"], input: "1\n1\n")
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("You're back online"))
        #expect(result.standardOutput.hasSuffix("Flow ended: dismissed\n"))
    }

    @Test("run exits 0 whatever outcome name the flow's finish step gives, 'failed' included")
    func finishOutcomeNameIsClean() async throws {
        let result = try await BuiltTool.run(
            ["run", "Tests/FeedbackFlowCLITests/Fixtures/run/finish-failed.yaml"], input: "1\n")
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.isEmpty)
        #expect(result.standardOutput.hasSuffix("Flow ended: failed\n"))
    }

    @Test("end of input before the flow ends is a clean end")
    func inputEnds() async throws {
        let result = try await BuiltTool.run(["run", "flows/style-gallery.flow.yaml"], input: "1\n")
        #expect(result.status == 0)
        #expect(result.standardOutput.hasSuffix("Flow ended: inputEnded\n"))
    }

    @Test("a flow with errors is not run: diagnostics on standard error, nothing drawn, exit 1")
    func refusesBrokenFlow() async throws {
        let result = try await BuiltTool.run(["run", "Tests/FeedbackFlowCLITests/Fixtures/bad/five-problems.yaml"], input: "1\n")
        #expect(result.status == 1)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.contains("five-problems.yaml:8:5: error: unknown key 'subtitel'"))
        #expect(result.standardError.contains("5 errors in 1 file"))
    }

    @Test("--context provides template variables; without it the template is an error")
    func context() async throws {
        let file = "Tests/FeedbackFlowCLITests/Fixtures/run/greeting.yaml"
        let with = try await BuiltTool.run(["run", "--context", "user=Ada Lovelace", file], input: "1\n")
        #expect(with.status == 0, "\(with.standardError)")
        #expect(with.standardOutput.contains("Hello Ada Lovelace"))
        let without = try await BuiltTool.run(["run", file], input: "1\n")
        #expect(without.status == 1)
        // `Hello ${user}`: the template starts at column 14 of line 3.
        #expect(without.standardError.contains("\(file):3:14: error:"))
        #expect(without.standardError.contains("[unknown-reference]"))
        #expect(without.standardError.contains("declare it as one (with 'run --context NAME=VALUE')\n"))
    }

    @Test("an unwritable --feedback-out or --transcript is a usage error before anything runs")
    func unwritableFiles() async throws {
        let feedback = try await BuiltTool.run(
            ["run", "--feedback-out", "/nonexistent-folder/f.jsonl", "flows/simple-success.flow.yaml"], input: "1\n")
        #expect(feedback.status == 2)
        #expect(feedback.standardOutput.isEmpty)
        let transcript = try await BuiltTool.run(
            ["run", "--transcript", "/nonexistent-folder/t.jsonl", "flows/simple-success.flow.yaml"], input: "1\n")
        #expect(transcript.status == 2)
    }

    @Test("--transcript or --feedback-out naming the flow file itself, by any spelling or link, is a usage error and the flow is left intact")
    func outputIsTheFlowFile() async throws {
        let folder = try BuiltTool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let flow = folder.appendingPathComponent("flow.yaml")
        let original = try Data(contentsOf: BuiltTool.repositoryRoot.appendingPathComponent("flows/simple-success.flow.yaml"))
        try original.write(to: flow)
        let link = folder.appendingPathComponent("link.jsonl")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: flow.path)
        let respelled = folder.path + "/./flow.yaml"
        let other = folder.appendingPathComponent("other.jsonl").path
        for (option, target) in [
            ("--transcript", flow.path), ("--transcript", link.path), ("--transcript", respelled),
            ("--feedback-out", flow.path), ("--feedback-out", link.path), ("--feedback-out", respelled),
        ] {
            let otherOption = option == "--transcript" ? "--feedback-out" : "--transcript"
            let result = try await BuiltTool.run(["run", option, target, otherOption, other, flow.path], input: "1\n")
            #expect(result.status == 2, "\(option) \(target): \(result.standardError)")
            #expect(result.standardError.contains("error: \(option) '\(target)' is the flow file '\(flow.path)'"), "\(result.standardError)")
            #expect(result.standardOutput.isEmpty)
            #expect(try Data(contentsOf: flow) == original, "\(option) \(target) changed the flow file")
            #expect(!FileManager.default.fileExists(atPath: other), "nothing is written before the check")
        }
    }

    @Test("any two of the transcript, the outbox and the feedback file being one file is a usage error; neither is touched")
    func outputsShareAFile() async throws {
        let folder = try BuiltTool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outbox = folder.appendingPathComponent("outbox.jsonl").path
        let feedback = folder.appendingPathComponent("feedback.jsonl").path
        let kept = "{\"kept\": \"a submission not yet delivered\"}\n"
        try kept.write(toFile: outbox, atomically: false, encoding: .utf8)
        try kept.write(toFile: feedback, atomically: false, encoding: .utf8)
        let hardLink = folder.appendingPathComponent("hard.jsonl").path
        try FileManager.default.linkItem(atPath: outbox, toPath: hardLink)
        let fresh = folder.appendingPathComponent("fresh.jsonl").path
        let cases: [(arguments: [String], message: String)] = [
            (["--outbox", outbox, "--feedback-out", feedback, "--transcript", outbox],
             "--transcript '\(outbox)' is the --outbox file '\(outbox)'; writing it would destroy the submissions kept there"),
            (["--outbox", outbox, "--feedback-out", feedback, "--transcript", hardLink],
             "--transcript '\(hardLink)' is the --outbox file '\(outbox)'"),
            (["--outbox", outbox, "--feedback-out", feedback, "--transcript", folder.path + "/./feedback.jsonl"],
             "is the --feedback-out file '\(feedback)'; writing it would destroy the feedback delivered there"),
            (["--outbox", outbox, "--feedback-out", outbox], "--feedback-out '\(outbox)' is the --outbox file"),
            // Two files that do not exist yet, spelt differently.
            (["--outbox", fresh, "--feedback-out", feedback, "--transcript", folder.path + "/../" + folder.lastPathComponent + "/fresh.jsonl"],
             "is the --outbox file '\(fresh)'"),
        ]
        for (arguments, message) in cases {
            let result = try await BuiltTool.run(["run"] + arguments + ["flows/call-quality-rating.flow.yaml"], input: Self.callQualityScript)
            #expect(result.status == 2, "\(arguments): \(result.standardError)")
            #expect(result.standardError.contains(message), "\(result.standardError)")
            #expect(result.standardOutput.isEmpty)
            #expect(try String(contentsOfFile: outbox, encoding: .utf8) == kept)
            #expect(try String(contentsOfFile: feedback, encoding: .utf8) == kept)
            #expect(!FileManager.default.fileExists(atPath: fresh))
        }
        // Devices are not files that keep anything: one terminal or /dev/null may take two outputs.
        let devices = try await BuiltTool.run(
            ["run", "--outbox", outbox, "--feedback-out", "/dev/null", "--transcript", "/dev/null", "flows/simple-success.flow.yaml"],
            input: "quit\n")
        #expect(devices.status == 0, "\(devices.standardError)")
    }

    @Test("on a pipe, with or without NO_COLOR, run writes no escape byte")
    func noEscape() async throws {
        let folder = try BuiltTool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for environment in [["TERM": "xterm-256color"], ["TERM": "xterm-256color", "NO_COLOR": "1"]] {
            let result = try await BuiltTool.run(
                ["run", "flows/call-quality-rating.flow.yaml", "--feedback-out", folder.appendingPathComponent("f.jsonl").path],
                input: Self.callQualityScript, environment: environment)
            #expect(result.status == 0)
            #expect(!result.outputBytes.contains(0x1B))
            #expect(!result.errorBytes.contains(0x1B))
        }
    }
}
