/// A ``URLHandler`` that opens nothing: `open` returns at once, so an `openURL` step
/// succeeds without effect. The default of ``ActionHandlerRegistry/init(urlHandler:feedbackSink:options:)``
/// for hosts whose screens open no links; a host that shows links passes its own.
public struct IgnoringURLHandler: URLHandler {
    /// The handler.
    public init() {}

    /// Does nothing.
    public func open(_ url: String) async throws {}
}
