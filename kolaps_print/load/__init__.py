"""Stage 1: read YAML safely, keeping where every key and value was written."""

from kolaps_print.load.yaml_source import Mark, SourceDocument, load_yaml, parse_yaml

__all__ = ["Mark", "SourceDocument", "load_yaml", "parse_yaml"]
