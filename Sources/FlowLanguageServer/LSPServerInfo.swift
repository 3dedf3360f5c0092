/// Who the server is, as the protocol says it: the tool's name (`initialize`'s
/// `serverInfo`, each diagnostic's `source`), its version, and where the rule catalog is
/// (each diagnostic's `codeDescription` links its code there).
package struct LSPServerInfo: Sendable {
    package var name: String
    package var version: String
    /// The rule catalog's address; a code's anchor is added (`…/rules.md#unknown-step`).
    package var rulesDocumentation: String

    package init(name: String, version: String, rulesDocumentation: String) {
        self.name = name
        self.version = version
        self.rulesDocumentation = rulesDocumentation
    }
}
