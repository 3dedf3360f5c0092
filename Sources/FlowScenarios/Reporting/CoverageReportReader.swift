import FeedbackFlow
import FlowCompile
import FlowSource
import FlowWorkspace

/// Reads the coverage of a `test --format json` report back, for `storyboard --coverage`
/// and `graph --coverage`: per flow, its routes no scenario took (by
/// ``FlowWeb/FlowGraph/Edge/key``) and its percentage.
package struct CoverageReportReader: Sendable {
    /// One flow of the report.
    package struct FlowEntry: Sendable {
        /// The flow's id.
        package var id: String
        /// The flow file's path, as the report names it.
        package var file: String
        /// Its coverage, one decimal (`87.5`).
        package var percent: String
        /// Its items taken and in all.
        package var taken: Int
        /// Its items in all.
        package var total: Int
        /// Its routes (``FlowWeb/FlowGraph/Edge/key``), each with whether a scenario took it.
        package var routes: [String: Bool]

        /// One line for a page: `87.5% of 40 items (35 taken)`.
        package var summary: String { "\(percent)% of \(total) items taken (\(taken))" }
    }

    /// The flows of the report, in its order.
    package var flows: [FlowEntry]
    /// The report's folder: its flows' paths are read from there too, when the report was
    /// written in the folder `test` ran in and is read from another.
    package var folder: String

    /// The report in the file at `path`.
    /// - Throws: ``FlowWorkspace/UsageError`` with every problem at its place: a file
    ///   that does not load, or is not a `test --format json` report.
    package init(path: String, option: String) throws(UsageError) {
        var session = DecodingSession()
        guard let root = try UsageError.loadRoot(path: path, source: option, session: &session) else {
            throw UsageError("\(option) '\(path)' is empty", hint: "write it with 'feedbackflow test --format json=\(path)'")
        }
        var flows: [FlowEntry] = []
        let hint = "write it with 'feedbackflow test --format json=\(path)'"
        if let fields = session.mapping(root, expected: "a test report (feedbackflow test --format json)"),
            let coverage = session.required(fields, "coverage", expected: "the report's coverage", hint: hint).flatMap({ session.mapping($0) }),
            let list = session.required(coverage, "flows", expected: "the flows' coverage", hint: hint)
        {
            for item in list.sequence.map(Array.init) ?? [] {
                guard let flow = session.mapping(item, expected: "a flow's coverage") else { continue }
                guard let id = session.required(flow, "flow", expected: "the flow's id").flatMap({ session.string($0) }),
                    let file = session.required(flow, "file", expected: "the flow's file").flatMap({ session.string($0) })
                else { continue }
                var routes: [String: Bool] = [:]
                for entry in session.required(flow, "routes", expected: "the flow's routes", hint: hint).flatMap(\.sequence).map(Array.init) ?? [] {
                    guard let route = session.mapping(entry, expected: "a route {key, taken}"),
                        let key = session.required(route, "key", expected: "the route's key").flatMap({ session.string($0) }),
                        let taken = session.required(route, "taken", expected: "true or false").flatMap({ session.bool($0) })
                    else { continue }
                    routes[key] = taken
                }
                flows.append(FlowEntry(
                    id: id, file: file, percent: flow.value("percent")?.string ?? "?", taken: flow.value("taken")?.integer ?? 0,
                    total: flow.value("total")?.integer ?? 0, routes: routes))
            }
        }
        if let problems = UsageError(decoding: session.diagnostics, source: option) { throw problems }
        self.flows = flows
        folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
    }

    /// The report's flow for `flow` read from `path`: the one whose file is `path` (as
    /// `sameFile` says), else the only one with its id; `nil` when there is none, or
    /// several with its id and none of them at `path`.
    package func entry(for flow: Flow, path: String, sameFile: (String, String) -> Bool) -> FlowEntry? {
        let matching = flows.filter { $0.id == flow.id }
        let besideReport = { (file: String) in file.hasPrefix("/") ? file : self.folder + "/" + file }
        return matching.first { sameFile($0.file, path) } ?? matching.first { sameFile(besideReport($0.file), path) }
            ?? (matching.count == 1 ? matching.first : nil)
    }
}
