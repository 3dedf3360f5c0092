import FlowCompile
import FeedbackFlowCore
import FlowSystem

/// Plays a ``Flow`` in a terminal, or from a script: draws each screen as plain lines and
/// reads one command per input line.
///
/// ## What is drawn
/// Each screen shows a header with the style (`✔ success`, `ℹ informative`,
/// `✖ error`, `★ feedback (image: NAME)`), the screen id and the stack depths; the title
/// and subtitle; every content block with its current value (a field shows its label,
/// `*` when required, its id in `[brackets]` (the name to use in commands), its value, and a `!` line when the value
/// is invalid); the actions numbered from 1 — the primary first, then the secondary —
/// marked `(link)`, `[disabled]` or `[loading…]`; and the error message of the last
/// failed action, if any. While a retry button's action runs, a `… LOADING TITLE` line
/// says so.
///
/// A screen is drawn when it comes on top and on `show`. After a field command, one line
/// confirms the new value (and says when the primary action becomes enabled or
/// disabled). After a tap that leaves the same screen on top, one line says `done` or
/// gives the error.
///
/// ## Commands (one per line)
/// ```
/// N               tap action N (the numbers next to the buttons)
/// set ID VALUE    fill a field: text as typed (trimmed), a whole number for a rating,
///                 on/off (also true/false, yes/no, 1/0) for a toggle
/// rate [ID] N     set a rating; ID may be left out when the screen has one rating
/// toggle [ID]     flip a toggle; ID may be left out when the screen has one toggle
/// clear ID        empty a text field
/// edit ID         the next lines become a text editor's text, up to a line holding a single "."
///                 (a line starting with ".." loses one dot, so "." itself can be typed)
/// back            go back one screen (pop); on the last root this ends the flow
/// show            draw the screen again
/// help, ?         list the commands
/// quit, q         end the run with outcome `quit`
/// ```
/// Command words are case-insensitive; field ids are not. Only fields of the screen on
/// top can be set. Blank lines are ignored. A line that is not a valid command, or that
/// the screen refuses (a disabled action, a value out of range), gets a one-line
/// `error: …` and the screen stays; so does a command with more arguments than shown
/// (`quit now`, `show all`, `help me`, `rate ID N extra`). Typed text holding a control
/// character (Unicode Cc: ESC, tab, BEL, DEL, C1) is refused — a `set` value with an
/// error, the field keeping its value; an `edit` line with an error, to be typed again —
/// so no escape sequence is ever stored in a field. `edit` takes a text editor only: a
/// one-line text field is filled with `set`.
///
/// ## Scripts
/// Forms are filled by commands, not by prompts, so a script is exactly what a person
/// would type. The call-quality flow (`flows/call-quality-rating.flow.yaml`), from a file of
/// answers:
/// ```
/// set email ada@example.com
/// set comment The call was great
/// rate 4
/// 1
/// 1
/// ```
/// (fill the fields, tap Submit, then tap Done on the thank-you screen.)
///
/// ## Ending
/// ``run()`` returns when the flow ends (`finish` → its outcome, no stack left →
/// `dismissed`), on `quit` (`quit`), or at the end of input (`inputEnded`, a clean
/// end; inside `edit`, the lines typed so far are kept first, and a line says so). When
/// the output can no longer be written (``TextWriter/failure`` is set: the reader of a
/// pipe went away, or the disk is full) it stops before reading another line and
/// returns ``FeedbackFlow/FlowOutcome/outputClosed``. Each of these is
/// ``LineModeEnding/ended(_:)`` with the outcome. If the flow cannot start (its start
/// screen is missing) it writes one error line and returns
/// ``LineModeEnding/notStarted(_:)``: not an outcome, so no `finish` name a flow gives
/// can look like it.
///
/// Output is the same on a terminal and on a pipe; escape sequences appear only when
/// `style.isEnabled`, and control characters from the flow or the input are never
/// written raw.
package struct LineModeRunner: Sendable {
    let flow: Flow
    let registry: ActionHandlerRegistry
    let input: any LineReader
    let output: any TextWriter
    let style: TerminalStyle
    let presenters: [any Presenter]
    let context: [String: ExpressionValue]
    /// When set, the flow is played only if its trigger presents it for this event.
    let trigger: Trigger?

    /// An event the flow's trigger decides on before anything is shown: the flow runs
    /// only when ``FlowNavigator/handle(event:context:)`` presents it (the context goes
    /// with the event), with the history, clock and quiet period given here.
    package struct Trigger: Sendable {
        package var event: String
        package var history: any PresentationHistory
        package var quietPeriod: Int?
        package var now: @Sendable () -> Date

        package init(event: String, history: any PresentationHistory, quietPeriod: Int?, now: @escaping @Sendable () -> Date) {
            self.event = event
            self.history = history
            self.quietPeriod = quietPeriod
            self.now = now
        }
    }

    /// - Parameters:
    ///   - flow: the flow to play (validated first by the caller).
    ///   - registry: handlers for `openURL`, `collectUserFeedback` and custom steps.
    ///   - input: where command lines come from.
    ///   - output: where screens and messages go.
    ///   - style: colours on or off.
    ///   - presenters: more presenters for the same events (e.g. a ``TranscriptRecorder``).
    ///   - context: the values the host provides (declared context values, template variables).
    ///   - trigger: an event to decide on first (default none: the flow starts at once).
    package init(
        flow: Flow, registry: ActionHandlerRegistry, input: any LineReader, output: any TextWriter,
        style: TerminalStyle, presenters: [any Presenter] = [], context: [String: ExpressionValue] = [:],
        trigger: Trigger? = nil
    ) {
        self.trigger = trigger
        self.flow = flow
        self.registry = registry
        self.input = input
        self.output = output
        self.style = style
        self.presenters = presenters
        self.context = context
    }

    /// Plays the flow to its end. Never throws; see "Ending" for the outcomes.
    package func run() async -> LineModeEnding {
        let renderer = ScreenRenderer(style: style)
        let screen = LineModePresenter(output: output, renderer: renderer)
        let presenters = [screen] + presenters
        let navigator =
            if let trigger {
                FlowNavigator(
                    flow: flow, registry: registry, presenters: presenters, now: trigger.now, history: trigger.history,
                    quietPeriod: trigger.quietPeriod.map { .seconds($0) })
            } else {
                FlowNavigator(flow: flow, registry: registry, presenters: presenters, context: context)
            }
        let session = LineModeSession(
            navigator: navigator, presenter: screen, input: input, output: output, renderer: renderer,
            event: trigger.map { ($0.event, context) })
        return await session.run()
    }
}
