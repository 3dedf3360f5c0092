import LoopbackHTTP
/// The preview's one page: a phone-sized stage showing the screen on top (drawn by the
/// server with ``ScreenCardHTML``, as the storyboard draws it; a screen in a presented
/// stack as a sheet over the dimmed screen it was presented over, as the platforms draw
/// one), the file's problems over it when the last save does not compile, a panel that
/// fires the trigger's event with context values, and the flow's last events.
///
/// The server runs one navigator: every tab and every reload of the page shows and
/// continues the same run (the page says so), and Restart starts it over for all. A field's
/// problem (an email not valid) shows once the person leaves the field or presses a
/// button, as forms do; whether Submit is enabled is the runtime's rule, drawn as it says.
///
/// The script holds no rule of the flow: it draws what `/state` sends (waiting for the
/// next state as soon as one arrives), and posts taps, field edits and the panel's values
/// (``PreviewRoutes``). Author strings reach it already escaped inside the card's HTML, or
/// as JSON strings it shows with `textContent` (problems, events, decisions), never as
/// markup. The page's Content-Security-Policy allows only its own style and script (by
/// SHA-256 hash), `data:` images, and requests to the server itself.
package struct PreviewPage: Sendable {
    package let html: String
    package let policy: String

    /// What identifies `theme`'s look on the page: the hash of its cards' style sheet. A
    /// page whose look differs from the state's loads itself again.
    package static func look(of theme: Theme) -> String {
        ContentHash.cspSource(of: WebStyleSheet.cards(theme: theme))
    }

    /// The page for `file` in `theme`'s looks.
    package init(theme: Theme, file: String) {
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
            <body data-look="\(ScreenCardHTML.attribute(Self.look(of: theme)))">
            <header class="bar"><h1>Preview <code>\(ScreenCardHTML.text(file))</code></h1>
            <button type="button" id="back">Back</button>
            <button type="button" id="restart">Restart</button>
            <label class="switch"><input type="checkbox" id="dark"> Dark</label>
            <span id="status" role="status"></span></header>
            <p class="shared">Every tab shows this preview's one run of the flow: a new tab or a reload continues it; Restart starts it over.</p>
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
    package var response: HTTPResponse {
        var response = HTTPResponse.html(html)
        response.headers.append(("Content-Security-Policy", policy))
        return response
    }

    /// The gap between a sheet's top and the top of the screen it covers, in CSS pixels.
    package static let sheetOffset = 28

    package static let style = """
        body{margin:0;font:15px/1.4 -apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;background:#eceef1;color:#1b1b1f}
        header.bar{display:flex;align-items:center;gap:8px;padding:10px 16px;background:#fff;border-bottom:1px solid #d0d0d6}
        header.bar h1{font-size:17px;margin:0 8px 0 0;flex:1;font-weight:600}
        header.bar h1 code{font-weight:normal;color:#5f6368}
        header.bar button,header.bar .switch{font:inherit;font-size:14px;line-height:20px;padding:6px 14px;border-radius:8px;border:1px solid #c4c7cc;background:#fff;color:#1b1b1f;cursor:pointer}
        header.bar button:hover,header.bar .switch:hover{background:#f1f3f4}
        header.bar button:active{background:#e8eaed}
        header.bar button:focus-visible,header.bar .switch:focus-within{outline:3px solid #1a73e8;outline-offset:1px}
        header.bar .switch{display:inline-flex;align-items:center;gap:6px}
        header.bar .switch input{margin:0;accent-color:#1a73e8}
        #status{min-width:0;color:#a50e0e;font-size:13px}
        p.shared{margin:8px 20px 0;font-size:13px;color:#5f6368}
        main{display:flex;gap:32px;padding:16px 20px 20px;align-items:flex-start}
        #stage{position:relative;flex:none;width:\(WebStyleSheet.cardWidth)px;min-height:\(WebStyleSheet.cardHeight + sheetOffset)px}
        #screen{position:relative;display:flow-root}
        #screen .sheet{position:relative;z-index:1;margin-top:\(sheetOffset)px}
        #screen .sheet::before{content:"";position:absolute;z-index:2;top:8px;left:50%;width:40px;height:5px;margin-left:-20px;border-radius:3px;background:rgba(128,128,128,.6)}
        #screen .sheet article.card{box-shadow:0 -4px 18px rgba(0,0,0,.35);border-radius:22px 22px 28px 28px}
        #screen .under .problem{display:none}
        #screen .under{position:absolute;left:0;top:0;z-index:0;transform:scale(.93);transform-origin:50% 0;filter:brightness(.6);pointer-events:none}
        #problems{position:absolute;left:0;top:0;z-index:5;width:min(640px,calc(100vw - 40px));max-height:\(WebStyleSheet.cardHeight)px;background:#fff4f4;border:2px solid #c5221f;border-radius:16px;padding:12px;overflow:auto;box-sizing:border-box}
        #problems h2{font-size:15px;margin:0 0 8px;color:#a50e0e}
        #problems pre{white-space:pre-wrap;font-size:12px;margin:0}
        #ended{padding:12px;background:#fff;border-radius:12px}
        aside{flex:1;min-width:260px;max-width:560px}
        aside section{background:#fff;border-radius:12px;padding:8px 12px;margin-bottom:12px}
        aside h2{font-size:14px;margin:4px 0 8px}
        aside pre{white-space:pre-wrap;font-size:12px;margin:0;max-height:260px;overflow:auto}
        #trigger-fields label{display:flex;flex-direction:column;font-size:13px;margin-bottom:6px}
        #trigger-fields label.check{flex-direction:row;align-items:center;gap:6px}
        #notice{color:#a50e0e;margin:0 0 8px}
        .card.settled{animation:none}
        """

    package static let script = """
        "use strict";
        var seen = "", state = null, shownInstance = null, triggerKey = null;
        // The fields the person has left on the screen shown (or all, once a button was
        // pressed): their problems show; a redraw's own focus changes do not count.
        var touched = Object.create(null), touchedAll = false, redrawing = false;
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
              // Drawn in another theme: the page itself is out of date.
              if (next.look !== document.body.getAttribute("data-look")) { location.reload(); return; }
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
            var dark = byId("dark").checked;
            var html = '<div class="top' + (next.below ? ' sheet' : '') + '">' + (dark ? next.screen.dark : next.screen.light) + '</div>';
            if (next.below) html += '<div class="under" inert aria-hidden="true">' + (dark ? next.below.dark : next.below.light) + '</div>';
            if (shownInstance !== next.screen.instance) { touched = Object.create(null); touchedAll = false; }
            if (stage.getAttribute("data-html") !== html) {
              var active = document.activeElement;
              var field = active && active.getAttribute ? active.getAttribute("data-field") : null;
              var value = active ? active.value : null, start = null, end = null;
              try { start = active.selectionStart; end = active.selectionEnd; } catch (error) {}
              redrawing = true;
              stage.innerHTML = html;
              redrawing = false;
              stage.setAttribute("data-html", html);
              var card = stage.querySelector(".top article.card");
              if (card && shownInstance === next.screen.instance) card.classList.add("settled");
              if (field && shownInstance === next.screen.instance) {
                var again = Array.prototype.find.call(stage.querySelectorAll(".top [data-field]"), function (element) {
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
            showProblems();
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
        // A problem, and its field's aria-invalid, show once the field was left.
        function showProblems() {
          document.querySelectorAll("#screen .top .problem[data-for]").forEach(function (problem) {
            var id = problem.getAttribute("data-for"), shown = touchedAll || touched[id] === true;
            problem.hidden = !shown;
            document.querySelectorAll("#screen .top [data-field][aria-invalid]").forEach(function (field) {
              if (field.getAttribute("data-field") === id) field.setAttribute("aria-invalid", shown ? "true" : "false");
            });
          });
        }
        document.addEventListener("focusout", function (event) {
          var field = event.target.closest && event.target.closest("#screen .top [data-field]");
          if (!field || redrawing) return;
          touched[field.getAttribute("data-field")] = true;
          showProblems();
        });
        // Pressed, enabled or not (a disabled button still gets the pointer's press).
        document.addEventListener("pointerdown", function (event) {
          if (!event.target.closest("#screen .top button[data-slot]")) return;
          touchedAll = true;
          showProblems();
        });
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
          var button = event.target.closest("#screen .top button[data-slot]");
          // A button pressed from the keyboard has no pointer's press.
          if (button) { touchedAll = true; showProblems(); }
          if (button && state && state.screen) post("/tap", {instance: state.screen.instance, slot: button.getAttribute("data-slot")});
        });
        document.addEventListener("input", function (event) {
          var field = event.target.closest("#screen .top [data-field]");
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
