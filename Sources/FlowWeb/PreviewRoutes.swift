import FeedbackFlowCore
import FlowCompile
import FlowSource
import FlowSystem
import LoopbackHTTP

/// What the preview's server answers, route by route; anything else is `404`. The page
/// draws what `/state` sends and posts what the person does; the flow's rules run only
/// here, in the real navigator (``PreviewSession``).
///
/// | route | answer |
/// |---|---|
/// | `GET /` | the page (``PreviewPage``), in the theme as last read |
/// | `GET /state?seen=TOKEN` | the state as JSON, once it differs from `TOKEN` (at most ``pollLimit`` later) |
/// | `POST /tap` `{"instance": N, "slot": "primary"}` | taps a button |
/// | `POST /field` `{"id": "email", "value": "…"}` | sets a field (`400` with the reason when refused) |
/// | `POST /back`, `POST /restart` | goes back one screen; starts again |
/// | `POST /trigger` `{"context": ["name=value", …], "validator": true}` | fires the trigger's event |
///
/// Bodies are JSON objects; one that is not gets `400`. The server bounds their size and
/// checks `Host` and `Origin` before a route runs (``LoopbackHTTPServer``).
package struct PreviewRoutes: Sendable {
    package let session: PreviewSession

    /// The routes answering from `session`.
    package init(session: PreviewSession) {
        self.session = session
    }

    /// How long `/state` waits for a change before answering with the same state.
    package static let pollLimit: Duration = .seconds(20)

    package func respond(_ request: HTTPRequest) async -> HTTPResponse {
        switch (request.method, request.path) {
        case ("GET", "/"), ("HEAD", "/"):
            return PreviewPage(theme: await session.theme, file: session.settings.file).response
        case ("GET", "/state"), ("HEAD", "/state"):
            let seen = request.query["seen"] ?? ""
            let deadline = ContinuousClock.now + Self.pollLimit
            while await session.token() == seen, ContinuousClock.now < deadline, !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(20))
            }
            return .json(await state())
        case ("POST", "/tap"):
            guard let body = Self.decode(Tap.self, request.body), let slot = ActionSlot(rawValue: body.slot) else {
                return .text("expected {\"instance\": N, \"slot\": \"primary\" or \"secondary\"}", status: 400)
            }
            let instance = body.instance
            // The action may run long (a handler program): it runs on, and the page learns
            // what it did from /state.
            await session.tap(slot, instance: instance)
            return HTTPResponse(status: 204, contentType: "text/plain", body: [])
        case ("POST", "/field"):
            guard let body = Self.decode(Field.self, request.body) else {
                return .text("expected {\"id\": \"FIELD\", \"value\": \"TEXT\"}", status: 400)
            }
            if let problem = await session.setField(body.id, text: body.value) { return .text(problem, status: 400) }
            return HTTPResponse(status: 204, contentType: "text/plain", body: [])
        case ("POST", "/back"):
            await session.back()
            return HTTPResponse(status: 204, contentType: "text/plain", body: [])
        case ("POST", "/restart"):
            await session.restart()
            return HTTPResponse(status: 204, contentType: "text/plain", body: [])
        case ("POST", "/trigger"):
            guard let body = Self.decode(Fire.self, request.body) else {
                return .text("expected {\"context\": [\"NAME=VALUE\", …], \"validator\": true, false or null}", status: 400)
            }
            await session.fire(entries: body.context ?? [], validator: body.validator)
            return HTTPResponse(status: 204, contentType: "text/plain", body: [])
        case (_, "/"), (_, "/state"), (_, "/tap"), (_, "/field"), (_, "/back"), (_, "/restart"), (_, "/trigger"):
            return .text("method \(request.method) is not allowed here", status: 405)
        default:
            return .text("no such page", status: 404)
        }
    }

    /// The state the page draws, as JSON.
    package func state() async -> String {
        let state = await session.state()
        let cards = ScreenCardHTML(theme: state.theme, images: state.images, mode: .preview)
        var members: [(key: String, value: JSONValue)] = [("token", .string(state.token))]
        members.append(("file", .string(session.settings.file)))
        // The page's look: a page drawn in another theme loads itself again.
        members.append(("look", .string(PreviewPage.look(of: state.theme))))
        if let screen = state.view.screen {
            let blocks = ScreenCardHTML.blocks(of: screen)
            let key = "i\(screen.instance.id.rawValue)"
            members.append((
                "screen",
                .object([
                    ("instance", .int(screen.instance.id.rawValue)),
                    ("id", .string(screen.instance.screenID)),
                    ("title", .string(screen.title)),
                    ("light", .string(cards.card(screen, blocks: blocks, dark: false, key: key + "l"))),
                    ("dark", .string(cards.card(screen, blocks: blocks, dark: true, key: key + "d"))),
                ])))
            // A presented screen is a sheet over the screen it was presented over.
            if let below = state.view.below {
                let key = "u\(below.instance.id.rawValue)"
                let blocks = ScreenCardHTML.blocks(of: below)
                members.append((
                    "below",
                    .object([
                        ("id", .string(below.instance.screenID)),
                        ("light", .string(cards.card(below, blocks: blocks, dark: false, key: key + "l"))),
                        ("dark", .string(cards.card(below, blocks: blocks, dark: true, key: key + "d"))),
                    ])))
            } else {
                members.append(("below", .null))
            }
        } else {
            members.append(("screen", .null))
        }
        members.append(("outcome", .optional(state.view.outcome?.name)))
        members.append(("problems", .optional(state.problems)))
        members.append(("warnings", .optional(state.warnings)))
        members.append(("decision", .optional(state.decision)))
        members.append(("log", .array(state.view.log.map(JSONValue.string))))
        if let flow = state.flow, let trigger = flow.trigger {
            // The values the event carries are named `event.NAME`, as `--context` names them
            // (EventDeclaration.payloadPrefix).
            let payload = flow.events.first { $0.name == trigger.event }?.payload ?? []
            let declared = flow.context.map { ($0.name, $0.type) } + payload.map { (EventDeclaration.payloadPrefix + $0.name, $0.type) }
            members.append((
                "trigger",
                .object([
                    ("event", .string(trigger.event)),
                    ("validator", .optional(trigger.validator)),
                    ("context", .array(declared.map { .object([("name", .string($0.0)), ("type", .string($0.1.description))]) })),
                ])))
        } else {
            members.append(("trigger", .null))
        }
        return JSONValue.object(members).serialized()
    }

    /// The body of `POST /tap`.
    package struct Tap: Decodable {
        var instance: Int
        var slot: String
    }

    /// The body of `POST /field`.
    package struct Field: Decodable {
        var id: String
        var value: String
    }

    /// The body of `POST /trigger`.
    package struct Fire: Decodable {
        var context: [String]?
        var validator: Bool?
    }

    /// `bytes` decoded as `Body`, or `nil` (the server bounds their size).
    private static func decode<Body: Decodable>(_ type: Body.Type, _ bytes: [UInt8]) -> Body? {
        try? JSONDecoder().decode(type, from: Data(bytes))
    }
}
