/// An event a flow reacts to, as a typed value: its name and its payload. The build-time
/// plugin generates one per event a flow declares (`Event.CallEnded`), so a host hands an
/// event to the trigger with its payload's Swift types checked by the compiler:
/// `await front.handle(CallQualityRatingFlow.Event.CallEnded(durationSeconds: 300))`.
public protocol FlowEvent: Sendable {
    /// The event's name, as the flow declares it under `events:` (`callEnded`).
    static var name: String { get }
    /// The payload as the trigger reads it: each field as `event.NAME`.
    var context: [String: ExpressionValue] { get }
}
