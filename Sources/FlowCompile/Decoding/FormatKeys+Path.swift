extension FormatKeys {
    /// Whether a file whose top-level keys are `keys` is a single-screen file: it has no
    /// `screens`, and a screen's own key stands at its top. O(keys).
    package static func isSingleScreenFile(keys: some Sequence<String>) -> Bool {
        var hasScreenKey = false
        for key in keys {
            if key == "screens" { return false }
            hasScreenKey = hasScreenKey || screenBody.contains(key)
        }
        return hasScreenKey
    }

    /// The keys of the top level of a flow file, or of a single-screen file (its own keys,
    /// the screen's and the decisions).
    package static func topLevel(singleScreen: Bool) -> [String] {
        singleScreen ? singleScreenFile + screenBody + decisions + [schema] : flowFile
    }

    /// The order `fmt` writes the keys of the mapping at `path` (``row(at:)``'s path) in:
    /// `$schema` first at the top, then the row's keys in the row's order; `nil` where the
    /// keys are the author's (screen ids, declarations, handler arguments, a custom step's
    /// argument) and keep their written order. Unlike ``row(at:)``, which reads the last
    /// keys of a half-typed path, the path is followed from the top, so a declaration or
    /// a step named like a block of the format (an event `rating`) is not taken for one.
    package static func writingOrder(at path: [String], singleScreenFile: Bool) -> [String]? {
        guard let first = path.first else { return [schema] + topLevel(singleScreen: singleScreenFile).filter { $0 != schema } }
        switch first {
        case "screens" where !singleScreenFile:
            return path.count >= 2 ? screenOrder(Array(path.dropFirst(2))) : nil
        case "handlers":
            return path.count == 2 ? handlerDeclaration : nil
        case "trigger":
            return path == ["trigger"] ? trigger : path == ["trigger", "limit"] ? presentationLimit : nil
        default:
            return singleScreenFile && screenBody.contains(first) ? screenOrder(path) : nil
        }
    }

    /// The writing order of the mapping at `path` inside a screen (`[]`: the screen).
    private static func screenOrder(_ path: [String]) -> [String]? {
        guard !path.isEmpty else { return screenBody }
        // In a list of steps only the format's own steps have keys of the format.
        if let holder = path.lastIndex(where: { ["action", "onFailure", "then", "else"].contains($0) }) {
            let step = path[(holder + 1)...].filter { $0 != "-" }
            return step == ["if"] ? conditionalSteps : step == ["collectUserFeedback"] ? feedbackRequest : nil
        }
        return row(at: path)?.keys
    }

    /// The row of the key table for the mapping at `path`, with the name of its schema
    /// definition; `nil` where no mapping of the format is (a handler's arguments, the
    /// screens by id). `path` is the keys from the top of a flow file down to the mapping,
    /// a list item written `-`: `["screens", "welcome", "primaryAction", "button"]`,
    /// `["screens", "welcome", "extraContent", "-"]`. The one reading of where a mapping
    /// stands, for completion, hover and the formatter's key order. O(path).
    package static func row(at path: [String]) -> (definition: String, keys: [String])? {
        let steps = path.filter { $0 != "-" }
        guard let last = steps.last else { return ("flowFile", flowFile) }
        let parent = steps.dropLast().last
        switch (parent, last) {
        case ("screens", _): return ("screenBody", screenBody)
        case (_, "primaryAction"): return ("primaryAction", primaryAction)
        case (_, "secondaryAction"): return ("secondaryAction", secondaryAction)
        case ("primaryAction", let kind), ("secondaryAction", let kind):
            guard let kind = ActionButton.Kind(rawValue: kind) else { return nil }
            return (kind == .retryButton ? "retryButton" : "button", button(kind))
        case (_, "extraContent") where path.last == "-": return ("contentBlock", contentBlock + blockConditions)
        case (_, "trigger"): return ("trigger", trigger)
        case ("trigger", "limit"): return ("presentationLimit", presentationLimit)
        case ("handlers", _): return ("handlerDeclaration", handlerDeclaration)
        case (_, "if"): return ("conditionalSteps", conditionalSteps)
        case (_, "collectUserFeedback"): return ("feedbackRequest", feedbackRequest)
        case (_, let block):
            if let keys = FieldKind.keys(ofBlock: block) { return (block, keys) }
            return nil
        }
    }
}
