// An app's use of FeedbackFlow, as a command-line program so that it runs anywhere:
// the feedback screens of a video call built in Swift and shown through the main-actor
// front, their feedback submitted from a button's closure, the same state as an
// Observation model, the call-quality flow compiled at build time by FeedbackFlowPlugin
// (typed ids, a typed event), a flow file run, and every screen drawn by a presenter of
// the app's own. Of this package it imports the `FeedbackFlow` product only.
//
//     swift run CallFeedbackExample [FLOW-FILE]
import FeedbackFlow
import Foundation

/// The app's own presenter: where a UIKit app would update its views, this one prints one
/// line per change it draws. Isolated to the main actor, as a view's code is: its `present`
/// is plain code that runs there. It draws only from the events and the snapshots they
/// carry.
@MainActor final class ConsolePresenter: Presenter {
    private var lastDrawn: ScreenInstanceID?

    func present(_ event: NavigatorEvent) {
        switch event {
        case .screenShown(let screen):
            lastDrawn = screen.instance.id
            // Whether a button is enabled can change while the screen is up (a form filled,
            // an action ended): a view would read it from each `screenUpdated` snapshot.
            let buttons = [screen.primary, screen.secondary].compactMap { $0 }.map { "[\($0.title)]" }
            let fields = screen.fields.map { "\($0.id)=\($0.value)" }
            print("show \(screen.instance.screenID) (\(screen.style)): \(screen.title)",
                  fields.isEmpty ? "" : "fields: " + fields.joined(separator: ", "),
                  buttons.joined(separator: " "))
        case .screenUpdated(let screen) where screen.instance.id == lastDrawn:
            if let error = screen.errorMessage { print("error on \(screen.instance.screenID): \(error)") }
        case .handlerResult(let result):
            print("\(result.step): \(result.outcome)")
        case .flowEnded(let outcome):
            print("ended: \(outcome)")
        default:
            break
        }
    }
}

/// The host's check the call-quality flow's trigger asks last: only the call's creator is
/// asked for feedback.
struct CallCreatorCheck: TriggerValidator {
    func allowsPresentation(_ request: TriggerRequest) async throws -> Bool {
        request.context["call.createdBy"] == request.context["user.id"]
    }
}

/// Where the app's feedback goes; a real app would use `OutboxFeedbackSink` with
/// `HTTPFeedbackSink` (product `FeedbackFlowHTTP`).
struct PrintingFeedbackSink: FeedbackSink {
    func submit(_ feedback: FeedbackSubmission) async throws {
        let custom = feedback.custom.keys.sorted().map { "\($0)=\(feedback.custom[$0] ?? .null)" }
        print("feedback \(feedback.flowID)/\(feedback.screenID): rating \(feedback.rating),",
              "reason \(feedback.reason.map { "\"\($0)\"" } ?? "none"), custom [\(custom.joined(separator: ", "))]")
    }
}

/// The rating screen of the call: email, comment and a rating. Its Submit button runs a
/// closure that submits the feedback, then a `push` step, which the flow's check sees.
let rate = FeedbackConfiguration(
    id: "rate", style: .feedback(image: "feedbackLogo"),
    title: "How is your call going?", subtitle: "All feedback is celebrated!",
    primaryAction: .button(ActionButton(title: "Submit", action: [
        .perform(StepClosure { call in
            guard let rating = await call.rating("rating") else { return }
            let email = await call.text("email") ?? ""
            let comment = await call.text("comment") ?? ""
            try await call.collectUserFeedback(
                rating: rating, reason: "\(email)\n\(comment)", custom: ["callWasAwesome": .bool(rating >= 4)])
        }),
        .push("thanks"),
    ])),
    secondaryAction: .link(ActionButton(title: "Contact Us", action: [.openURL("https://example.com/contact")])),
    extraContent: [
        .textField(id: "email", placeholder: "Email Address", required: true, format: .email),
        .textEditor(id: "comment", placeholder: "Message"),
        .rating(id: "rating", label: "Rate Quality", value: 1),
    ])

let thanks = FeedbackConfiguration(
    id: "thanks", style: .success, title: "Thank you!", subtitle: "We read every message.",
    primaryAction: .button(ActionButton(title: "Done", action: [.dismiss])))

let registry = ActionHandlerRegistry(feedbackSink: PrintingFeedbackSink())
let presenter = ConsolePresenter()

do {
    // 1. Screens built in code, shown when a call with more than one participant ends:
    //    the trigger is checked like a file's when the flow is made (warnings too).
    let flow = try Flow(
        checking: "call-feedback", screens: [rate, thanks],
        events: [EventDeclaration(name: "callEnded", payload: [ValueDeclaration(name: "participants", type: ValueType(.integer))])],
        trigger: PresentationTrigger(event: "callEnded", when: "event.participants > 1"))
    for warning in FlowCompiler.check(flow) { print(warning) }
    // The main-actor front, as a view calls it. (Top-level code runs on the main actor.)
    let alone = FeedbackNavigator(flow: flow, registry: registry, presenters: [presenter])
    print("one participant:", await alone.handle(event: "callEnded", context: ["event.participants": 1]))
    let front = FeedbackNavigator(flow: flow, registry: registry, presenters: [presenter])
    print("three participants:", await front.handle(event: "callEnded", context: ["event.participants": 3]))
    // What a person does on the screen.
    try await front.setField("email", to: .text("ada@example.com"))
    try await front.setField("comment", to: .text("The call was great"))
    try await front.setField("rating", to: .rating(5))
    _ = await front.tap(.primary)
    _ = await front.tap(.primary)

    // 2. The same state as an Observation model, as a SwiftUI view binds to it.
    if #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) {
        let model = FlowModel(FeedbackNavigator(id: "offline-retry", registry: registry, presenters: [presenter]))
        try await model.front.presentFeedback(configuration: FeedbackConfiguration(
            style: .error, title: "No connection",
            primaryAction: .retryButton(title: "Try again", loadingTitle: "Retrying…") { completionHandler in
                completionHandler()
            }))
        if let shown = model.top { _ = await model.tap(.primary, on: shown.instance.id).value }
        if let sheet = model.stack(above: nil) { await model.dismissStack(sheet.id).value }  // the person swiped the sheet away
    }

    // 3. The call-quality flow the build compiled from call-quality.flow.yaml
    //    (FeedbackFlowPlugin): no YAML is read here, and its ids and event are Swift names.
    var checks = ActionHandlerRegistry(feedbackSink: PrintingFeedbackSink())
    checks.registerValidator("isCallCreator", CallCreatorCheck())
    let builtFront = FeedbackNavigator(flow: try CallQualityRatingFlow.flow(), registry: checks, presenters: [presenter])
    let decision = await builtFront.handle(
        CallQualityRatingFlow.Event.CallEnded(durationSeconds: 300),
        context: ["call.maxParticipants": 2, "call.createdBy": "u-1", "user.id": "u-1"])
    print("built-in flow:", decision)
    try await builtFront.setField(CallQualityRatingFlow.Field.email, to: .text("grace@example.com"))
    try await builtFront.setField(CallQualityRatingFlow.Field.rating, to: .rating(4))
    _ = await builtFront.tap(.primary)
    if let top = builtFront.top, let screen = CallQualityRatingFlow.Screen(rawValue: top.instance.screenID) {
        print("on top: \(screen)")
    }

    // 4. A flow from a file: compiled, validated, then run with the same presenter.
    let path = CommandLine.arguments.dropFirst().first ?? "flows/call-quality-rating.flow.yaml"
    let compilation = FlowCompiler.compile(contentsOf: URL(filePath: path))
    for diagnostic in compilation.diagnostics { print(diagnostic) }
    guard let fileFlow = compilation.flow, !compilation.hasErrors else { exit(1) }
    let fileFront = FeedbackNavigator(flow: fileFlow, registry: registry, presenters: [presenter])
    try await fileFront.start()
    await fileFront.end("closed")
} catch {
    print("error: \(error)")
    exit(1)
}
