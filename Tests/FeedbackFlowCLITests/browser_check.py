"""Drives headless Chromium (Debian chromium and chromium-driver, PyPI selenium) through
the storyboard and the preview, and prints what it saw as one JSON object: the Swift
tests (BrowserTests.swift) decide what is right. Elements are found as a screen reader
finds them, by role and accessible name (WebDriver's computed label), not by our markup.

  browser_check.py storyboard-styles PAGE.html
  browser_check.py storyboard-follow PAGE.html SCREEN BUTTON
  browser_check.py storyboard-inert PAGE.html
  browser_check.py preview-email URL
  browser_check.py preview-branch URL STARS
  browser_check.py preview-reload URL FILE
  browser_check.py preview-broken URL FILE
  browser_check.py preview-keep URL FILE
  browser_check.py preview-inert URL
  browser_check.py preview-trigger URL PARTICIPANTS true|false
  browser_check.py preview-latency URL FILE SAVES     (benchmark: save -> screen, ms)
  browser_check.py screenshot PAGE.html OUT.png
"""
import json
import os
import statistics
import struct
import sys
import time
import zlib

from selenium import webdriver
from selenium.common.exceptions import NoAlertPresentException, StaleElementReferenceException, TimeoutException
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

WAIT = 10


def driver(width=1600, height=1000, reduced_motion=True):
    os.environ.setdefault("SE_AVOID_STATS", "true")
    options = Options()
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--force-color-profile=srgb", "--hide-scrollbars", f"--window-size={width},{height}"]:
        options.add_argument(argument)
    if reduced_motion:
        options.add_argument("--force-prefers-reduced-motion")
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    options.set_capability("goog:loggingPrefs", {"performance": "ALL", "browser": "ALL"})
    service = Service(executable_path=os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"))
    return webdriver.Chrome(options=options, service=service)


def png_pixels(data):
    """The RGBA pixels of an 8-bit, non-interlaced PNG (what Chromium writes), by the PNG
    specification's filters; (width, height, rows of (r, g, b, a))."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    position, chunks, header = 8, b"", None
    while position < len(data):
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        body = data[position + 8:position + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            chunks += body
        position += 12 + length
    width, height, depth, colour, _, _, interlace = header
    assert depth == 8 and interlace == 0 and colour in (2, 6)
    channels = 4 if colour == 6 else 3
    raw = zlib.decompress(chunks)
    stride = width * channels
    rows, previous, offset = [], bytearray(stride), 0
    for _ in range(height):
        kind, line = raw[offset], bytearray(raw[offset + 1:offset + 1 + stride])
        offset += 1 + stride
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b = previous[i]
            c = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append([tuple(line[i:i + 3]) for i in range(0, stride, channels)])
        previous = line
    return width, height, rows


def by_name(scope, selector, name):
    """The first element matching `selector` whose accessible name is `name` (looked up
    again when the page redraws it meanwhile)."""
    for _ in range(50):
        try:
            for element in scope.find_elements(By.CSS_SELECTOR, selector):
                if element.accessible_name.strip() == name:
                    return element
            return None
        except StaleElementReferenceException:
            time.sleep(0.02)
    return None


def requests_made(browser, page):
    """The URLs the page asked for, other than itself and data: URLs."""
    urls = []
    for entry in browser.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message.get("method") == "Network.requestWillBeSent":
            url = message["params"]["request"]["url"]
            if not url.startswith("data:") and url.split("#")[0] != page.split("#")[0]:
                urls.append(url)
    return urls


def alert_open(browser):
    try:
        browser.switch_to.alert
        return True
    except NoAlertPresentException:
        return False


def storyboard_styles(page):
    browser = driver()
    try:
        browser.get("file://" + os.path.abspath(page))
        seen = {}
        for card in browser.find_elements(By.CSS_SELECTOR, "article.card:not(.dark)"):
            style = [c[5:] for c in card.get_attribute("class").split() if c.startswith("look-")][0]
            if style in seen:
                continue
            browser.execute_script("arguments[0].scrollIntoView({block: 'center', inline: 'center'})", card)
            width, height, rows = png_pixels(card.screenshot_as_png)
            seen[style] = (width, height, rows)
        report = {"cards": {}, "differences": {}}
        for style, (width, height, rows) in seen.items():
            colours = {}
            for row in rows:
                for pixel in row:
                    colours[pixel] = colours.get(pixel, 0) + 1
            common = max(colours.values())
            report["cards"][style] = {"width": width, "height": height,
                                      "share_not_background": 1 - common / (width * height)}
        styles = sorted(seen)
        for i, first in enumerate(styles):
            for second in styles[i + 1:]:
                (w1, h1, a), (w2, h2, b) = seen[first], seen[second]
                w, h = min(w1, w2), min(h1, h2)
                total = sum(abs(a[y][x][k] - b[y][x][k]) for y in range(0, h, 2) for x in range(0, w, 2) for k in range(3))
                report["differences"][f"{first}|{second}"] = total / (3 * ((h + 1) // 2) * ((w + 1) // 2))
        return report
    finally:
        browser.quit()


def storyboard_follow(page, screen, button_name):
    browser = driver()
    try:
        browser.get("file://" + os.path.abspath(page))
        scene = browser.find_element(By.CSS_SELECTOR, f'section.scene[data-screen="{screen}"]')
        button = by_name(scene, "article.card:not(.dark) button", button_name)
        if button is None:
            return {"error": f"no button named {button_name!r} on {screen}"}
        browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
        button.click()
        WebDriverWait(browser, WAIT).until(lambda b: b.execute_script("return location.hash") != "")
        return {
            "hash": browser.execute_script("return location.hash"),
            "focused": browser.execute_script("var e = document.activeElement; return e && e.getAttribute('data-screen')"),
            "targetTitles": browser.execute_script(
                "var e = document.querySelector(location.hash); return e ? Array.from(e.querySelectorAll('.card .title')).map(function (t) { return t.textContent; }) : [];"),
            "requests": requests_made(browser, browser.current_url),
        }
    finally:
        browser.quit()


def storyboard_inert(page):
    browser = driver()
    try:
        url = "file://" + os.path.abspath(page)
        browser.get(url)
        time.sleep(0.5)
        for button in browser.find_elements(By.CSS_SELECTOR, "button"):
            browser.execute_script("arguments[0].click()", button)
        return {
            "requests": requests_made(browser, url),
            "alert": alert_open(browser),
            "ran": browser.execute_script("return window.ran === true"),
            "titles": [t.text for t in browser.find_elements(By.CSS_SELECTOR, "article.card:not(.dark) .title")],
            "scripts": len(browser.find_elements(By.TAG_NAME, "script")),
            "cspErrors": [e["message"] for e in browser.get_log("browser") if "Content Security Policy" in e["message"]],
        }
    finally:
        browser.quit()


def screen_card(browser):
    return browser.find_element(By.CSS_SELECTOR, "#screen article.card")


def wait_for(browser, condition):
    try:
        WebDriverWait(browser, WAIT, poll_frequency=0.02, ignored_exceptions=[StaleElementReferenceException]).until(
            lambda b: condition(b))
        return True
    except TimeoutException:
        return False


def preview_email(url):
    browser = driver()
    try:
        browser.get(url)
        wait_for(browser, lambda b: b.find_elements(By.CSS_SELECTOR, "#screen article.card"))
        submit = lambda: by_name(browser, "#screen button", "Submit")
        email = by_name(browser, "#screen input", "Email Address")
        report = {"disabledAtStart": not submit().is_enabled()}
        email.send_keys("ada@")
        wait_for(browser, lambda b: (by_name(b, "#screen input", "Email Address").get_attribute("value") or "") == "ada@")
        time.sleep(0.3)
        report["disabledWithPartialEmail"] = not submit().is_enabled()
        by_name(browser, "#screen input", "Email Address").send_keys("example.com")
        report["enabledWithEmail"] = wait_for(browser, lambda b: submit() is not None and submit().is_enabled())
        report["typed"] = by_name(browser, "#screen input", "Email Address").get_attribute("value")
        return report
    finally:
        browser.quit()


def preview_branch(url, stars):
    browser = driver()
    try:
        browser.get(url)
        wait_for(browser, lambda b: b.find_elements(By.CSS_SELECTOR, "#screen article.card"))
        star = by_name(browser, "#screen input[type=radio]", f"{stars} of 5")
        browser.execute_script("arguments[0].click()", star)
        wait_for(browser, lambda b: by_name(b, "#screen input[type=radio]", f"{stars} of 5").is_selected())
        # The fields the stars made required, filled as a person would.
        wait_for(browser, lambda b: b.find_elements(By.CSS_SELECTOR, "#screen [aria-required=true]") or True)
        time.sleep(0.2)
        for _ in range(20):
            try:
                empty = [e for e in browser.find_elements(By.CSS_SELECTOR, "#screen [aria-required=true]")
                         if not e.get_attribute("value")]
                if not empty:
                    break
                empty[0].send_keys("It dropped twice")
            except StaleElementReferenceException:
                pass  # the page redrew the card meanwhile: look again
            time.sleep(0.2)
        wait_for(browser, lambda b: by_name(b, "#screen button", "Submit").is_enabled())
        by_name(browser, "#screen button", "Submit").click()
        wait_for(browser, lambda b: screen_card(b).get_attribute("data-screen") != "rate")
        card = screen_card(browser)
        return {"screen": card.get_attribute("data-screen"), "title": card.find_element(By.CSS_SELECTOR, ".title").text}
    finally:
        browser.quit()


def rewrite(path, old, new):
    with open(path, encoding="utf-8") as handle:
        text = handle.read()
    with open(path + ".tmp", "w", encoding="utf-8") as handle:
        handle.write(text.replace(old, new, 1))
    os.replace(path + ".tmp", path)


def title(browser):
    cards = browser.find_elements(By.CSS_SELECTOR, "#screen article.card .title")
    return cards[0].text if cards else None


def preview_reload(url, path):
    browser = driver()
    try:
        browser.get(url)
        wait_for(browser, lambda b: title(b))
        browser.execute_script("window.marker = 'kept'")
        before = title(browser)
        rewrite(path, before, "Rated in the preview")
        shown = wait_for(browser, lambda b: title(b) == "Rated in the preview")
        return {"before": before, "after": title(browser), "shown": shown,
                "samePage": browser.execute_script("return window.marker") == "kept"}
    finally:
        browser.quit()


def preview_title(url):
    """The title the preview shows first."""
    browser = driver()
    try:
        browser.get(url)
        return {"title": wait_for(browser, lambda b: title(b)) and title(browser)}
    finally:
        browser.quit()


def preview_keep(url, path):
    """Fills the form, then saves a new title: what the page shows after the reload."""
    browser = driver()
    try:
        browser.get(url)
        wait_for(browser, lambda b: title(b))
        by_name(browser, "#screen input", "Email Address").send_keys("ada@example.com")
        browser.execute_script("arguments[0].click()", by_name(browser, "#screen input[type=radio]", "4 of 5"))
        wait_for(browser, lambda b: by_name(b, "#screen input[type=radio]", "4 of 5").is_selected()
                 and by_name(b, "#screen button", "Submit").is_enabled())
        before = title(browser)
        rewrite(path, before, "Saved while filling")
        wait_for(browser, lambda b: title(b) == "Saved while filling")
        checked = [e.accessible_name for e in browser.find_elements(By.CSS_SELECTOR, "#screen input[type=radio]") if e.is_selected()]
        return {"title": title(browser), "email": by_name(browser, "#screen input", "Email Address").get_attribute("value"),
                "stars": checked, "submitEnabled": by_name(browser, "#screen button", "Submit").is_enabled()}
    finally:
        browser.quit()


def preview_broken(url, path):
    browser = driver()
    try:
        browser.get(url)
        wait_for(browser, lambda b: title(b))
        before = title(browser)
        rewrite(path, "screens:", "screens: [")
        shown = wait_for(browser, lambda b: b.find_element(By.ID, "problems").is_displayed())
        return {"shown": shown, "problems": browser.find_element(By.ID, "problems-text").text,
                "titleStill": title(browser), "before": before}
    finally:
        browser.quit()


def preview_trigger(url, participants, agrees):
    """Fills the trigger panel (each context value's field, the validator's box) and fires
    the event; what the panel and the stage then show."""
    browser = driver()
    try:
        browser.get(url)
        wait_for(browser, lambda b: b.find_element(By.ID, "trigger").is_displayed())
        by_name(browser, "#trigger input", "call.maxParticipants (integer)").send_keys(participants)
        box = by_name(browser, "#trigger input[type=checkbox]", "isCallCreator agrees")
        if box.is_selected() != (agrees == "true"):
            box.click()
        fire = by_name(browser, "#trigger button", "Fire callEnded")
        fire.click()
        wait_for(browser, lambda b: b.find_element(By.ID, "decision").text != "")
        time.sleep(0.2)
        cards = browser.find_elements(By.CSS_SELECTOR, "#screen article.card")
        return {"decision": browser.find_element(By.ID, "decision").text,
                "screen": cards[0].get_attribute("data-screen") if cards else None}
    finally:
        browser.quit()


def preview_inert(url):
    browser = driver()
    try:
        browser.get(url)
        wait_for(browser, lambda b: title(b))
        time.sleep(0.3)
        return {"alert": alert_open(browser), "ran": browser.execute_script("return window.ran === true"),
                "title": title(browser),
                "requests": sorted(set(u.split("?")[0] for u in requests_made(browser, url)))}
    finally:
        browser.quit()


def preview_latency(url, path, saves):
    """The time from each save of the file to the new title on the screen, in ms: the
    browser stamps the change (Date.now(), the same clock as Python's time.time())."""
    browser = driver()
    try:
        browser.get(url)
        wait_for(browser, lambda b: title(b))
        original = title(browser)
        samples, current = [], original
        for index in range(saves):
            browser.execute_script("""
                window.changedAt = null;
                var seen = arguments[0];
                var observer = new MutationObserver(function () {
                  var t = document.querySelector('#screen .title');
                  if (t && t.textContent !== seen && window.changedAt === null) { window.changedAt = Date.now(); observer.disconnect(); }
                });
                observer.observe(document.getElementById('screen'), {childList: true, subtree: true, characterData: true});
            """, current)
            new = f"Saved {index + 1}"
            start = time.time() * 1000
            rewrite(path, current, new)
            if not wait_for(browser, lambda b: b.execute_script("return window.changedAt") is not None):
                return {"error": f"save {index + 1} never showed"}
            samples.append(browser.execute_script("return window.changedAt") - start)
            current = new
            time.sleep(0.15)
        return {"median_ms": statistics.median(samples), "samples_ms": samples}
    finally:
        browser.quit()


def card_look(browser):
    """The top card's title, background colour and image source, and the page's look."""
    return browser.execute_script("""
      var card = document.querySelector('#screen .top article.card');
      if (!card) return null;
      var image = card.querySelector('.icon img');
      return {title: card.querySelector('.title').textContent, background: getComputedStyle(card).backgroundColor,
              image: image ? image.getAttribute('src') : null, look: document.body.getAttribute('data-look')};
    """)


def preview_watch(url, catalog, theme, image):
    """The preview reloads when the String Catalog, the theme or one of its images is saved,
    the flow file untouched: what the card shows after each save."""
    browser = driver()
    try:
        browser.get(url)
        wait_for(browser, lambda b: card_look(b))
        report = {"first": card_look(browser)}
        browser.execute_script("window.marker = 'kept'")
        rewrite(catalog, '"Wie war es?"', '"Wie war der Anruf?"')
        wait_for(browser, lambda b: (card_look(b) or {}).get("title") == "Wie war der Anruf?")
        report["afterCatalog"] = card_look(browser)
        report["samePage"] = browser.execute_script("return window.marker") == "kept"
        rewrite(theme, "#F3E8FD", "#D2E3FC")
        wait_for(browser, lambda b: (card_look(b) or {}).get("look") not in (None, report["first"]["look"]))
        wait_for(browser, lambda b: card_look(b) is not None)
        report["afterTheme"] = card_look(browser)
        rewrite(image, "#8430CE", "#137333")
        wait_for(browser, lambda b: (card_look(b) or {}).get("image") not in (None, report["afterTheme"]["image"]))
        report["afterImage"] = card_look(browser)
        return report
    finally:
        browser.quit()


def preview_sheet(url):
    """Through the style gallery to its feedback screen by pushes, then the screen it
    presents: what lies under the card each time, and where the sheet sits."""
    browser = driver()
    try:
        browser.get(url)
        wait_for(browser, lambda b: screen_card(b))
        pushed_under = []
        for _ in range(6):
            if screen_card(browser).get_attribute("data-screen") == "feedback":
                break
            current = screen_card(browser).get_attribute("data-screen")
            pushed_under.append(len(browser.find_elements(By.CSS_SELECTOR, "#screen .under")))
            browser.find_element(By.CSS_SELECTOR, "#screen .top button.primary").click()
            wait_for(browser, lambda b: screen_card(b).get_attribute("data-screen") != current)
        by_name(browser, "#screen .top button", "Show a screen without a primary action").click()
        wait_for(browser, lambda b: screen_card(b).get_attribute("data-screen") == "no-primary")
        wait_for(browser, lambda b: b.find_elements(By.CSS_SELECTOR, "#screen .under article.card"))
        geometry = browser.execute_script("""
          var top = document.querySelector('#screen .top'), under = document.querySelector('#screen .under');
          var topCard = top.querySelector('article.card').getBoundingClientRect();
          var underCard = under.querySelector('article.card').getBoundingClientRect();
          var middle = document.elementFromPoint(underCard.left + underCard.width / 2, underCard.top + 8);
          return {sheet: top.classList.contains('sheet'), underScreen: under.querySelector('article.card').getAttribute('data-screen'),
                  inert: under.hasAttribute('inert'), offset: topCard.top - underCard.top,
                  underFilter: getComputedStyle(under).filter, topOfUnderHits: middle ? (middle.closest('.under') ? 'under' : 'other') : null};
        """)
        browser.find_element(By.CSS_SELECTOR, "#screen .top button").click()
        wait_for(browser, lambda b: screen_card(b).get_attribute("data-screen") != "no-primary")
        geometry["afterClose"] = screen_card(browser).get_attribute("data-screen")
        geometry["underAfterClose"] = len(browser.find_elements(By.CSS_SELECTOR, "#screen .under"))
        geometry["pushedUnder"] = pushed_under
        return geometry
    finally:
        browser.quit()


def problem_shown(browser):
    problems = browser.find_elements(By.CSS_SELECTOR, "#screen .top .problem")
    return [p.text for p in problems if p.is_displayed()]


def preview_problem(url):
    """An email field's format problem: hidden while typing, shown once the field is left,
    and shown for every field once a button is pressed."""
    browser = driver()
    try:
        browser.get(url)
        wait_for(browser, lambda b: b.find_elements(By.CSS_SELECTOR, "#screen article.card"))
        email = by_name(browser, "#screen input", "Email Address")
        email.send_keys("ada@")
        wait_for(browser, lambda b: b.find_elements(By.CSS_SELECTOR, "#screen .top .problem"))
        time.sleep(0.3)
        report = {"whileTyping": problem_shown(browser),
                  "exists": [p.get_attribute("textContent") for p in browser.find_elements(By.CSS_SELECTOR, "#screen .top .problem")]}
        by_name(browser, "#screen input", "Email Address").send_keys(Keys.TAB)
        wait_for(browser, lambda b: problem_shown(b))
        report["afterLeaving"] = problem_shown(browser)
        # A fresh page (the same run): the field is untouched there, until Submit is pressed.
        browser.get(url.split("?")[0])
        wait_for(browser, lambda b: b.find_elements(By.CSS_SELECTOR, "#screen .top .problem"))
        time.sleep(0.3)
        report["freshPage"] = problem_shown(browser)
        report["typedKept"] = by_name(browser, "#screen input", "Email Address").get_attribute("value")
        report["shared"] = browser.find_element(By.CSS_SELECTOR, "p.shared").text
        submit = by_name(browser, "#screen .top button", "Submit")
        report["submitEnabled"] = submit.is_enabled()
        ActionChains(browser).move_to_element(submit).click().perform()
        wait_for(browser, lambda b: problem_shown(b))
        report["afterSubmit"] = problem_shown(browser)
        return report
    finally:
        browser.quit()


def preview_layout(url):
    """The page's layout: the gap between the phone and the panel, and whether the
    toolbar's buttons are styled (rounded, with a border) rather than the browser's own."""
    browser = driver()
    try:
        browser.get(url)
        wait_for(browser, lambda b: screen_card(b))
        return browser.execute_script("""
          var card = document.querySelector('#screen article.card').getBoundingClientRect();
          var aside = document.querySelector('aside').getBoundingClientRect();
          var buttons = Array.from(document.querySelectorAll('header.bar button, header.bar .switch')).map(function (b) {
            var s = getComputedStyle(b);
            return {radius: parseFloat(s.borderTopLeftRadius), border: s.borderTopStyle, padding: parseFloat(s.paddingLeft)};
          });
          return {gap: aside.left - card.right, buttons: buttons};
        """)
    finally:
        browser.quit()


def storyboard_still(page):
    """The cards' animations as a plain browser (motion allowed) and a printout see them."""
    browser = driver(reduced_motion=False)
    try:
        browser.get("file://" + os.path.abspath(page))
        script = "return Array.from(document.querySelectorAll('article.card')).map(c => getComputedStyle(c).animationName)"
        shown = sorted(set(browser.execute_script(script)))
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
        printed = sorted(set(browser.execute_script(script)))
        return {"shown": shown, "printed": printed,
                "cards": browser.execute_script("return document.querySelectorAll('article.card').length")}
    finally:
        browser.quit()


def storyboard_arrows(page):
    """Each arrow's label lines, and what a reader would see wrong: a point of an arrow's own
    curve inside its label, two labels overlapping, an arrow or label outside its map."""
    browser = driver(2400, 2000)
    try:
        browser.get("file://" + os.path.abspath(page))
        return browser.execute_script("""
          const result = {labels: [], crossings: [], overlaps: [], outside: []};
          for (const svg of document.querySelectorAll('svg.edges')) {
            const map = svg.closest('.map').getBoundingClientRect();
            const box = svg.getBoundingClientRect();
            if (box.left < map.left - 0.5 || box.top < map.top - 0.5 || box.right > map.right + 0.5 || box.bottom > map.bottom + 0.5)
              result.outside.push('the drawing leaves its map');
            const width = svg.width.baseVal.value, height = svg.height.baseVal.value;
            const boxes = [];
            for (const arrow of svg.querySelectorAll('g.arrow')) {
              const path = arrow.querySelector('path'), text = arrow.querySelector('text');
              const lines = Array.from(text.querySelectorAll('tspan')).map(t => t.textContent);
              const label = text.getBBox(), curve = path.getBBox();
              result.labels.push(lines.join(' / '));
              const inside = (b) => b.x >= 0 && b.y >= 0 && b.x + b.width <= width && b.y + b.height <= height;
              if (!inside(label)) result.outside.push('label ' + lines.join(' / '));
              if (!inside(curve)) result.outside.push('arrow ' + lines.join(' / '));
              const length = path.getTotalLength();
              for (let at = 0; at <= length; at += 2) {
                const p = path.getPointAtLength(at);
                if (p.x > label.x + 1 && p.x < label.x + label.width - 1 && p.y > label.y + 1 && p.y < label.y + label.height - 1) {
                  result.crossings.push(lines.join(' / '));
                  break;
                }
              }
              for (const [other, b] of boxes) {
                if (label.x < b.x + b.width && b.x < label.x + label.width && label.y < b.y + b.height && b.y < label.y + label.height)
                  result.overlaps.push(other + ' | ' + lines.join(' / '));
              }
              boxes.push([lines.join(' / '), label]);
            }
          }
          const page = document.documentElement;
          result.pageWidth = page.scrollWidth; result.pageHeight = page.scrollHeight;
          return result;
        """)
    finally:
        browser.quit()


def storyboard_coverage(page):
    """What a reviewer sees of a storyboard drawn with --coverage: each arrow's title and
    target, its drawn colour and whether it is marked untested; the routes listed as
    untested; the page's legend and the flow's coverage line."""
    browser = driver(2400, 2000)
    try:
        browser.get("file://" + os.path.abspath(page))
        return browser.execute_script("""
          const arrows = Array.from(document.querySelectorAll('svg.edges g.arrow')).map(g => {
            const path = g.querySelector('path');
            return {label: Array.from(g.querySelectorAll('tspan')).map(t => t.textContent).join(' / '),
                    title: path.querySelector('title').textContent,
                    stroke: getComputedStyle(path).stroke, width: getComputedStyle(path).strokeWidth,
                    untested: g.classList.contains('untested')};
          });
          const listed = Array.from(document.querySelectorAll('li.untested')).map(li => ({
            text: li.textContent, color: getComputedStyle(li).color,
            badge: li.querySelector('.badge.untested') !== null}));
          return {arrows: arrows, listed: listed,
                  legend: document.querySelector('header.page p').textContent,
                  coverage: (document.querySelector('p.coverage') || {}).textContent || ''};
        """)
    finally:
        browser.quit()


def screenshot(page, out):
    browser = driver(1500, 980)
    try:
        browser.get("file://" + os.path.abspath(page))
        time.sleep(0.4)
        browser.save_screenshot(out)
        return {"written": out}
    finally:
        browser.quit()


COMMANDS = {
    "storyboard-styles": storyboard_styles, "storyboard-follow": storyboard_follow,
    "storyboard-inert": storyboard_inert, "preview-email": preview_email,
    "preview-branch": lambda u, s: preview_branch(u, int(s)), "preview-reload": preview_reload,
    "preview-broken": preview_broken, "preview-keep": preview_keep, "preview-inert": preview_inert, "preview-trigger": preview_trigger,
    "preview-latency": lambda u, p, n: preview_latency(u, p, int(n)), "screenshot": screenshot,
    "preview-title": preview_title, "storyboard-still": storyboard_still,
    "storyboard-arrows": storyboard_arrows, "preview-watch": preview_watch, "preview-sheet": preview_sheet,
    "preview-problem": preview_problem, "preview-layout": preview_layout,
    "storyboard-coverage": storyboard_coverage,
}

if __name__ == "__main__":
    print(json.dumps(COMMANDS[sys.argv[1]](*sys.argv[2:])))
