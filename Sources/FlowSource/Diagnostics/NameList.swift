/// A list of names written into a hint or a message, capped so that a flow with
/// thousands of screens does not get a hint thousands of names long.
///
/// At most ``maximumShown`` names are written, in the order given, then
/// `and N more` for the rest: `'a', 'b', 'c', 'd', 'e' and 3 more`. A list that fits is
/// written whole, exactly as before the cap (`'a', 'thanks'`).
package enum NameList {
    /// The most names any hint or message lists; the one place this number is written.
    package static let maximumShown = 5

    /// `names` joined with `, `, each in single quotes when `quoted` (the default), the
    /// first ``maximumShown`` only, followed by ` and N more` when there are more.
    /// - Complexity: O(``maximumShown`` names) plus O(1) for `count` of a random-access
    ///   collection; the names past the cap are never read.
    package static func joined(_ names: some Collection<String>, quoted: Bool = true) -> String {
        let shown = names.prefix(maximumShown).map { quoted ? "'\($0)'" : $0 }.joined(separator: ", ")
        let rest = names.count - min(names.count, maximumShown)
        return rest > 0 ? "\(shown) and \(rest) more" : shown
    }
}
