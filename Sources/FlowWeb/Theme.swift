import FlowCompile
import FlowWorkspace

/// How each screen style looks for a brand: what the graphs (and the author's other views
/// of a flow) draw a screen of that style with. Read from a theme file (YAML or JSON,
/// `--theme FILE`, schema `schemas/feedbackflow-theme.schema.json`):
///
/// ```yaml
/// assets: assets          # a folder of images (NAME.svg or NAME.png), relative to the file
/// styles:
///   success:
///     background: "#E9F7EF"
///     accent: "#1E8E3E"
///     text: "#1B1B1F"
///     secondaryText: "#5F6368"
///     icon: checkmark      # an image of `assets`
///     font: "Helvetica, Arial, sans-serif"
///     animation: pop       # none | fade | slide | pop
/// ```
///
/// Every key is optional: a style or a key left out keeps the built-in look
/// (``standard``), so a brand writes only what differs. The `feedback` style's icon is each
/// screen's own `image`. The file is read with the flows' located decoding: every problem
/// (an unknown key or style with "did you mean", a colour that is not `#RRGGBB` or
/// `#RRGGBBAA`, an unknown animation) is reported in one run at its `file:line:column`.
package struct Theme: Sendable, Hashable {
    /// The look of one style.
    package struct Look: Sendable, Hashable {
        /// The screen's background colour, `#RRGGBB` or `#RRGGBBAA`.
        package var background: String
        /// The colour of the primary button and the outline.
        package var accent: String
        /// The colour of the title and the body text.
        package var text: String
        /// The colour of the subtitle and the placeholders.
        package var secondaryText: String
        /// The name of the style's icon in the assets folder; `nil` draws the built-in one.
        package var icon: String?
        /// The font families, a CSS `font-family` list.
        package var font: String
        /// How the screen appears.
        package var animation: Animation
    }

    /// How a screen of a style appears.
    package enum Animation: String, Sendable, Hashable, CaseIterable {
        /// At once.
        case none
        /// Fading in.
        case fade
        /// Sliding up from the bottom.
        case slide
        /// Growing from a little smaller, with a small bounce.
        case pop
    }

    /// The light looks by style name (``FlowCompile/FeedbackStyle`` names: `success`,
    /// `informative`, `error`, `feedback`); every style has one. Graphs use these.
    package var looks: [String: Look]
    /// The dark looks by style name (the theme file's `darkStyles`), for views that show a
    /// screen in dark mode too (the storyboard, the preview); every style has one.
    package var darkLooks: [String: Look]
    /// The folder of images, absolute; `nil` when the theme names none.
    package var assets: String?

    /// The keys of a theme file, and of one style's look, in the order hints list them: the
    /// one table the reader and the schema test read.
    package static let keys = ["assets", "styles", "darkStyles", FormatKeys.schema]
    package static let lookKeys = ["background", "accent", "text", "secondaryText", "icon", "font", "animation"]

    /// The built-in theme: a light look for each style.
    package static let standard = Theme(
        looks: [
            "success": light(background: "#dcf3e4", accent: "#2e8b57", animation: .pop),
            "informative": light(background: "#dde9fb", accent: "#2f6fbf", animation: .fade),
            "error": light(background: "#fadddd", accent: "#c0392b", animation: .slide),
            "feedback": light(background: "#ece0f8", accent: "#7b3fbf", animation: .fade),
        ],
        darkLooks: [
            "success": dark(background: "#16301f", accent: "#5cc98a", animation: .pop),
            "informative": dark(background: "#172a45", accent: "#7aaef0", animation: .fade),
            "error": dark(background: "#3d1a18", accent: "#f08070", animation: .slide),
            "feedback": dark(background: "#2b1d3d", accent: "#b58ae8", animation: .fade),
        ],
        assets: nil)

    /// A built-in look: dark text on a light `background`, the system's font.
    private static func light(background: String, accent: String, animation: Animation) -> Look {
        Look(background: background, accent: accent, text: "#1b1b1f", secondaryText: "#5f6368", font: systemFont, animation: animation)
    }

    /// A built-in dark look: light text on a dark `background`, the system's font.
    private static func dark(background: String, accent: String, animation: Animation) -> Look {
        Look(background: background, accent: accent, text: "#f1f1f4", secondaryText: "#b4b7bd", font: systemFont, animation: animation)
    }

    /// The system's user-interface font on each platform, then generic ones.
    package static let systemFont = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif"

    /// The look of style `name`; the informative look for a name no style has.
    package func look(of name: String, dark: Bool = false) -> Look {
        let looks = dark ? darkLooks : looks
        return looks[name] ?? looks["informative"] ?? Self.light(background: "#dde9fb", accent: "#2f6fbf", animation: .fade)
    }

    /// The path of image `name` in the assets folder (`NAME.svg`, else `NAME.png`); `nil`
    /// when there is no such file (a view then shows a placeholder naming it).
    package func asset(named name: String) -> String? {
        assetCandidates(named: name).first { PathKind($0) == .other }
    }

    /// Where image `name` may be, in the order looked in: `NAME.svg`, then `NAME.png` in the
    /// assets folder; none without a folder, or for a name that is empty or holds a `/`.
    package func assetCandidates(named name: String) -> [String] {
        guard let assets, !name.isEmpty, !name.contains("/") else { return [] }
        return ["svg", "png"].map { "\(assets)/\(name).\($0)" }
    }
}
