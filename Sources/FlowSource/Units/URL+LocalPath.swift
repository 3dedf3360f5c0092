import FlowSystem

/// The one conversion between a file `URL`, what the public API takes for a file, and the
/// path the code below it opens and names in messages (`open(2)`, `stat(2)`, `cannot open
/// 'PATH'`). A path given as text (a command's argument, a deprecated `path:` spelling)
/// becomes a URL and back unchanged, so what a command opens and prints is what it was
/// given.
extension URL {
    /// The file URL of `path` exactly as given: an absolute path as it is; a relative one
    /// relative to the current folder, unresolved (`a/../b` stays so) and unexpanded (a
    /// leading `~` is a name, as `open(2)` reads it). ``localPath`` gives `path` back.
    package init(localPath path: String) {
        if !path.hasPrefix("/") {
            var components = URLComponents()
            // Percent-encoded whole (but its slashes), so that no part reads as a scheme,
            // a query or a fragment, and `~` stays a name.
            components.percentEncodedPath = PercentEncoding.encoded(path, keeping: ["/"])
            if let url = components.url(relativeTo: URL.currentDirectory()) {
                self = url
                return
            }
        }
        self = URL(filePath: path, directoryHint: .inferFromPath)
    }

    /// The path to open and to name in messages: for a URL relative to the current folder
    /// (``init(localPath:)``, `URL(filePath:)` of a relative path), its relative path as
    /// given; for any other URL, its whole path (a URL relative to another folder is
    /// resolved against it). A URL that is not a file URL gives its path too.
    package var localPath: String {
        if let base = baseURL, base.isFileURL, Self.sameFolder(base, URL.currentDirectory()),
            let relative = URLComponents(url: self, resolvingAgainstBaseURL: false)?.path
        {
            return relative
        }
        return path(percentEncoded: false)
    }

    /// Whether `a` and `b` name the same folder, a trailing `/` aside.
    private static func sameFolder(_ a: URL, _ b: URL) -> Bool {
        func trimmed(_ url: URL) -> Substring {
            let path = url.path(percentEncoded: false)
            return path.dropLast(path.hasSuffix("/") && path.count > 1 ? 1 : 0)
        }
        return trimmed(a) == trimmed(b)
    }
}
