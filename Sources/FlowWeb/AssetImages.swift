import FlowCompile
import FlowSystem

/// The images of a theme's assets folder a page shows, read once and kept as `data:` URIs,
/// so a page holds every image itself and loads nothing (its Content-Security-Policy
/// allows `data:` images only). An image is `NAME.svg` (shown by `<img>`, where an SVG's
/// scripts never run) or else `NAME.png` (``Theme/asset(named:)``), at most
/// ``sizeLimit`` bytes; a missing, unreadable or larger one is left out, and the card shows
/// a placeholder naming it.
package struct AssetImages: Sendable {
    /// The largest image read: 2 MiB.
    package static let sizeLimit = 2 * 1024 * 1024

    private var uris: [String: String] = [:]

    /// No images: every one is shown as a placeholder.
    package init() {}

    /// The images `names` of `theme`'s assets folder (and the theme's own icons). O(total size).
    package init(theme: Theme, names: some Sequence<String>) {
        let all = Set(names).union(theme.looks.values.compactMap(\.icon)).union(theme.darkLooks.values.compactMap(\.icon))
        for name in all.sorted() {
            // A regular file within the limit only: a FIFO would block the read.
            var status = stat()
            guard let path = theme.asset(named: name), stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG,
                status.st_size > 0, status.st_size <= Self.sizeLimit,
                let data = try? Data(contentsOf: URL(fileURLWithPath: path)), data.count <= Self.sizeLimit
            else { continue }
            let type = path.hasSuffix(".svg") ? "image/svg+xml" : "image/png"
            uris[name] = "data:\(type);base64,\(data.base64EncodedString())"
        }
    }

    /// The names of the images `flow` shows: each `feedback` screen's image and each
    /// `image` block.
    package static func names(in flow: Flow) -> [String] {
        flow.screens.flatMap { screen in
            [screen.style.image].compactMap { $0 } + screen.extraContent.compactMap { block in
                if case .image(let name) = block.kind { name } else { nil }
            }
        }
    }

    /// Image `name` as a `data:` URI (base64, no character needing escape in an attribute);
    /// `nil` when it was not found.
    package func dataURI(named name: String) -> String? { uris[name] }
}
