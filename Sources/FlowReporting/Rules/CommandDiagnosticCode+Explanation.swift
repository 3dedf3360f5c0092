extension CommandDiagnosticCode {
    /// Why the code matters, how to fix it, and a file that shows it.
    var explanation: RuleExplanation {
        switch self {
        case .skippedFile:
            RuleExplanation(
                "In a folder, validate reads only regular files: a fifo, socket or device could block or never end, so it is skipped with this note rather than opened. Name it on the command line to read it anyway. In a folder, fmt rewrites only flows (a top level with 'screens', or a single screen's keys): a docker-compose.yml or package.json beside them is left as it is, with this note. Name it on the command line to format it anyway.")
        case .navigationChanged:
            RuleExplanation(
                "A navigation baseline (graph --format baseline, or validate --write-baseline) is a sorted list of the flows' screens, edges with their buttons and steps, and triggers, committed beside them so that every change of navigation shows in review. validate --baseline FILE fails when the flows no longer match it: each fact removed is a '- …' note at its line of the baseline, each one added a '+ …' note. If the change is intended, write the baseline again and commit it with the change.")
        case .notFormatted:
            RuleExplanation(
                "fmt writes every flow in one layout: keys in the order of the format's key table, two spaces per level, quotes only where YAML would read the text otherwise, comments kept with their keys. fmt --check changes nothing and reports each file whose text differs from that layout, at the first line that would change, so that CI can keep layout out of reviews. Run fmt on the file (fmt --diff shows the change first).")
        case .formatRefused:
            RuleExplanation(
                "fmt checks its own work before it writes: the new text must read as the same values, compile to the same flow with the same diagnostics, and hold every comment. Where the layout cannot hold something (a key that is a list or a mapping, a '%' directive) or the check fails, the file is left exactly as it was and this error says where. Rewrite that part by hand, or leave the file out of fmt. fmt also looks at the file again just before it writes: if it changed since fmt read it (an editor saved it, a line was added), fmt does not write over that edit; the file keeps it, and this error is at its first line. Run fmt again.")
        case .scenarioFailed:
            RuleExplanation(
                "A flow test (NAME.flowtest.yaml) runs scenarios against the real navigator: each sets fields, taps buttons by their titles and reports events, and says what must then be true (the screen on top, the stacks, a field's state, a submission and its values, how the flow ended, the trigger's decision). A scenario stops at its first step that cannot be done or expectation that does not hold, and this error is there, saying what happened instead. A submission no 'submitted:' expected, a trigger's refusal no 'decision:' expected, and a custom step with no stub fail the scenario too. Fix the flow, or the scenario if the flow is right.")
        case .flowNotTestable:
            RuleExplanation(
                "The flow a test names ('flow:', relative to the test file) is compiled as validate compiles it; when it has errors, or cannot be read, none of the scenarios runs and each counts as failed. Run validate on the flow and fix its errors.")
        case .coverageBelowMinimum:
            RuleExplanation(
                "test counts what the scenarios took of each flow: its screens shown, its buttons tapped, each branch of each 'if', each step that leaves (push, present, pop, dismiss, finish), and each route of its graph. With --coverage-min N the run fails when the total is under N%. The JSON report lists every item never taken, at its line and column in the flow, and storyboard --coverage and graph --coverage draw the untaken routes. Add a scenario that takes them.")
        case .untestedFlow:
            RuleExplanation(
                "test runs the flow tests it finds beside the flows; a flow in the paths given that no test names has nothing proving it behaves as meant, and counts as 0% covered. Write NAME.flowtest.yaml beside it (test --record FLOW plays the flow and writes one).")
        }
    }
}
