import FlowCompile
import FeedbackFlowCore

/// The URL handler of `feedbackflow run`: a terminal session cannot show a web page,
/// and a test must not launch a browser, so `openURL` writes `Opening <url>` to the
/// output and launches nothing.
///
/// Only URLs with one of ``allowedSchemes`` are accepted (the registry checks the scheme
/// first; this handler checks again, so it is safe on its own). The URL is
/// written through ``FlowSource/DisplayText/sanitized(_:)``, so a URL from a flow
/// file cannot send escape sequences to the terminal.
package struct PrintingURLHandler: URLHandler {
    /// The schemes accepted, lower-cased.
    package let allowedSchemes: Set<String>

    package let output: any TextWriter

    /// A handler writing to `output` that accepts `allowedSchemes` (case-insensitive); by
    /// default ``FlowCompile/URLSchemePolicy/defaultAllowedSchemes``, the schemes `run`
    /// compiles and opens with.
    package init(output: any TextWriter, allowedSchemes: Set<String> = URLSchemePolicy.defaultAllowedSchemes) {
        self.output = output
        self.allowedSchemes = Set(allowedSchemes.map { $0.lowercased() })
    }

    /// Writes `Opening <url>`.
    /// - Throws: ``FeedbackFlow/StepError/urlSchemeNotAllowed(url:scheme:allowed:)`` or
    ///   ``FeedbackFlow/StepError/invalidURL(_:)`` for other schemes or no scheme.
    package func open(_ url: String) async throws {
        guard let colon = url.firstIndex(of: ":"), colon != url.startIndex else {
            throw StepError.invalidURL(url)
        }
        let scheme = url[..<colon].lowercased()
        guard allowedSchemes.contains(scheme) else {
            throw StepError.urlSchemeNotAllowed(url: url, scheme: scheme, allowed: allowedSchemes.sorted())
        }
        output.write("Opening \(DisplayText.sanitized(url))\n")
    }
}
