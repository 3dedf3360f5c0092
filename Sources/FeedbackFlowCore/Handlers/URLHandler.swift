/// Opens URLs for the built-in `openURL` step (a browser, a mail client, a log line in a
/// terminal).
///
/// Contract: `open` receives a rendered URL whose scheme the ``ActionHandlerRegistry``
/// already allowed (by default `http`, `https`, `mailto`, `tel`); throwing fails the
/// step like any handler error.
public protocol URLHandler: Sendable {
    /// Opens `url`: the rendered text of an `openURL` step (each substituted `${…}` value
    /// percent-encoded, RFC 3986 §2.1), with a scheme the registry allows. Returning means
    /// the step succeeded; throwing fails it.
    func open(_ url: String) async throws
}
