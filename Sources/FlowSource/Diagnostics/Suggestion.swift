/// "Did you mean …?" for unknown keys, enum values, screen ids and template names.
///
/// Closeness is the optimal-string-alignment form of the Damerau–Levenshtein distance
/// (insertions, deletions, substitutions and transpositions of two adjacent characters
/// each cost 1; no substring is edited twice), computed on lowercased Unicode scalars, so
/// a difference of case alone (`Title` for `title`) has distance 0 and always suggests.
///
/// A candidate is close enough when its distance is at most
/// `max(1, min(2, typed.count / 3))`: one edit for names of up to five scalars, two for
/// longer ones. This keeps `id` from suggesting `ok` while `sucess` still finds `success`.
///
/// **Bounds.** The work per question does not depend on how long the names are or how
/// many candidates there are beyond fixed caps, so a flow of thousands of screens (or a
/// 20 MB key) cannot make "did you mean" quadratic:
/// - a candidate whose (lowercased) length differs from the typed name's by more than the
///   threshold is skipped without computing anything (its distance cannot be within it);
/// - the distance is computed in a band of `2 · threshold + 1` diagonals and given up as
///   soon as a whole row exceeds the threshold (``boundedDistance(_:_:limit:)``);
/// - candidates longer than ``maximumLength`` scalars are never suggested, and a typed
///   name longer than ``maximumLength`` plus the threshold gets no suggestion;
/// - at most ``maximumCandidatesExamined`` candidates (those that pass the length test,
///   in the order given) have their distance computed; later ones are not considered.
///
/// For a list asked about many times (the screen ids, once per unknown target), build a
/// ``Candidates`` once: it finds the candidates within distance 1 through an index
/// instead of scanning.
package enum Suggestion {
    /// Candidates (and typed names) longer than this many Unicode scalars are not compared.
    package static let maximumLength = 64
    /// The most candidates whose distance is computed for one typed name by a scan.
    package static let maximumCandidatesExamined = 1_000

    /// A candidate list prepared once for many questions: each name lowercased up front
    /// and indexed by itself and its *deletion forms* (the texts it gives with one scalar
    /// deleted). Two names within distance 1 share such a form, so those candidates are
    /// found by looking up the typed name's own forms; each is verified with
    /// ``boundedDistance(_:_:limit:)``. Only when none is within 1 and the threshold is 2
    /// are the candidates scanned, as ``Suggestion/closest(to:among:)`` does.
    ///
    /// The answer is that of ``Suggestion/closest(to:among:)`` on the same list (the first
    /// candidate listed of those at the smallest distance). Building is O(Σ m²) for names
    /// of m ≤ ``maximumLength`` scalars; a question is O(n²) for a typed name of n
    /// scalars plus the candidates it verifies, plus the scan when it runs.
    package struct Candidates: Sendable {
        private let names: [String]
        /// The lowercased scalars of each name; `nil` when longer than ``maximumLength``.
        private let folded: [[Unicode.Scalar]?]
        /// The indices of the names that give each form (the name itself, or it with one
        /// scalar deleted), in list order.
        private let byForm: [String: [Int]]

        /// Prepares `candidates`, keeping their order (ties go to the one listed first).
        package init(_ candidates: some Sequence<String>) {
            names = Array(candidates)
            folded = names.map(Suggestion.folded)
            var byForm: [String: [Int]] = [:]
            for (index, name) in folded.enumerated() {
                guard let name else { continue }
                for form in Set(Suggestion.forms(of: name)) { byForm[form, default: []].append(index) }
            }
            self.byForm = byForm
        }

        /// The closest candidate to `typed` within the threshold, or `nil` (see the type's
        /// documentation).
        package func closest(to typed: String) -> String? {
            let limit = maximumDistance(for: typed)
            guard let s = Suggestion.folded(typed, cap: maximumLength + limit) else { return nil }
            var rows = Rows(capacity: maximumLength + 2)
            var best: (index: Int, distance: Int)?
            for form in Set(Suggestion.forms(of: s)) {
                for index in byForm[form] ?? [] where names[index] != typed {
                    guard let t = folded[index], let d = boundedDistance(s, t, limit: 1, rows: &rows) else { continue }
                    if best.map({ (d, index) < ($0.distance, $0.index) }) ?? true { best = (index, d) }
                }
            }
            if let best { return names[best.index] }
            guard limit >= 2 else { return nil }
            return Suggestion.closest(to: typed, names: names, foldedNames: folded)
        }

        /// `did you mean 'title'?` for the closest candidate, or `nil` when none is close.
        package func hint(for typed: String) -> String? {
            closest(to: typed).map { "did you mean '\($0)'?" }
        }
    }

    /// `scalars` itself and every text it gives with one scalar deleted.
    private static func forms(of scalars: [Unicode.Scalar]) -> [String] {
        func text(skipping skipped: Int) -> String {
            var out = ""
            for index in scalars.indices where index != skipped { out.unicodeScalars.append(scalars[index]) }
            return out
        }
        return [text(skipping: -1)] + scalars.indices.map(text(skipping:))
    }

    /// The closest of `candidates` to `typed` within the threshold above, or `nil`.
    /// Ties go to the candidate listed first, so the answer is deterministic.
    /// O(k · m) for k candidates of length ≤ m (to lowercase them), plus the bounded
    /// distances of the type's documentation.
    package static func closest(to typed: String, among candidates: some Sequence<String>) -> String? {
        let names = Array(candidates)
        return closest(to: typed, names: names, foldedNames: names.map { folded($0) })
    }

    /// `did you mean 'title'?` for the closest candidate, or `nil` when none is close.
    package static func hint(for typed: String, among candidates: some Sequence<String>) -> String? {
        closest(to: typed, among: candidates).map { "did you mean '\($0)'?" }
    }

    /// The largest distance at which a candidate still counts as a likely typo of `typed`.
    package static func maximumDistance(for typed: String) -> Int {
        max(1, min(2, typed.unicodeScalars.count / 3))
    }

    /// The search: `foldedNames[i]` is the lowercased scalars of `names[i]` (`nil`: too long to
    /// compare). One set of row buffers serves every candidate.
    private static func closest(to typed: String, names: [String], foldedNames: [[Unicode.Scalar]?]) -> String? {
        let limit = maximumDistance(for: typed)
        guard let s = folded(typed, cap: maximumLength + limit) else { return nil }
        var rows = Rows(capacity: maximumLength + 2)
        var best: (candidate: Int, distance: Int)?
        var examined = 0
        for index in names.indices {
            guard let t = foldedNames[index], abs(t.count - s.count) <= limit, names[index] != typed else { continue }
            guard examined < maximumCandidatesExamined else { break }
            examined += 1
            // Only a strictly smaller distance replaces the best so far.
            let bound = best.map { $0.distance - 1 } ?? limit
            guard bound >= 0 else { break }
            guard let d = boundedDistance(s, t, limit: bound, rows: &rows) else { continue }
            best = (index, d)
        }
        return best.map { names[$0.candidate] }
    }

    /// The lowercased scalars of `name`, or `nil` when it has more than `cap` scalars
    /// (counted before lowercasing, without reading further than `cap + 1` scalars).
    private static func folded(_ name: String, cap: Int) -> [Unicode.Scalar]? {
        var count = 0
        for _ in name.unicodeScalars {
            count += 1
            if count > cap { return nil }
        }
        return Array(name.lowercased().unicodeScalars)
    }

    private static func folded(_ name: String) -> [Unicode.Scalar]? {
        folded(name, cap: maximumLength)
    }

    /// The optimal-string-alignment distance between `a` and `b`, ignoring case
    /// (lowercased Unicode scalars). O(|a| · |b|) time, O(|b|) memory per row (three rows).
    /// The full computation, for tests and one-off use; suggestions use
    /// ``boundedDistance(_:_:limit:)``.
    package static func distance(_ a: String, _ b: String) -> Int {
        let s = Array(a.lowercased().unicodeScalars)
        let t = Array(b.lowercased().unicodeScalars)
        if s.isEmpty { return t.count }
        if t.isEmpty { return s.count }
        var previousPrevious = [Int](repeating: 0, count: t.count + 1)
        var previous = Array(0...t.count)
        var current = [Int](repeating: 0, count: t.count + 1)
        for i in 1...s.count {
            current[0] = i
            for j in 1...t.count {
                let cost = s[i - 1] == t[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, s[i - 1] == t[j - 2], s[i - 2] == t[j - 1] {
                    value = min(value, previousPrevious[j - 2] + 1)
                }
                current[j] = value
            }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[t.count]
    }

    /// The optimal-string-alignment distance between the scalar arrays `s` and `t` when it
    /// is at most `limit`, else `nil` (case is not folded here: pass lowercased scalars).
    ///
    /// Only the cells within `limit` of the diagonal are computed (a path that leaves the
    /// band costs more than `limit`), and the computation stops at the first row whose
    /// cells all exceed `limit`. O(|s| · (2 · limit + 1)) time at most, O(|t|) memory.
    package static func boundedDistance(_ s: [Unicode.Scalar], _ t: [Unicode.Scalar], limit: Int) -> Int? {
        var rows = Rows(capacity: t.count + 2)
        return boundedDistance(s, t, limit: limit, rows: &rows)
    }

    /// Three rows of the distance table, allocated once for many comparisons.
    private struct Rows {
        var previousPrevious: [Int]
        var previous: [Int]
        var current: [Int]

        init(capacity: Int) {
            previousPrevious = [Int](repeating: 0, count: capacity)
            previous = previousPrevious
            current = previousPrevious
        }
    }

    /// ``boundedDistance(_:_:limit:)`` on `rows` (grown when `t` needs more room).
    private static func boundedDistance(
        _ s: [Unicode.Scalar], _ t: [Unicode.Scalar], limit: Int, rows: inout Rows
    ) -> Int? {
        guard limit >= 0, abs(s.count - t.count) <= limit else { return nil }
        if s.isEmpty || t.isEmpty { return max(s.count, t.count) }
        let n = t.count
        if rows.current.count < n + 2 { rows = Rows(capacity: n + 2) }
        let big = limit + 1
        for j in 0...(n + 1) {
            rows.previous[j] = j <= limit ? j : big
            rows.previousPrevious[j] = big
            rows.current[j] = big
        }
        for i in 1...s.count {
            let lo = max(1, i - limit), hi = min(n, i + limit)
            rows.current[0] = i <= limit ? i : big
            rows.current[lo - 1] = lo - 1 == 0 ? rows.current[0] : big
            rows.current[hi + 1] = big
            var rowMinimum = rows.current[0]
            for j in lo...hi {
                let cost = s[i - 1] == t[j - 1] ? 0 : 1
                var value = min(rows.previous[j] + 1, rows.current[j - 1] + 1, rows.previous[j - 1] + cost)
                if i > 1, j > 1, s[i - 1] == t[j - 2], s[i - 2] == t[j - 1] {
                    value = min(value, rows.previousPrevious[j - 2] + 1)
                }
                value = min(value, big)
                rows.current[j] = value
                rowMinimum = min(rowMinimum, value)
            }
            if rowMinimum > limit { return nil }
            swap(&rows.previousPrevious, &rows.previous)
            swap(&rows.previous, &rows.current)
        }
        let d = rows.previous[n]
        return d <= limit ? d : nil
    }
}
