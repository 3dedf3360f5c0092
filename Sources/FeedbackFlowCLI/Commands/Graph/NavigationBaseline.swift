import FlowCompile
import FlowReporting
import FeedbackFlowCore

/// A flow's navigation as sorted lines of text, one fact each, for review: committed
/// beside the flows (`graph --format baseline`), it makes every change of navigation
/// part of a pull request's diff, and `validate --baseline FILE` fails when the flows no
/// longer match it. Each line starts with the flow's file, relative to the repository
/// root (``CompileSettings/locationBase(_:)``), so that flows with the same id stay apart
/// and a check of some files compares only their lines:
///
/// ```
/// flows/rate.yaml: entry rate present
/// flows/rate.yaml: screen rate feedback
/// flows/rate.yaml: edge rate -> sorry push via primary 'Send' step 2 if rating <= 2
/// flows/rate.yaml: exit sorry finish sorry via primary 'Done' step 1
/// flows/rate.yaml: trigger callEnded when call.maxParticipants > 1 validator isCallCreator limit 3 per 365d, 7d apart, until responded
/// ```
///
/// An exit (`pop`, `popToRoot`, `dismiss`, `finish` with its outcome) is a fact too, so
/// a change in how a flow ends is a change of its navigation. An edge or exit names the button (`primary`, `secondary`, with its title as written, and
/// `onFailure` when it is that action's), the step of the action it is (1-based; a step
/// inside an `if` is that `if` step) and the conditions of the branches it is on. Lines are sorted by UTF-8 bytes, so the text depends only on the flow.
package enum NavigationBaseline {
    /// What separates a line's file from its fact.
    package static let separator = ": "

    /// The facts of `flow`, read from the file labelled `file`, sorted.
    package static func facts(of flow: Flow, file: String) -> [String] {
        let id = file + separator.dropLast()
        var lines: [String] = []
        lines.append("\(id) entry \(flow.start) \(flow.presentation.rawValue)")
        for screen in flow.screens { lines.append("\(id) screen \(screen.id) \(screen.style.name)") }
        if let trigger = flow.trigger {
            var line = "\(id) trigger \(trigger.event)"
            if let condition = trigger.when { line += " when \(condition.text)" }
            if let validator = trigger.validator { line += " validator \(validator)" }
            let limit = trigger.limit
            var parts: [String] = []
            if let count = limit.maxPresentations {
                parts.append("\(count)" + (limit.periodSeconds.map { " per \(DurationText.text($0))" } ?? ""))
            }
            if let interval = limit.minimumIntervalSeconds { parts.append("\(DurationText.text(interval)) apart") }
            if limit.untilResponded { parts.append("until responded") }
            if !parts.isEmpty { line += " limit " + parts.joined(separator: ", ") }
            lines.append(line)
        }
        var seen: Set<String> = []
        for screen in flow.screens {
            let buttons = [("primary", screen.primaryAction.button), ("secondary", screen.secondaryAction.button)]
            for case let (role, button?) in buttons {
                let name = "\(role) '\(button.title.raw)'"
                var actions = [(name, button.action)]
                if let failure = button.onFailure { actions.append(("\(name) onFailure", failure)) }
                for (via, action) in actions {
                    // Steps with the action's step they are in (1-based) and the branches
                    // they are on; an explicit stack.
                    var pending: [(steps: [Step], step: Int?, conditions: [String])] = [(action.steps, nil, [])]
                    while let (steps, outer, conditions) = pending.popLast() {
                        for (position, step) in steps.enumerated() {
                            let number = outer ?? position + 1
                            if case .branch(let branch) = step.kind {
                                pending.append((branch.then, number, conditions + ["if \(branch.condition.text)"]))
                                pending.append((branch.otherwise, number, conditions + ["unless \(branch.condition.text)"]))
                                continue
                            }
                            var line: String
                            if let operation = step.operation, let target = operation.screenID {
                                line = "\(id) edge \(screen.id) -> \(target) \(operation.name) via \(via) step \(number)"
                            } else if case .finish(let outcome) = step.kind {
                                line = "\(id) exit \(screen.id) finish \(outcome ?? FlowOutcome.finished.name) via \(via) step \(number)"
                            } else if let operation = step.operation {
                                line = "\(id) exit \(screen.id) \(operation.name) via \(via) step \(number)"
                            } else {
                                continue
                            }
                            if !conditions.isEmpty { line += " " + conditions.joined(separator: " and ") }
                            if seen.insert(line).inserted { lines.append(line) }
                        }
                    }
                }
            }
        }
        return lines.map { DisplayText.sanitized($0) }.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// The text of `facts`: one line each.
    package static func text(_ facts: [String]) -> String {
        facts.map { $0 + "\n" }.joined()
    }

    /// The file a line of a baseline is about: the text before ``separator``.
    package static func file(of line: String) -> String? {
        line.firstRange(of: separator).map { String(line[..<$0.lowerBound]) }
    }

    /// The label of the file at `path` in baselines: relative to `base`, else as given.
    package static func label(_ path: String, base: SARIFLocationBase) -> String {
        base.relativePath(of: path) ?? path
    }

    /// What changed from `baseline` (the lines of a baseline file, in any order) to
    /// `facts`: the lines only in the baseline, with their line numbers, and the lines
    /// only in the facts, each sorted. Counted as multisets, so a repeated line counts.
    package static func difference(baseline: [String], facts: [String]) -> (removed: [(line: Int, text: String)], added: [String]) {
        var remaining: [String: Int] = [:]
        for fact in facts { remaining[fact, default: 0] += 1 }
        var removed: [(Int, String)] = []
        for (index, line) in baseline.enumerated() where !line.isEmpty {
            if let count = remaining[line], count > 0 {
                remaining[line] = count - 1
            } else {
                removed.append((index + 1, line))
            }
        }
        var added: [String] = []
        for fact in facts where (remaining[fact] ?? 0) > 0 {
            added.append(fact)
            remaining[fact] = (remaining[fact] ?? 1) - 1
        }
        return (removed, added)
    }
}
