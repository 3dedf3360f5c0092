import FeedbackFlow
import Testing
@testable import FlowCompile
@testable import FeedbackFlowCore
@testable import FlowSource

/// Inputs shaped to make a pass quadratic (or worse) if it re-walks its input per item:
/// each is generated here at the size that used to take seconds to minutes in a release
/// build, and the expected results are computed from how the input was generated. No
/// timing is asserted: a quadratic regression shows as this suite hanging, since the
/// whole suite runs in a few seconds in a debug build.
@Suite("Worst-case inputs: results at sizes that used to be quadratic")
struct WorstCaseInputTests {
    /// No diagnostic limit, so every diagnostic can be checked.
    static let unlimited = CompileOptions(maxDiagnostics: nil)

    /// `line:column` of each diagnostic with `code`, in order.
    static func places(_ compilation: FlowCompilation, _ code: String) -> [String] {
        compilation.diagnostics.filter { $0.code == code }.compactMap { d in
            d.span.map { "\($0.start.line):\($0.start.column)" }
        }
    }

    // MARK: Templates (TemplateLocator)

    @Test("each of 3,000 and of 10,000 ${x} in one quoted title is an unknown reference at its own column and byte offset", arguments: [3_000, 10_000])
    func templatesOnOneLine(count: Int) throws {
        // `title: "` is 8 bytes on line 3, so reference k starts at column 9 + 5k: each
        // `${x}` follows an `é` (one column, two bytes).
        let title = String(repeating: "é${x}", count: count)
        let text = "version: 1\nstyle: success\ntitle: \"\(title)\"\nprimaryAction: {button: {title: Done, action: dismiss}}\n"
        let compilation = FlowCompiler.compile(text: text, options: Self.unlimited)
        let references = compilation.diagnostics.filter { $0.code == "unknown-reference" }
        try #require(references.count == count)
        let lineStart = "version: 1\nstyle: success\n".utf8.count
        for (k, d) in references.enumerated() {
            let span = try #require(d.span)
            let column = 9 + 5 * k + 1
            let offset = lineStart + 8 + 6 * k + 2
            #expect([span.start.line, span.start.column, span.end.line, span.end.column] == [3, column, 3, column + 4])
            #expect(span.start.offset == offset && span.end.offset == offset + 4)
        }
    }

    @Test("3,000 ${x} in a block scalar of 60 lines are each placed at their own line and column")
    func templatesInABlockScalar() throws {
        let perLine = 50, count = 3_000
        let row = String(repeating: "${x}", count: perLine)
        let body = (0..<(count / perLine)).map { _ in "  \(row)\n" }.joined()
        let text = "version: 1\nstyle: success\ntitle: |-\n\(body)primaryAction: {button: {title: Done, action: dismiss}}\n"
        let compilation = FlowCompiler.compile(text: text, options: Self.unlimited)
        // Reference k: line 4 + k / 50, column 3 + 4 · (k mod 50).
        let expected = (0..<count).map { "\(4 + $0 / perLine):\(3 + 4 * ($0 % perLine))" }
        #expect(Self.places(compilation, "unknown-reference") == expected)
    }

    @Test("malformed templates among thousands of references keep their places: each '${}' at its '$'")
    func malformedAmongMany() throws {
        // Pairs `${x}${}`: the reference at column 9 + 7k, the empty name at 13 + 7k.
        let count = 2_000
        let title = String(repeating: "${x}${}", count: count)
        let text = "version: 1\nstyle: success\ntitle: \"\(title)\"\nprimaryAction: {button: {title: Done, action: dismiss}}\n"
        let compilation = FlowCompiler.compile(text: text, options: Self.unlimited)
        #expect(Self.places(compilation, "unknown-reference") == (0..<count).map { "3:\(9 + 7 * $0)" })
        #expect(Self.places(compilation, "invalid-template") == (0..<count).map { "3:\(13 + 7 * $0)" })
    }

    // MARK: Stack roots (StackRootAnalysis)

    /// A screen `id` whose primary button runs `primary` and whose secondary button, if
    /// any, runs `secondary`. Built in Swift: the analysis is what is measured, not YAML.
    static func screen(_ id: String, _ primary: [Step.Kind], secondary: [Step.Kind]? = nil) -> FeedbackConfiguration {
        FeedbackConfiguration(
            id: id, style: .success, title: "T",
            primaryAction: .button(ActionButton(title: "Go", action: FlowAction(primary.map { Step($0) }))),
            secondaryAction: secondary.map { .button(ActionButton(title: "Back", action: FlowAction($0.map { Step($0) }))) } ?? .none)
    }

    /// A chain `s0 → s1 → … → s(n-1)` of `replace` steps, started by presenting `s0`, where
    /// every `s1…` also has a `pop`; `h` (pushed from `s0`) pushes `s(n/2)`, so from there on
    /// the chain may be above a root. Listed forwards or backwards.
    static func replaceChain(_ count: Int, backwards: Bool) -> Flow {
        var screens = (0..<count).map { i in
            screen("s\(i)", i + 1 < count ? [.replace("s\(i + 1)")] : [.dismiss], secondary: i == 0 ? [.push("h")] : [.pop])
        }
        screens.append(screen("h", [.push("s\(count / 2)")]))
        if backwards { screens.reverse() }
        return Flow(id: "chain", start: "s0", screens: screens)
    }

    @Test("a 4,000-screen replace chain listed backwards gives the forwards result: pop-on-root exactly on s1 … s1999")
    func replaceChainBothWays() throws {
        let count = 4_000
        func warnings(backwards: Bool) -> [String] {
            FlowValidator.validate(Self.replaceChain(count, backwards: backwards))
                .filter { $0.code == "pop-on-root" }.map(\.message).sorted()
        }
        let forwards = warnings(backwards: false)
        let expected = (1..<(count / 2)).map { "'pop' on screen 's\($0)', which is always the root of its stack" }.sorted()
        #expect(forwards == expected)
        #expect(warnings(backwards: true) == forwards)
    }

    @Test("with the start pushed on the host, a backwards chain of 4,000 (and of 10,000) replaces carries 'on the host' to its end", arguments: [4_000, 10_000])
    func onHostChainBackwards(count: Int) throws {
        // s0 is pushed (on the host); each s_i replaces itself with s_(i+1); the last one
        // does `popTo: s0`, which can only fail: the screens below it are the host's.
        let screens = (0..<count).reversed().map { i in
            Self.screen("s\(i)", i + 1 < count ? [.replace("s\(i + 1)")] : [.popTo("s0")])
        }
        let flow = Flow(id: "chain", start: "s0", presentation: .push, screens: screens)
        let warnings = FlowValidator.validate(flow).filter { $0.code == "pop-to-not-in-stack" }
        #expect(warnings.map(\.message) == [
            "'popTo: s0' on screen 's\(count - 1)', which is always the flow's first screen in its stack (only host screens are below it); 's0' is never below it",
        ])
    }

    @Test("a push chain whose every screen pops back to the one before, listed backwards: no popTo can fail; past the analysis' bound each is reported as not judged", arguments: [4_000, 20_000])
    func popToChainBackwards(count: Int) throws {
        // s_i pushes s_(i+1) and pops back to s_(i-1): s_(i-1) is always below s_i. With
        // 20,000 targets × 20,000 screens the sets would pass StackBelowAnalysis.maximumBits.
        let screens = (0..<count).reversed().map { i in
            Self.screen("s\(i)", i + 1 < count ? [.push("s\(i + 1)")] : [.dismiss], secondary: i > 0 ? [.popTo("s\(i - 1)")] : nil)
        }
        let warnings = FlowValidator.validate(Flow(id: "chain", start: "s0", screens: screens))
            .filter { $0.code == "pop-to-not-in-stack" }
        if count * count <= StackBelowAnalysis.maximumBits {
            #expect(warnings.isEmpty)
        } else {
            #expect(warnings.count == count - 1)
            #expect(warnings.first?.message.hasSuffix("can fail: the flow has too many popTo targets to judge which are in the stack") == true)
        }
    }

    @Test("a replace chain read from YAML, listed backwards, is analysed as listed forwards")
    func yamlChainBackwards() throws {
        // The same rule through the loader, at a size a debug build reads quickly.
        let count = 400
        func text(backwards: Bool) -> String {
            var lines = (0..<count).map { i in
                "  s\(i): {style: success, title: T, primaryAction: {button: {title: G, action: \(i + 1 < count ? "{replace: s\(i + 1)}" : "pop")}}}\n"
            }
            if backwards { lines.reverse() }
            return "version: 1\nstart: s0\nscreens:\n" + lines.joined()
        }
        for backwards in [false, true] {
            let warnings = FlowCompiler.compile(text: text(backwards: backwards)).diagnostics.filter { $0.code == "pop-on-root" }
            #expect(warnings.map(\.message) == ["'pop' on screen 's\(count - 1)', which is always the root of its stack"])
        }
    }

    // MARK: Did you mean (Suggestion)

    /// A flow of `count` screens `screen-i`, where `screen-i` pushes `target(i)`.
    static func pushes(_ count: Int, target: (Int) -> String) -> Flow {
        Flow(id: "pushes", start: "screen-0", screens: (0..<count).map { screen("screen-\($0)", [.push(target($0))]) })
    }

    @Test("4,000 misspelled push targets among 4,000 screens each get 'did you mean' the screen they misspell")
    func suggestionsAmongThousands() throws {
        let count = 4_000
        // `scren-i` drops one letter of `screen-i`: distance 1 to it, at least 2 to any other.
        let diagnostics = FlowValidator.validate(Self.pushes(count) { "scren-\($0)" })
        let hints = diagnostics.filter { $0.code == "unknown-screen" }.map { $0.hint ?? "" }
        let expected = (0..<count).map { "'push' target: did you mean 'screen-\($0)'?" }
        #expect(hints.count == count)
        let wrong = zip(hints, expected).filter { $0 != $1 }
        #expect(wrong.isEmpty, "\(wrong.count) wrong, e.g. \(wrong.prefix(3))")
    }

    @Test("a target two edits from one of 1,000 screens gets that screen; one far from all gets the capped list")
    func distanceTwoAmongThousands() throws {
        let count = 1_000
        // `scren-ix` is two edits from `screen-i` (an `e` deleted, an `x` added); any other
        // screen that close (`screen-i0`) is listed later, so `screen-i` wins the tie.
        let flow = Self.pushes(count) { $0 % 2 == 0 ? "scren-\($0)x" : "far-away-\($0)" }
        let hints = FlowValidator.validate(flow).filter { $0.code == "unknown-screen" }.map { $0.hint ?? "" }
        let list = "the screens are 'screen-0', 'screen-1', 'screen-2', 'screen-3', 'screen-4' and 995 more"
        let expected = (0..<count).map { $0 % 2 == 0 ? "'push' target: did you mean 'screen-\($0)'?" : "'push' target: \(list)" }
        let wrong = zip(hints, expected).filter { $0 != $1 }
        #expect(hints.count == count && wrong.isEmpty, "\(wrong.count) wrong, e.g. \(wrong.prefix(3))")
    }

    @Test("the bounded search suggests what a full comparison with every candidate suggests")
    func boundedMatchesFull() {
        // Deterministic names from a small alphabet, so that many are close to each other.
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return seed >> 33
        }
        let letters = Array("abcdeAB-")
        func name() -> String { String((0..<(3 + Int(next() % 6))).map { _ in letters[Int(next() % UInt64(letters.count))] }) }
        let candidates = (0..<150).map { _ in name() }
        var prepared = Suggestion.Candidates(candidates)
        for _ in 0..<150 {
            let typed = name()
            let limit = Suggestion.maximumDistance(for: typed)
            // The reference: the full distance to every candidate, first of the closest.
            var best: (String, Int)?
            for candidate in candidates where candidate != typed {
                let d = Suggestion.distance(typed, candidate)
                if d <= limit, best.map({ d < $0.1 }) ?? true { best = (candidate, d) }
            }
            #expect(prepared.closest(to: typed) == best?.0, "typed '\(typed)'")
            #expect(Suggestion.closest(to: typed, among: candidates) == best?.0, "typed '\(typed)'")
        }
    }

    @Test("the banded distance is the full distance whenever that is within the limit, and nil beyond it")
    func bandedDistance() {
        let words = ["", "a", "ab", "ba", "abc", "acb", "kitten", "sitting", "flaw", "lawn", "success", "sucess", "ca", "abc"]
        for a in words {
            for b in words {
                let full = Suggestion.distance(a, b)
                for limit in 0...3 {
                    let banded = Suggestion.boundedDistance(Array(a.unicodeScalars), Array(b.unicodeScalars), limit: limit)
                    #expect(banded == (full <= limit ? full : nil), "'\(a)' '\(b)' limit \(limit)")
                }
            }
        }
    }

    @Test("names longer than the length cap are never compared, and a 100,000-letter name gets no suggestion")
    func lengthCap() {
        let long = String(repeating: "a", count: Suggestion.maximumLength + 1)
        #expect(Suggestion.closest(to: long + "b", among: [long + "c"]) == nil)
        let fits = String(repeating: "a", count: Suggestion.maximumLength)
        #expect(Suggestion.closest(to: String(fits.dropLast()) + "b", among: [fits]) == fits)
        #expect(Suggestion.closest(to: String(repeating: "x", count: 100_000), among: ["title"]) == nil)
    }

    // MARK: Name lists (NameList)

    @Test("the unknown-screen hint of a 6,000-screen flow names the first 5 screens and how many more")
    func screenListCapped() throws {
        let count = 6_000
        // `z0` … `z5999`: nothing within one edit of them (their threshold).
        let diagnostics = FlowValidator.validate(Self.pushes(count) { "z\($0)" })
        let hints = Set(diagnostics.filter { $0.code == "unknown-screen" }.compactMap(\.hint))
        let shown = (0..<NameList.maximumShown).map { "'screen-\($0)'" }.joined(separator: ", ")
        #expect(hints == ["'push' target: the screens are \(shown) and \(count - NameList.maximumShown) more"])
    }

    @Test("a list that fits is written whole; a longer one stops at NameList.maximumShown")
    func nameListShapes() {
        #expect(NameList.joined(["a", "thanks"]) == "'a', 'thanks'")
        #expect(NameList.joined((1...5).map(String.init), quoted: false) == "1, 2, 3, 4, 5")
        #expect(NameList.joined((1...8).map(String.init), quoted: false) == "1, 2, 3, 4, 5 and 3 more")
    }

    @Test("popTo a screen absent from a 50,000-screen stack: the error names 5 of them and how many more")
    func popToErrorCapped() throws {
        var state = NavigationState()
        for _ in 0..<50_000 { try state.apply(.push("a")) }
        #expect(throws: NavigationError.self) { try state.apply(.popTo("b")) }
        let error = NavigationError.screenNotInTopStack(screenID: "b", topStack: Array(repeating: "a", count: 50_000))
        #expect(error.description == "cannot popTo 'b': it is not in the top stack [a, a, a, a, a and 49995 more]")
    }

    // MARK: The diagnostic limit (CompileOptions.maxDiagnostics)

    /// A single-screen file followed by `count` lines `a: 1`: `a` is an unknown key once
    /// and a duplicate key `count - 1` times.
    static func repeatedKeys(_ count: Int) -> String {
        "version: 1\nstyle: success\ntitle: T\nprimaryAction: {button: {title: D, action: dismiss}}\n"
            + String(repeating: "a: 1\n", count: count)
    }

    @Test("past the default limit of 200, one note at the first diagnostic left out says how many more there are")
    func defaultLimitNote() throws {
        let count = 20_000
        let compilation = FlowCompiler.compile(text: Self.repeatedKeys(count))
        let limit = CompileOptions.defaultMaxDiagnostics
        #expect(limit == 200)
        try #require(compilation.diagnostics.count == limit + 1)
        // Found: `count - 1` duplicate keys and one unknown key, all errors.
        let left = count - limit
        #expect(compilation.omitted == OmittedDiagnostics(errors: left))
        let note = try #require(compilation.diagnostics.last)
        #expect(note.code == "too-many-diagnostics" && note.severity == .note)
        #expect(note.message == "\(left) more diagnostics from here on not shown (\(left) errors): at most 200 are shown per file")
        // The first 200 are lines 5 (unknown key and its first duplicate at line 6 …);
        // the note stands where the first diagnostic left out is.
        #expect(compilation.diagnostics.dropLast().allSatisfy { $0.severity == .error })
        #expect(note.span?.start.line == compilation.diagnostics[limit - 1].span.map { $0.start.line + 1 })
        #expect(compilation.hasErrors)
    }

    @Test("when a loading limit stops the loader past the diagnostic limit, its error is still shown and the note stands at the first one left out")
    func stoppingErrorShown() throws {
        // `screens:` then 2,000 lines `  s: N` (line 3 on): 1,999 duplicate keys; 1,000 nodes
        // stop the loader inside line 501 (`  s: 498`, its value at 501:6).
        let text = "version: 1\nscreens:\n" + (0..<2_000).map { "  s: \($0)\n" }.joined()
        var limits = LoadingLimits()
        limits.maximumNodes = 1_000
        let compilation = FlowCompiler.compile(text: text, options: CompileOptions(loadingLimits: limits))
        let codes = compilation.diagnostics.map(\.code)
        #expect(codes.count == 202)
        #expect(codes.prefix(200).allSatisfy { $0 == "duplicate-key" })
        #expect(codes.suffix(2) == ["too-many-diagnostics", "document-limit"])
        // The 201st duplicate (line 204, after lines 4–203) is the first left out.
        let note = compilation.diagnostics[200]
        #expect(note.span?.start.line == 204 && note.span?.start.column == 3)
        #expect(compilation.diagnostics[201].span?.start.line == 501)
    }

    @Test("the limit is the caller's: 3 keeps three and counts the rest; nil or 0 keeps everything")
    func limitIsTheCallers() throws {
        let text = Self.repeatedKeys(10)
        let three = FlowCompiler.compile(text: text, options: CompileOptions(maxDiagnostics: 3))
        #expect(three.diagnostics.map(\.code) == ["unknown-key", "duplicate-key", "duplicate-key", "too-many-diagnostics"])
        #expect(three.omitted == OmittedDiagnostics(errors: 7))
        #expect(three.diagnostics.last?.message == "7 more diagnostics from here on not shown (7 errors): at most 3 are shown per file")
        for none in [nil, 0] {
            let all = FlowCompiler.compile(text: text, options: CompileOptions(maxDiagnostics: none))
            #expect(all.diagnostics.count == 10 && all.omitted.total == 0)
        }
        // Exactly at the limit nothing is left out and no note is added.
        let exact = FlowCompiler.compile(text: text, options: CompileOptions(maxDiagnostics: 10))
        #expect(exact.diagnostics.count == 10 && !exact.diagnostics.contains { $0.code == "too-many-diagnostics" })
    }

    @Test("a file whose shown diagnostics are warnings still has errors when the limit left its errors out")
    func errorsLeftOutStillCount() {
        let (kept, omitted) = FlowCompiler.limited(
            [Diagnostic.warning("w", "w", at: nil), Diagnostic.error("e", "e", at: nil)], to: 1)
        #expect(kept.map(\.code) == ["w", "too-many-diagnostics"])
        #expect(omitted == OmittedDiagnostics(errors: 1))
        #expect(kept.last?.message == "1 more diagnostic from here on not shown (1 error): at most 1 are shown per file")
    }

    // MARK: Navigation at depth (NavigationState)

    @Test("at a depth of 50,000 the top, its position and membership are those of the stack, after pushes, pops and popTo")
    func deepStack() throws {
        let depth = 50_000
        var state = NavigationState()
        try state.apply(.present("root"))
        var ids: [ScreenInstanceID] = []
        for i in 1..<depth { ids.append(try #require(try state.apply(.push("s\(i % 7)"))).id) }
        #expect(state.depths == [depth])
        #expect(state.top?.id == ids.last)
        #expect(state.position(of: try #require(ids.last)).map { [$0.stack, $0.index] } == [0, depth - 1])
        #expect(state.position(of: ids[999]).map { [$0.stack, $0.index] } == [0, 1000])
        try state.apply(.present("sheet"))
        #expect(state.position(of: try #require(state.top).id).map { [$0.stack, $0.index] } == [1, 0])
        try state.apply(.dismiss)
        try state.apply(.pop)
        #expect(!state.contains(try #require(ids.last)) && state.top?.id == ids[depth - 3])
        try state.apply(.replace("r"))
        #expect(!state.contains(ids[depth - 3]) && state.top?.screenID == "r")
        // The nearest `s3` below the top: s_i with i ≡ 3 (mod 7), the highest below depth - 2.
        try state.apply(.popTo("s3"))
        let nearest = (1..<(depth - 2)).last { $0 % 7 == 3 } ?? 0
        #expect(state.depths == [nearest + 1] && state.top?.id == ids[nearest - 1])
        #expect(!state.contains(ids[nearest]) && state.contains(ids[nearest - 1]))
        try state.apply(.popToRoot)
        #expect(state.depths == [1] && state.instanceCount == 1 && state.top?.screenID == "root")
    }

    @Test("5,000 taps that each push one more screen: every tap shows the new top, at its depth")
    func deepTaps() throws {
        let flow = try #require(FlowCompiler.compile(text: """
            version: 1
            start: a
            screens:
              a: {style: success, title: A, primaryAction: {button: {title: Again, action: {push: a}}}}
            """).flow)
        var state = FlowState(flow: flow)
        try state.apply(.start)
        for depth in 2...5_001 {
            let top = try #require(state.navigation.top)
            try state.apply(.beginAction(top.id, .primary))
            let events = try state.apply(.navigate(.push("a"), by: .action))
            try state.apply(.endAction(of: top.id, errorMessage: nil))
            guard case .screenShown(let shown)? = events.last else {
                Issue.record("no screenShown at depth \(depth)")
                return
            }
            #expect(shown.indexInStack == depth - 1 && shown.stackIndex == 0 && shown.isOnTop)
        }
        #expect(state.navigation.depths == [5_001])
        #expect(state.snapshot()?.stackDepths == [5_001])
    }
}
