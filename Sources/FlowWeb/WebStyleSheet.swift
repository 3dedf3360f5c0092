import FlowCompile
import FlowSource

/// The style sheet of the pages that show screens (the storyboard and the preview): the
/// card's layout, each style's light and dark look from the ``Theme`` as classes
/// (`look-STYLE`, `look-STYLE dark`), and the appearing animations (`anim-NAME`, none
/// when the reader asks for reduced motion). Theme values are checked when the theme is
/// read (colours `#RRGGBB[AA]`, fonts without `;{}<>\`), so they cannot end a rule.
package enum WebStyleSheet {
    /// A card's width and height in CSS pixels: a phone's screen, scaled down.
    package static let cardWidth = 300
    package static let cardHeight = 580

    /// The generic font families (CSS Fonts §4.2) and the system-font keywords, written
    /// without quotes; every other family is a quoted string.
    package static let genericFamilies: Set<String> = [
        "serif", "sans-serif", "monospace", "cursive", "fantasy", "system-ui", "ui-serif", "ui-sans-serif", "ui-monospace",
        "ui-rounded", "math", "emoji", "fangsong", "-apple-system", "BlinkMacSystemFont",
    ]

    /// A theme's `font` list as a CSS `font-family` value: each family between commas, its
    /// own quotes taken off, written as a double-quoted CSS string (`"` and `\` escaped,
    /// CSS Syntax §4.3.5) unless it is generic; so no font name can end the rule or open a
    /// comment.
    package static func fontFamilies(_ list: String) -> String {
        list.split(separator: ",").map { part -> String in
            var name = String(part.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
            if name.count >= 2, let first = name.first, first == name.last, first == "'" || first == "\"" {
                name = String(name.dropFirst().dropLast())
            }
            if genericFamilies.contains(name) { return name }
            return "\"" + name.replacingScalars { $0 == "\"" || $0 == "\\" ? "\\" + String($0) : nil } + "\""
        }.joined(separator: ",")
    }

    /// The rules for the cards in `theme`'s looks.
    package static func cards(theme: Theme) -> String {
        var css = """
            .card{box-sizing:border-box;width:\(cardWidth)px;height:\(cardHeight)px;overflow:auto;border-radius:28px;\
            padding:28px 20px;background:var(--bg);color:var(--text);border:1px solid var(--edge);\
            display:flex;flex-direction:column;gap:10px;text-align:center;box-shadow:0 2px 10px rgba(0,0,0,.18)}
            .card .icon{color:var(--accent);display:flex;justify-content:center;min-height:48px}
            .card .icon img,.card .image img{max-width:96px;max-height:96px}
            .card .title{margin:4px 0 0;font-size:22px;white-space:pre-line;overflow-wrap:anywhere}
            .card .subtitle,.card .text{margin:0;color:var(--muted);white-space:pre-line;overflow-wrap:anywhere}
            .card .text{color:var(--text)}
            .card .blocks{display:flex;flex-direction:column;gap:10px;text-align:left}
            .card .field,.card .toggle{display:flex;flex-direction:column;gap:4px;font-size:14px}
            .card .toggle{flex-direction:row;align-items:center;gap:8px}
            .card input[type=text],.card input[type=url],.card input[type=tel],\
            .card input[type=number],.card textarea{font:inherit;padding:8px;border-radius:8px;\
            border:1px solid var(--muted);background:var(--field);color:var(--text)}
            .card .required{color:var(--accent);margin-left:2px}
            .card .problem{margin:0;color:#d93025;font-size:13px}
            .card .error{margin:0;color:#fff;background:#c5221f;border-radius:8px;padding:6px}
            .card fieldset.rating{border:0;padding:0;margin:0;display:flex;gap:2px;justify-content:center;flex-wrap:wrap}
            .card fieldset.rating legend{width:100%;text-align:center;font-size:14px;padding:0;margin-bottom:4px}
            .card .star{cursor:pointer;font-size:28px;color:var(--muted);opacity:.45}
            .card .star.lit{color:var(--accent);opacity:1}
            .card .star input{position:absolute;opacity:0;width:1px;height:1px}
            .card .star:focus-within{outline:2px solid var(--accent);border-radius:4px}
            .card .missing{display:inline-block;border:2px dashed var(--muted);border-radius:8px;padding:8px;\
            font-size:12px;color:var(--muted);overflow-wrap:anywhere}
            .card .custom{margin:0;border:1px dashed var(--muted);border-radius:8px;padding:8px;font-size:13px}
            .card .conditional{border-left:3px solid var(--accent);padding-left:8px}
            .card .conditional.hidden-now{opacity:.5}
            .card .condition{margin:0;font-size:12px;color:var(--muted)}
            .card .actions{margin-top:auto;display:flex;flex-direction:column;gap:8px}
            .card button{font:inherit;font-weight:600;border-radius:12px;padding:11px;cursor:pointer;border:0}
            .card button.primary{background:var(--accent);color:var(--bg)}
            .card button.secondary{background:transparent;color:var(--accent);border:1px solid var(--accent)}
            .card button.link{background:transparent;color:var(--accent);text-decoration:underline}
            .card button:disabled,.card button[aria-disabled=true]{opacity:.4;cursor:not-allowed}
            .card button[aria-busy=true]{cursor:progress}
            .anim-fade{animation:ff-fade .3s ease-out}
            .anim-slide{animation:ff-slide .35s ease-out}
            .anim-pop{animation:ff-pop .35s cubic-bezier(.3,1.6,.6,1)}
            @keyframes ff-fade{from{opacity:0}to{opacity:1}}
            @keyframes ff-slide{from{transform:translateY(40px);opacity:0}to{transform:none;opacity:1}}
            @keyframes ff-pop{from{transform:scale(.85);opacity:0}to{transform:none;opacity:1}}
            @media (prefers-reduced-motion:reduce){.card{animation:none}}
            @media print{.card{animation:none}}

            """
        for name in FeedbackStyle.names {
            for dark in [false, true] {
                let look = theme.look(of: name, dark: dark)
                css += ".look-\(name)\(dark ? ".dark" : ""){--bg:\(look.background);--accent:\(look.accent);--text:\(look.text);"
                css += "--muted:\(look.secondaryText);--edge:\(dark ? "#ffffff22" : "#00000018");--field:\(dark ? "#00000040" : "#ffffffcc");"
                css += "font-family:\(fontFamilies(look.font));color-scheme:\(dark ? "dark" : "light")}\n"
            }
        }
        return css
    }
}
