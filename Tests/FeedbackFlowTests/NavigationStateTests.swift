import Testing
@testable import FlowCompile
@testable import FeedbackFlowCore

/// Pins every ``NavigationOperation`` and each documented edge case of ``NavigationState``.
@Suite("NavigationState")
struct NavigationStateTests {
    /// Screen ids of each stack, bottom first.
    private func screens(_ state: NavigationState) -> [[String]] {
        state.stacks.map { $0.map(\.screenID) }
    }

    private func state(_ operations: NavigationOperation...) throws -> NavigationState {
        var state = NavigationState()
        for operation in operations { try state.apply(operation) }
        return state
    }

    @Test("a new state shows nothing and will mint id 1 first")
    func emptyState() {
        let state = NavigationState()
        #expect(state.isEmpty)
        #expect(state.top == nil)
        #expect(state.depths == [])
        #expect(state.nextInstanceID.rawValue == 1)
    }

    @Test("push adds the screen on the top stack")
    func push() throws {
        let state = try state(.present("a"), .push("b"), .push("c"))
        #expect(screens(state) == [["a", "b", "c"]])
        #expect(state.top?.screenID == "c")
        #expect(state.depths == [3])
    }

    @Test("push with no stack presents a new stack")
    func pushOnEmpty() throws {
        var state = NavigationState()
        let entered = try state.apply(.push("a"))
        #expect(screens(state) == [["a"]])
        #expect(entered == state.top)
    }

    @Test("present adds a new stack on top")
    func present() throws {
        let state = try state(.present("a"), .push("b"), .present("c"))
        #expect(screens(state) == [["a", "b"], ["c"]])
        #expect(state.depths == [2, 1])
        #expect(state.top?.screenID == "c")
    }

    @Test("replace swaps the top screen of the top stack for a new instance")
    func replace() throws {
        var state = try state(.present("a"), .push("b"))
        let before = try #require(state.top)
        let entered = try #require(try state.apply(.replace("c")))
        #expect(screens(state) == [["a", "c"]])
        #expect(entered.id != before.id)
        #expect(entered.id.rawValue > before.id.rawValue)
    }

    @Test("replace with no stack is an error and changes nothing")
    func replaceOnEmpty() {
        var state = NavigationState()
        #expect(throws: NavigationError.noStack(operation: "replace")) { try state.apply(.replace("a")) }
        #expect(state == NavigationState())
    }

    @Test("pop removes the top screen and reveals the same instance below")
    func pop() throws {
        var state = try state(.present("a"), .push("b"))
        let a = state.stacks[0][0]
        try state.apply(.pop)
        #expect(screens(state) == [["a"]])
        #expect(state.top == a)
    }

    @Test("pop on a root removes its stack, as dismiss does")
    func popOnRoot() throws {
        var state = try state(.present("a"), .push("b"), .present("c"))
        try state.apply(.pop)
        #expect(screens(state) == [["a", "b"]])
        var dismissed = try self.state(.present("a"), .push("b"), .present("c"))
        try dismissed.apply(.dismiss)
        #expect(dismissed == state)
    }

    @Test("pop on the last root leaves no stack")
    func popLastRoot() throws {
        var state = try state(.present("a"))
        try state.apply(.pop)
        #expect(state.isEmpty)
        #expect(state.top == nil)
    }

    @Test("pop with no stack is an error")
    func popOnEmpty() {
        var state = NavigationState()
        #expect(throws: NavigationError.noStack(operation: "pop")) { try state.apply(.pop) }
        #expect(state == NavigationState())
    }

    @Test("popTo keeps the nearest instance of the screen from the top")
    func popToNearest() throws {
        var state = try state(.present("a"), .push("b"), .push("a"), .push("c"), .push("d"))
        let nearestA = state.stacks[0][2]
        try state.apply(.popTo("a"))
        #expect(screens(state) == [["a", "b", "a"]])
        #expect(state.top == nearestA)
    }

    @Test("popTo the screen on top is a no-op")
    func popToTop() throws {
        var state = try state(.present("a"), .push("b"))
        let before = state
        try state.apply(.popTo("b"))
        #expect(state == before)
    }

    @Test("popTo a screen missing from the top stack is an error and changes nothing")
    func popToMissing() throws {
        // "a" is on the stack below the presented one: popTo looks only in the top stack.
        var state = try state(.present("a"), .present("b"), .push("c"))
        let before = state
        #expect(throws: NavigationError.screenNotInTopStack(screenID: "a", topStack: ["b", "c"])) {
            try state.apply(.popTo("a"))
        }
        #expect(throws: NavigationError.screenNotInTopStack(screenID: "zzz", topStack: ["b", "c"])) {
            try state.apply(.popTo("zzz"))
        }
        #expect(state == before)
    }

    @Test("popTo with no stack is an error")
    func popToOnEmpty() {
        var state = NavigationState()
        #expect(throws: NavigationError.noStack(operation: "popTo")) { try state.apply(.popTo("a")) }
    }

    @Test("popToRoot keeps only the first screen of the top stack")
    func popToRoot() throws {
        var state = try state(.present("x"), .present("a"), .push("b"), .push("c"))
        try state.apply(.popToRoot)
        #expect(screens(state) == [["x"], ["a"]])
    }

    @Test("popToRoot on a root is a no-op")
    func popToRootOnRoot() throws {
        var state = try state(.present("a"))
        let before = state
        try state.apply(.popToRoot)
        #expect(state == before)
    }

    @Test("popToRoot with no stack is an error")
    func popToRootOnEmpty() {
        var state = NavigationState()
        #expect(throws: NavigationError.noStack(operation: "popToRoot")) { try state.apply(.popToRoot) }
    }

    @Test("dismiss removes the whole top stack")
    func dismiss() throws {
        var state = try state(.present("a"), .present("b"), .push("c"))
        try state.apply(.dismiss)
        #expect(screens(state) == [["a"]])
        try state.apply(.dismiss)
        #expect(state.isEmpty)
    }

    @Test("dismiss with nothing presented is an error and changes nothing")
    func dismissOnEmpty() {
        var state = NavigationState()
        #expect(throws: NavigationError.noStack(operation: "dismiss")) { try state.apply(.dismiss) }
        #expect(state == NavigationState())
    }

    @Test("instance ids increase and are never reused, even after their screen left")
    func idsNeverReused() throws {
        var state = NavigationState()
        var seen: [Int] = []
        for operation: NavigationOperation in [.present("a"), .push("b"), .pop, .push("b"), .replace("c"), .dismiss, .push("a")] {
            if let entered = try state.apply(operation) { seen.append(entered.id.rawValue) }
        }
        // Five screens entered (present, push, push, replace, push): ids 1 to 5 in order.
        #expect(seen == [1, 2, 3, 4, 5])
        #expect(state.nextInstanceID.rawValue == 6)
    }

    @Test("position finds an instance's stack and index")
    func position() throws {
        let state = try state(.present("a"), .push("b"), .present("c"))
        let b = state.stacks[0][1]
        #expect(state.position(of: b.id)?.stack == 0)
        #expect(state.position(of: b.id)?.index == 1)
        #expect(state.position(of: ScreenInstanceID(rawValue: 99)) == nil)
        #expect(state.contains(b.id))
    }
}
