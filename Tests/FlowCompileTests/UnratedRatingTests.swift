import FeedbackFlow
import FeedbackFlowTestSupport
import FlowSource
import Testing

/// A required rating without a `value` starts unrated: `validate` types it `integer?`,
/// except in the primary action of the screen that requires it, which waits until it is
/// rated.
struct UnratedRatingTests {
    @Test("a required rating is read as rated in its screen's primary action, and as possibly null anywhere else")
    func typedByWhereItIsRead() throws {
        let compilation = DecodingFixture.compile("validation/unrated-rating.yaml")
        // Positions counted in the fixture: the secondary action's collectUserFeedback
        // rating (line 22, its quoted value at column 43), and the `if` of screen sorry
        // (line 33) that orders it without a null check (`stars` at column 29). The primary
        // action of `rate` (lines 16-17) reads it as rated.
        #expect(DecodingFixture.places(compilation.diagnostics) == ["22:43 argument-may-fail", "33:29 expression-type-mismatch"])
        let unrated = try #require(DecodingFixture.find(compilation.diagnostics, "22:43", "argument-may-fail"))
        #expect(unrated.message.contains("'stars' may not be rated yet here"))
        #expect(unrated.notes.first?.span?.start.line == 11)
    }

    @Test("a null check makes the rating readable where it may be unrated")
    func nullCheckIsSound() throws {
        _ = try DecodingFixture.flow("validation/unrated-rating-checked.yaml")
    }

    @Test("required is a key of a rating, and a required rating with a value starts rated")
    func startsUnratedOnlyWithoutValue() {
        #expect(FieldKind.keys(ofBlock: "rating")?.contains("required") == true)
        #expect(FormField.rating(id: "r", required: true).startsUnrated)
        #expect(!FormField.rating(id: "r", value: 3, required: true).startsUnrated)
        #expect(!FormField.rating(id: "r").startsUnrated)
    }
}
