import FeedbackFlow
import FlowSource
import Testing

/// A line indented otherwise than its siblings is reported at that line, in the author's
/// words, with the line as meant; libyaml's own words ("did not find expected key") stay
/// for failures where no line is out of its siblings' column. Places are the fixtures'
/// lines and columns, counted by hand; the lines as meant are the fixtures' lines moved
/// to the column of the lines around them.
@Suite("YAML: a line indented otherwise than its siblings is reported at its own line")
struct YAMLIndentationTests {
    @Test("a screen key out-dented among the screens is reported at its line, with the line as meant and a note where the screens go on")
    func outdentedScreen() throws {
        // Line 17 `bug-sent:` stands at column 1; the screens around it (`bug-report:` on
        // line 8, `help:` on line 21, where libyaml stops) stand at column 3.
        let document = Fixtures.load("indent-outdented-screen.yaml")
        #expect(document.codes == ["syntax-error@17:1"])
        let diagnostic = try #require(document.diagnostics.first)
        #expect(diagnostic.message == "'bug-sent' is indented less than the other keys of 'screens' around it")
        #expect(diagnostic.span?.end.line == 17 && diagnostic.span?.end.column == 9)
        #expect(diagnostic.hint == "move it to column 3, where they are: '  bug-sent:'")
        #expect(diagnostic.notes.map(\.message) == ["the keys of 'screens' go on here, in column 3"])
        #expect(diagnostic.notes.first?.span.map { "\($0.start.line):\($0.start.column)" } == "21:3")
        #expect(document.root == nil)
    }

    @Test("a key between its mapping's column and its parent's is indented less than the keys around it")
    func keyBetweenColumns() throws {
        // `title:` at column 4 on line 6; the screen's other keys at column 5.
        let document = Fixtures.load("indent-key-between-columns.yaml")
        #expect(document.codes == ["syntax-error@6:4"])
        let diagnostic = try #require(document.diagnostics.first)
        #expect(diagnostic.message == "'title' is indented less than the other keys of 'thanks' around it")
        #expect(diagnostic.hint == "move it to column 5, where they are: '    title: Thank you'")
        #expect(diagnostic.notes.isEmpty)
    }

    @Test("a list item two columns deeper than the items above it is reported at its dash, with the line as meant")
    func deeperItem() throws {
        // Line 14's `- push: thanks` has its dash at column 13; the step above it, at 11.
        let document = Fixtures.load("indent-deeper-item.yaml")
        #expect(document.codes == ["syntax-error@14:13"])
        let diagnostic = try #require(document.diagnostics.first)
        #expect(diagnostic.message == "this list item is indented deeper than the other items of 'action' around it")
        #expect(diagnostic.span?.end.column == 14)
        #expect(diagnostic.hint == "move it to column 11, where they are: '          - push: thanks'")
    }

    @Test("a list item out-dented among its siblings is indented less than the items around it")
    func outdentedItem() throws {
        // ` - text: Two` at column 2 on line 6, between items at column 3.
        let document = Fixtures.load("indent-outdented-item.yaml")
        #expect(document.codes == ["syntax-error@6:2"])
        let diagnostic = try #require(document.diagnostics.first)
        #expect(diagnostic.message == "this list item is indented less than the other items of 'extraContent' around it")
        #expect(diagnostic.hint == "move it to column 3, where they are: '  - text: Two'")
    }

    @Test("a list item in the column of a mapping's keys is no sibling out of place: libyaml's words and context stay")
    func itemAmongKeysKeepsLibyamlWords() throws {
        let document = Fixtures.load("indent-item-among-keys.yaml")
        #expect(document.codes == ["syntax-error@6:3"])
        let diagnostic = try #require(document.diagnostics.first)
        #expect(diagnostic.message == "did not find expected key (while parsing a block mapping at 3:3)")
        #expect(diagnostic.notes.map(\.message) == ["while parsing a block mapping started here"])
    }
}
