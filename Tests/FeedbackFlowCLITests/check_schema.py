#!/usr/bin/env python3
"""Checks schemas/feedbackflow.schema.json and schemas/feedbackflow-test.schema.json
against real files, with an independent validator (Python's `jsonschema`), under draft
2020-12 (what the schemas declare) and under draft-07 semantics (what VS Code's YAML
extension applies: `$ref` siblings and `unevaluatedProperties` ignored), so editors flag
what validators flag. A flow test file (NAME.flowtest.yaml, .yml or .json) is checked
against the flow test schema, any other file against the flow schema:

- each schema itself is a valid 2020-12 schema, and a valid draft-07 one;
- every file in flows/ passes its schema under both;
- every file in Tests/FeedbackFlowCLITests/Fixtures/schema-invalid/ and
  schema-invalid-tests/ fails its schema under both.

Usage: check_schema.py [REPOSITORY_ROOT]   (default: two folders above this script)
       check_schema.py --verdicts FOLDER   prints one JSON object: for every .yaml/.json
                                           file of FOLDER, {"draft2020": valid, "draft7": valid}
                                           against its schema
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


FLOW_TEST_ENDINGS = (".flowtest.yaml", ".flowtest.yml", ".flowtest.json")


def validators(root: pathlib.Path):
    """For each draft, a function from a file's path to the validator of its schema."""
    schemas = {}
    for kind, name in (("flow", "feedbackflow.schema.json"), ("test", "feedbackflow-test.schema.json")):
        schema = json.loads((root / "schemas" / name).read_text(encoding="utf-8"))
        jsonschema.Draft202012Validator.check_schema(schema)
        jsonschema.Draft7Validator.check_schema(schema)
        schemas[kind] = schema
    def pick(draft):
        checkers = {kind: draft(schema) for kind, schema in schemas.items()}
        return lambda path: checkers["test" if path.name.lower().endswith(FLOW_TEST_ENDINGS) else "flow"]
    return {"draft2020": pick(jsonschema.Draft202012Validator), "draft7": pick(jsonschema.Draft7Validator)}


def verdicts(folder: pathlib.Path) -> int:
    checkers = validators(pathlib.Path(__file__).resolve().parents[2])
    out = {}
    for path in files_in(folder):
        try:
            document = load(path)
        except Exception:
            out[path.name] = {name: False for name in checkers}
            continue
        out[path.name] = {name: checker(path).is_valid(document) for name, checker in checkers.items()}
    print(json.dumps(out, sort_keys=True))
    return 0


def main() -> int:
    if len(sys.argv) == 3 and sys.argv[1] == "--verdicts":
        return verdicts(pathlib.Path(sys.argv[2]))
    root = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else pathlib.Path(__file__).resolve().parents[2]
    checkers = validators(root)
    problems = 0

    valid = files_in(root / "flows")
    fixtures = root / "Tests" / "FeedbackFlowCLITests" / "Fixtures"
    invalid = files_in(fixtures / "schema-invalid")
    if not valid or not invalid:
        print("no files to check (flows/ or schema-invalid/ is empty)")
        return 1
    if (fixtures / "schema-invalid-tests").is_dir():
        invalid += files_in(fixtures / "schema-invalid-tests")

    for name, validator in checkers.items():
        for path in valid:
            errors = sorted(validator(path).iter_errors(load(path)), key=lambda e: list(e.absolute_path))
            if errors:
                problems += 1
                for error in errors:
                    where = "/".join(str(part) for part in error.absolute_path) or "(root)"
                    print(f"FAIL {name} {path.relative_to(root)}: {where}: {error.message}")
            else:
                print(f"ok   {name} {path.relative_to(root)} passes")

        for path in invalid:
            if validator(path).is_valid(load(path)):
                problems += 1
                print(f"FAIL {name} {path.relative_to(root)}: passes the schema but must not")
            else:
                print(f"ok   {name} {path.relative_to(root)} is rejected")

    total = 2 * (len(valid) + len(invalid))
    print(f"{total - problems} passed, {problems} failed")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
