import FeedbackFlowTestSupport
import Foundation
import Testing
import FlowTerminal
import FlowReporting
import FlowWorkspace
@testable import FeedbackFlowCLI

/// `feedbackflow trigger` on the call-quality example flow, whose trigger is
/// `{event: callEnded, when: "call.maxParticipants > 1", validator: isCallCreator,
/// limit: {maxPresentations: 3, per: 365d, minInterval: 7d, untilResponded: true}}`.
/// Every expected line follows from those rules and the timeline's dates, worked out in
/// the fixtures' comments.
@Suite("trigger: decisions that explain themselves")
struct TriggerCommandTests {
    static let flow = InProcessToolTests.path("flows/call-quality-rating.flow.yaml")
    static func fixture(_ name: String) -> String { InProcessToolTests.path("Tests/FeedbackFlowCLITests/Fixtures/trigger/\(name)") }

    @Test("two participants and a validator that agrees: presented, exit 0")
    func presented() async {
        let run = await InProcessToolTests.run([
            "trigger", Self.flow, "--event", "callEnded", "--context", "call.maxParticipants=2", "--validator", "isCallCreator=true",
        ])
        #expect(run.status == .clean)
        #expect(run.output == "presented\n")
    }

    @Test("one participant: not presented; the reason names the condition and the value it saw, exit 1")
    func conditionFalse() async {
        let run = await InProcessToolTests.run([
            "trigger", Self.flow, "--event", "callEnded", "--context", "call.maxParticipants=1", "--validator", "isCallCreator=true",
        ])
        #expect(run.status == .findings)
        #expect(run.output == "not presented: condition false: call.maxParticipants > 1: 1 > 1 is false\n")
    }

    @Test("a validator that says no: not presented; the reason names the validator")
    func validatorRejected() async {
        let run = await InProcessToolTests.run([
            "trigger", Self.flow, "--event", "callEnded", "--context", "call.maxParticipants=2", "--validator", "isCallCreator=false",
            "--format", "json",
        ])
        #expect(run.status == .findings)
        let object = try? JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any]
        #expect(object?["presented"] as? Bool == false)
        let reason = object?["reason"] as? [String: Any]
        #expect(reason?["code"] as? String == "validatorRejected")
        #expect(reason?["validator"] as? String == "isCallCreator")
    }

    @Test("another event is not the trigger's")
    func eventMismatch() async {
        let run = await InProcessToolTests.run(["trigger", Self.flow, "--event", "callStarted"])
        #expect(run.status == .findings)
        #expect(run.output == "not presented: event 'callStarted' is not the trigger's event 'callEnded'\n")
    }

    @Test("a misspelt event, validator or context name is a usage error with 'did you mean', not a decision")
    func misspeltNames() async {
        for (arguments, message, hint) in [
            (["--event", "callEnd"], "--event callEnd: '\(Self.flow)' declares no event 'callEnd'", "did you mean 'callEnded'?"),
            (["--event", "callEnded", "--validator", "isCallCreater=true"],
             "--validator isCallCreater: the trigger of '\(Self.flow)' asks the validator 'isCallCreator', not 'isCallCreater'",
             "did you mean 'isCallCreator'?"),
            (["--event", "callEnded", "--context", "call.maxParticipant=2"],
             "--context call.maxParticipant=2: '\(Self.flow)' declares no value 'call.maxParticipant'", "did you mean 'call.maxParticipants'?"),
        ] {
            let run = await InProcessToolTests.run(["trigger", Self.flow] + arguments)
            #expect(run.status == .usageError, "\(arguments)")
            #expect(run.errors.contains(message), "\(run.errors)")
            #expect(run.errors.contains(hint), "\(run.errors)")
        }
        // A validator far from the trigger's is allowed: one set of answers may serve many flows.
        let other = await InProcessToolTests.run([
            "trigger", Self.flow, "--event", "callEnded", "--context", "call.maxParticipants=2", "--validator", "isCallCreator=true",
            "--validator", "isPremiumUser=true",
        ])
        #expect(other.status == .clean)
    }

    @Test("a flow without a trigger is not presented, and says so, exit 1")
    func noTrigger() async {
        let run = await InProcessToolTests.run(["trigger", InProcessToolTests.path("flows/rating-branches.flow.yaml"), "--event", "x"])
        #expect(run.status == .findings)
        #expect(run.output == "not presented: the flow has no trigger\n")
    }

    @Test("--now takes only real times: a 30 February or a 25th hour is a usage error")
    func strictNow() async {
        for text in ["2026-02-30T00:00:00Z", "2026-01-01T25:00:00Z", "2026-01-01T23:60:00Z", "2026-13-01T00:00:00Z", "tomorrow"] {
            #expect(TriggerInputs.date(text) == nil, "\(text)")
        }
        #expect(TriggerInputs.date("2024-02-29T12:00:00+02:00") == Date(timeIntervalSince1970: 1_709_200_800))
        let run = await InProcessToolTests.run(["trigger", Self.flow, "--event", "callEnded", "--now", "2026-02-30T00:00:00Z"])
        #expect(run.status == .usageError)
    }

    @Test("run refuses trigger options without --event, and --context for a flow variable")
    func runOptionsNeedEvent() async {
        let alone = await InProcessToolTests.run(["run", Self.flow, "--validator", "isCallCreator=true"], input: ["quit"])
        #expect(alone.status == .usageError)
        #expect(alone.errors.contains("--validator needs --event NAME"))
        let empty = await InProcessToolTests.run(["trigger", Self.flow, "--event", "callEnded", "--validator", "=true"])
        #expect(empty.status == .usageError)
    }

    @Test("a context value of the wrong type is a usage error naming the declared type")
    func wrongType() async {
        let run = await InProcessToolTests.run(["trigger", Self.flow, "--event", "callEnded", "--context", "call.maxParticipants=two"])
        #expect(run.status == .usageError)
        #expect(run.errors.contains("'call.maxParticipants' is declared integer"))
        #expect(run.output.isEmpty)
    }

    @Test("a --context event.NAME that the event's payload does not have is a usage error naming its fields")
    func unknownPayloadField() async {
        let run = await InProcessToolTests.run(["trigger", Self.flow, "--event", "callEnded", "--context", "event.duration=30"])
        #expect(run.status == .usageError)
        #expect(run.errors.contains("--context event.duration=30: the event 'callEnded' has no field 'duration'"), "\(run.errors)")
        #expect(run.errors.contains("durationSeconds"), "\(run.errors)")
        #expect(run.output.isEmpty)
    }

    @Test("a fourth presentation within 365 days waits for the first to leave the window; after it, presented again")
    func yearlyCap() async {
        let run = await InProcessToolTests.run(["trigger", Self.flow, "--timeline", Self.fixture("yearly-cap.yaml")])
        #expect(run.status == .clean)
        #expect(run.output.split(separator: "\n") == [
            "[1] 2026-01-01T00:00:00Z callEnded: presented",
            "[2] 2026-01-11T00:00:00Z callEnded: presented",
            "[3] 2026-01-21T00:00:00Z callEnded: presented",
            "[4] 2026-01-31T00:00:00Z callEnded: not presented: limit reached: maxPresentations: presented 3 times in the last 365d (at most 3); frees up at 2027-01-01T00:00:00Z",
            "[5] 2027-01-02T00:00:00Z callEnded: presented",
        ])
    }

    @Test("the interval, the validator, the condition and a response each hold the flow back, in JSON lines")
    func intervalAndResponse() async throws {
        let run = await InProcessToolTests.run([
            "trigger", Self.flow, "--timeline", Self.fixture("interval-and-response.yaml"), "--format", "json",
        ])
        #expect(run.status == .clean)
        let objects = try run.output.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        #expect(objects.map { $0["presented"] as? Bool } == [true, false, false, false, true, false])
        let reasons = objects.map { ($0["reason"] as? [String: Any])?["code"] as? String }
        #expect(reasons == [nil, "limitReached", "validatorRejected", "conditionFalse", nil, "limitReached"])
        let interval = objects[1]["reason"] as? [String: Any]
        #expect(interval?["limit"] as? String == "minInterval")
        #expect(interval?["freesUpAt"] as? String == "2026-01-08T00:00:00Z")
        let responded = objects[5]["reason"] as? [String: Any]
        #expect(responded?["limit"] as? String == "untilResponded")
        #expect(responded?["freesUpAt"] is NSNull)
        #expect(objects.map { $0["at"] as? String }.first == "2026-01-01T00:00:00Z")
    }

    @Test("a timeline value of the wrong type is a usage error at its line and column")
    func badTimeline() async {
        let path = Self.fixture("bad-entry.yaml")
        let run = await InProcessToolTests.run(["trigger", Self.flow, "--timeline", path])
        #expect(run.status == .usageError)
        // `two` starts at column 65 of line 1.
        #expect(run.errors.contains("\(path):1:65: 'call.maxParticipants' is declared integer"))
    }

    @Test("every problem of a timeline is reported in one run, each at its line and column, in file order")
    func timelineProblemsAllReported() async {
        let path = Self.fixture("several-problems.yaml")
        let run = await InProcessToolTests.run(["trigger", Self.flow, "--timeline", path])
        #expect(run.status == .usageError)
        let expected = [
            "--timeline \(path):1:33: unknown key 'respnded'", "hint: did you mean 'responded'?",
            "--timeline \(path):2:8: invalid time 'day two'",
            "--timeline \(path):3:64: expected a boolean, found a string",
            "--timeline \(path):4:3: the entry goes back in time, before 2026-01-04T00:00:00Z",
            "--timeline \(path):5:3: missing required key 'at'",
            "--timeline \(path):6:22: an event name must not be empty",
            "--timeline \(path):6:37: expected true or false, found null",
            "--timeline \(path):7:22: '\(Self.flow)' declares no event 'callEndd'", "hint: did you mean 'callEnded'?",
            "--timeline \(path):7:44: the trigger of '\(Self.flow)' asks the validator 'isCallCreator', not 'isCallCreatr'",
        ]
        var position = run.errors.startIndex
        for line in expected {
            let found = run.errors[position...].range(of: line)
            #expect(found != nil, "no '\(line)' after the lines before it in:\n\(run.errors)")
            position = found?.upperBound ?? position
        }
    }

    @Test("a timeline entry's context name one typo away from a declared one is a usage error at its key, with 'did you mean'")
    func misspeltTimelineName() async {
        let path = Self.fixture("misspelt-entry.yaml")
        let run = await InProcessToolTests.run(["trigger", Self.flow, "--timeline", path])
        #expect(run.status == .usageError)
        // `call.maxParticipant` starts at column 43 of line 1.
        #expect(run.errors.contains("\(path):1:43: the flow declares no value 'call.maxParticipant'"), "\(run.errors)")
        #expect(run.errors.contains("did you mean 'call.maxParticipants'?"))
    }

    @Test("a timeline entry's misspelt event is a usage error at the event's line and column, with 'did you mean'")
    func misspeltTimelineEvent() async {
        let path = Self.fixture("misspelt-event-entry.yaml")
        let run = await InProcessToolTests.run(["trigger", Self.flow, "--timeline", path])
        #expect(run.status == .usageError)
        // `callEnde` starts at column 22 of line 1.
        #expect(run.errors.contains("--timeline \(path):1:22: '\(Self.flow)' declares no event 'callEnde'"), "\(run.errors)")
        #expect(run.errors.contains("did you mean 'callEnded'?"))
    }

    @Test("run --event plays the flow only when its trigger presents it")
    func runWithEvent() async throws {
        let folder = try BuiltTool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let feedback = folder.appendingPathComponent("feedback.jsonl").path
        let hidden = await InProcessToolTests.run(
            ["run", Self.flow, "--feedback-out", feedback, "--event", "callEnded", "--context", "call.maxParticipants=1"], input: ["quit"])
        #expect(hidden.status == .findings)
        #expect(hidden.output == "not presented: condition false: call.maxParticipants > 1: 1 > 1 is false\n")
        let shown = await InProcessToolTests.run(
            [
                "run", Self.flow, "--feedback-out", feedback, "--event", "callEnded", "--context", "call.maxParticipants=3",
                "--validator", "isCallCreator=true",
            ], input: ["quit"])
        #expect(shown.status == .clean)
        #expect(shown.output.contains("How is your call going?"))
    }
}
