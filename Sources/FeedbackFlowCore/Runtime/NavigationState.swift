import FlowCompile
import FlowSource

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
/// Cost per change does not depend on how deep the stacks are: an index from instance id
/// to position, kept up to date by every operation, makes ``top``, ``contains(_:)`` and
/// ``position(of:)`` O(1); `push`, `present` and `replace` are O(1), and the operations
/// that remove screens cost O(1) per screen removed (amortised O(1) per screen that
/// entered). The debug invariant checks look only at what the change touched.
package struct NavigationState: Sendable, Hashable {
    /// Where an instance is: the index of its stack and its index in that stack.
    private struct Position: Sendable, Hashable {
        var stack: Int
        var index: Int
    }

    /// The stacks, bottom first. Never contains an empty stack.
    package private(set) var stacks: [[ScreenInstance]]
    /// The id the next screen to enter will get. Only grows.
    package private(set) var nextInstanceID: ScreenInstanceID
    /// The position of every instance on the stacks, by id: derived from ``stacks``, so it
    /// takes no part in `==` and hashing.
    private var positions: [ScreenInstanceID: Position] = [:]

    /// An empty state: nothing shown, the first instance will get id 1.
    package init() {
        stacks = []
        nextInstanceID = ScreenInstanceID(rawValue: 1)
    }

    package static func == (a: NavigationState, b: NavigationState) -> Bool {
        a.nextInstanceID == b.nextInstanceID && a.stacks == b.stacks
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(stacks)
        hasher.combine(nextInstanceID)
    }

    /// The screen shown: the last instance of the top stack, `nil` when nothing is shown.
    package var top: ScreenInstance? { stacks.last?.last }

    /// Whether no stack is left.
    package var isEmpty: Bool { stacks.isEmpty }

    /// The number of screens in each stack, bottom first (e.g. `[2, 1]`: a stack of two
    /// with a one-screen stack presented over it).
    package var depths: [Int] { stacks.map(\.count) }

    /// Whether `id` is anywhere on the stacks. O(1).
    package func contains(_ id: ScreenInstanceID) -> Bool {
        positions[id] != nil
    }

    /// Where `id` is: the index of its stack and its index in that stack, or `nil`. O(1).
    package func position(of id: ScreenInstanceID) -> (stack: Int, index: Int)? {
        positions[id].map { ($0.stack, $0.index) }
    }

    /// The number of instances on all the stacks. O(1).
    package var instanceCount: Int { positions.count }

    /// Applies `operation` (see the type's documentation for every edge case).
    ///
    /// - Returns: the instance that entered, for `push`, `present` and `replace`;
    ///   otherwise `nil`.
    /// - Throws: ``NavigationError``; the state is then unchanged.
    /// - Complexity: O(1) for `push`, `present`, `replace` and `pop`; O(screens removed)
    ///   for `popToRoot` and `dismiss`; O(screens removed + 1) for a `popTo` that succeeds
    ///   (the nearest instance is searched from the top), O(size of the top stack) for one
    ///   that fails (its error lists the stack).
    @discardableResult
    package mutating func apply(_ operation: NavigationOperation) throws(NavigationError) -> ScreenInstance? {
        defer { checkInvariants() }
        switch operation {
        case .push(let screenID):
            let instance = mint(screenID)
            if stacks.isEmpty {
                stacks.append([instance])
            } else {
                stacks[stacks.count - 1].append(instance)
            }
            positions[instance.id] = Position(stack: stacks.count - 1, index: stacks[stacks.count - 1].count - 1)
            return instance

        case .present(let screenID):
            let instance = mint(screenID)
            stacks.append([instance])
            positions[instance.id] = Position(stack: stacks.count - 1, index: 0)
            return instance

        case .replace(let screenID):
            guard !stacks.isEmpty else { throw .noStack(operation: operation.name) }
            let instance = mint(screenID)
            let last = stacks.count - 1
            let index = stacks[last].count - 1
            positions[stacks[last][index].id] = nil
            stacks[last][index] = instance
            positions[instance.id] = Position(stack: last, index: index)
            return instance

        case .pop:
            guard !stacks.isEmpty else { throw .noStack(operation: operation.name) }
            let last = stacks.count - 1
            positions[stacks[last].removeLast().id] = nil
            if stacks[last].isEmpty { stacks.removeLast() }
            return nil

        case .popTo(let screenID):
            guard let topStack = stacks.last else { throw .noStack(operation: operation.name) }
            guard let index = topStack.lastIndex(where: { $0.screenID == screenID }) else {
                throw .screenNotInTopStack(screenID: screenID, topStack: topStack.map(\.screenID))
            }
            removeFromTopStack(from: index + 1)
            return nil

        case .popToRoot:
            guard !stacks.isEmpty else { throw .noStack(operation: operation.name) }
            removeFromTopStack(from: 1)
            return nil

        case .dismiss:
            guard !stacks.isEmpty else { throw .noStack(operation: operation.name) }
            removeFromTopStack(from: 0)
            stacks.removeLast()
            return nil
        }
    }

    /// Removes the instances of the top stack from index `start` on (the stack itself
    /// stays, possibly empty, for the caller to remove). O(instances removed).
    private mutating func removeFromTopStack(from start: Int) {
        let last = stacks.count - 1
        guard start < stacks[last].count else { return }
        for instance in stacks[last][start...] { positions[instance.id] = nil }
        stacks[last].removeSubrange(start...)
    }

    private mutating func mint(_ screenID: String) -> ScreenInstance {
        let instance = ScreenInstance(id: nextInstanceID, screenID: screenID)
        nextInstanceID = ScreenInstanceID(rawValue: nextInstanceID.rawValue + 1)
        return instance
    }

    /// The documented invariants of the type that this state breaks, one sentence each;
    /// empty for a valid state. O(instances): for tests; debug builds check the cheaper
    /// part a change can touch (``checkInvariants()``).
    package func invariantViolations() -> [String] {
        var violations: [String] = []
        if stacks.contains(where: \.isEmpty) { violations.append("NavigationState keeps no empty stack") }
        let ids = stacks.flatMap { $0.map(\.id) }
        if Set(ids).count != ids.count || !ids.allSatisfy({ $0.rawValue < nextInstanceID.rawValue }) {
            violations.append("NavigationState instance ids are unique and below nextInstanceID")
        }
        let indexed = positions.count == ids.count
            && stacks.indices.allSatisfy { stack in
                stacks[stack].indices.allSatisfy { index in
                    let position = positions[stacks[stack][index].id]
                    return position?.stack == stack && position?.index == index
                }
            }
        if !indexed { violations.append("NavigationState indexes every instance where it stands, and only those") }
        return violations
    }

    /// The invariants, checked on what a change can touch (only the top stack changes, and
    /// ids come from ``mint(_:)``, so they are unique and below the counter by construction):
    /// the top stack is not empty, and the top instance is indexed where it stands. O(1), so a deep stack does not make debug
    /// builds quadratic.
    private func checkInvariants() {
        assert(stacks.last.map { !$0.isEmpty } ?? true, "NavigationState keeps no empty stack")
        assert(
            {
                guard let top else { return positions.isEmpty }
                let position = positions[top.id]
                return position?.stack == stacks.count - 1 && position?.index == stacks[stacks.count - 1].count - 1
                    && top.id.rawValue < nextInstanceID.rawValue
            }(), "NavigationState indexes the top instance where it stands, below nextInstanceID")
    }
}
