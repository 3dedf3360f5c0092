import FlowCompile

/// Navigation as a value: a stack of stacks, like a UIKit navigation controller that
/// presents other navigation controllers modally.
///
/// `stacks[0]` is the first stack; the last stack is the presented one on top, and the
/// last instance of the top stack is the screen shown. Every change goes through
/// ``apply(_:)`` with one of the ``NavigationOperation`` cases, so the state can be
/// recorded, replayed and tested without a UI.
///
/// Invariants (checked with `assert` in debug builds after every change):
/// - no stack is empty (an operation that empties a stack removes it);
/// - instance ids are unique across all stacks, and every id is below ``nextInstanceID``.
///
/// Edge cases, each pinned by a test in `NavigationStateTests`:
/// - `push` with no stack presents a new stack (the host's own stack is not modelled,
///   so the first pushed screen becomes a root);
/// - `replace` with no stack throws ``NavigationError/noStack(operation:)``: there is
///   no top screen to replace;
/// - `pop` on a root empties its stack, which is removed as by `dismiss`; when it was
///   the last stack, ``isEmpty`` becomes `true` (the navigator then ends the flow with
///   outcome `dismissed`);
/// - `popTo` a screen that is not in the top stack throws
///   ``NavigationError/screenNotInTopStack(screenID:topStack:)``; `popTo` the screen on
///   top is a no-op; when the screen appears several times the nearest one (from the top)
///   is kept;
/// - `popToRoot` on a root is a no-op;
/// - `pop`, `popTo`, `popToRoot`, `replace` and `dismiss` with no stack throw
///   ``NavigationError/noStack(operation:)``;
/// - a thrown error leaves the state unchanged.
///
/// Stacks are a few screens deep, so the lookups (``contains(_:)``, ``position(of:)``)
/// search them from the top, where the screen asked about almost always is.
package struct NavigationState: Sendable, Hashable {
    /// The stacks, bottom first. Never contains an empty stack.
    package private(set) var stacks: [[ScreenInstance]]
    /// The id the next screen to enter will get. Only grows.
    package private(set) var nextInstanceID: ScreenInstanceID

    /// An empty state: nothing shown, the first instance will get id 1.
    package init() {
        stacks = []
        nextInstanceID = ScreenInstanceID(rawValue: 1)
    }

    /// The screen shown: the last instance of the top stack, `nil` when nothing is shown.
    package var top: ScreenInstance? { stacks.last?.last }

    /// Whether no stack is left.
    package var isEmpty: Bool { stacks.isEmpty }

    /// The number of screens in each stack, bottom first (e.g. `[2, 1]`: a stack of two
    /// with a one-screen stack presented over it).
    package var depths: [Int] { stacks.map(\.count) }

    /// Whether `id` is anywhere on the stacks. O(instances above it).
    package func contains(_ id: ScreenInstanceID) -> Bool {
        position(of: id) != nil
    }

    /// Where `id` is: the index of its stack and its index in that stack, or `nil`.
    /// O(instances above it).
    package func position(of id: ScreenInstanceID) -> (stack: Int, index: Int)? {
        for stack in stacks.indices.reversed() {
            if let index = stacks[stack].lastIndex(where: { $0.id == id }) { return (stack, index) }
        }
        return nil
    }

    /// The number of instances on all the stacks. O(stacks).
    package var instanceCount: Int { stacks.reduce(0) { $0 + $1.count } }

    /// Applies `operation` (see the type's documentation for every edge case).
    ///
    /// - Returns: the instance that entered, for `push`, `present` and `replace`;
    ///   otherwise `nil`.
    /// - Throws: ``NavigationError``; the state is then unchanged.
    @discardableResult
    package mutating func apply(_ operation: NavigationOperation) throws(NavigationError) -> ScreenInstance? {
        defer { assert(stacks.last.map { !$0.isEmpty } ?? true, "NavigationState keeps no empty stack") }
        switch operation {
        case .push(let screenID):
            let instance = mint(screenID)
            if stacks.isEmpty {
                stacks.append([instance])
            } else {
                stacks[stacks.count - 1].append(instance)
            }
            return instance

        case .present(let screenID):
            let instance = mint(screenID)
            stacks.append([instance])
            return instance

        case .replace(let screenID):
            guard !stacks.isEmpty else { throw .noStack(operation: operation.name) }
            let instance = mint(screenID)
            stacks[stacks.count - 1][stacks[stacks.count - 1].count - 1] = instance
            return instance

        case .pop:
            guard !stacks.isEmpty else { throw .noStack(operation: operation.name) }
            stacks[stacks.count - 1].removeLast()
            if stacks[stacks.count - 1].isEmpty { stacks.removeLast() }
            return nil

        case .popTo(let screenID):
            guard let topStack = stacks.last else { throw .noStack(operation: operation.name) }
            guard let index = topStack.lastIndex(where: { $0.screenID == screenID }) else {
                throw .screenNotInTopStack(screenID: screenID, topStack: topStack.map(\.screenID))
            }
            stacks[stacks.count - 1].removeSubrange((index + 1)...)
            return nil

        case .popToRoot:
            guard !stacks.isEmpty else { throw .noStack(operation: operation.name) }
            stacks[stacks.count - 1].removeSubrange(1...)
            return nil

        case .dismiss:
            guard !stacks.isEmpty else { throw .noStack(operation: operation.name) }
            stacks.removeLast()
            return nil
        }
    }

    private mutating func mint(_ screenID: String) -> ScreenInstance {
        let instance = ScreenInstance(id: nextInstanceID, screenID: screenID)
        nextInstanceID = ScreenInstanceID(rawValue: nextInstanceID.rawValue + 1)
        return instance
    }

    /// The documented invariants of the type that this state breaks, one sentence each;
    /// empty for a valid state. O(instances), for tests; debug builds check after every
    /// change that the top stack is not empty (ids are unique by ``mint(_:)``).
    package func invariantViolations() -> [String] {
        var violations: [String] = []
        if stacks.contains(where: \.isEmpty) { violations.append("NavigationState keeps no empty stack") }
        let ids = stacks.flatMap { $0.map(\.id) }
        if Set(ids).count != ids.count || !ids.allSatisfy({ $0.rawValue < nextInstanceID.rawValue }) {
            violations.append("NavigationState instance ids are unique and below nextInstanceID")
        }
        return violations
    }
}
