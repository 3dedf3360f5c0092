import FlowSystem

/// Per-file work on up to one task per processor core, its results handed over in the
/// files' order: what `validate` and `fmt` do with the files they are given.
enum OrderedWork {
    /// Runs `work` on each of `items` and hands each result to `each` in the items' order,
    /// as soon as it and every one before it are done. At most one task per core runs
    /// (`width`, default the active cores), and at most twice that many items are worked
    /// on ahead of the next one to hand over, so the results waiting in memory are
    /// bounded whatever the number of items. `each` runs on the calling task, one at a time.
    static func run<Item: Sendable, Output: Sendable>(
        _ items: [Item], width: Int = ProcessInfo.processInfo.activeProcessorCount,
        work: @escaping @Sendable (Item) -> Output, each: (Output) -> Void
    ) async {
        let width = max(1, width)
        var waiting: [Int: Output] = [:]
        var handed = 0
        await withTaskGroup(of: (Int, Output).self) { group in
            var next = 0
            var running = 0
            func addMore() {
                while running < width, next < items.count, next < handed + 2 * width {
                    let index = next
                    let item = items[index]
                    next += 1
                    running += 1
                    group.addTask { (index, work(item)) }
                }
            }
            addMore()
            for await (index, output) in group {
                running -= 1
                waiting[index] = output
                while let ready = waiting.removeValue(forKey: handed) {
                    each(ready)
                    handed += 1
                }
                addMore()
            }
        }
    }
}
