import FlowCompile
import FlowSource
import FlowSystem
import FlowWorkspace

extension Theme {
    /// The theme in the file at `path` (YAML or JSON), over ``standard``.
    /// - Throws: ``UsageError`` with every problem of the file, each at its
    ///   `file:line:column` (``UsageError/init(decoding:source:)``).
    package static func read(_ path: String, workingDirectory: String) throws(UsageError) -> Theme {
        guard PathKind(path) == .other else { throw UsageError("--theme: " + PathKind.unreachable(path)) }
        var theme = standard
        var session = DecodingSession()
        guard let root = try UsageError.loadRoot(path: path, source: "--theme", session: &session) else { return theme }
        let folder = SettingsPath.folder(of: path, workingDirectory: workingDirectory)
        theme.decode(root, folder: folder, session: &session)
        if let problems = UsageError(decoding: session.diagnostics, source: "--theme") { throw problems }
        return theme
    }

    /// The theme of `--theme FILE` (relative to the working directory), or the built-in
    /// one when no file is given: what `graph`, `storyboard` and `preview` draw with.
    /// - Throws: ``UsageError`` as ``read(_:workingDirectory:)``.
    package static func chosen(_ path: String?) throws(UsageError) -> Theme {
        guard let path else { return standard }
        return try read(path, workingDirectory: FileManager.default.currentDirectoryPath)
    }

    /// Reads `root` over this theme, each problem reported to `session` and its setting left
    /// as it was.
    private mutating func decode(_ root: Node, folder: String, session: inout DecodingSession) {
        guard let top = session.mapping(root, expected: "a mapping with 'styles' and 'assets'") else { return }
        session.checkKeys(top, allowed: Self.keys)
        if let node = session.nonNullValue(top, "assets", expected: "the path of a folder of images"), let text = session.string(node) {
            let path = SettingsPath.resolve(text, in: folder)
            if PathKind(path) == .directory {
                assets = path
            } else {
                session.report(
                    .invalidValue, PathKind.unreachable(path, noun: "folder"), at: node.span,
                    hint: "a path in a theme is relative to its folder, '\(folder)'")
            }
        }
        decodeLooks(top, key: "styles", into: \.looks, dark: false, session: &session)
        decodeLooks(top, key: "darkStyles", into: \.darkLooks, dark: true, session: &session)
    }

    /// Reads the looks under `key` (`styles` or `darkStyles`) over those at `looks`.
    private mutating func decodeLooks(
        _ top: MappingFields, key: String, into looks: WritableKeyPath<Theme, [String: Look]>, dark: Bool,
        session: inout DecodingSession
    ) {
        guard let node = session.nonNullValue(top, key, expected: "a mapping of styles to their looks"),
            let styles = session.mapping(node, expected: "a mapping of styles to their looks")
        else { return }
        session.checkKeys(styles, allowed: FeedbackStyle.names, what: "style")
        for name in FeedbackStyle.names {
            guard let node = session.nonNullValue(styles, name, expected: "a mapping of colours, icon, font and animation"),
                let fields = session.mapping(node, expected: "a mapping of colours, icon, font and animation")
            else { continue }
            session.checkKeys(fields, allowed: Self.lookKeys)
            var look = look(of: name, dark: dark)
            func colour(_ key: String, _ keyPath: WritableKeyPath<Look, String>) {
                guard let node = session.nonNullValue(fields, key, expected: "a colour"), let text = session.string(node) else { return }
                if Self.isColour(text) {
                    look[keyPath: keyPath] = text
                } else {
                    session.report(
                        .invalidValue, "'\(text)' is not a colour", at: node.span,
                        hint: "write '#RRGGBB' or '#RRGGBBAA' in hexadecimal, e.g. '#1E8E3E'")
                }
            }
            colour("background", \.background)
            colour("accent", \.accent)
            colour("text", \.text)
            colour("secondaryText", \.secondaryText)
            if let node = session.nonNullValue(fields, "icon", expected: "the name of an image"), let text = session.string(node) {
                if text.isBlank || text.contains("/") {
                    session.report(.invalidValue, "'\(text)' is not an image name", at: node.span, hint: "write the name of an image of the assets folder, without '/' or extension")
                } else {
                    look.icon = text
                }
            }
            if let node = session.nonNullValue(fields, "font", expected: "a list of font families"), let text = session.string(node) {
                if text.isBlank || text.unicodeScalars.contains(where: { ";{}<>\\".unicodeScalars.contains($0) || $0.properties.generalCategory == .control }) {
                    session.report(
                        .invalidValue, "'\(text)' is not a list of font families", at: node.span,
                        hint: "write family names separated by commas, e.g. 'Helvetica, Arial, sans-serif'")
                } else {
                    look.font = text
                }
            }
            if let node = session.nonNullValue(fields, "animation", expected: "an animation"),
                let text = session.enumeration(node, name: "animation", allowed: Animation.allCases.map(\.rawValue)),
                let animation = Animation(rawValue: text)
            {
                look.animation = animation
            }
            self[keyPath: looks][name] = look
        }
    }

    /// Whether `text` is `#RRGGBB` or `#RRGGBBAA` (hexadecimal digits, either case).
    package static func isColour(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        guard scalars.first == "#", scalars.count == 7 || scalars.count == 9 else { return false }
        return scalars.dropFirst().allSatisfy { $0.properties.isASCIIHexDigit }
    }
}
