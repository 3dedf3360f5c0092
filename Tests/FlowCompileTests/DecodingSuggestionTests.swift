import FeedbackFlow
import Testing

@Suite("Did-you-mean suggestions")
struct DecodingSuggestionTests {
    @Test("distance counts insertions, deletions, substitutions and adjacent transpositions as one each")
    func distance() {
        #expect(Suggestion.distance("title", "title") == 0)
        #expect(Suggestion.distance("titel", "title") == 1)  // transposition
        #expect(Suggestion.distance("sucess", "success") == 1)  // insertion
        #expect(Suggestion.distance("buttonn", "button") == 1)  // deletion
        #expect(Suggestion.distance("tutle", "title") == 1)  // substitution
        #expect(Suggestion.distance("ca", "abc") == 3)  // optimal string alignment: no edit of a transposed pair
        #expect(Suggestion.distance("", "abc") == 3)
        #expect(Suggestion.distance("Title", "title") == 0)  // case is ignored
    }

    @Test("the closest candidate within the threshold wins, ties go to the first listed")
    func closest() {
        #expect(Suggestion.closest(to: "sucess", among: ["success", "informative", "error", "feedback"]) == "success")
        #expect(Suggestion.closest(to: "eror", among: ["success", "informative", "error", "feedback"]) == "error")
        #expect(Suggestion.closest(to: "purple", among: ["success", "informative", "error", "feedback"]) == nil)
        #expect(Suggestion.closest(to: "ab", among: ["ac", "ad"]) == "ac")
        #expect(Suggestion.closest(to: "title", among: ["title"]) == nil)  // an exact match is not a typo
    }

    @Test("short names allow one edit, names of six or more scalars two")
    func threshold() {
        #expect(Suggestion.maximumDistance(for: "id") == 1)
        #expect(Suggestion.maximumDistance(for: "title") == 1)
        #expect(Suggestion.maximumDistance(for: "screns") == 2)
        #expect(Suggestion.closest(to: "xy", among: ["id"]) == nil)
        #expect(Suggestion.closest(to: "scrns", among: ["screens"]) == nil)
        #expect(Suggestion.closest(to: "scrrns", among: ["screens"]) == "screens")
    }

    @Test("the hint reads \"did you mean 'x'?\"")
    func hint() {
        #expect(Suggestion.hint(for: "emial", among: ["email", "comment"]) == "did you mean 'email'?")
        #expect(Suggestion.hint(for: "zzz", among: ["email"]) == nil)
    }
}
