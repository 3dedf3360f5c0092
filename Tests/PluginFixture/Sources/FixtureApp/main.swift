import FeedbackFlowCore

// An app's use of a flow compiled at build time (support.flow.yaml → SupportFlow): the
// flow's declared handler registered with a closure that takes its typed arguments, the
// flow run with a navigator (start, fields set, the primary button tapped), and what
// happened printed one fact a line for PluginFixtureTests to read.

var registry = ActionHandlerRegistry(options: SupportFlow.compileOptions)
registry.register(SupportFlow.UploadLogs.self) { arguments in
    let crashes = arguments.includeCrashes.map { "\($0)" } ?? "nil"
    print("uploadLogs ticket=\(arguments.ticket) maxSizeKB=\(arguments.maxSizeKB) includeCrashes=\(crashes) contact=\(arguments.contact ?? "nil")")
    return SupportFlow.UploadLogs.Returns(reference: "R-\(arguments.maxSizeKB)")
}
print("manifest \(registry.manifest())")
print("screens \(SupportFlow.Screen.allCases.map(\.rawValue).joined(separator: " "))")

let navigator = FlowNavigator(flow: try SupportFlow.flow(), registry: registry)
try await navigator.start()
if let first = await navigator.snapshot() {
    print("screen \(first.instance.screenID): \(first.title)")
    try await navigator.setField(SupportFlow.Field.ticket, to: .text("T-7"))
    try await navigator.setField(SupportFlow.Field.contactEmail, to: .text("ada@example.com"))
    try await navigator.setField(SupportFlow.Field.crash_reports, to: .toggle(true))
    print("tap \(await navigator.tap(.primary, on: first.instance.id))")
}
if let top = await navigator.snapshot() {
    print("screen \(top.instance.screenID): \(top.title)")
}
// The start screen's id read back as the Screen case it is.
print("\(SupportFlow.id) starts at \(SupportFlow.Screen(rawValue: try SupportFlow.flow().start).map { "\($0)" } ?? "no screen")")
