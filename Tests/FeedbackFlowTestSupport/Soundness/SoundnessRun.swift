/// A run of a flow: the actions played one after the other on a fresh navigator, written
/// one per line in a `.run` file (``SoundnessAction/line``). Blank lines and lines
/// starting with `#` are comments.
public struct SoundnessRun: Sendable, Hashable {
    /// The actions, in order.
    public var actions: [SoundnessAction]

    public init(_ actions: [SoundnessAction]) {
        self.actions = actions
    }

    /// The run a `.run` file holds.
    /// - Throws: ``TestFailure`` naming the first line that is no action.
    public init(text: String) throws {
        var actions: [SoundnessAction] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingPrefix(while: { $0 == " " })
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            guard let action = SoundnessAction(line: String(trimmed)) else {
                throw TestFailure("line \(number + 1) is not an action: '\(line)'")
            }
            actions.append(action)
        }
        self.actions = actions
    }

    /// The `.run` text: one action per line, each ending with a line break.
    public var text: String {
        actions.map { $0.line + "\n" }.joined()
    }
}
