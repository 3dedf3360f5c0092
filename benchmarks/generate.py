#!/usr/bin/env python3
"""Writes the benchmark inputs: valid FeedbackFlow YAML files of several sizes.

    generate.py OUT_DIR [--corpus N] [--screens N [N ...]] [--seed S] [--expressions]

OUT_DIR/corpus/          N small files (default 1000): flows of 1 to 8 screens and
                         single-screen files (a FeedbackConfiguration at the top level),
                         written the way the files in flows/ are (comments, block and
                         flow style, multi-line subtitles, templates, every content
                         block, every primary/secondary action kind).
OUT_DIR/tiny.yaml        one minimal single-screen file: what a tool spends on any file
                         (process start, imports) before the size of the input matters.
OUT_DIR/flow-<N>.yaml    one flow of N screens per --screens value (default 100 1000
                         10000), built from the same screen shapes, so the bytes per
                         screen stay the same and the sizes differ only in length.

With --expressions the corpus goes to OUT_DIR/corpus-expr/ instead: the same files
(same seed, same screens) with typed expressions where a real flow has them: a
declared context and a trigger, visibleWhen/requiredWhen beside the comment field,
enabledWhen on the submit button, an `if` step on the rating, `${rating * 20}` in a
subtitle, and a text block shown while a toggle is on.

Every file is meant to be valid for both `feedbackflow validate` (no error, no warning:
every screen reachable, field ids unique in the flow, templates name a field of the
flow, `pop` only on screens that are pushed) and the JSON Schema. benchmarks/run checks
that before timing anything. Output is deterministic for a given seed.
Standard library only.
"""

import argparse
import os
import random

ORIGINS = ["call", "checkout", "support chat", "onboarding", "search", "upload", "sync"]
WORDS = ("quality audio video network delay echo screen share camera microphone "
         "battery speaker latency picture sound mute connection host guest room "
         "invite recording caption reaction layout").split()
URLS = ["https://example.com/contact", "https://example.com/help/calls",
        "mailto:support@example.com", "tel:+15551234567", "https://example.com/status"]


class FlowWriter:
    """Builds the text of one flow, screen by screen."""

    def __init__(self, rng, flow_id, expressions=False):
        self.rng = rng
        self.flow_id = flow_id
        self.lines = []
        self.expressions = expressions

    def sentence(self, low=4, high=9):
        words = [self.rng.choice(WORDS) for _ in range(self.rng.randint(low, high))]
        return " ".join(words).capitalize()

    def emit(self, indent, text):
        self.lines.append("  " * indent + text)

    def screen(self, index, screen_id, entered_by, next_id, next_step):
        """Writes one screen under `screens:`.

        entered_by: 'start', 'push', 'present' or 'replace' (how the screen is reached);
        next_step: 'push', 'present', 'replace' or None (last screen) for the primary
        action's navigation step to next_id.
        """
        rng = self.rng
        kind = index % 5
        e = self.emit
        e(1, f"{screen_id}:")
        fields = []
        if kind == 0:  # the call-quality form
            e(2, "style: feedback")
            e(2, f"image: feedbackLogo{index % 7}")
            e(2, f"title: How was your {rng.choice(ORIGINS)}?")
            if self.expressions:
                e(2, f'subtitle: "All feedback is celebrated! Score: ${{rating_{index} * 20}} of 100"')
            else:
                e(2, "subtitle: All feedback is celebrated!")
            e(2, "extraContent:")
            e(3, "- textField:")
            e(5, f"id: email_{index}")
            e(5, "label: Email Address")
            e(5, "required: true")
            e(5, "format: email")
            e(5, "maxLength: 254")
            e(3, "- textEditor:")
            e(5, f"id: comment_{index}")
            e(5, "placeholder: Message")
            if self.expressions:
                e(4, f'visibleWhen: "rating_{index} <= 3"')
                e(4, f"requiredWhen: rating_{index} <= 2")
            e(3, "- rating:")
            e(5, f"id: rating_{index}")
            e(5, "label: Rate Quality")
            e(5, "min: 1")
            e(5, "max: 5")
            e(5, "value: 1")
            fields = [f"email_{index}", f"comment_{index}", f"rating_{index}"]
        elif kind == 1:  # informative, multi-line subtitle, text and image blocks
            e(2, "style: informative")
            e(2, f"title: {self.sentence(2, 5)}")
            e(2, "subtitle: |-")
            e(3, self.sentence() + ".")
            e(3, self.sentence() + ".")
            e(2, "extraContent:")
            e(3, f'- text: "{self.sentence(6, 12)}: {rng.randint(1, 999)} items."')
            e(3, f"- image: banner{index % 11}")
            e(3, f"- toggle: {{id: notify_{index}, label: Notify me, value: false}}")
            if self.expressions:
                e(3, f"- text: We will write to you when it is back.")
                e(4, f"visibleWhen: notify_{index}")
            fields = [f"notify_{index}"]
        elif kind == 2:  # network error with a retry button
            e(2, "style: error")
            e(2, "title: No connection")
            e(2, f"subtitle: We couldn't reach the server ({rng.randint(400, 599)}). Check your connection and try again.")
        elif kind == 3:  # success with flow-style actions
            e(2, "style: success")
            e(2, f"title: Thank you, step {index} is done")
            e(2, f"subtitle: {self.sentence()}…")
        else:  # a form with a phone field and a host-rendered block
            e(2, "style: feedback")
            e(2, "image: formIcon")
            e(2, f'title: "Tell us more about the {rng.choice(WORDS)}"')
            e(2, "extraContent:")
            e(3, f"- textField: {{id: phone_{index}, label: Phone, format: phone, placeholder: \"+1 555 0100\"}}")
            e(3, f"- custom: {{type: npsScale, steps: 10, label: How likely are you to recommend us?}}")
            fields = [f"phone_{index}"]

        # Primary action: leads to the next screen, or ends the flow.
        if next_step is None:
            steps = ["dismiss"] if rng.random() < 0.5 else ["{finish: completed}"]
        else:
            steps = [f"{{{next_step}: {next_id}}}"]
        if kind == 0:
            e(2, "primaryAction:")
            e(3, "button:")
            e(4, "title: Submit")
            if self.expressions:
                e(4, f"enabledWhen: \"!isEmpty(email_{index}) && length(comment_{index}) <= 500\"")
            e(4, "action:")
            e(5, "- collectUserFeedback:")
            e(7, f'rating: "${{rating_{index}}}"')
            e(7, f'reason: "${{email_{index}}}\\n${{comment_{index}}}"')
            e(7, f"custom: {{origin: {self.flow_id}, screen: \"${{screen.id}}\"}}")
            if self.expressions:
                e(5, "- if:")
                e(7, f'condition: "rating_{index} <= 2 && contains(lowercased(email_{index}), \'@\')"')
                e(7, f"then: [{', '.join(steps)}]")
                e(7, f"else: [{', '.join(steps)}]")
            else:
                for step in steps:
                    e(5, f"- {step}")
        elif kind == 2:
            e(2, "primaryAction:")
            e(3, "retryButton:")
            e(4, "title: Try again")
            e(4, "loadingTitle: Retrying…")
            e(4, f"action: [{', '.join(steps)}]")
            e(4, "onFailure: {openURL: \"https://example.com/status\"}")
        else:
            title = "Continue" if not fields else f"Send ${{{fields[0]}}}"
            e(2, f"primaryAction: {{button: {{title: \"{title}\", action: [{', '.join(steps)}]}}}}")

        # Secondary action: pop only where the screen is pushed (never a stack root).
        if entered_by == "push" and index % 3 == 0:
            e(2, "secondaryAction:")
            e(3, "button:")
            e(4, "title: Back")
            e(4, "action: pop")
        elif index % 3 == 1:
            e(2, "secondaryAction:")
            e(3, "link:")
            e(4, "title: Contact Us")
            e(4, "action:")
            e(5, f"openURL: {rng.choice(URLS)}")
        elif index % 3 == 2:
            e(2, "secondaryAction: none")
        else:
            e(2, "secondaryAction: {button: {title: Close, action: dismiss}}")
        self.lines.append("")

    def flow(self, screen_count):
        """Writes a flow of screen_count screens, each reachable from the start."""
        rng = self.rng
        self.lines += [
            "# yaml-language-server: $schema=../schemas/feedbackflow.schema.json",
            "#",
            f"# Generated benchmark flow {self.flow_id}: {screen_count} screens in a chain.",
            "version: 1",
            f"id: {self.flow_id}",
        ]
        ids = [f"{['rate', 'info', 'offline', 'done', 'details'][i % 5]}-{i}" for i in range(screen_count)]
        if screen_count > 1:
            self.lines.append(f"start: {ids[0]}")
        self.lines.append("presentation: present")
        if self.expressions:
            self.lines += [
                "context:",
                "  user.tier: string",
                "  call.maxParticipants: integer",
                "events:",
                "  callEnded:",
                "    durationSeconds: integer?",
                "trigger:",
                "  event: callEnded",
                "  when: \"call.maxParticipants > 1 && (user.tier == 'gold' || event.durationSeconds != null && event.durationSeconds > 60)\"",
                "  limit: {maxPresentations: 3, per: 365d, minInterval: 7d, untilResponded: true}",
            ]
        self.lines.append("screens:")
        entered_by = "start"
        for i, screen_id in enumerate(ids):
            if i + 1 < screen_count:
                # error screens replace themselves with the next; every 10th step presents.
                step = "replace" if i % 5 == 2 else ("present" if rng.random() < 0.1 else "push")
            else:
                step = None
            self.screen(i, screen_id, entered_by, ids[i + 1] if step else None, step)
            # A screen that replaces a pushed screen is itself pushed; otherwise a root.
            if step == "replace":
                entered_by = "push" if entered_by == "push" else "replace"
            else:
                entered_by = step
        return "\n".join(self.lines)

    def single_screen(self, index):
        """Writes a single-screen file (a FeedbackConfiguration at the top level)."""
        rng = self.rng
        style = ["success", "informative", "error", "feedback"][index % 4]
        e = self.emit
        e(0, "# A single screen: its id is the file's base name.")
        e(0, "version: 1")
        e(0, f"style: {style}")
        if style == "feedback":
            e(0, "image: feedbackLogo")
        e(0, f"title: {self.sentence(2, 6)}")
        e(0, "subtitle: >-")
        e(1, self.sentence(8, 14))
        e(1, self.sentence(8, 14) + ".")
        if style == "feedback":
            e(0, "extraContent:")
            e(1, "- rating: {id: stars, label: Rate us, min: 1, max: 5}")
            e(1, "- textEditor: {id: note, placeholder: Anything else?, maxLength: 500}")
            e(0, "primaryAction:")
            e(1, "button:")
            e(2, "title: Send")
            e(2, "action:")
            e(3, '- collectUserFeedback: {rating: "${stars}", reason: "${note}"}')
            e(3, "- dismiss")
        elif style == "error":
            e(0, "primaryAction:")
            e(1, "retryButton: {title: Retry, loadingTitle: Retrying…, action: [finish]}")
        else:
            e(0, "primaryAction: {button: {title: OK, action: dismiss}}")
        if rng.random() < 0.5:
            e(0, f"secondaryAction: {{link: {{title: Help, action: {{openURL: \"{rng.choice(URLS)}\"}}}}}}")
        return "\n".join(self.lines) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out")
    parser.add_argument("--corpus", type=int, default=1000, help="number of small files")
    parser.add_argument("--screens", type=int, nargs="*", default=[100, 1000, 10000],
                        help="screen counts of the single large flows")
    parser.add_argument("--seed", type=int, default=2)
    parser.add_argument("--expressions", action="store_true", help="write corpus-expr/, with expressions")
    args = parser.parse_args()

    rng = random.Random(args.seed)
    corpus = os.path.join(args.out, "corpus-expr" if args.expressions else "corpus")
    os.makedirs(corpus, exist_ok=True)
    for n in range(args.corpus):
        name = f"flow-{n:05d}"
        writer = FlowWriter(rng, name, expressions=args.expressions)
        if n % 5 == 4:
            text = writer.single_screen(n)
        else:
            text = writer.flow(rng.randint(1, 8))
        with open(os.path.join(corpus, name + ".yaml"), "w", encoding="utf-8") as f:
            f.write(text)
    with open(os.path.join(args.out, "tiny.yaml"), "w", encoding="utf-8") as f:
        f.write("version: 1\nstyle: success\ntitle: Thanks\nprimaryAction: {button: {title: OK, action: dismiss}}\n")
    for count in args.screens:
        writer = FlowWriter(random.Random(args.seed * 1000 + count), f"flow-{count}")
        with open(os.path.join(args.out, f"flow-{count}.yaml"), "w", encoding="utf-8") as f:
            f.write(writer.flow(count))


if __name__ == "__main__":
    main()
