import Foundation
import FeedbackFlowCore
import FlowCompile
import FlowSource

/// What the preview's server answers, route by route; anything else is `404`. The page
/// draws what `/state` sends and posts what the person does; the flow's rules run only
/// here, in the real navigator (``PreviewSession``).
///
/// | route | answer |
/// |---|---|
/// | `GET /` | the page (``PreviewPage``) |
/// | `GET /state?seen=TOKEN` | the state as JSON, once it differs from `TOKEN` (at most ``pollLimit`` later) |
/// | `POST /tap` `{"instance": N, "slot": "primary"}` | taps a button |
/// | `POST /field` `{"id": "email", "value": "…"}` | sets a field (`400` with the reason when refused) |
/// | `POST /back`, `POST /restart` | goes back one screen; starts again |
/// | `POST /trigger` `{"context": ["name=value", …], "validator": true}` | fires the trigger's event |
///
/// Bodies are JSON objects; one that is not gets `400`. The server bounds their size and
/// checks `Host` and `Origin` before a route runs (``LoopbackHTTPServer``).
struct PreviewRoutes: Sendable {
    let session: PreviewSession
    let page: PreviewPage

    /// How long `/state` waits for a change before answering with the same state.
    static let pollLimit: Duration = .seconds(20)

    func respond(_ request: HTTPRequest) async -> HTTPResponse {
        switch (request.method, request.path) {
        case ("GET", "/"), ("HEAD", "/"):
            return page.response
        case ("GET", "/state"), ("HEAD", "/state"):
            let seen = request.query["seen"] ?? ""
            let deadline = ContinuousClock.now + Self.pollLimit
            while await session.token() == seen, ContinuousClock.now < deadline, !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(20))
            }
            return .json(await state())
        case ("POST", "/tap"):
            guard let body = Self.object(request.body), let instance = body["instance"] as? Int,
                let slot = (body["slot"] as? String).flatMap(ActionSlot.init(rawValue:))
            else { return .text("expected {\"instance\": N, \"slot\": \"primary\" or \"secondary\"}", status: 400) }
            // The tap returns once its action has run: a slow handler would hold the page's
            // request, so the tap runs on and the page learns the result from /state.
            Task { _ = await session.tap(slot, instance: instance) }
            return HTTPResponse(status: 204, contentType: "text/plain", body: [])
        case ("POST", "/field"):
            guard let body = Self.object(request.body), let id = body["id"] as? String, let value = body["value"] as? String else {
                return .text("expected {\"id\": \"FIELD\", \"value\": \"TEXT\"}", status: 400)
            }
            if let problem = await session.setField(id, text: value) { return .text(problem, status: 400) }
            return HTTPResponse(status: 204, contentType: "text/plain", body: [])
        case ("POST", "/back"):
            await session.back()
            return HTTPResponse(status: 204, contentType: "text/plain", body: [])
        case ("POST", "/restart"):
            await session.restart(keeping: false)
            return HTTPResponse(status: 204, contentType: "text/plain", body: [])
        case ("POST", "/trigger"):
            guard let body = Self.object(request.body) else { return .text("expected a JSON object", status: 400) }
            let entries = (body["context"] as? [Any])?.compactMap { $0 as? String } ?? []
            await session.fire(entries: entries, validator: body["validator"] as? Bool)
            return HTTPResponse(status: 204, contentType: "text/plain", body: [])
        case (_, "/"), (_, "/state"), (_, "/tap"), (_, "/field"), (_, "/back"), (_, "/restart"), (_, "/trigger"):
            return .text("method \(request.method) is not allowed here", status: 405)
        default:
            return .text("no such page", status: 404)
        }
    }

    /// The state the page draws, as JSON.
    func state() async -> String {
        let view = await session.view()
        let flow = await session.flow
        var members: [(key: String, value: JSONValue)] = [("token", .string(await session.token()))]
        members.append(("file", .string(session.settings.file)))
        if let screen = view.screen {
            let blocks = ScreenCardHTML.blocks(of: screen)
            let key = "i\(screen.instance.id.rawValue)"
            members.append((
                "screen",
                .object([
                    ("instance", .int(screen.instance.id.rawValue)),
                    ("id", .string(screen.instance.screenID)),
                    ("title", .string(screen.title)),
                    ("light", .string(page.cards.card(screen, blocks: blocks, dark: false, key: key + "l"))),
                    ("dark", .string(page.cards.card(screen, blocks: blocks, dark: true, key: key + "d"))),
                ])))
        } else {
            members.append(("screen", .null))
        }
        members.append(("outcome", .optional(view.outcome?.name)))
        members.append(("problems", .optional(await session.problems)))
        members.append(("warnings", .optional(await session.warnings)))
        members.append(("decision", .optional(await session.decision)))
        members.append(("log", .array(view.log.map(JSONValue.string))))
        if let flow, let trigger = flow.trigger {
            let declared = (flow.context + (flow.events.first { $0.name == trigger.event }?.payload ?? []))
            members.append((
                "trigger",
                .object([
                    ("event", .string(trigger.event)),
                    ("validator", .optional(trigger.validator)),
                    ("context", .array(declared.map { .object([("name", .string($0.name)), ("type", .string($0.type.description))]) })),
                ])))
        } else {
            members.append(("trigger", .null))
        }
        return JSONValue.object(members).serialized()
    }

    /// `bytes` as a JSON object, or `nil`.
    private static func object(_ bytes: [UInt8]) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any]
    }
}
