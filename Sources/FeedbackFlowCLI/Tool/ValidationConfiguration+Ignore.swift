import FlowWorkspace

extension ValidationConfiguration {
    /// `expansion` without what a folder search found that ``ignores(_:workingDirectory:)``
    /// skips: files (not those named on the command line, ``FlowFileFinder/Expansion/named``),
    /// special entries and folders that could not be listed. O(entries · patterns).
    func withoutIgnored(_ expansion: FlowFileFinder.Expansion, workingDirectory: String) -> FlowFileFinder.Expansion {
        guard !ignore.isEmpty else { return expansion }
        var kept = expansion
        kept.files = expansion.files.filter { expansion.named.contains($0) || !ignores($0, workingDirectory: workingDirectory) }
        kept.skipped = expansion.skipped.filter { !ignores($0.path, workingDirectory: workingDirectory) }
        kept.unreadable = expansion.unreadable.filter { !ignores($0.path, workingDirectory: workingDirectory) }
        return kept
    }
}
