import FlowWorkspace

/// The single options several commands share, each declared once: the configuration
/// file (`validate`, `fmt`) and the theme (`graph`, `storyboard`, `preview`). Groups of
/// options that go together have types of their own (``HostOptions``,
/// ``StandardInputOptions``, ``LocaleOptions``, ``DeliveryOptions``).
enum CommonOptions {
    /// `--config FILE`.
    static let config = CommandOption.text(
        "config", valueName: "file",
        help: "The configuration file (rule levels per path, ignores, context names, a handler manifest); default the nearest \(ValidationConfiguration.fileName) at or above the working directory.")
    /// `--theme FILE`.
    static let theme = CommandOption.text(
        "theme", valueName: "file",
        help: "A theme file (YAML or JSON): each style's colours, icon, font and animation, light and dark; the built-in theme by default.")

    /// `--coverage REPORT` of `graph` and `storyboard`: a `test --format json` report whose
    /// untaken routes are drawn in the untested look.
    static let coverage = CommandOption.text(
        "coverage", valueName: "report",
        help: "A 'test --format json' report: the routes no scenario took are drawn orange, thick and labelled untested (the legend says so).")
}
