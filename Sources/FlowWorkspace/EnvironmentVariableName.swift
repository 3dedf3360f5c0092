/// The names of environment variables passed on to handler programs (`--handler-env`, a
/// configuration's `handlerEnvironment`): a letter or `_`, then letters, digits and `_`,
/// ASCII only (POSIX.1-2017 §8.1's portable names).
package enum EnvironmentVariableName {
    /// `names` when each is an environment variable name (`[A-Za-z_][A-Za-z0-9_]*`, POSIX's
    /// portable names).
    /// - Throws: ``UsageError`` naming `source` for one that is not.
    package static func checked(_ names: [String], source: String) throws(UsageError) -> [String] {
        for name in names {
            let scalars = Array(name.unicodeScalars)
            let valid = !scalars.isEmpty && scalars.allSatisfy { $0.isASCII && ($0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0)) }
                && !("0"..."9").contains(scalars[0])
            guard valid else {
                throw UsageError("\(source): '\(name)' is not an environment variable name", hint: "write a name such as API_TOKEN")
            }
        }
        return names
    }
}
