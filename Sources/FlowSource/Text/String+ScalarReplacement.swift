extension String {
    /// This text with each Unicode scalar for which `replacement` gives a text replaced by
    /// that text, and the others kept: the one loop of the package's escapers (XML, GitHub
    /// workflow commands, DOT, Mermaid). O(length).
    package func replacingScalars(_ replacement: (Unicode.Scalar) -> String?) -> String {
        var out = ""
        out.reserveCapacity(utf8.count)
        for scalar in unicodeScalars {
            if let text = replacement(scalar) { out += text } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }
}
