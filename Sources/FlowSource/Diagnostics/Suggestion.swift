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
/// ``Candidates`` once: it lowercases and indexes each candidate once, and finds the
/// candidates within distance 1 through its index instead of scanning.
package enum Suggestion {
    /// Candidates (and typed names) longer than this many Unicode scalars are not compared.
    package static let maximumLength = 64
    /// The most candidates whose distance is computed for one typed name by a scan (the
    /// one-shot ``closest(to:among:)``, and the scan of long names in ``Candidates``).
    package static let maximumCandidatesExamined = 1_000

    /// Names up to this many scalars are indexed by their two-deletion forms too
    /// (``Candidates``), so a candidate two edits away is found without a scan.
    package static let maximumTwoDeletionLength = 20

    /// A candidate list prepared once for many questions: each name lowercased (as
    /// Unicode scalars) up front, and indexed by its *deletion forms*: the texts it gives
    /// with one scalar deleted, and, for names of at most ``maximumTwoDeletionLength``
    /// scalars, two. Two names within distance d (substitutions, insertions, deletions,
    /// transpositions of adjacent scalars, none overlapping) share a form with at most d
    /// deletions from each (each edit costs at most one deletion on each side), so the
    /// candidates within the threshold are found by looking up the typed name's own forms,
    /// without looking at the other candidates; each one found is verified with
    /// ``boundedDistance(_:_:limit:)``. Only names longer than
    /// ``maximumTwoDeletionLength``, when the threshold is 2 and none is within 1, are
    /// scanned (lengths within 2, a 64-bit mask of their scalars differing in at most four
    /// bits, at most ``maximumCandidatesExamined`` distances computed).
    ///
    /// The answer is that of ``Suggestion/closest(to:among:)`` on the same list (the first
    /// candidate listed of those at the smallest distance), short of that scan's cap.
    ///
    /// Building is O(Σ min(m, 20)² · m) time for names of m scalars and one (hash, index)
    /// pair per form in memory, sorted; a question is O(n³ + matches verified) for a typed
    /// name of n ≤ ``maximumLength`` + 2 scalars, plus the scan when it runs.
    package struct Candidates: Sendable {
        private let names: [String]
        /// The lowercased scalars of each name; `nil` when longer than ``maximumLength``.
        private let folded: [[Unicode.Scalar]?]
        /// (hash of a form with at most one deletion, index of the name), sorted; hashes
        /// only narrow the search, every match is verified.
        private let nearForms: [(hash: Int, index: Int)]
        /// The same for the forms with exactly two deletions of the short names, built on
        /// the first question that needs them (one whose threshold is 2 and that has no
        /// candidate within 1).
        private var farForms: [(hash: Int, index: Int)]?
        /// The indices of the names longer than ``maximumTwoDeletionLength`` by length, in
        /// list order (the only ones a distance-2 question may have to scan).
        private let longByLength: [Int: [Int]]
        /// The scalars present in each name, one bit per scalar value modulo 64
        /// (``Suggestion/mask(_:)``).
        private let masks: [UInt64]

        /// Prepares `candidates`, keeping their order (ties go to the one listed first).
        package init(_ candidates: some Sequence<String>) {
            names = Array(candidates)
            folded = names.map(Suggestion.folded)
            var longByLength: [Int: [Int]] = [:]
            var nearForms: [(hash: Int, index: Int)] = []
            for (index, name) in folded.enumerated() {
                guard let name else { continue }
                for hash in Set(Suggestion.deletionForms(of: name, depth: 1)) { nearForms.append((hash, index)) }
                if name.count > maximumTwoDeletionLength { longByLength[name.count, default: []].append(index) }
            }
            nearForms.sort { ($0.hash, $0.index) < ($1.hash, $1.index) }
            self.nearForms = nearForms
            self.longByLength = longByLength
            masks = folded.map { $0.map(Suggestion.mask) ?? 0 }
        }

        /// The forms with exactly two deletions of the names of at most
        /// ``maximumTwoDeletionLength`` scalars, sorted.
        private func makeFarForms() -> [(hash: Int, index: Int)] {
            var forms: [(hash: Int, index: Int)] = []
            for (index, name) in folded.enumerated() {
                guard let name, name.count <= maximumTwoDeletionLength else { continue }
                let near = Set(Suggestion.deletionForms(of: name, depth: 1))
                for hash in Set(Suggestion.deletionForms(of: name, depth: 2)).subtracting(near) { forms.append((hash, index)) }
            }
            return forms.sorted { ($0.hash, $0.index) < ($1.hash, $1.index) }
        }

        /// The closest candidate to `typed` within the threshold, or `nil` (see the type's
        /// documentation). Mutating only to build the two-deletion index on first need.
        package mutating func closest(to typed: String) -> String? {
            let limit = maximumDistance(for: typed)
            guard let s = Suggestion.folded(typed, cap: maximumLength + limit) else { return nil }
            var rows = Rows(capacity: maximumLength + 2)
            // First the candidates within 1 (sharing a form of at most one deletion with the
            // typed name), then, for a threshold of 2 and none found, those within 2 (any
            // forms): the smallest distance wins, then the first listed.
            var best: (index: Int, distance: Int)?
            var verified: Set<Int> = []
            func verify(_ keys: [Int], in forms: [(hash: Int, index: Int)], limit: Int) {
                for key in Set(keys) {
                    var position = Self.lowerBound(key, in: forms)
                    while position < forms.count, forms[position].hash == key {
                        let index = forms[position].index
                        position += 1
                        guard verified.insert(index).inserted, names[index] != typed, let t = folded[index],
                            let d = boundedDistance(s, t, limit: limit, rows: &rows)
                        else { continue }
                        if best.map({ (d, index) < ($0.distance, $0.index) }) ?? true { best = (index, d) }
                    }
                }
            }
            verify(Suggestion.deletionForms(of: s, depth: 1), in: nearForms, limit: 1)
            if let best { return names[best.index] }
            if limit >= 2 {
                verified = []
                let keys = Suggestion.deletionForms(of: s, depth: 2)
                if farForms == nil { farForms = makeFarForms() }
                verify(keys, in: nearForms, limit: 2)
                verify(keys, in: farForms ?? [], limit: 2)
            }
            guard limit >= 2 else { return nil }
            // Long names are indexed one deletion deep: one two edits away may not share a
            // form, so scan those (each length's first hit is its earliest).
            var first = best?.index
            var examined = 0
            let typedMask = Suggestion.mask(s)
            for length in (s.count - 2)...(s.count + 2) where length > maximumTwoDeletionLength {
                for index in longByLength[length] ?? [] {
                    if let first, index > first { break }
                    guard examined < maximumCandidatesExamined else { break }
                    // Two edits change at most four bits of the mask: a cheap test first.
                    guard (masks[index] ^ typedMask).nonzeroBitCount <= 4, names[index] != typed,
                        let t = folded[index]
                    else { continue }
                    examined += 1
                    if boundedDistance(s, t, limit: 2, rows: &rows) != nil {
                        first = index
                        break
                    }
                }
            }
            return first.map { names[$0] }
        }

        /// `did you mean 'title'?` for the closest candidate, or `nil` when none is close.
        package mutating func hint(for typed: String) -> String? {
            closest(to: typed).map { "did you mean '\($0)'?" }
        }

        /// The first position in `forms` whose hash is at least `hash`.
        private static func lowerBound(_ hash: Int, in forms: [(hash: Int, index: Int)]) -> Int {
            forms.partitioningIndex { $0.hash >= hash }
        }
    }

    /// One bit per scalar value modulo 64 for each scalar of `scalars`. An edit (a
    /// substitution, insertion, deletion or transposition) takes at most one scalar away
    /// and adds at most one, so it changes at most two bits: names within distance d have
    /// masks that differ in at most 2·d bits.
    private static func mask(_ scalars: [Unicode.Scalar]) -> UInt64 {
        scalars.reduce(0) { $0 | (1 << UInt64($1.value % 64)) }
    }

    /// The hashes of `scalars` and of every text it gives with up to `depth` (0, 1 or 2)
    /// scalars deleted (repeats possible). O(n^depth · n) for n scalars.
    private static func deletionForms(of scalars: [Unicode.Scalar], depth: Int) -> [Int] {
        func hash(skipping first: Int, _ second: Int) -> Int {
            var hasher = Hasher()
            for index in scalars.indices where index != first && index != second { hasher.combine(scalars[index].value) }
            hasher.combine(scalars.count - (first >= 0 ? 1 : 0) - (second >= 0 ? 1 : 0))
            return hasher.finalize()
        }
        var hashes = [hash(skipping: -1, -1)]
        guard depth >= 1 else { return hashes }
        for i in scalars.indices {
            hashes.append(hash(skipping: i, -1))
            guard depth >= 2 else { continue }
            for j in scalars.indices where j > i { hashes.append(hash(skipping: i, j)) }
        }
        return hashes
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
