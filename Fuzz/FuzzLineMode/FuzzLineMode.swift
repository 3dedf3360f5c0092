import Dispatch
import FeedbackFlow
import FlowCompile
import FlowReporting
import FeedbackFlowCore
import FlowSource
import FlowTerminal
import FuzzDriver

/// The flow the line-mode fuzzer plays: every navigation step, a form with each field
/// kind, a handler that succeeds, one that fails with an `onFailure`, feedback, URLs,
/// templates and endings.
let flowText = """
    version: 1
    id: fuzz
    start: home
    screens:
      home:
        style: informative
        title: Home ${flow.id}
        extraContent:
          - rating: {id: stars, label: Stars, min: 1, max: 5}
          - textField: {id: email, label: Email, format: email, maxLength: 40}
          - textEditor: {id: note, label: Note, maxLength: 200}
          - toggle: {id: agree, label: Agree}
        primaryAction:
          button:
            title: Send ${stars}
            action: [{collectUserFeedback: {rating: "${stars}", reason: "${note}"}}, {push: next}]
            onFailure: {present: failed}
        secondaryAction:
          link: {title: Site, action: [{openURL: "https://example.com/${email}"}, {push: home}]}
      next:
        style: success
        title: Next
        primaryAction:
          retryButton: {title: Retry, loadingTitle: Busy, action: [ok, {replace: home}], onFailure: [fail, pop]}
        secondaryAction:
          button: {title: Back, action: popToRoot}
      failed:
        style: error
        title: Failed
        primaryAction:
          button: {title: Done, action: {finish: failed}}
        secondaryAction:
          button: {title: Close, action: dismiss}
    """

/// A handler that succeeds, or fails when its name is `fail`.
struct FuzzHandler: ActionHandler {
    func perform(_ invocation: ActionInvocation) async throws {
        if invocation.name == "fail" { throw FuzzFailure() }
    }
}

struct FuzzFailure: Error {}

/// Plays the input's lines (at most 200) as line-mode commands on the flow above, to the
/// end of the input or of the flow. Crashes, sanitizer reports and hangs (`-timeout`)
/// are findings.
@_cdecl("FuzzLineMode_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    let options = CompileOptions(knownHandlers: ["ok", "fail"])
    guard let flow = FlowCompiler.compile(text: flowText, options: options).flow else { return 1 }
    return runFuzzer(argc, argv) { bytes in
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            .prefix(200).map(String.init)
        var registry = ActionHandlerRegistry(options: options)
        registry.register("ok", FuzzHandler())
        registry.register("fail", FuzzHandler())
        let runner = LineModeRunner(
            flow: flow, registry: registry, input: ScriptedLineReader(lines), output: BufferWriter(), style: .plain)
        let done = DispatchSemaphore(value: 0)
        Task {
            _ = await runner.run()
            done.signal()
        }
        done.wait()
    }
}
