#!/usr/bin/env python3
"""Checks schemas/feedbackflow.schema.json against real files, with an independent
validator (Python's `jsonschema`), under draft 2020-12 (what the schema declares) and
under draft-07 semantics (what VS Code's YAML extension applies: `$ref` siblings and
`unevaluatedProperties` ignored), so editors flag what validators flag:

- the schema itself is a valid 2020-12 schema, and a valid draft-07 one;
- every flow in flows/ passes it under both (its flow tests, NAME.flowtest.yaml, have
  a schema of their own);
- every file in Tests/FeedbackFlowCLITests/Fixtures/schema-invalid/ fails it under both.

Usage: check_schema.py [REPOSITORY_ROOT]   (default: two folders above this script)
       check_schema.py --verdicts FOLDER   prints one JSON object: for every .yaml/.json
                                           file of FOLDER, {"draft2020": valid, "draft7": valid}
                                           (a file PyYAML cannot read counts as invalid)
Exit status: 0 when all of the above hold, 1 otherwise (each problem is printed).

YAML is read with PyYAML, which implements YAML 1.1: plain `on`, `off`, `yes`, `no`
(any case) become booleans and `0755` an octal number, where FeedbackFlow (YAML 1.2
core schema) keeps them as strings. The flows and fixtures checked here avoid such
scalars, or quote them.
"""
import json
import pathlib
import sys

import jsonschema
import yaml


def load(path: pathlib.Path):
    text = path.read_text(encoding="utf-8")
    if path.suffix.lower() == ".json":
        return json.loads(text)
    return yaml.safe_load(text)


def files_in(folder: pathlib.Path):
    return sorted(
        p for p in folder.rglob("*")
        if p.is_file() and p.suffix.lower() in (".yaml", ".yml", ".json") and not p.name.startswith(".")
    )


def validators(root: pathlib.Path):
    schema = json.loads((root / "schemas" / "feedbackflow.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    jsonschema.Draft7Validator.check_schema(schema)
    return {"draft2020": jsonschema.Draft202012Validator(schema), "draft7": jsonschema.Draft7Validator(schema)}


def verdicts(folder: pathlib.Path) -> int:
    checkers = validators(pathlib.Path(__file__).resolve().parents[2])
    out = {}
    for path in files_in(folder):
        try:
            document = load(path)
        except Exception:
            out[path.name] = {name: False for name in checkers}
            continue
        out[path.name] = {name: checker.is_valid(document) for name, checker in checkers.items()}
    print(json.dumps(out, sort_keys=True))
    return 0


def main() -> int:
    if len(sys.argv) == 3 and sys.argv[1] == "--verdicts":
        return verdicts(pathlib.Path(sys.argv[2]))
    root = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else pathlib.Path(__file__).resolve().parents[2]
    checkers = validators(root)
    problems = 0

    valid = [p for p in files_in(root / "flows") if ".flowtest." not in p.name]
    invalid = files_in(root / "Tests" / "FeedbackFlowCLITests" / "Fixtures" / "schema-invalid")
    if not valid or not invalid:
        print("no files to check (flows/ or schema-invalid/ is empty)")
        return 1

    for name, validator in checkers.items():
        for path in valid:
            errors = sorted(validator.iter_errors(load(path)), key=lambda e: list(e.absolute_path))
            if errors:
                problems += 1
                for error in errors:
                    where = "/".join(str(part) for part in error.absolute_path) or "(root)"
                    print(f"FAIL {name} {path.relative_to(root)}: {where}: {error.message}")
            else:
                print(f"ok   {name} {path.relative_to(root)} passes")

        for path in invalid:
            if validator.is_valid(load(path)):
                problems += 1
                print(f"FAIL {name} {path.relative_to(root)}: passes the schema but must not")
            else:
                print(f"ok   {name} {path.relative_to(root)} is rejected")

    total = 2 * (len(valid) + len(invalid))
    print(f"{total - problems} passed, {problems} failed")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
