import FlowCompile

/// Shrinks a counterexample while it stays one with the same failure
/// (``SoundnessFailure/key``): the flow must still validate with no error and no warning,
/// and its run must still fail a step that way.
///
/// Greedy, to a fixed point: actions of the run are dropped (two at a time, then one);
/// then the flow shrinks: whole screens with every step that names them, items of its
/// lists and entries of its mappings (outermost first), steps made `dismiss`, and
/// templates cut from a title's first `${`. Each try compiles and plays once; ``budget``
/// bounds the tries.
public struct SoundnessMinimizer: Sendable {
    /// The most tries (compile and play) of one minimization.
    public var budget: Int

    public init(budget: Int = 6_000) {
        self.budget = budget
    }

    /// The smallest counterexample found from `counterexample`; itself when it has no
    /// document to shrink (``SoundnessCounterexample/tree``) or is no longer one.
    public func minimize(_ counterexample: SoundnessCounterexample) async -> SoundnessCounterexample {
        guard let tree = counterexample.tree else { return counterexample }
        var search = Search(key: counterexample.failure.key, budget: budget, tree: tree, run: counterexample.run.actions)
        guard await search.start() else { return counterexample }
        var changed = true
        while changed, search.hasTriesLeft {
            changed = false
            for width in [2, 1] where await search.shrinkRun(width: width) { changed = true }
            if await search.shrinkTree() { changed = true }
        }
        return search.best ?? counterexample
    }

    /// One minimization: the smallest flow and run so far, and the tries spent.
    struct Search {
        let key: String
        let budget: Int
        var tree: YAMLTree
        var run: [SoundnessAction]
        var best: SoundnessCounterexample?
        var tries = 0

        init(key: String, budget: Int, tree: YAMLTree, run: [SoundnessAction]) {
            self.key = key
            self.budget = budget
            self.tree = tree
            self.run = run
        }

        var hasTriesLeft: Bool { tries < budget }

        /// Whether the counterexample reproduces as given.
        mutating func start() async -> Bool {
            await accept(tree, run)
        }

        /// Drops runs of `width` actions, last first; whether any went.
        mutating func shrinkRun(width: Int) async -> Bool {
            var changed = false
            var end = run.count
            while end - width >= 0, hasTriesLeft {
                var shorter = run
                shorter.removeSubrange((end - width)..<end)
                if await accept(tree, shorter) { changed = true }
                end -= 1
                end = min(end, run.count)
            }
            return changed
        }

        /// Tries every smaller flow, restarting after each success; whether any was kept.
        mutating func shrinkTree() async -> Bool {
            var changed = false
            var candidates = Self.smaller(tree)
            var position = 0
            while position < candidates.count, hasTriesLeft {
                if await accept(candidates[position], run) {
                    changed = true
                    candidates = Self.smaller(tree)
                    position = 0
                    continue
                }
                position += 1
            }
            return changed
        }

        /// Keeps `candidate` and `actions` when they still fail a step with ``key``.
        mutating func accept(_ candidate: YAMLTree, _ actions: [SoundnessAction]) async -> Bool {
            tries += 1
            let text = candidate.text
            guard case .clean(let flow) = SoundnessChecker.verdict(text) else { return false }
            let playback = await SoundnessChecker.play(flow, SoundnessRun(actions))
            guard let failure = playback.failures.first(where: { $0.kind == .flowCaused && $0.key == key }) else { return false }
            tree = candidate
            run = actions
            best = SoundnessCounterexample(tree: candidate, flowText: text, run: playback.run, failure: failure, flow: flow)
            return true
        }

        /// Every flow one step smaller than `tree`, larger cuts first.
        static func smaller(_ tree: YAMLTree) -> [YAMLTree] {
            var candidates: [YAMLTree] = []
            if case .map(let screens)? = tree["screens"] {
                candidates += screens.map { tree.removingScreen($0.key) }
            }
            let paths = tree.deletionPaths()
            candidates += paths.compactMap { tree.deleting(at: $0) }
            candidates += paths.compactMap { tree.replacing(at: $0) { node in node.isStep ? .plain("dismiss") : nil } }
            candidates += paths.compactMap { path in
                tree.replacing(at: path) { node in
                    guard case .quoted(let text) = node, let cut = text.firstRange(of: " ${") else { return nil }
                    return .quoted(String(text[..<cut.lowerBound]))
                }
            }
            return candidates
        }
    }
}

extension YAMLTree {
    /// Whether the node is a step written as a one-key mapping other than `dismiss`.
    fileprivate var isStep: Bool {
        guard case .map(let entries) = self, entries.count == 1 else { return false }
        return ["push", "present", "replace", "popTo", "if", "set", "openURL", "collectUserFeedback", "finish", "track"]
            .contains(entries[0].key)
    }

    /// The flow without screen `id` and without every step that names it.
    fileprivate func removingScreen(_ id: String) -> YAMLTree {
        func strip(_ node: YAMLTree) -> YAMLTree {
            switch node {
            case .plain, .quoted: return node
            case .list(let items):
                return .list(items.filter { item in
                    guard case .map(let entries) = item, entries.count == 1 else { return true }
                    return !(["push", "present", "replace", "popTo"].contains(entries[0].key) && entries[0].value == .plain(id))
                }.map(strip))
            case .map(let entries):
                return .map(entries.compactMap { entry in
                    entry.key == id && self["screens"] != nil && entry.value["style"] != nil
                        ? nil : YAMLTree.Entry(entry.key, strip(entry.value))
                })
            }
        }
        return strip(self)
    }
}
