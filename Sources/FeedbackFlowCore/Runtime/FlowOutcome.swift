/// How a flow ended: a name such as `finished`, `dismissed`, `quit`, `inputEnded`, or any
/// name given to `finish: NAME` in a flow file. A string literal is an outcome of that
/// name: `navigator.end("closed")`.
public struct FlowOutcome: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The outcome's name, e.g. `finished` or `dismissed`, or the argument of `finish: NAME`;
    /// the `outcome` of the transcript's `flowEnded` line.
    public var name: String

    /// An outcome named `name`, taken as given.
    public init(_ name: String) {
        self.name = name
    }

    /// An outcome named by a string literal, taken as given.
    public init(stringLiteral name: String) {
        self.name = name
    }

    /// The outcome's ``name``.
    public var description: String { name }

    /// `finish` without an argument.
    public static let finished = FlowOutcome("finished")
    /// No stack is left (`dismiss`, or `pop` on the last root).
    public static let dismissed = FlowOutcome("dismissed")
    /// The user asked to quit (line mode: `quit` / `q`).
    public static let quit = FlowOutcome("quit")
    /// The input ended before the flow did (line mode: end of standard input).
    public static let inputEnded = FlowOutcome("inputEnded")
}
