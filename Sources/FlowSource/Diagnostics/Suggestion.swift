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
package enum Suggestion {
    /// The closest of `candidates` to `typed` within the threshold above, or `nil`.
    /// Ties go to the candidate listed first, so the answer is deterministic.
    /// O(k · m · n) for k candidates of length ≤ m and `typed` of length n.
    package static func closest(to typed: String, among candidates: some Sequence<String>) -> String? {
        let limit = maximumDistance(for: typed)
        var best: (candidate: String, distance: Int)?
        for candidate in candidates where candidate != typed {
            let d = distance(typed, candidate)
            guard d <= limit else { continue }
            if let current = best, current.distance <= d { continue }
            best = (candidate, d)
        }
        return best?.candidate
    }

    /// `did you mean 'title'?` for the closest candidate, or `nil` when none is close.
    package static func hint(for typed: String, among candidates: some Sequence<String>) -> String? {
        closest(to: typed, among: candidates).map { "did you mean '\($0)'?" }
    }

    /// The largest distance at which a candidate still counts as a likely typo of `typed`.
    package static func maximumDistance(for typed: String) -> Int {
        max(1, min(2, typed.unicodeScalars.count / 3))
    }

    /// The optimal-string-alignment distance between `a` and `b`, ignoring case
    /// (lowercased Unicode scalars). O(|a| · |b|) time, O(|b|) memory per row (three rows).
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
}
