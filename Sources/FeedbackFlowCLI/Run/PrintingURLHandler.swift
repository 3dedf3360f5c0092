import FeedbackFlow
import FlowCompile
import FlowReporting
import FlowRuntime
import FlowSource
import FlowTerminal

/// The URL handler of `feedbackflow run`: a terminal session cannot show a web page,
/// and a test must not launch a browser, so `openURL` writes `Opening <url>` to the
/// output and launches nothing.
///
/// Only `http`, `https`, `mailto` and `tel` URLs are accepted (the registry checks the
/// scheme first; this handler checks again, so it is safe on its own). The URL is
/// written through ``FlowTerminal/DisplayText/sanitized(_:)``, so a URL from a flow
/// file cannot send escape sequences to the terminal.
package struct PrintingURLHandler: URLHandler {
    /// The schemes accepted.
    package static let allowedSchemes: Set<String> = ["http", "https", "mailto", "tel"]

    package let output: any TextWriter

    package init(output: any TextWriter) {
        self.output = output
    }

    /// Writes `Opening <url>`.
    /// - Throws: ``FeedbackFlow/StepError/urlSchemeNotAllowed(url:scheme:allowed:)`` or
    ///   ``FeedbackFlow/StepError/invalidURL(_:)`` for other schemes or no scheme.
    package func open(_ url: String) async throws {
        guard let colon = url.firstIndex(of: ":"), colon != url.startIndex else {
            throw StepError.invalidURL(url)
        }
        let scheme = url[..<colon].lowercased()
        guard Self.allowedSchemes.contains(scheme) else {
            throw StepError.urlSchemeNotAllowed(url: url, scheme: scheme, allowed: Self.allowedSchemes.sorted())
        }
        output.write("Opening \(DisplayText.sanitized(url))\n")
    }
}
