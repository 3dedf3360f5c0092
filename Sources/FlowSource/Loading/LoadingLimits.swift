/// The bounds both loaders (YAML and JSON) apply to a document.
package enum LoadingLimits {
    /// The deepest nesting of sequences and mappings either loader accepts
    /// (`nesting-depth-limit` beyond), so that consumers may safely recurse.
    package static let maximumNestingDepth = 512

    /// The most nodes YAML alias expansion may produce in one document before loading
    /// fails with `alias-expansion-limit` (a "billion laughs" file fails fast).
    package static let defaultExpansionLimit = 100_000
}
