import FeedbackFlowCore
import FlowSource
import FlowSystem
import FlowWorkspace

/// `feedbackflow outbox list|flush|drop ID`: what the outbox keeps
/// (``FeedbackFlowCore/OutboxFeedbackSink``), delivering it, or removing one submission.
package struct OutboxCommand: Command {
    /// What the command does.
    package enum Action: Sendable, Hashable {
        /// One line per kept submission.
        case list
        /// Deliver what is kept.
        case flush
        /// Remove the submission with this id.
        case drop(String)
        /// Make dead submissions live again: these ids, or every dead one (`nil`).
        case retry([String]?)

        /// The words, as typed.
        static let words = ["list", "flush", "drop", "retry"]
    }

    package static let configuration = CommandConfiguration(
        name: "outbox",
        abstract: "List, deliver (flush), revive (retry) or drop the feedback kept in the outbox.",
        discussion: """
            'run' keeps every submission in the outbox file until it is delivered.
            'list' writes one line per kept submission: id, flow, rating, attempts, state
            (pending, waiting until TIME, or dead) and last error. 'flush' tries every kept
            submission that is not dead at once, oldest first, through --feedback-url or
            --feedback-out (one of them is required), with the same id as its
            Idempotency-Key; with --wait it retries what fails, with backoff, for up to that
            long. 'retry ID…' or 'retry --all-dead' makes dead submissions live again, with
            every attempt ahead of them (the next 'flush' delivers them); 'drop ID' removes
            one submission, delivered or not.

            A delivery that cannot be attempted here ('feedbackflow-post', which posts to
            --feedback-url, missing beside feedbackflow or broken) is a usage error that
            spends no submission's attempt.

            --outbox defaults to \(DeliveryOptions.defaultOutboxName) beside --feedback-out
            (in the current folder without it), as for 'run'.

            EXIT STATUS: 0 done (flush: everything was delivered and the outbox is empty);
            1 flush left submissions kept (not delivered yet, or dead); 2 usage error
            (an unknown id for drop or retry, a delivery that cannot be attempted); 3 the
            outbox cannot be read or written.
            """,
        options: ArgumentReading.specs { OutboxCommand() },
        positional: PositionalSpec(name: "action", count: .oneOrMore, help: "list, flush, retry ID…|--all-dead, or drop ID."))

    /// The action's words: `list`, `flush`, `retry ID…`, `drop ID`.
    @Positionals var words: [String]
    /// `--feedback-out`, `--feedback-url` and `--outbox`: the outbox and where it delivers.
    package var delivery = DeliveryOptions()
    /// `--format`; `nil`: text.
    @Option(.choice(
        "format", of: OutboxText.Format.self, valueName: "format",
        help: "text (one line per submission, default) or json (one object per line)."))
    var formatGiven: OutboxText.Format?
    /// `--wait`, in whole seconds; `nil`: one attempt each.
    @Option(.duration("wait", help: "flush: keep retrying, with backoff, for up to this long (30s, 2m, …; default: one attempt each)."))
    var waitGiven: Int?
    /// `--all-dead`: `retry` revives every dead submission.
    @Option(.flag("all-dead", help: "retry: revive every dead submission.")) var allDead: Bool
    /// What to do.
    package var action = Action.list

    /// How the submissions are listed.
    package var format: OutboxText.Format { formatGiven ?? .text }
    /// `--wait` (zero: one attempt each).
    package var wait: Duration { waitGiven.map { .seconds($0) } ?? .zero }

    /// The command with every option as not given, or as the command line being read
    /// gives them (``ArgumentReading``).
    private init() {}

    /// - Throws: ``UsageError`` for an unknown action, a missing or extra argument, a bad
    ///   `--wait`, `flush` without `--feedback-url` or `--feedback-out`, or an option that
    ///   ``DeliveryOptions`` refuses.
    package init(arguments: ParsedArguments) throws(UsageError) {
        self = try ArgumentReading.read(arguments) { OutboxCommand() }
        try delivery.check()
        let word = words.first ?? ""
        switch word {
        case "list", "flush":
            if words.count > 1 { throw UsageError("unexpected argument '\(words[1])'", hint: "'outbox \(word)' takes no argument") }
            action = word == "list" ? .list : .flush
        case "drop":
            guard words.count == 2 else {
                throw words.count < 2
                    ? UsageError("missing argument <id> of 'outbox drop'", hint: "list the ids with '\(FeedbackFlowTool.name) outbox list'")
                    : UsageError("unexpected argument '\(words[2])'", hint: "'outbox drop' takes one id")
            }
            action = .drop(words[1])
        case "retry":
            let ids = Array(words.dropFirst())
            let all = allDead
            guard ids.isEmpty == all else {
                throw all
                    ? UsageError("'outbox retry' takes ids or \($allDead.flagName), not both")
                    : UsageError(
                        "missing argument <id> of 'outbox retry'",
                        hint: "give the ids of dead submissions ('\(FeedbackFlowTool.name) outbox list' shows them), or \($allDead.flagName)")
            }
            action = .retry(all ? nil : ids)
        default:
            throw UsageError(
                "unknown outbox action '\(word)'",
                hint: Suggestion.hint(for: word, among: Action.words) ?? "one of \(Action.words.joined(separator: ", "))")
        }
        if allDead, word != "retry" {
            throw UsageError("\($allDead.flagName) is an option of 'outbox retry'", hint: "write 'outbox retry \($allDead.flagName)'")
        }
        if action == .flush, !delivery.namesDelivery {
            throw UsageError(
                "'outbox flush' needs to know where to deliver",
                hint: "give \(DeliveryOptions.feedbackURL.flagName) URL or \(DeliveryOptions.feedbackOut.flagName) FILE, as the run had")
        }
    }

    /// The outbox file.
    package var outboxPath: String { delivery.outboxPath(beside: delivery.feedbackOutPath) }

    /// Lists, flushes or drops; see the command's help for the statuses.
    /// - Throws: ``UsageError`` for `drop` of an unknown id or an outbox path that cannot
    ///   be used; ``IOFailure`` when the outbox cannot be read or written.
    package func run(in environment: CommandEnvironment) async throws -> CommandResult {
        let path = outboxPath
        let outbox = OutboxFeedbackSink(
            file: URL(localPath: path), delivery: delivery.delivery(feedbackOut: delivery.feedbackOutPath, groups: environment.programs))
        do {
            switch action {
            case .list:
                let contents = try await outbox.contents()
                let now = Date()
                for record in contents.records { environment.output.write(OutboxText.line(record, format: format, now: now)) }
                for line in contents.unreadableLines { environment.errorOutput.write(OutboxText.unreadable(line: line, outbox: path)) }
                return .clean
            case .flush:
                try delivery.checkDeliverable()
                try DeliveryOptions.checkOutbox(path)
                try CommandFiles.checkDistinct(delivery.files(outboxPath: path, feedbackOut: delivery.feedbackOutPath))
                let result = try await outbox.flush(startingNow: true, waitingUpTo: wait)
                let now = Date()
                for id in result.delivered { environment.output.write(OutboxText.delivered(id, format: format)) }
                for id in result.deliveredElsewhere { environment.output.write(OutboxText.delivered(id, format: format, elsewhere: true)) }
                for record in result.kept { environment.output.write(OutboxText.line(record, format: format, now: now)) }
                for problem in result.problems { environment.errorOutput.write(OutboxText.problem(problem)) }
                for line in result.unreadableLines { environment.errorOutput.write(OutboxText.unreadable(line: line, outbox: path)) }
                environment.errorOutput.write(OutboxText.flushSummary(result, outbox: path, now: now))
                if let unavailable = result.unavailable { throw unavailable }
                return result.deliveredEverything ? .clean : .findings
            case .drop(let id):
                try await outbox.drop(id: id)
                environment.output.write(OutboxText.dropped(id))
                return .clean
            case .retry(let ids):
                let revived = try await outbox.revive(ids: ids)
                for id in revived { environment.output.write(OutboxText.revived(id)) }
                let notDead = (ids ?? []).filter { !revived.contains($0) }
                for id in notDead { environment.errorOutput.write(OutboxText.notDead(id)) }
                environment.errorOutput.write(OutboxText.retrySummary(revived: revived.count, outbox: path, options: delivery.flushWords))
                return .clean
            }
        } catch let unavailable as DeliveryUnavailable {
            throw UsageError(
                unavailable.message,
                hint: "no submission spent an attempt; install feedbackflow-post beside \(FeedbackFlowTool.name) ('scripts/install' installs both programs)")
        } catch OutboxError.unknownID(let id) {
            throw UsageError(
                "no submission with id '\(id)' in '\(path)'",
                hint: "list the ids with '\(FeedbackFlowTool.name) outbox list\(delivery.outbox.map { " --outbox \(DeliveryOptions.shellQuoted($0))" } ?? "")'")
        } catch let error as OutboxError {
            throw IOFailure(error.description)
        } catch let error as DeliveryError {
            throw IOFailure("the outbox '\(path)': \(error)")
        }
    }
}
