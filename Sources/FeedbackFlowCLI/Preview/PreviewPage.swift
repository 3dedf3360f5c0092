/// The preview's one page: a phone-sized stage showing the screen on top (drawn by the
/// server with ``ScreenCardHTML``, as the storyboard draws it), the file's problems over
/// it when the last save does not compile, a panel that fires the trigger's event with
/// context values, and the flow's last events.
///
/// The script holds no rule of the flow: it draws what `/state` sends (waiting for the
/// next state as soon as one arrives), and posts taps, field edits and the panel's values
/// (``PreviewRoutes``). Author strings reach it already escaped inside the card's HTML, or
/// as JSON strings it shows with `textContent` (problems, events, decisions), never as
/// markup. The page's Content-Security-Policy allows only its own style and script (by
/// SHA-256 hash), `data:` images, and requests to the server itself.
struct PreviewPage: Sendable {
    let html: String
    let policy: String

    /// The page for `file` in `theme`'s looks.
    init(theme: Theme, file: String) {
        let style = WebStyleSheet.cards(theme: theme) + Self.style
        policy =
            "default-src 'none'; style-src \(ContentHash.cspSource(of: style)); script-src \(ContentHash.cspSource(of: Self.script)); "
            + "img-src data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
        html = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Preview: \(ScreenCardHTML.text(file))</title>
            <style>\(style)</style>
            </head>
            <body>
            <header class="bar"><h1>Preview <code>\(ScreenCardHTML.text(file))</code></h1>
            <button type="button" id="back">Back</button>
            <button type="button" id="restart">Restart</button>
            <label><input type="checkbox" id="dark"> Dark</label>
            <span id="status" role="status"></span></header>
            <main>
            <div id="stage"><div id="screen"></div>
            <div id="ended" hidden><p>Flow ended: <strong id="ended-outcome"></strong></p></div>
            <section id="problems" role="alert" hidden><h2 id="problems-title"></h2><pre id="problems-text"></pre></section>
            </div>
            <aside>
            <p id="notice" role="status"></p>
            <section id="trigger" hidden><h2>Trigger</h2><div id="trigger-fields"></div>
            <button type="button" id="fire">Fire event</button><p id="decision" role="status"></p></section>
            <section id="warnings-box" hidden><h2>Warnings</h2><pre id="warnings"></pre></section>
            <section><h2>Events</h2><pre id="log"></pre></section>
            </aside>
            </main>
            <script>\(Self.script)</script>
            </body>
            </html>

            """
    }

    /// The page, with its policy in the response's header.
    var response: HTTPResponse {
        var response = HTTPResponse.html(html)
        response.headers.append(("Content-Security-Policy", policy))
        return response
    }

    static let style = """
        body{margin:0;font:15px/1.4 -apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;background:#eceef1;color:#1b1b1f}
        header.bar{display:flex;align-items:center;gap:10px;padding:10px 16px;background:#fff;border-bottom:1px solid #d0d0d6}
        header.bar h1{font-size:17px;margin:0;flex:1}
        main{display:flex;gap:24px;padding:20px;align-items:flex-start}
        #stage{position:relative;width:560px;min-height:\(WebStyleSheet.cardHeight)px}
        #problems{position:absolute;left:0;top:0;right:0;max-height:\(WebStyleSheet.cardHeight)px;background:#fff4f4;border:2px solid #c5221f;border-radius:16px;padding:12px;overflow:auto;box-sizing:border-box}
        #problems h2{font-size:15px;margin:0 0 8px;color:#a50e0e}
        #problems pre{white-space:pre-wrap;font-size:12px;margin:0}
        #ended{padding:12px;background:#fff;border-radius:12px}
        aside{flex:1;min-width:260px;max-width:520px}
        aside section{background:#fff;border-radius:12px;padding:8px 12px;margin-bottom:12px}
        aside h2{font-size:14px;margin:4px 0 8px}
        aside pre{white-space:pre-wrap;font-size:12px;margin:0;max-height:260px;overflow:auto}
        #trigger-fields label{display:flex;flex-direction:column;font-size:13px;margin-bottom:6px}
        #trigger-fields label.check{flex-direction:row;align-items:center;gap:6px}
        #notice{color:#a50e0e;margin:0 0 8px}
        .card.settled{animation:none}
        """

    static let script = """
        "use strict";
        var seen = "", state = null, shownInstance = null, triggerKey = null;
        function byId(id) { return document.getElementById(id); }
        // The secret of the printed address: kept in this origin's storage (port included),
        // taken out of the address bar, and sent with every request but the page's.
        var secretKey = "feedbackflow-preview-" + location.port;
        var given = new URLSearchParams(location.search).get("\(AccessSecret.queryName)");
        if (given) { localStorage.setItem(secretKey, given); history.replaceState(null, "", "/"); }
        var secret = localStorage.getItem(secretKey) || "";
        function headers(extra) { var all = extra || {}; all["\(AccessSecret.headerName)"] = secret; return all; }
        // One request at a time, in the order of what the person did: a tap never
        // overtakes the keystroke before it.
        var queue = Promise.resolve();
        function post(path, body) {
          queue = queue.then(function () {
            return fetch(path, {method: "POST", headers: headers({"Content-Type": "application/json"}), body: JSON.stringify(body || {})})
              .then(function (response) {
                if (response.ok) { byId("notice").textContent = ""; return; }
                return response.text().then(function (text) { byId("notice").textContent = text; });
              })
              .catch(function () { byId("notice").textContent = "The preview server does not answer."; });
          });
          return queue;
        }
        function poll() {
          fetch("/state?seen=" + encodeURIComponent(seen), {headers: headers()})
            .then(function (response) { return response.json(); })
            .then(function (next) {
              seen = next.token;
              byId("status").textContent = "";
              if (byId("notice").textContent === "The preview server does not answer.") byId("notice").textContent = "";
              draw(next);
              poll();
            })
            .catch(function () { byId("status").textContent = "The preview server stopped."; setTimeout(poll, 1000); });
        }
        function draw(next) {
          state = next;
          var stage = byId("screen");
          if (next.screen) {
            var html = byId("dark").checked ? next.screen.dark : next.screen.light;
            if (stage.getAttribute("data-html") !== html) {
              var active = document.activeElement;
              var field = active && active.getAttribute ? active.getAttribute("data-field") : null;
              var value = active ? active.value : null, start = null, end = null;
              try { start = active.selectionStart; end = active.selectionEnd; } catch (error) {}
              stage.innerHTML = html;
              stage.setAttribute("data-html", html);
              var card = stage.firstElementChild;
              if (card && shownInstance === next.screen.instance) card.classList.add("settled");
              if (field && shownInstance === next.screen.instance) {
                var again = Array.prototype.find.call(stage.querySelectorAll("[data-field]"), function (element) {
                  return element.getAttribute("data-field") === field && (element.type !== "radio" || element.value === value);
                });
                if (again) {
                  // What is typed wins over a state sent before the last keystroke arrived.
                  if (again.type !== "radio" && again.type !== "checkbox" && value !== null) again.value = value;
                  again.focus();
                  try { again.setSelectionRange(start, end); } catch (error) {}
                }
              }
            }
            shownInstance = next.screen.instance;
          } else {
            stage.textContent = "";
            stage.removeAttribute("data-html");
            shownInstance = null;
          }
          byId("ended").hidden = !next.outcome;
          byId("ended-outcome").textContent = next.outcome || "";
          byId("problems").hidden = !next.problems;
          byId("problems-title").textContent = next.screen
            ? "The file has problems; showing the last version that compiled"
            : "The file has problems";
          byId("problems-text").textContent = next.problems || "";
          byId("warnings-box").hidden = !next.warnings;
          byId("warnings").textContent = next.warnings || "";
          byId("log").textContent = next.log.join("\\n");
          byId("decision").textContent = next.decision || "";
          drawTrigger(next.trigger);
        }
        function drawTrigger(trigger) {
          var key = JSON.stringify(trigger);
          if (key === triggerKey) return;
          triggerKey = key;
          byId("trigger").hidden = !trigger;
          var fields = byId("trigger-fields");
          fields.textContent = "";
          if (!trigger) return;
          byId("fire").textContent = "Fire " + trigger.event;
          trigger.context.forEach(function (item) {
            var label = document.createElement("label");
            label.textContent = item.name + " (" + item.type + ")";
            var input = document.createElement("input");
            input.setAttribute("data-context", item.name);
            label.appendChild(input);
            fields.appendChild(label);
          });
          if (trigger.validator) {
            var label = document.createElement("label");
            label.className = "check";
            var box = document.createElement("input");
            box.type = "checkbox";
            box.checked = true;
            box.id = "validator";
            label.appendChild(box);
            label.appendChild(document.createTextNode(" " + trigger.validator + " agrees"));
            fields.appendChild(label);
          }
        }
        document.addEventListener("click", function (event) {
          var button = event.target.closest("#screen button[data-slot]");
          if (button && state && state.screen) post("/tap", {instance: state.screen.instance, slot: button.getAttribute("data-slot")});
        });
        document.addEventListener("input", function (event) {
          var field = event.target.closest("#screen [data-field]");
          if (!field || !state || !state.screen) return;
          if (field.type === "radio" && !field.checked) return;
          post("/field", {id: field.getAttribute("data-field"), value: field.type === "checkbox" ? String(field.checked) : field.value});
        });
        byId("back").addEventListener("click", function () { post("/back"); });
        byId("restart").addEventListener("click", function () { post("/restart"); });
        byId("dark").addEventListener("change", function () { if (state) { byId("screen").removeAttribute("data-html"); draw(state); } });
        byId("fire").addEventListener("click", function () {
          var context = Array.prototype.map.call(document.querySelectorAll("[data-context]"), function (input) {
            return input.value === "" ? null : input.getAttribute("data-context") + "=" + input.value;
          }).filter(function (item) { return item !== null; });
          var validator = byId("validator");
          post("/trigger", {context: context, validator: validator ? validator.checked : null});
        });
        poll();
        """
}
