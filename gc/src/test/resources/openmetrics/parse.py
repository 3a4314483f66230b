"""Parses OpenMetrics documents with prometheus_client's strict OpenMetrics parser.

Standard input: a JSON array of documents (strings). Standard output: one JSON line per sample
(doc: the document's index, family, type, unit, name, labels, value), and for a document that
does not parse one line with its index and the parser's error."""
import json
import sys

from prometheus_client.openmetrics.parser import text_string_to_metric_families

for i, text in enumerate(json.load(sys.stdin)):
    try:
        lines = []
        for family in text_string_to_metric_families(text):
            for s in family.samples:
                lines.append(json.dumps({"doc": i, "family": family.name, "type": family.type,
                                         "unit": family.unit, "name": s.name, "labels": s.labels,
                                         "value": s.value}))
        print("\n".join(lines))
    except Exception as e:  # the parser raises ValueError (and others) for text that is not OpenMetrics
        print(json.dumps({"doc": i, "error": "%s: %s" % (type(e).__name__, e)}))
