#!/usr/bin/env python3
"""Validates a JSON file against a JSON Schema with an independent validator (Python's
`jsonschema`, the draft the schema declares), for the tests of machine formats.

Usage: check_json.py SCHEMA FILE
Exit status: 0 when FILE passes, 1 when it does not (each problem printed), 2 on a bad
schema or unreadable file.
"""
import json
import sys

import jsonschema


def main() -> int:
    try:
        schema = json.load(open(sys.argv[1], encoding="utf-8"))
        document = json.load(open(sys.argv[2], encoding="utf-8"))
        validator_class = jsonschema.validators.validator_for(schema)
        validator_class.check_schema(schema)
    except Exception as error:  # the test shows the reason
        print(f"cannot check: {error}")
        return 2
    validator = validator_class(schema, format_checker=validator_class.FORMAT_CHECKER)
    errors = sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path))
    for error in errors:
        where = "/".join(str(part) for part in error.absolute_path) or "(root)"
        print(f"{where}: {error.message}")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
