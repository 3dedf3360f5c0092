import FeedbackFlowCore
import FlowCompile

/// `feedbackflow storyboard`'s page: one self-contained HTML file showing every screen of
/// each flow as a phone-sized card in its style, light and dark side by side, with its
/// real content in its starting state (fields at their first values, buttons enabled or
/// not as the form starts, `visibleWhen` blocks marked with their condition), laid out on
/// the navigation map (``StoryboardMap``) with an arrow per route, labelled with the
/// button's title. Under each scene, each button lists where it leads; clicking a button
/// follows its route (or, with several, lists them to choose from).
///
/// Self-contained and inert: no outside resource (styles, the script and images are in
/// the file), and a Content-Security-Policy allowing only the page's own style and script
/// (by hash) and `data:` images, so the file loads nothing and runs nothing else, even
/// opened from a pull request's artifacts. The same input gives the same bytes (no date,
/// no random ids, stable order).
///
/// Written in pieces through `write` (a scene at a time), so memory stays bounded by the
/// flow, not by the page. O(screens + routes).
package struct StoryboardPage {
    /// A flow to show and the file it came from, as the page names it, with the flow in
    /// each other locale asked for (`storyboard --strings CATALOG --locale L…`), shown beside it.
    package struct Entry {
        /// The file as the page names it.
        package var file: String
        package var flow: Flow
        package var translations: [(locale: String, flow: Flow)] = []
        /// The source language's name, over the first pair of cards when there are translations.
        package var sourceLanguage: String?
        /// The host's values the templates show (`--context`); a value not given shows as a
        /// placeholder naming it (``FlowState/marksMissingValues``).
        package var context: [String: ExpressionValue] = [:]
        /// The routes the scenarios took, by ``FlowGraph/Edge/key``, from a coverage report
        /// (`--coverage`; every other route is drawn untested), with the report's one-line
        /// summary of the flow's coverage; `nil`: no coverage is shown.
        package var coverage: (takenRoutes: Set<String>, summary: String)?

        /// `flow`, read from `file`, in its own language with no host values.
        package init(file: String, flow: Flow) {
            self.file = file
            self.flow = flow
        }
    }

    package let entries: [Entry]
    package let theme: Theme

    /// The page of `entries` (each a flow, in the order shown) in `theme`'s looks.
    package init(entries: [Entry], theme: Theme) {
        self.entries = entries
        self.theme = theme
    }

    // Geometry, in CSS pixels: a scene is a header, the light and dark cards (a pair per
    // locale), and the list of routes.
    package static let headerHeight = 52
    package static let routesHeight = 170
    /// The width of a scene showing `pairs` pairs of cards (one per locale).
    package static func sceneWidth(pairs: Int) -> Int { pairs * (2 * WebStyleSheet.cardWidth + 12) + (pairs - 1) * 16 + 24 }
    package static let sceneHeight = headerHeight + WebStyleSheet.cardHeight + routesHeight + 24
    package static let columnGap = 200
    package static let rowGap = 40
    package static let margin = 20

    /// Writes the page through `write`.
    package func write(_ write: (String) -> Void) {
        let style = WebStyleSheet.cards(theme: theme) + Self.pageStyle
            + Set(entries.map { 1 + $0.translations.count }).sorted().map { ".scene.pairs-\($0){width:\(Self.sceneWidth(pairs: $0))px}" }.joined()
        let policy = "default-src 'none'; style-src \(ContentHash.cspSource(of: style)); script-src \(ContentHash.cspSource(of: Self.script)); img-src data:; base-uri 'none'; form-action 'none'"
        let title = "Storyboard: " + entries.map(\.flow.id).joined(separator: ", ")
        write("""
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="\(policy)">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="referrer" content="no-referrer">
            <title>\(ScreenCardHTML.text(title))</title>
            <style>\(style)</style>
            </head>
            <body>
            <header class="page"><h1>\(ScreenCardHTML.text(title))</h1>
            <p>Every screen in its light and dark look, as it starts. Click a button to follow it; arrows: push solid, present bold, replace and popTo dotted, on failure dashed\(entries.contains { $0.coverage != nil } ? "; routes no scenario of the flow's tests took are orange, thick and marked \(GraphLook.untestedLabel)" : "").</p>
            </header>

            """)
        var images = AssetImages()
        if theme.assets != nil { images = AssetImages(theme: theme, names: entries.flatMap { AssetImages.names(in: $0.flow) }) }
        let cards = ScreenCardHTML(theme: theme, images: images, mode: .storyboard)
        for (index, entry) in entries.enumerated() {
            writeFlow(entry, prefix: "f\(index + 1)", cards: cards, write: write)
        }
        write("<script>\(Self.script)</script>\n</body>\n</html>\n")
    }

    private func writeFlow(_ entry: Entry, prefix: String, cards: ScreenCardHTML, write: (String) -> Void) {
        let flow = entry.flow
        var graph = FlowGraph(flow: flow)
        if let coverage = entry.coverage { graph.markCoverage(taken: coverage.takenRoutes) }
        let map = StoryboardMap(graph: graph, domains: FlowValidator.expressionEnvironment(of: flow).domains)
        // Where each screen id first stands: the same in every locale's flow.
        var screenIndex: [String: Int] = [:]
        for (index, screen) in flow.screens.enumerated() where screenIndex[screen.id] == nil { screenIndex[screen.id] = index }
        // Each locale's flow as it starts, a value the host gives left marked: the flow's own first.
        let starts = ([(locale: entry.sourceLanguage ?? "", flow: flow)] + entry.translations).map { locale, flow in
            var state = FlowState(flow: flow, context: entry.context)
            state.marksMissingValues = true
            return (locale: locale, flow: flow, state: state)
        }

        var html = "<section class=\"flow\" aria-labelledby=\"\(prefix)-title\">"
        html += "<h2 id=\"\(prefix)-title\">\(ScreenCardHTML.text(flow.id)) <small>\(ScreenCardHTML.text(entry.file))</small></h2>"
        if let entryEdge = graph.edges.first(where: { $0.from == "entry" }) {
            html += "<p class=\"entry\">Starts: \(ScreenCardHTML.text(entryEdge.lines.joined(separator: ", "))) → "
            html += "<a href=\"#\(prefix)-\(entryEdge.to)\">\(ScreenCardHTML.text(map.screenIDs[entryEdge.to] ?? ""))</a></p>"
        }
        if let coverage = entry.coverage {
            let untested = graph.edges.count(where: \.isUntested)
            html += "<p class=\"coverage\">Tests: \(ScreenCardHTML.text(coverage.summary)); "
            html += untested == 0 ? "every route taken.</p>" : "<span class=\"untested\">\(untested) route\(untested == 1 ? "" : "s") untested</span>, drawn in orange.</p>"
        }
        let rows = map.columns.map(\.count).max() ?? 0
        let pairs = 1 + entry.translations.count
        let width = 2 * Self.margin + map.columns.count * (Self.sceneWidth(pairs: pairs) + Self.columnGap) - Self.columnGap
        let height = 2 * Self.margin + rows * (Self.sceneHeight + Self.rowGap) - Self.rowGap
        let arrows = edges(map, prefix: prefix, width: max(width, 0), height: max(height, 0), pairs: pairs)
        html += "<div class=\"map\(arrows.classes)\">" + arrows.svg
        write(html)

        for column in map.columns {
            write("<div class=\"column\">")
            for node in column {
                guard let id = map.screenIDs[node], let index = screenIndex[id] else { continue }
                // The screen in a locale, as it shows when it starts there.
                func look(_ start: (locale: String, flow: Flow, state: FlowState)) -> (locale: String, snapshot: ScreenSnapshot, blocks: [ScreenCardHTML.Block])? {
                    var state = start.state
                    _ = try? state.apply(.navigate(.present(id), by: .host))
                    guard index < start.flow.screens.count, let shot = state.snapshot() else { return nil }
                    let blocks = start.flow.screens[index].extraContent.map { block in
                        ScreenCardHTML.Block(
                            content: state.contentSnapshot(of: block, screenID: id), condition: block.visibleWhen?.text,
                            isVisible: state.isVisible(block, screenID: id))
                    }
                    return (start.locale, shot, blocks)
                }
                guard let (_, snapshot, blocks) = look(starts[0]) else { continue }
                let translated = starts.dropFirst().compactMap(look)
                write(scene(
                    node: node, prefix: prefix, snapshot: snapshot, blocks: blocks, translated: translated,
                    sourceLanguage: entry.sourceLanguage, map: map, cards: cards))
            }
            write("</div>\n")
        }
        write("</div></section>\n")
    }

    private func scene(
        node: String, prefix: String, snapshot: ScreenSnapshot, blocks: [ScreenCardHTML.Block],
        translated: [(locale: String, snapshot: ScreenSnapshot, blocks: [ScreenCardHTML.Block])], sourceLanguage: String?,
        map: StoryboardMap, cards: ScreenCardHTML
    ) -> String {
        let graphNode = map.nodes[node]
        var badges = [snapshot.style.name]
        if map.positions[node]?.column == 0, map.graph.edges.contains(where: { $0.from == "entry" && $0.to == node }) { badges.append("start") }
        if graphNode?.isUnreachable == true { badges.append("unreachable") }
        if graphNode?.isDeadEnd == true { badges.append("dead end") }
        let anchor = "\(prefix)-\(node)"
        var html = "<section class=\"scene pairs-\(1 + translated.count)\" id=\"\(anchor)\" tabindex=\"-1\" data-screen=\"\(ScreenCardHTML.attribute(snapshot.instance.screenID))\" aria-label=\"Screen \(ScreenCardHTML.attribute(snapshot.instance.screenID))\">"
        html += "<h3 class=\"scene-title\"><code>\(ScreenCardHTML.text(snapshot.instance.screenID))</code>"
        for badge in badges { html += " <span class=\"badge \(badge == "dead end" ? "dead-end" : badge)\">\(badge)</span>" }
        html += "</h3><div class=\"locales\">"
        // Each locale's pair, its name above it when there are several; a right-to-left
        // language's cards laid out right to left.
        for (index, look) in ([(sourceLanguage ?? "", snapshot, blocks)] + translated).enumerated() {
            let rightToLeft = Self.isRightToLeft(look.0)
            html += "<div class=\"locale\"\(rightToLeft ? " dir=\"rtl\"" : "")>"
            if !translated.isEmpty { html += "<p class=\"locale-name\" dir=\"ltr\">\(ScreenCardHTML.text(look.0))</p>" }
            let key = index == 0 ? anchor : anchor + "-" + String(index)
            html += "<div class=\"pair\">"
            html += cards.card(look.1, blocks: look.2, dark: false, key: key + "-l")
            html += cards.card(look.1, blocks: look.2, dark: true, key: key + "-d")
            html += "</div></div>"
        }
        html += "</div><div class=\"routes-all\">"
        for action in [snapshot.primary, snapshot.secondary].compactMap({ $0 }) {
            guard let button = map.routes[node]?[action.slot] else { continue }
            let branches = button.routes.contains { !$0.conditions.isEmpty } || button.routes.filter { !$0.isOnFailure }.count > 1
            html += "<div class=\"routes\" data-slot=\"\(action.slot.rawValue)\"\(branches ? " data-branch=\"\"" : "") tabindex=\"-1\">"
            html += "<p class=\"routes-title\">\(ScreenCardHTML.text(action.title))</p><ul>"
            for route in button.routes {
                let classes = (route.isOnFailure ? ["failure"] : []) + (route.isUntested ? ["untested"] : [])
                html += (classes.isEmpty ? "<li>" : "<li class=\"\(classes.joined(separator: " "))\">") + (route.isOnFailure ? "on failure: " : "")
                // Each step and each condition in the order they run.
                var done = 0
                func does(upTo end: Int) {
                    while done < min(end, route.effects.count) {
                        html += "<span class=\"does\">\(ScreenCardHTML.text(route.effects[done]))</span> "
                        done += 1
                    }
                }
                for (index, condition) in route.conditions.enumerated() {
                    does(upTo: index < route.effectsBefore.count ? route.effectsBefore[index] : 0)
                    html += "<span class=\"when\">if <code>\(ScreenCardHTML.text(condition))</code></span> "
                }
                does(upTo: route.effects.count)
                switch route.target {
                case .screen(let target, let id):
                    let follow = route.isOnFailure ? "" : " data-follow=\"\""
                    html += "\(route.kind.rawValue) → <a href=\"#\(prefix)-\(target)\"\(follow)>\(ScreenCardHTML.text(id))</a>"
                case .exit(let label): html += "→ <span class=\"exit\">\(ScreenCardHTML.text(label))</span>"
                case .stay: html += "→ stays on this screen"
                }
                if route.isUntested { html += " <span class=\"badge untested\">\(GraphLook.untestedLabel)</span>" }
                html += "</li>"
            }
            if button.leftOut > 0 { html += "<li>… and \(button.leftOutMayNotRun ? "up to " : "")\(button.leftOut) more</li>" }
            html += "</ul></div>"
        }
        return html + "</div></section>\n"
    }

    /// The arrows of the routes to screens, as one SVG behind the scenes, and whether it
    /// needs room below the last row (a lane of an arrow going back) or right of the last
    /// column (an arrow to a screen of the same column bulges there): the map's classes
    /// `lane-room` and `bulge-room` make it, so no arrow or label leaves the page.
    private func edges(_ map: StoryboardMap, prefix: String, width: Int, height: Int, pairs: Int) -> (svg: String, classes: String) {
        let sceneWidth = Self.sceneWidth(pairs: pairs)
        // Each scene's arrows, by the side they leave from: the right side (forward and
        // within the column), ordered by their target's height so they fan out without
        // crossing; the bottom (back to an earlier column). One arrow per button and target
        // (and on failure or not), standing for every route of it there.
        var right: [String: [Arrow]] = [:]
        var bottom: [String: [Arrow]] = [:]
        var order: [String] = []
        for column in map.columns {
            for node in column {
                guard let from = map.positions[node] else { continue }
                order.append(node)
                var arrows: [Arrow] = []
                var byKey: [String: Int] = [:]
                for slot in [ActionSlot.primary, .secondary] {
                    for route in map.routes[node]?[slot]?.routes ?? [] {
                        guard case .screen(let target, _) = route.target, let to = map.positions[target] else { continue }
                        let key = "\(target) \(slot.rawValue) \(route.kind.rawValue) \(route.isOnFailure)"
                        if let index = byKey[key] {
                            arrows[index].routes.append(route)
                        } else {
                            byKey[key] = arrows.count
                            arrows.append(Arrow(from: from, to: to, routes: [route]))
                        }
                    }
                }
                for arrow in arrows {
                    if arrow.to.column < from.column { bottom[node, default: []].append(arrow) } else { right[node, default: []].append(arrow) }
                }
            }
        }
        var body = ""
        var laneRoom = false, bulgeRoom = false
        let last = map.columns.count - 1
        for node in order {
            let leaving = (right[node] ?? []).enumerated().sorted { ($0.element.to.row, $0.offset) < ($1.element.to.row, $1.offset) }.map(\.element)
            for (index, arrow) in leaving.enumerated() {
                body += self.arrow(arrow, marker: "\(prefix)-arrow", slot: index, of: leaving.count, sceneWidth: sceneWidth)
                if arrow.to.column == arrow.from.column, arrow.from.column == last { bulgeRoom = true }
            }
            for (index, arrow) in (bottom[node] ?? []).enumerated() {
                body += self.arrow(arrow, marker: "\(prefix)-arrow", slot: index, of: bottom[node]?.count ?? 0, sceneWidth: sceneWidth)
                if max(arrow.from.row, arrow.to.row) == (map.columns.map(\.count).max() ?? 1) - 1 { laneRoom = true }
            }
        }
        let fullWidth = width + (bulgeRoom ? Self.columnGap : 0), fullHeight = height + (laneRoom ? Self.rowGap + Self.margin : 0)
        var svg = "<svg class=\"edges\" width=\"\(fullWidth)\" height=\"\(fullHeight)\" viewBox=\"0 0 \(fullWidth) \(fullHeight)\" aria-hidden=\"true\">"
        svg += "<defs><marker id=\"\(prefix)-arrow\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"8\" markerHeight=\"8\" orient=\"auto-start-reverse\"><path d=\"M0 0L10 5L0 10z\" fill=\"#555\"/></marker></defs>"
        let classes = (laneRoom ? " lane-room" : "") + (bulgeRoom ? " bulge-room" : "")
        return (svg + body + "</svg>", classes)
    }

    /// One arrow to draw: the routes of one button from the scene at `from` to the scene
    /// at `to` (at least one; they share their title, kind and failure).
    private struct Arrow {
        var from: (column: Int, row: Int)
        var to: (column: Int, row: Int)
        var routes: [StoryboardMap.Route]
    }

    /// The distance between two arrows leaving the same side of a scene: room for a label
    /// of two lines on each side of the arrows between them.
    package static let arrowSpacing = 72

    /// `arrow`, the `slot`-th of `count` leaving its side of the scene. Forward (to a later
    /// column): from the right side to the left side, bending in the gap between the
    /// columns. Within a column: from the right side to the right side, bulging into the
    /// gap. Back (to an earlier column): from the bottom of one scene to the bottom of the
    /// other, through the gap under the lower row (passing behind the scenes of its column
    /// below it when it goes down to a lower row).
    ///
    /// Each arrow leaves from its own point, spaced ``arrowSpacing`` apart, and its label
    /// (the button's title, and the route's conditions as ``StoryboardMap/Route/summary``
    /// says them, each line cut to fit the gap; the whole, with every condition as
    /// written, as the arrow's tooltip) sits where it leaves, on the side its curve turns
    /// away from: above an arrow going down, below one going up, right of one going back.
    /// The curves are monotonic in that direction, so no arrow crosses its own label.
    private func arrow(_ arrow: Arrow, marker: String, slot: Int, of count: Int, sceneWidth: Int) -> String {
        func origin(_ position: (column: Int, row: Int)) -> (x: Int, y: Int) {
            (Self.margin + position.column * (sceneWidth + Self.columnGap), Self.margin + position.row * (Self.sceneHeight + Self.rowGap))
        }
        let (from, to, route) = (arrow.from, arrow.to, arrow.routes[0])
        let a = origin(from), b = origin(to)
        let middle = Self.headerHeight + WebStyleSheet.cardHeight / 2
        // The point this arrow leaves from, centred on the middle of the side.
        // Spaced by ``arrowSpacing``, closer when that many would not fit the card's side.
        let spacing = count > 1 ? min(Self.arrowSpacing, (WebStyleSheet.cardHeight - 40) / (count - 1)) : 0
        let offset = (2 * slot - (count - 1)) * spacing / 2
        let start, end, c1, c2: (x: Int, y: Int)
        let labelX: Int
        let below: Bool
        // The most characters a line of the label may have: the gap's, or between two back
        // arrows the room before the next one's start.
        var length = Self.labelLength
        if to.column > from.column {
            start = (a.x + sceneWidth, a.y + middle + offset)
            end = (b.x, b.y + middle)
            let bend = max(60, (end.x - start.x) / 2)
            (c1, c2) = ((start.x + bend, start.y), (end.x - bend, end.y))
            (labelX, below) = (start.x + 8, end.y < start.y)
        } else if to.column == from.column {
            start = (a.x + sceneWidth, a.y + middle + offset)
            end = (b.x + sceneWidth, b.y + middle + (to.row > from.row ? -40 : 40))
            let bulge = start.x + 90 + 12 * slot
            (c1, c2) = ((bulge, start.y), (bulge, end.y))
            (labelX, below) = (start.x + 8, end.y < start.y)
        } else {
            // Along the bottom, right of the middle (where arrows coming back arrive), each its own.
            let room = sceneWidth / 2 - 40
            start = (a.x + sceneWidth - 20 - (slot + 1) * room / (count + 1), a.y + Self.sceneHeight)
            if slot > 0 { length = max(6, (room / (count + 1) - 14) / 7) }
            end = (b.x + sceneWidth / 2 + 40, b.y + Self.sceneHeight)
            let lane = max(a.y, b.y) + Self.sceneHeight + Self.rowGap - 6
            (c1, c2) = ((start.x, lane), (end.x, lane))
            (labelX, below) = (start.x + 8, true)
        }
        // Every condition as written, route by route (an arrow that some route takes always
        // says only its title).
        let always = arrow.routes.contains { $0.conditions.isEmpty }
        let whole = route.title + (always ? "" : " — if " + arrow.routes.map { $0.conditions.joined(separator: " && ") }.joined(separator: ", or if "))
        var lines = [route.title]
        if let summary = StoryboardMap.summary(of: arrow.routes) { lines.append("if " + summary) }
        // The title cut at its end; the conditions in their middle, so the end, where two
        // routes of one button differ, stays.
        lines = lines.enumerated().map { index, line in
            guard line.count > length else { return line }
            return index == 0 ? String(line.prefix(length - 1)) + "…" : String(line.prefix(length / 2 - 1)) + "…" + String(line.suffix(length - length / 2))
        }
        // Baselines 15 px apart: below the arrow from 16 px under it, above it ending 6 px over it.
        let firstLine = below ? start.y + 16 : start.y - 6 - 15 * (lines.count - 1)
        let dash = route.isOnFailure ? " stroke-dasharray=\"8 5\"" : route.kind == .replace || route.kind == .popTo ? " stroke-dasharray=\"2 4\"" : ""
        // An arrow every route of which no scenario took is drawn in the untested look.
        let untested = arrow.routes.allSatisfy(\.isUntested)
        let weight = route.kind == .present || untested ? 4 : 2
        let stroke = untested ? GraphLook.untestedColor : "#555"
        var text = "<text x=\"\(labelX)\" y=\"\(firstLine)\"\(untested ? " class=\"untested\"" : "")>"
        for (index, line) in lines.enumerated() {
            text += "<tspan x=\"\(labelX)\" y=\"\(firstLine + 15 * index)\"\(index > 0 ? " class=\"when\"" : "")>\(ScreenCardHTML.text(line))</tspan>"
        }
        return "<g class=\"arrow\(untested ? " untested" : "")\"><path d=\"M\(start.x) \(start.y)C\(c1.x) \(c1.y) \(c2.x) \(c2.y) \(end.x) \(end.y)\" fill=\"none\" stroke=\"\(stroke)\" stroke-width=\"\(weight)\"\(dash) marker-end=\"url(#\(marker))\"><title>\(ScreenCardHTML.text(whole))</title></path>"
            + text + "<title>\(ScreenCardHTML.text(whole))</title></text></g>"
    }

    /// Whether `locale`'s language is written right to left (Arabic, Hebrew, Persian, Urdu and
    /// others in that script).
    package static func isRightToLeft(_ locale: String) -> Bool {
        let language = StringCatalog.language(of: locale)
        return ["ar", "he", "fa", "ur", "ps", "sd", "ug", "yi", "dv", "ckb"].contains(language)
    }

    /// The most characters of an arrow's label: what fits the gap between two columns.
    package static let labelLength = 28

    /// The page's own rules, beside the cards'.
    package static let pageStyle = """
        article.card{animation:none}
        body{margin:0;font:15px/1.4 -apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;background:#f4f4f6;color:#1b1b1f}
        header.page{padding:16px 20px 0}
        header.page h1{margin:0 0 4px;font-size:22px}
        header.page p{margin:0;color:#5f6368}
        section.flow{padding:8px 0 24px;border-bottom:1px solid #ddd}
        section.flow h2{margin:12px 20px 4px;font-size:19px}
        section.flow h2 small{font-weight:normal;color:#5f6368;font-size:13px}
        p.entry{margin:0 20px;color:#5f6368}
        .map{position:relative;display:flex;gap:\(columnGap)px;padding:\(margin)px;align-items:flex-start;width:max-content}
        .map svg.edges{position:absolute;left:0;top:0;pointer-events:none;overflow:visible}
        .map svg.edges text,.map svg.edges path{pointer-events:auto}
        .map svg.edges text{font-size:13px;fill:#333;paint-order:stroke;stroke:#f4f4f6;stroke-width:5px}
        .map svg.edges text.untested,p.coverage .untested{fill:\(GraphLook.untestedColor);color:\(GraphLook.untestedColor);font-weight:bold}
        p.coverage{margin:0 20px;color:#5f6368}
        li.untested{color:\(GraphLook.untestedColor)}
        .badge.untested{background:\(GraphLook.untestedColor);color:#fff}
        .map svg.edges tspan.when{fill:#5f6368}
        .map.lane-room{padding-bottom:\(margin + rowGap + margin)px}
        .map.bulge-room{padding-right:\(margin + columnGap)px}
        .column{display:flex;flex-direction:column;gap:\(rowGap)px;position:relative}
        .scene{box-sizing:border-box;height:\(sceneHeight)px;padding:0 12px 12px;background:#fff;border:1px solid #d0d0d6;border-radius:16px;display:flex;flex-direction:column}
        .scene:target,.scene:focus{outline:4px solid #f29900;outline-offset:2px}
        .scene-title{height:\(headerHeight)px;margin:0;display:flex;align-items:center;gap:6px;font-size:15px}
        .badge{font-size:11px;font-weight:600;border-radius:10px;padding:2px 8px;background:#e8eaed;color:#3c4043}
        .badge.unreachable{background:#fde7e9;color:#a50e0e}
        .badge.dead-end{background:#fde7e9;color:#a50e0e}
        .badge.start{background:#e6f4ea;color:#137333}
        .pair{display:flex;gap:12px}
        .locales{display:flex;gap:16px}
        .locale[dir=rtl] .pair{flex-direction:row-reverse}
        .locale-name{margin:0 0 4px;font-size:12px;font-weight:600;color:#5f6368}
        .routes-all{height:\(routesHeight)px;overflow:auto;font-size:13px;margin-top:8px}
        .routes{margin-bottom:6px;border-radius:8px;padding:2px 6px}
        .routes.asked{background:#fef7e0;outline:2px solid #f29900}
        .routes-title{margin:0;font-weight:600}
        .routes ul{margin:0;padding-left:18px}
        .routes .when code{background:#f1f3f4;border-radius:4px;padding:0 3px}
        .routes .does{color:#5f6368}
        .routes .exit{font-weight:600}
        .routes li.failure{color:#a50e0e}
        """

    /// The page's script: a click on a button follows its one route to a screen, or shows
    /// its routes to choose from. It reads the page only; it loads and sends nothing.
    package static let script = """
        "use strict";
        document.addEventListener("click", function (event) {
          var button = event.target.closest("button[data-slot]");
          if (!button) return;
          event.preventDefault();
          var scene = button.closest(".scene");
          var list = scene && scene.querySelector('.routes[data-slot="' + button.dataset.slot + '"]');
          if (!list) return;
          var links = list.querySelectorAll("a[data-follow]");
          if (links.length === 1 && !list.hasAttribute("data-branch")) {
            var target = document.getElementById(links[0].getAttribute("href").slice(1));
            location.hash = links[0].getAttribute("href");
            if (target) { target.scrollIntoView({block: "center", inline: "center"}); target.focus(); }
          } else {
            document.querySelectorAll(".routes.asked").forEach(function (other) { other.classList.remove("asked"); });
            list.classList.add("asked");
            list.focus();
          }
        });
        """
}
